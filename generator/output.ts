/**
 * The one writer. `writeTree` builds the whole tree in a temporary sibling directory and swaps it
 * in with renames, so a failure leaves the old tree exactly as it was and files no longer
 * produced disappear. `checkTree` compares without writing.
 *
 * Both refuse, before touching anything, a file name that could land outside the output
 * directory, and `writeTree` replaces only a directory it may delete: one that does not exist, is
 * empty, or was generated before (see `assertReplaceable`).
 */
import { closeSync, existsSync, lstatSync, mkdirSync, openSync, readdirSync, readFileSync, readSync, realpathSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { BANNER_TEXT, withBanner } from './banner.js';
import { GenerationError, type Problem } from './problems.js';

export type Files = ReadonlyMap<string, string>;

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

export interface Staleness {
  changed: string[];
  missing: string[];
  extra: string[];
}

export function checkTree(outDir: string, files: Files): Staleness {
  assertSafeNames(files);
  const present = new Set(listFiles(outDir));
  const result: Staleness = { changed: [], missing: [], extra: [] };
  for (const [file, contents] of files) {
    if (!present.has(file)) result.missing.push(file);
    else if (readFileSync(path.join(outDir, file), 'utf8') !== contents) result.changed.push(file);
  }
  for (const file of present) if (!files.has(file)) result.extra.push(file);
  for (const list of Object.values(result)) list.sort();
  return result;
}

export const isStale = (s: Staleness) => s.changed.length + s.missing.length + s.extra.length > 0;

/**
 * Writes `files` as the whole content of `outDir`. `protect`: paths the output directory may be
 * neither equal to nor contain (the inputs, the working directory).
 */
export function writeTree(outDir: string, files: Files, protect: readonly string[] = []): void {
  assertSafeNames(files);
  assertReplaceable(outDir, protect);
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  mkdirSync(parent, { recursive: true });
  const tmp = path.join(parent, `.${path.basename(target)}.tmp-${process.pid}`);
  const old = path.join(parent, `.${path.basename(target)}.old-${process.pid}`);
  rmSync(tmp, { recursive: true, force: true });
  try {
    for (const [file, contents] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
      const full = path.join(tmp, file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, contents);
    }
    if (existsSync(target)) renameSync(target, old);
    try {
      renameSync(tmp, target);
    } catch (err) {
      if (existsSync(old)) renameSync(old, target);
      throw err;
    }
    rmSync(old, { recursive: true, force: true });
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/**
 * A file name is a relative path of plain segments: not absolute, no `.`/`..`/empty segment, no
 * backslash, no control character (NUL included), and no name both a file and a folder.
 */
export function assertSafeNames(files: Files): void {
  const problems: Problem[] = [];
  for (const name of files.keys()) {
    const why = unsafeNameReason(name);
    if (why) problems.push({ message: `${JSON.stringify(name)}: ${why}` });
    else for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
      if (files.has(name.slice(0, i))) problems.push({ message: `${JSON.stringify(name)}: ${JSON.stringify(name.slice(0, i))} is also a file` });
    }
  }
  if (problems.length) throw new GenerationError('Refusing to write files with unsafe names (each must stay inside the output directory):', problems);
}

function unsafeNameReason(name: string): string | undefined {
  if (/[\u0000-\u001f\u007f]/.test(name)) return 'contains a control character';
  if (name.includes('\\')) return 'contains a backslash';
  if (name.startsWith('/') || /^[A-Za-z]:/.test(name)) return 'is absolute';
  if (name.split('/').some((s) => s === '' || s === '.' || s === '..')) return 'has an empty, "." or ".." segment';
  const root = path.resolve('/out');
  const full = path.resolve(root, name);
  if (!full.startsWith(root + path.sep)) return 'resolves outside the output directory';
  return undefined;
}

/** The path with symbolic links resolved as far as it exists (the rest appended). */
function realpathOfExisting(file: string): string {
  const absolute = path.resolve(file);
  let existing = absolute;
  while (!existsSync(existing) && path.dirname(existing) !== existing) existing = path.dirname(existing);
  return path.join(realpathSync(existing), path.relative(existing, absolute));
}

const contains = (dir: string, file: string) => {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/**
 * `outDir` may be replaced (so deleted) only when it does not exist, is an empty directory, or was
 * generated: its package.json carries the banner as its "//" key, every other file starts with the
 * banner, and a JSON file carries it as its "//" key too (a credentials.json or tsconfig.json
 * someone put there is not deleted). It may not be, or contain, any of `protect`.
 */
export function assertReplaceable(outDir: string, protect: readonly string[]): void {
  const refuse = (message: string) => {
    throw new GenerationError(`Refusing to replace ${outDir}/:`, [{ file: outDir, message }]);
  };
  const target = realpathOfExisting(outDir);
  for (const file of protect) {
    if (contains(target, realpathOfExisting(file))) refuse(`it ${target === realpathOfExisting(file) ? 'is' : 'contains'} ${path.relative(process.cwd(), file) || '.'}, which generation must not delete; choose another --out`);
  }
  if (!existsSync(outDir)) return;
  if (!lstatSync(target).isDirectory()) refuse('it is not a directory');
  const present = listEntries(target);
  if (present.length === 0) return;
  const hint = 'generation replaces the whole directory; use an empty or new folder, or one generated before';
  if (!hasBannerKey(path.join(target, 'package.json'))) refuse(`it is not empty and was not generated (no package.json with the generator's banner); ${hint}`);
  const foreign = present.filter((file) => !carriesBanner(path.join(target, file)));
  if (foreign.length) refuse(`it holds ${foreign.length} file(s) that were not generated: ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}; ${hint}`);
}

/** Every file, symbolic link and empty directory under `dir`, relative. */
function listEntries(dir: string, base = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    const rel = path.relative(base, full).split(path.sep).join('/');
    if (!e.isDirectory()) return [rel];
    const inside = listEntries(full, base);
    return inside.length ? inside : [`${rel}/`];
  });
}

/** A JSON object whose "//" key is the banner (JSON has no comments). */
function hasBannerKey(file: string): boolean {
  try {
    return (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>)['//'] === BANNER_TEXT;
  } catch {
    return false;
  }
}

/** A generated file: a regular file starting with the banner, or JSON carrying it as its "//" key. */
function carriesBanner(file: string): boolean {
  if (file.endsWith('/')) return true; // an empty directory loses nothing
  if (!lstatSync(file).isFile()) return false;
  if (file.endsWith('.json')) return hasBannerKey(file);
  const expected = Buffer.from(withBanner(file, ''));
  const head = Buffer.alloc(expected.length);
  const fd = openSync(file, 'r');
  try {
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(expected);
  } finally {
    closeSync(fd);
  }
}
