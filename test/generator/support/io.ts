/**
 * For tests of what the generator reads and writes: a work folder of the test file's own (removed
 * after it), trees of files written in it, and the command line run in-process.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { runCli } from '../../../generator/cli/generate-command.js';

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** `runCli` with its output captured and its watchers stopped. */
export async function cli(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const { code, stop } = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  stop();
  return { code, stdout, stderr };
}

/** What a run said, for an assertion's message. */
export const failure = (r: Run) => `exit ${r.code}\n${r.stderr}${r.stdout}`;

/**
 * A temporary work folder made before the file's tests and removed after them: `folder(name)` a
 * fresh folder in it, `tree(name, files)` one holding `files` (relative path → text).
 */
export function workFolder(prefix: string): { folder: (name: string) => string; tree: (name: string, files: Record<string, string>) => string } {
  let work: string;
  beforeAll(() => {
    work = mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
  });
  afterAll(() => {
    if (work) rmSync(work, { recursive: true, force: true });
  });
  const folder = (name: string) => mkdtempSync(path.join(work, `${name}-`));
  const tree = (name: string, files: Record<string, string>) => {
    const dir = folder(name);
    for (const [file, text] of Object.entries(files)) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    return dir;
  };
  return { folder, tree };
}
