/**
 * The client's entry as one module for Node (the `node` condition of the package's `.` export):
 * Node spends most of a program's first import of the client resolving, reading and compiling the
 * runtime's twenty modules (29 ms against 11 ms for the same code as one file, measured on this
 * toolkit's machine). esbuild bundles the compiled `dist/index.js` from memory; what other entries
 * import too stays a module of its own (the table of operations, the index of the operations'
 * modules, the package's key, the validators, openapi-fetch), so a program holds one copy of each.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { build, type Plugin } from 'esbuild';
import type { Files } from '../lib/files.js';
import { readEntry, writeEntry } from './compile.js';

const ESBUILD_VERSION = (createRequire(import.meta.url)('esbuild/package.json') as { version: string }).version;

/** What the one file is bundled from, and where it is written (beside it: its relative imports stay valid). */
export const NODE_ENTRY = { from: 'dist/index.js', to: 'dist/index-node.js' } as const;

/** Imports of the entry's graph kept as imports: modules of the package other entries share. */
const SHARED = [/^\.\/facts\.js$/, /^\.\/routes\//, /^\.\/package-key\.js$/];

/** The namespace the files are read from: the paths in the output's comments are the package's. */
const NAMESPACE = 'package';

/**
 * The one file, from the compiled `files` (dist/ of the package in memory); kept in `cacheDir` by
 * a hash of everything it can be built from (the entry and the runtime), as compile.ts keeps files:
 * esbuild's start costs a generation a few hundred milliseconds.
 */
export async function bundleForNode(files: Files, cacheDir?: string): Promise<string> {
  const hash = createHash('sha256').update(`node-bundle\u0000${ESBUILD_VERSION}\u0000${SHARED.join('\u0000')}`);
  for (const [file, text] of [...files]
    .filter(([file]) => file === NODE_ENTRY.from || (file.startsWith('dist/runtime/') && file.endsWith('.js')))
    .sort(([a], [b]) => (a < b ? -1 : 1)))
    hash.update(`\u0000${file}\u0000${text}`);
  const key = hash.digest('hex');
  const cached = cacheDir === undefined ? undefined : readEntry(cacheDir, key);
  if (cached) return cached.js;
  const bundled = await bundle(files);
  if (cacheDir !== undefined) writeEntry(cacheDir, key, { js: bundled, dts: '' });
  return bundled;
}

async function bundle(files: Files): Promise<string> {
  const plugin: Plugin = {
    name: 'package-in-memory',
    setup(on) {
      on.onResolve({ filter: /.*/ }, (args) => {
        if (args.kind === 'entry-point') return { path: args.path, namespace: NAMESPACE };
        // Bare names (openapi-fetch), `#` imports (the validators) and the shared modules stay imports.
        if (!args.path.startsWith('.')) return { path: args.path, external: true };
        const file = path.posix.join(path.posix.dirname(args.importer), args.path);
        if (path.posix.dirname(args.importer) === 'dist' && SHARED.some((shared) => shared.test(args.path))) return { path: args.path, external: true };
        return { path: file, namespace: NAMESPACE };
      });
      on.onLoad({ filter: /.*/, namespace: NAMESPACE }, (args) => {
        const contents = files.get(args.path);
        if (contents === undefined) throw new Error(`${args.path} is imported but was not emitted`);
        return { contents, loader: 'js' };
      });
    },
  };
  const result = await build({
    entryPoints: [NODE_ENTRY.from],
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    write: false,
    plugins: [plugin],
    logLevel: 'silent',
    legalComments: 'none',
  });
  return result.outputFiles[0]!.text;
}
