/**
 * The one writer. `writeTree` builds the whole tree in a temporary sibling directory and swaps it
 * in with renames, so a failure leaves the old tree exactly as it was and files no longer
 * produced disappear. `checkTree` compares without writing.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

export function writeTree(outDir: string, files: Files): void {
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
