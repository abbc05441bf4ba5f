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
    return git(root, ['rev-parse', '--verify', '--quiet', '--end-of-options', `${ref}^{commit}`])
      .toString()
      .trim();
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
  /** Files left out for their size (repository-relative, `/`-separated), with their size in bytes. */
  tooLarge: Map<string, number>;
  remove(): void;
}

/** Largest file of a commit's spec folder that is copied out: as much as a `$ref`ed URL may give (resolve.ts). */
export const MAX_EXPORTED_FILE_BYTES = 64 * 2 ** 20;

/**
 * Writes `paths` (repository-relative; the ones absent at `commit` are skipped) as they are at
 * `commit` into a new temporary folder: `git archive` into a file there, then `tar`, so no copy is
 * held in memory. A file over `maxFileBytes` is left out (listed in `tooLarge`): a spec that needs
 * it is refused by whoever reads it, naming it.
 */
export function exportAt(root: string, commit: string, paths: string[], maxFileBytes = MAX_EXPORTED_FILE_BYTES): Exported {
  const present = paths.filter((p) => fileAt(root, commit, p));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'spec-at-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  const tooLarge = new Map<string, number>();
  try {
    if (present.length) {
      // `<mode> blob <object> <size>\t<path>\0` per file; only names and sizes, whatever the files hold.
      for (const entry of git(root, ['ls-tree', '-r', '-l', '-z', '--full-tree', commit, '--', ...present])
        .toString('utf8')
        .split('\0')) {
        const match = /^\d+ blob [0-9a-f]+ +(\d+)\t(.*)$/s.exec(entry);
        if (match && Number(match[1]) > maxFileBytes) tooLarge.set(match[2]!, Number(match[1]));
      }
      const archive = path.join(dir, '.archive.tar');
      const excluded = [...tooLarge.keys()].map((file) => `:(exclude,literal,top)${file}`);
      git(root, ['archive', '--format=tar', '-o', archive, commit, '--', ...present, ...excluded]);
      execFileSync('tar', ['-x', '-f', archive, '-C', dir], { stdio: ['ignore', 'ignore', 'pipe'] });
      rmSync(archive);
    }
  } catch (err) {
    remove();
    throw err;
  }
  return { dir, tooLarge, remove };
}

/**
 * The day (YYYY-MM-DD, UTC) of the last commit that changed `files`, or undefined when one of them
 * has uncommitted changes or is not in a git repository: the date is a fact of history, never the clock.
 * Asynchronous (its two git commands run at once), so that generation goes on meanwhile.
 */
export async function lastCommitDate(files: string[], cwd: string): Promise<string | undefined> {
  const run = (args: string[], env?: NodeJS.ProcessEnv) =>
    new Promise<string>((resolve, reject) =>
      execFile('git', args, { cwd, encoding: 'utf8', ...(env && { env }) }, (err, stdout) => (err ? reject(err) : resolve(stdout.trim()))),
    );
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
