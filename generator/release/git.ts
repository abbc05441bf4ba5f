/** The git side of a release: a commit's copy of the spec, and the date of the spec's last commit. */
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const git = (cwd: string, args: string[], input?: Buffer): Buffer =>
  execFileSync('git', args, { cwd, stdio: ['pipe', 'pipe', 'pipe'], maxBuffer: 1 << 30, ...(input && { input }) });

/** The repository's top folder, or undefined outside a git work tree. */
export function repositoryRoot(cwd: string): string | undefined {
  try {
    return git(cwd, ['rev-parse', '--show-toplevel']).toString().trim();
  } catch {
    return undefined;
  }
}

/** The commit a ref names, or undefined when it names none. */
export function commitOf(root: string, ref: string): string | undefined {
  if (ref.startsWith('-')) return undefined;
  try {
    return git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`]).toString().trim();
  } catch {
    return undefined;
  }
}

/** Whether `file` (repository-relative) exists at `commit`. */
export function fileAt(root: string, commit: string, file: string): boolean {
  try {
    git(root, ['cat-file', '-e', `${commit}:${file}`]);
    return true;
  } catch {
    return false;
  }
}

/** The text of `file` (repository-relative, `/`-separated) at `commit`, or undefined when it has none there (one git command). */
export function readAt(root: string, commit: string, file: string): string | undefined {
  try {
    return git(root, ['cat-file', 'blob', `${commit}:${file}`]).toString('utf8');
  } catch {
    return undefined; // no such file (or not a file) at that commit
  }
}

export interface Exported {
  /** The temporary folder holding the files; `remove()` deletes it. */
  dir: string;
  remove(): void;
}

/**
 * Writes `paths` (repository-relative; the ones absent at `commit` are skipped) as they are at
 * `commit` into a new temporary folder, with `git archive`.
 */
export function exportAt(root: string, commit: string, paths: string[]): Exported {
  const present = paths.filter((p) => fileAt(root, commit, p));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-at-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  try {
    if (present.length) execFileSync('tar', ['-x', '-C', dir], { input: git(root, ['archive', '--format=tar', commit, '--', ...present]), stdio: ['pipe', 'ignore', 'pipe'] });
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, remove };
}

/**
 * The day (YYYY-MM-DD, UTC) of the last commit that changed `files`, or undefined when one of them
 * has uncommitted changes or is not in a git repository: the date is a fact of history, never the clock.
 * Asynchronous (its two git commands run at once), so that generation goes on meanwhile.
 */
export async function lastCommitDate(files: string[], cwd: string): Promise<string | undefined> {
  const run = (args: string[], env?: NodeJS.ProcessEnv) =>
    new Promise<string>((resolve, reject) => execFile('git', args, { cwd, encoding: 'utf8', ...(env && { env }) }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))));
  try {
    const [status, date] = await Promise.all([
      run(['status', '--porcelain', '--', ...files]),
      run(['log', '-1', '--format=%cd', '--date=format-local:%Y-%m-%d', '--', ...files], { ...process.env, TZ: 'UTC' }),
    ]);
    return status === '' && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : undefined;
  } catch {
    return undefined;
  }
}
