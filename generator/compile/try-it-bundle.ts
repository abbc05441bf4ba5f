/**
 * The site's "Try it" script (site/try-it.js): the package's mock and validators as ONE classic
 * script (esbuild, format iife, minified), so a page opened from file:// can load it (Chromium
 * refuses module scripts there). It sets `window.TRY_IT = { createMockApi, operationValidators }`.
 * Bundled from the compiled files in memory, resolved as a browser resolves the package (the
 * `default` condition of its `#validators` and `#mock-server` imports); bare names (ajv,
 * json-schema-faker, the mock's sampling peers) from the toolkit's own node_modules. Kept in the
 * cache by a hash of what it is built from, as node-bundle.ts keeps the Node build.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Files } from '../lib/files.js';
import { readEntry, writeEntry } from './compile.js';

const ESBUILD_VERSION = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

export const TRY_IT_FILE = 'site/try-it.js';

/** The entry, in memory beside the package's dist/. */
const ENTRY = 'dist/try-it-entry.js';
const ENTRY_SOURCE = `import { createMockApi } from './mock.js';
import { operationValidators } from '#validators';
window.TRY_IT = { createMockApi, operationValidators };
`;

/** The package's own imports as a browser resolves them (package.json "imports", the `default` condition). */
const BROWSER_IMPORTS: Record<string, string> = {
  '#validators': 'dist/validators.modules.js',
  '#mock-server': 'dist/runtime/mock/no-server.js',
};

const NAMESPACE = 'package';

/** Whether the compiled package has what the script bundles. */
export const canBundleTryIt = (files: Files): boolean => files.has('dist/mock.js') && files.has(BROWSER_IMPORTS['#validators']!);

/** The script, from the compiled `files` (dist/ in memory); bare imports resolve from `toolRoot`'s node_modules, pinned by its lockfile. */
export async function bundleTryIt(files: Files, toolRoot: string, cacheDir?: string): Promise<string> {
  const hash = createHash('sha256').update(`try-it\u0000${ESBUILD_VERSION}\u0000${ENTRY_SOURCE}`);
  hash.update(readLockfile(toolRoot));
  for (const [file, text] of [...files].filter(([file]) => file.startsWith('dist/') && file.endsWith('.js')).sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`\u0000${file}\u0000${text}`);
  const key = hash.digest('hex');
  const cached = cacheDir === undefined ? undefined : readEntry(cacheDir, key);
  if (cached) return cached.js;
  const bundled = await bundle(files, toolRoot);
  if (cacheDir !== undefined) writeEntry(cacheDir, key, { js: bundled, dts: '' });
  return bundled;
}

const readLockfile = (toolRoot: string): string => {
  try {
    return readFileSync(path.join(toolRoot, 'package-lock.json'), 'utf8');
  } catch {
    return '';
  }
};

async function bundle(files: Files, toolRoot: string): Promise<string> {
  const plugin: Plugin = {
    name: 'package-in-memory',
    setup(on) {
      on.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: ENTRY, namespace: NAMESPACE };
        // A file of node_modules imports as esbuild resolves it.
        if (args.namespace !== NAMESPACE) return undefined;
        const mapped = BROWSER_IMPORTS[args.path];
        if (mapped) return { path: mapped, namespace: NAMESPACE };
        // Bare names: esbuild resolves them from the toolkit's node_modules (onLoad's resolveDir).
        if (!args.path.startsWith('.')) return undefined;
        return { path: path.posix.join(path.posix.dirname(args.importer), args.path), namespace: NAMESPACE };
      });
      on.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = args.path === ENTRY ? ENTRY_SOURCE : files.get(args.path);
        if (contents === undefined) throw new Error(`${args.path} is imported but was not emitted`);
        return { contents, loader: 'js', resolveDir: toolRoot };
      });
    },
  };
  const result = await build({
    entryPoints: [ENTRY],
    bundle: true,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    write: false,
    plugins: [plugin],
    logLevel: 'silent',
    legalComments: 'none',
    charset: 'utf8',
  });
  return result.outputFiles[0]!.text;
}
