/**
 * Runs one of generator/'s TypeScript entry points as plain JavaScript, without a loader:
 * `node generator/cli/launch.mjs <entry>.ts [args...]` (npm run generate, npm run diff).
 *
 * Every generator/**\/*.ts is compiled once, file by file with esbuild (no bundling: each module
 * keeps its own `import.meta.url`, so a worker or child entry is a sibling with the same `.js`
 * extension), into node_modules/.cache/partner-recruitment-toolkit/generator/<hash>/, then
 * imported from there. The hash covers the sources, this file, esbuild's version and where the
 * sources are seen from the cache: a changed source gives a new folder. The build lives inside
 * node_modules/, so it belongs to the install (npm ci removes it; the packages it imports are
 * resolved only through node_modules/). Each build is written to a temporary folder and renamed
 * into place, so processes building at once never see a half-written one; a build whose files are
 * not exactly the ones the sources give, each with the hash it recorded, is made again, and one
 * the cache cannot hold is made in a temporary folder for this process. Builds unused for a week
 * are removed.
 *
 * A compiled module's `import.meta.source` is its source's URL relative to the module itself (the
 * repository-relative paths, TOOL_ROOT, are taken from it), so no build holds an absolute path: a
 * copied or moved checkout runs its own sources. Source maps point back to the .ts files, and
 * `--debug` turns them on.
 */
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** generator/, the parent of this file's folder. */
const SOURCE_DIR = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const CACHE_DIR = path.join(SOURCE_DIR, '..', 'node_modules', '.cache', 'partner-recruitment-toolkit', 'generator');
/** Builds not used for this long (each use touches its folder) are removed when a new one is made. */
const STALE_MS = 7 * 24 * 60 * 60 * 1000;
/** The file that marks a build complete: the SHA-256 of each file it wrote. */
const COMPLETE = '.complete';

/** generator/'s TypeScript sources, relative (`/`-separated), sorted. */
function listSources(dir = SOURCE_DIR) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(SOURCE_DIR, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The sources' texts and the name of their build in `cacheDir`: a hash of them, of this file, of
 * esbuild's version and of the way from the cache to the sources (the builds' relative source URLs).
 */
function readSources(cacheDir) {
  const files = listSources().map((file) => [file, readFileSync(path.join(SOURCE_DIR, file), 'utf8')]);
  const { version } = JSON.parse(readFileSync(new URL('../../node_modules/esbuild/package.json', import.meta.url), 'utf8'));
  const hash = createHash('sha256')
    .update(readFileSync(fileURLToPath(import.meta.url)))
    .update(`\0esbuild ${version}\0${relative(cacheDir, SOURCE_DIR)}\0`);
  for (const [file, text] of files) hash.update(`${file}\0${text.length}\0${text}`);
  return { files, key: hash.digest('hex').slice(0, 16) };
}

/** `to` relative to `from`, `/`-separated, both as the file system resolves them (symbolic links followed). */
function relative(from, to) {
  return path.relative(realpathSync(from), realpathSync(to)).split(path.sep).join('/');
}

/** The build's file for a source (`emit/x.ts` → `emit/x.js`). */
const output = (file) => file.replace(/\.ts$/, '.js');

const sha256 = (text) => createHash('sha256').update(text).digest('hex');

/** Compiles `files` into `dir` (one .js and .js.map per source), then marks it complete. */
async function build(files, dir) {
  const { transform } = await import('esbuild');
  const written = {};
  const sources = relative(dir, SOURCE_DIR);
  await Promise.all(
    files.map(async ([file, text]) => {
      const out = path.join(dir, output(file));
      // The source seen from the module's folder: up to the build's root, then over to generator/.
      const source = `${'../'.repeat(file.split('/').length - 1)}${sources}/${file}`;
      const result = await transform(text, {
        loader: 'ts',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcemap: 'external',
        sourcesContent: false,
        sourcefile: source,
        // Relative to the module's own URL: no build holds the checkout's absolute path.
        define: { 'import.meta.source': JSON.stringify(source) },
      });
      const code = `${result.code}//# sourceMappingURL=${path.basename(out)}.map\n`;
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, code);
      writeFileSync(`${out}.map`, result.map);
      written[path.relative(dir, out).split(path.sep).join('/')] = sha256(code);
    }),
  );
  writeFileSync(path.join(dir, COMPLETE), JSON.stringify(written, Object.keys(written).sort()));
}

/**
 * Whether `dir` holds a complete build of `files`: its record names exactly their outputs, and each
 * output is as written (not truncated, edited or replaced since).
 */
function intact(dir, files) {
  try {
    const written = JSON.parse(readFileSync(path.join(dir, COMPLETE), 'utf8'));
    const expected = files.map(([file]) => output(file)).sort();
    const recorded = Object.keys(written).sort();
    if (recorded.length !== expected.length || recorded.some((file, i) => file !== expected[i])) return false;
    return Object.entries(written).every(([file, hash]) => typeof hash === 'string' && sha256(readFileSync(path.join(dir, file), 'utf8')) === hash);
  } catch {
    return false;
  }
}

/**
 * The folder holding the compiled generator, built now if it is not there yet (or damaged). When
 * .cache/ cannot hold it (read-only, not a folder), the build goes to a temporary folder of this
 * process instead, removed when it exits.
 */
async function compiled() {
  let files, key, tmp;
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    ({ files, key } = readSources(CACHE_DIR));
  } catch {
    return buildOutsideCache();
  }
  const dir = path.join(CACHE_DIR, key);
  if (intact(dir, files)) {
    touch(dir);
    return dir;
  }
  try {
    tmp = mkdtempSync(path.join(CACHE_DIR, `.tmp-${key}-`));
  } catch {
    return buildOutsideCache();
  }
  try {
    await build(files, tmp);
    // A damaged build of the same sources makes way; another process's fresh one is as good as ours.
    if (existsSync(dir) && !intact(dir, files)) rmSync(dir, { recursive: true, force: true });
    try {
      renameSync(tmp, dir);
    } catch (err) {
      if (!intact(dir, files)) throw err;
      rmSync(tmp, { recursive: true, force: true });
    }
  } catch {
    rmSync(tmp, { recursive: true, force: true });
    return buildOutsideCache();
  }
  removeStale(key);
  return dir;
}

async function buildOutsideCache() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'generator-build-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  // The compiled modules import the tool's packages: resolved from here as from generator/.
  symlinkSync(path.join(SOURCE_DIR, '..', 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  await build(readSources(dir).files, dir);
  return dir;
}

/** Marks a build as used now: removeStale keeps builds in use. */
function touch(dir) {
  try {
    const now = new Date();
    utimesSync(dir, now, now);
  } catch {
    // a read-only cache: the build is used all the same
  }
}

/** Removes builds (and abandoned temporary folders) not used for STALE_MS, except `current`. */
function removeStale(current) {
  try {
    for (const name of readdirSync(CACHE_DIR)) {
      const dir = path.join(CACHE_DIR, name);
      try {
        if (name !== current && Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
      } catch {
        // removed by another process meanwhile
      }
    }
  } catch {
    // an unreadable cache: nothing to tidy
  }
}

const [entry, ...args] = process.argv.slice(2);
if (!entry?.endsWith('.ts') || !existsSync(path.resolve(entry))) {
  console.error('usage: node generator/cli/launch.mjs <generator entry point>.ts [arguments...]');
  process.exit(2);
}
const entryFile = path.relative(SOURCE_DIR, path.resolve(entry));
if (entryFile.startsWith('..') || path.isAbsolute(entryFile)) {
  console.error(`${entry}: not a file of ${path.relative(process.cwd(), SOURCE_DIR) || '.'}/`);
  process.exit(2);
}
if (args.includes('--debug')) process.setSourceMapsEnabled(true);
const target = path.join(await compiled(), output(entryFile.split(path.sep).join('/')));
// The entry sees the argument vector it would see run directly.
process.argv.splice(1, 2, target);
await import(pathToFileURL(target).href);
