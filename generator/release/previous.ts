/**
 * The release a generation follows: the output directory's `openapi.json`, `package.json` version
 * and `CHANGELOG.md` as last committed (git HEAD) when its package.json is committed, else as they
 * are on disk. Committed, so that generating again before a commit (or under --watch) still moves
 * the version once from the last committed release, with one entry listing every change since.
 */
import { existsSync, lstatSync, readFileSync, realpathSync } from 'node:fs';
import path from 'node:path';
import { withoutBanners } from '../output/banner.js';
import { CHANGELOG_FILE, OPENAPI_FILE } from '../emit/names.js';
import { GenerationError } from '../lib/problems.js';
import { commitOf, readAt, repositoryRoot } from './git.js';

export interface PreviousRelease {
  document: object | undefined;
  version: string | undefined;
  /** Without any banner (the current one, or an earlier toolkit's). */
  changelog: string | undefined;
  /** Where each file was read, for errors: `generated/package.json` or `HEAD:generated/package.json`. */
  label(file: string): string;
}

/** Reads one file of the previous release, or undefined when it has none. */
type Reader = (file: string) => string | undefined;

export function readPreviousRelease(outDir: string): PreviousRelease {
  const { read, label } = committedReader(outDir) ?? diskReader(outDir);
  const json = (file: string): Record<string, unknown> | undefined => {
    const text = read(file);
    if (text === undefined) return undefined;
    try {
      const value: unknown = JSON.parse(text);
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // reported below
    }
    throw new GenerationError(`The previous release cannot be read:`, [
      { file: label(file), message: 'not a JSON object; restore it or delete the output directory to start again' },
    ]);
  };
  const document = json(OPENAPI_FILE);
  const version = json('package.json')?.version;
  const changelog = read(CHANGELOG_FILE);
  return {
    document,
    version: typeof version === 'string' ? version : undefined,
    changelog: changelog === undefined ? undefined : withoutBanners(CHANGELOG_FILE, changelog),
    label,
  };
}

function diskReader(outDir: string): { read: Reader; label: (file: string) => string } {
  const full = (file: string) => path.join(outDir, file);
  return {
    read: (file) => (existsSync(full(file)) && lstatSync(full(file)).isFile() ? readFileSync(full(file), 'utf8') : undefined),
    label: full,
  };
}

/** HEAD's copy of the output directory, when it is inside a git work tree and HEAD has its package.json. */
function committedReader(outDir: string): { read: Reader; label: (file: string) => string } | undefined {
  const existing = nearestExisting(path.resolve(outDir));
  const root = repositoryRoot(existing);
  if (root === undefined) return undefined;
  const inRepo = path.relative(realpathSync(root), path.join(realpathSync(existing), path.relative(existing, path.resolve(outDir))));
  if (inRepo.startsWith('..') || path.isAbsolute(inRepo)) return undefined;
  const commit = commitOf(root, 'HEAD');
  const at = (file: string) => [...inRepo.split(path.sep).filter(Boolean), file].join('/');
  if (commit === undefined) return undefined;
  const texts = new Map<string, string | undefined>();
  const read = (file: string) => (texts.has(file) ? texts.get(file) : texts.set(file, readAt(root, commit, at(file))).get(file));
  if (read('package.json') === undefined) return undefined;
  return { read, label: (file) => `HEAD:${at(file)}` };
}

function nearestExisting(dir: string): string {
  let existing = dir;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return existing;
}
