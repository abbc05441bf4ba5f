/** Generating a document in-process and type-checking the package as a strict consumer would. */
import { execFile } from 'node:child_process';
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { runCli } from '../../generator/run.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');

/** A consumer's strictest settings over the generated sources and declarations. */
export const STRICT_TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    noEmit: true,
  },
  include: ['dist/**/*.d.ts', 'src/**/*.ts'],
};

/** Runs the CLI in-process; `code` undefined when it threw. */
export async function generateInto(spec: string, out: string): Promise<{ code: number | undefined; output: string }> {
  let output = '';
  try {
    const { code, stop } = await runCli(['--spec', spec, '--out', out], { stdout: (t) => (output += t), stderr: (t) => (output += t) });
    stop();
    return { code, output };
  } catch (err) {
    return { code: undefined, output: `${output}\n[threw] ${(err as Error).stack}` };
  }
}

/**
 * `tsc -p` over a folder with STRICT_TSCONFIG (`include` relative to it: by default one generated
 * package); resolves to the compiler's output, '' when clean.
 */
export async function typeCheck(out: string, include = STRICT_TSCONFIG.include): Promise<string> {
  writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify({ ...STRICT_TSCONFIG, include }));
  if (!existsSync(path.join(out, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  try {
    await promisify(execFile)(process.execPath, [TSC, '-p', path.join(out, 'tsconfig.json')], { cwd: out });
    return '';
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    return `${e.stdout ?? ''}${e.stderr ?? ''}` || String(err);
  }
}

