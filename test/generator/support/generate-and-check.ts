/** Generating a document in-process and type-checking the package as a strict consumer would. */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';
import { runCli } from '../../../generator/cli/generate-command.js';
import { TSC } from '../../tsc.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

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
    // TypeScript's own lib.*.d.ts are not re-checked (half of an empty program's check time):
    // nothing generated can make them fail. Every other declaration file, ours and our dependencies', is.
    skipDefaultLibCheck: true,
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

/** Every file under `dir` with its bytes, by path relative to it (empty when `dir` is absent). */
function filesOf(dir: string): Map<string, string> {
  const files = new Map<string, string>();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    files.set(path.relative(dir, file), readFileSync(file, 'latin1'));
  }
  return files;
}

const sameFiles = (a: Map<string, string>, b: Map<string, string>) => a.size === b.size && [...a].every(([file, bytes]) => b.get(file) === bytes);

/**
 * Before one compiler run over many generated packages (folders of `work`): each package whose
 * `src/runtime/` and `dist/runtime/` are byte for byte the first one's gets a link to the first's
 * instead, so the compiler checks that runtime once (it follows links to the real file), not once
 * per package. A package whose runtime differs keeps its own and is checked as it is.
 */
export function shareIdenticalRuntime(work: string, folders: readonly string[]): void {
  const [first, ...rest] = folders;
  if (first === undefined) return;
  for (const sub of ['src/runtime', 'dist/runtime']) {
    const original = path.join(work, first, sub);
    const reference = filesOf(original);
    if (!reference.size) continue;
    for (const folder of rest) {
      const copy = path.join(work, folder, sub);
      if (!sameFiles(reference, filesOf(copy))) continue;
      rmSync(copy, { recursive: true, force: true });
      symlinkSync(path.relative(path.dirname(copy), original), copy, 'dir');
    }
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

/**
 * A temporary folder for one test file, removed after its tests: `spec(yaml)` writes the next spec
 * file into it, `fresh(name)` is a new path in it (an output directory, say).
 */
export function scratchFolder(prefix: string): { dir: string; spec: (yaml: string) => string; fresh: (name: string) => string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  let count = 0;
  const fresh = (name: string) => path.join(dir, `${name}${count++}`);
  return {
    dir,
    fresh,
    spec: (yaml) => {
      const file = `${fresh('doc')}.yaml`;
      writeFileSync(file, yaml);
      return file;
    },
  };
}

/** Runs the CLI in-process with `args`, collecting what it prints. */
export async function runCapturing(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const { code } = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  return { code, stdout, stderr };
}

/** Every file and folder under `dir` (none if it does not exist), relative, with its SHA-256 (folders end in /, valued `dir`). */
export function treeSnapshot(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  const walk = (sub: string) => {
    for (const e of readdirSync(path.join(dir, sub), { withFileTypes: true })) {
      const rel = sub ? `${sub}/${e.name}` : e.name;
      if (e.isDirectory()) {
        out.set(`${rel}/`, 'dir');
        walk(rel);
      } else
        out.set(
          rel,
          createHash('sha256')
            .update(readFileSync(path.join(dir, rel)))
            .digest('hex'),
        );
    }
  };
  walk('');
  return out;
}
