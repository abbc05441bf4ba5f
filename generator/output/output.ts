/**
 * The one writer. `writeTree` builds the whole tree in a temporary sibling directory and swaps it
 * in with renames, so a failure leaves the old tree exactly as it was and files no longer
 * produced disappear. `checkTree` compares without writing.
 *
 * Both refuse, before touching anything, a file name that could land outside the output
 * directory, and `writeTree` replaces only a directory it may delete: one that does not exist, is
 * empty, or was generated before (see `assertReplaceable`).
 */
import { createHash } from 'node:crypto';
import {
  closeSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  realpathSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { BANNER_TEXT, bannerHeadBytes, hasBannerKey, startsWithBanner } from './banner.js';
import { GenerationError, type Problem } from '../lib/problems.js';

import type { Files } from '../lib/files.js';

export type { Files };

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
 *
 * A file already in `outDir` with exactly the new bytes (and the mode a new file gets) is
 * hard-linked into the new tree instead of written again: creating a file costs far more than
 * linking one, and a regeneration usually changes few files.
 */
export function writeTree(outDir: string, files: Files, protect: readonly string[] = []): void {
  const tree = openTree(outDir, protect);
  try {
    tree.commit(files);
  } finally {
    tree.discard();
  }
}

/**
 * `writeTree` in stages, so that writing overlaps generation: `write` puts files into the temporary
 * tree as soon as they are known, `commit` makes that tree exactly the final files and swaps it in.
 */
export interface StagedTree {
  /** Writes (or links) these files into the temporary tree now; a file written again is replaced. */
  write(files: Files): void;
  /**
   * Makes the temporary tree exactly `files` (writes what is missing or different, removes what
   * is not among them), checks again that the output directory may be replaced, and swaps it in.
   */
  commit(files: Files): void;
  /** Removes the temporary tree (nothing once committed); the output directory stays as it was. */
  discard(): void;
}

/** Checks that `outDir` may be replaced (see `writeTree`) and starts its temporary tree. */
export function openTree(outDir: string, protect: readonly string[] = []): StagedTree {
  assertReplaceable(outDir, protect);
  const target = path.resolve(outDir);
  const parent = path.dirname(target);
  /** The first of the output directory's parents this made, removed again by `discard`. */
  const madeParent = mkdirSync(parent, { recursive: true });
  const tmp = path.join(parent, `.${path.basename(target)}.tmp-${process.pid}`);
  const old = path.join(parent, `.${path.basename(target)}.old-${process.pid}`);
  // (isOutputPath below recognises both names.)
  removeAbandonedTrees(parent, path.basename(target));
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp);
  // A new file's mode: a new directory's (0o777 less the umask) without the execute bits.
  const newFileMode = statSync(tmp).mode & 0o666;
  const reuse = existsSync(target) ? (file: string, contents: string) => sameFile(path.join(target, file), contents, newFileMode) : () => false;
  /** What the temporary tree holds: file → contents. */
  const written = new Map<string, string>();
  const made = new Set<string>([tmp]);
  let done = false;

  const put = (file: string, contents: string) => {
    const full = path.join(tmp, file);
    // A file written before may be a hard link to the output directory's: never written through.
    if (written.has(file)) rmSync(full);
    else if (!made.has(path.dirname(full))) mkdirSync(path.dirname(full), { recursive: true });
    made.add(path.dirname(full));
    if (!(reuse(file, contents) && tryLink(path.join(target, file), full))) writeFileSync(full, contents);
    written.set(file, contents);
  };
  /** Removes a file written before, and the folders it leaves empty. */
  const remove = (file: string) => {
    rmSync(path.join(tmp, file));
    written.delete(file);
    for (let dir = path.dirname(path.join(tmp, file)); dir !== tmp && readdirSync(dir).length === 0; dir = path.dirname(dir)) {
      rmSync(dir, { recursive: true });
      made.delete(dir);
    }
  };
  /** Writes those of `files` the temporary tree does not hold as they are, in name order. */
  const putChanged = (files: Files) => {
    for (const [file, contents] of [...files].sort(([a], [b]) => a.localeCompare(b))) if (written.get(file) !== contents) put(file, contents);
  };

  return {
    write(files) {
      if (done) throw new Error('writing to a committed or discarded tree');
      assertSafeNames(new Map([...written, ...files]));
      putChanged(files);
    },
    commit(files) {
      if (done) throw new Error('committing a committed or discarded tree');
      assertSafeNames(files);
      for (const file of [...written.keys()]) if (!files.has(file)) remove(file);
      putChanged(files);
      assertReplaceable(outDir, protect);
      if (existsSync(target)) renameSync(target, old);
      try {
        renameSync(tmp, target);
      } catch (err) {
        if (existsSync(old)) renameSync(old, target);
        throw err;
      }
      done = true;
      rmSync(old, { recursive: true, force: true });
    },
    discard() {
      rmSync(tmp, { recursive: true, force: true });
      if (!done && madeParent !== undefined) removeEmptyFolders(parent, madeParent);
      done = true;
    },
  };
}

/**
 * Removes the temporary trees of `name` that runs no longer alive left in `parent` (one stopped
 * by Ctrl-C while generating). The `.old-` folders stay: one may hold the only copy of a
 * previous output, when a run ended between its two renames.
 */
function removeAbandonedTrees(parent: string, name: string): void {
  const prefix = `.${name}.tmp-`;
  for (const entry of readdirSync(parent)) {
    const pid = entry.startsWith(prefix) ? Number(entry.slice(prefix.length)) : NaN;
    if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && !isAlive(pid)) rmSync(path.join(parent, entry), { recursive: true, force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // alive, someone else's
  }
}

/** Removes `dir` and its parents up to `top` (included) while they are empty. */
function removeEmptyFolders(dir: string, top: string): void {
  for (let at = dir; contains(top, at); at = path.dirname(at)) {
    try {
      rmdirSync(at);
    } catch {
      return; // not empty (someone else's files), or gone
    }
  }
}

/** `file` is a regular file holding exactly `contents`, with `mode`. */
function sameFile(file: string, contents: string, mode: number): boolean {
  try {
    const stat = lstatSync(file);
    return stat.isFile() && (stat.mode & 0o7777) === mode && stat.size === Buffer.byteLength(contents) && readFileSync(file).equals(Buffer.from(contents));
  } catch {
    return false;
  }
}

/** Hard-links `existing` as `link`; false where the file system cannot. */
function tryLink(existing: string, link: string): boolean {
  try {
    linkSync(existing, link);
    return true;
  } catch {
    return false; // a file system without hard links: written instead
  }
}

/** `file` is `outDir`, inside it, or inside one of the temporary folders `writeTree` makes beside it. */
export function isOutputPath(outDir: string, file: string): boolean {
  const target = path.resolve(outDir);
  const rel = path.relative(path.dirname(target), path.resolve(file));
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) return false;
  const top = rel.split(path.sep)[0]!;
  const name = path.basename(target);
  return top === name || top.startsWith(`.${name}.tmp-`) || top.startsWith(`.${name}.old-`);
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
    else
      for (let i = name.indexOf('/'); i !== -1; i = name.indexOf('/', i + 1)) {
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
 * The manifest of the files that cannot carry the banner (a document shipped as plain JSON,
 * `openapi.json`), each with its SHA-256: a folder holding them is recognised as generated only
 * while they are byte for byte what generation wrote. Not part of the package (`files` leaves it out).
 */
export const MANIFEST_FILE = '.generated-files.json';

interface Manifest {
  '//': string;
  /** File → SHA-256 (hex) of the files without a banner. */
  sha256: Record<string, string>;
}

const sha256 = (data: string | Buffer): string => createHash('sha256').update(data).digest('hex');

/** A generated file's text carries the banner: its first line (after a shebang), or its "//" key for JSON. */
const carriesBannerText = (file: string, contents: string): boolean =>
  file.endsWith('.json') ? hasBannerKey(contents) : startsWithBanner(file, Buffer.from(contents.slice(0, bannerHeadBytes(file))));

/** `files` plus the manifest of those without a banner (see MANIFEST_FILE), in name order. */
export function withManifest(files: Files): Map<string, string> {
  const manifest: Manifest = { '//': BANNER_TEXT, sha256: {} };
  for (const [file, contents] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!carriesBannerText(file, contents)) manifest.sha256[file] = sha256(contents);
  }
  const all = new Map(files);
  all.set(MANIFEST_FILE, `${JSON.stringify(manifest, null, 2)}\n`);
  return new Map([...all].sort(([a], [b]) => a.localeCompare(b)));
}

/** The manifest's file → SHA-256 map, empty when there is none or it is not the generator's. */
function readManifest(dir: string): Map<string, string> {
  const file = path.join(dir, MANIFEST_FILE);
  if (!existsSync(file) || !lstatSync(file).isFile()) return new Map();
  const text = readFileSync(file, 'utf8');
  if (!hasBannerKey(text)) return new Map();
  const listed = (JSON.parse(text) as Partial<Manifest>).sha256;
  if (typeof listed !== 'object' || listed === null) return new Map();
  return new Map(Object.entries(listed).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * `outDir` may be replaced (so deleted) only when it does not exist, is an empty directory, or was
 * generated: its package.json carries the banner as its "//" key, every other file starts with the
 * banner (after a shebang line), a JSON file carries it as its "//" key too, and a file that cannot
 * carry it is listed in the manifest with its exact SHA-256 (a credentials.json or tsconfig.json
 * someone put there, or an openapi.json someone changed, is not deleted). It may not be, or contain,
 * any of `protect`.
 */
export function assertReplaceable(outDir: string, protect: readonly string[]): void {
  const refuse = (message: string) => {
    throw new GenerationError(`Refusing to replace ${outDir}/:`, [{ file: outDir, message }]);
  };
  const target = realpathOfExisting(outDir);
  for (const file of protect) {
    if (contains(target, realpathOfExisting(file)))
      refuse(
        `it ${target === realpathOfExisting(file) ? 'is' : 'contains'} ${path.relative(process.cwd(), file) || '.'}, which generation must not delete; choose another --out`,
      );
  }
  if (!existsSync(outDir)) return;
  if (!lstatSync(target).isDirectory()) refuse('it is not a directory');
  const present = listEntries(target);
  if (present.length === 0) return;
  const hint = 'generation replaces the whole directory; use an empty or new folder, or one generated before';
  if (!isRegularFile(path.join(target, 'package.json')) || !hasBannerKey(readFileSync(path.join(target, 'package.json'), 'utf8'))) {
    refuse(`it is not empty and was not generated (no package.json with the generator's banner); ${hint}`);
  }
  const manifest = readManifest(target);
  const foreign = present.filter((file) => !isGenerated(target, file, manifest));
  if (foreign.length)
    refuse(
      `it holds ${foreign.length} file(s) that were not generated (or were changed since): ${foreign.slice(0, 3).join(', ')}${foreign.length > 3 ? ', …' : ''}; ${hint}`,
    );
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

const isRegularFile = (file: string): boolean => existsSync(file) && lstatSync(file).isFile();

/** A generated file: listed in the manifest with this content's hash, or carrying the banner. */
function isGenerated(dir: string, file: string, manifest: ReadonlyMap<string, string>): boolean {
  if (file.endsWith('/')) return true; // an empty directory loses nothing
  const full = path.join(dir, file);
  if (!lstatSync(full).isFile()) return false;
  const listed = manifest.get(file);
  if (listed !== undefined) return sha256(readFileSync(full)) === listed;
  if (file.endsWith('.json')) return hasBannerKey(readFileSync(full, 'utf8'));
  const head = Buffer.alloc(bannerHeadBytes(file));
  const fd = openSync(full, 'r');
  try {
    return startsWithBanner(file, head.subarray(0, readSync(fd, head, 0, head.length, 0)));
  } finally {
    closeSync(fd);
  }
}
