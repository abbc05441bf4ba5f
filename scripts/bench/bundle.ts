/**
 * Bundle sizes of single validators, as a consumer's bundler builds them: esbuild (minified, ESM,
 * platform node) of `export { validateX } from '<package>/validators'`, the package installed as a
 * folder under node_modules (a symbolic link to it), so that its `exports`, `imports` and
 * `sideEffects` apply.
 */
import { mkdirSync, readFileSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { ROOT, tempDir, type Row } from './shared.js';

export interface BundleSize {
  bytes: number;
  /** The bundled files of the package, relative to it. */
  files: string[];
}

/**
 * Installs packages into `dir`/node_modules as a consumer's package manager links them: one
 * symbolic link per package, name → folder. Node and esbuild follow the link to the real folder,
 * so the package's own dependencies (openapi-fetch) resolve from the repository's node_modules.
 */
export function linkPackages(dir: string, packages: Record<string, string>): void {
  for (const [name, folder] of Object.entries(packages)) {
    const link = path.join(dir, 'node_modules', name);
    mkdirSync(path.dirname(link), { recursive: true });
    symlinkSync(path.resolve(folder), link, 'dir');
  }
}

/** The name in a package folder's package.json. */
export const packageName = (packageDir: string): string => (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string }).name;

/** The esbuild bundle of one validator of the package in `packageDir`. */
export async function bundleValidator(packageDir: string, validator: string): Promise<BundleSize> {
  const name = packageName(packageDir);
  const tmp = tempDir('bundle');
  try {
    linkPackages(tmp.dir, { [name]: packageDir });
    const result = await build({
      stdin: { contents: `export { ${validator} } from ${JSON.stringify(`${name}/validators`)};`, resolveDir: tmp.dir, loader: 'js' },
      bundle: true,
      minify: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(Object.values(result.metafile.outputs)[0]!.inputs).map((f) => path.resolve(f));
    const real = path.resolve(packageDir);
    return {
      bytes: result.outputFiles[0]!.contents.length,
      files: inputs.filter((f) => f.startsWith(`${real}${path.sep}`)).map((f) => path.relative(real, f)),
    };
  } finally {
    tmp.remove();
  }
}

const TARGETS: [validator: string, maxBytes: number][] = [
  ['validateSkill', 15_000],
  ['validateProject', 60_000],
];

export const kb = (bytes: number) => `${(bytes / 1000).toFixed(1)} KB`;

/** The rows of the bundle sizes of generated/'s validateSkill and validateProject, with a note each. */
export async function bundleRows(): Promise<{ rows: Row[]; notes: string[] }> {
  const generated = path.join(ROOT, 'generated');
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const [validator, max] of TARGETS) {
    const { bytes, files } = await bundleValidator(generated, validator);
    rows.push({
      name: `validators: bundle of ${validator} alone (esbuild, minified)`,
      ours: kb(bytes),
      other: '',
      ratio: '',
      target: `≤ ${kb(max)}`,
      met: bytes <= max,
    });
    notes.push(`${validator}: ${files.length} files of the package bundled`);
  }
  return { rows, notes };
}
