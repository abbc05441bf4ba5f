/**
 * Runs one of generator/'s TypeScript entry points as plain JavaScript, without a loader:
 * `node generator/launch.mjs <entry>.ts [args...]` (npm run generate, npm run diff).
 *
 * Every generator/**\/*.ts is compiled once, file by file with esbuild (no bundling: each module
 * keeps its own `import.meta.url`, so a worker or child entry is a sibling with the same `.js`
 * extension), into .cache/generator/<hash of the sources and of this file>/, then imported from
 * there. A changed source gives a new folder. Each build is written to a temporary folder and
 * renamed into place, so processes building at once never see a half-written one.
 *
 * A compiled module's `import.meta.source` is its source's URL (the repository-relative paths,
 * TOOL_ROOT, are taken from it); source maps point back to the .ts files, and `--debug` turns them on.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE_DIR = path.dirname(fileURLToPath(import.meta.url));
const CACHE_DIR = path.join(SOURCE_DIR, '..', '.cache', 'generator');
/** Builds for other sources not used for this long are removed when a new one is made. */
const STALE_MS = 24 * 60 * 60 * 1000;

/** generator/'s TypeScript sources, relative (`/`-separated), sorted. */
function listSources(dir = SOURCE_DIR) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith('.ts') && !e.name.endsWith('.d.ts'))
    .map((e) => path.relative(SOURCE_DIR, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
}

/** The sources' texts and the name of their build: a hash of them, of this file and of esbuild's version. */
async function readSources() {
  const files = listSources().map((file) => [file, readFileSync(path.join(SOURCE_DIR, file), 'utf8')]);
  const { version } = JSON.parse(readFileSync(new URL('../node_modules/esbuild/package.json', import.meta.url), 'utf8'));
  const hash = createHash('sha256').update(readFileSync(fileURLToPath(import.meta.url))).update(`\0esbuild ${version}\0`);
  for (const [file, text] of files) hash.update(`${file}\0${text.length}\0${text}`);
  return { files, key: hash.digest('hex').slice(0, 16) };
}

/** Compiles `files` into `dir` (one .js and .js.map per source). */
async function build(files, dir) {
  const { transform } = await import('esbuild');
  await Promise.all(
    files.map(async ([file, text]) => {
      const out = path.join(dir, file.replace(/\.ts$/, '.js'));
      const source = path.join(SOURCE_DIR, file);
      const result = await transform(text, {
        loader: 'ts',
        format: 'esm',
        platform: 'node',
        target: 'node20',
        sourcemap: 'external',
        sourcesContent: false,
        sourcefile: path.relative(path.dirname(out), source).split(path.sep).join('/'),
        define: { 'import.meta.source': JSON.stringify(pathToFileURL(source).href) },
      });
      mkdirSync(path.dirname(out), { recursive: true });
      writeFileSync(out, `${result.code}//# sourceMappingURL=${path.basename(out)}.map\n`);
      writeFileSync(`${out}.map`, result.map);
    }),
  );
}

/** The folder holding the compiled generator, built now if it is not there yet. */
async function compiled() {
  const { files, key } = await readSources();
  const dir = path.join(CACHE_DIR, key);
  if (existsSync(path.join(dir, '.complete'))) return dir;
  const tmp = path.join(CACHE_DIR, `.tmp-${key}-${process.pid}-${Date.now()}`);
  try {
    await build(files, tmp);
    writeFileSync(path.join(tmp, '.complete'), '');
    try {
      renameSync(tmp, dir);
    } catch (err) {
      // Another process built the same sources first: its folder is as good as ours.
      if (!existsSync(path.join(dir, '.complete'))) throw err;
    }
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  removeStale(key);
  return dir;
}

function removeStale(current) {
  for (const name of readdirSync(CACHE_DIR)) {
    const dir = path.join(CACHE_DIR, name);
    try {
      if (name !== current && !name.startsWith('.tmp-') && Date.now() - statSync(dir).mtimeMs > STALE_MS) rmSync(dir, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

const [entry, ...args] = process.argv.slice(2);
if (!entry || !entry.endsWith('.ts') || !existsSync(path.resolve(entry))) {
  console.error('usage: node generator/launch.mjs <generator entry point>.ts [arguments...]');
  process.exit(2);
}
const relative = path.relative(SOURCE_DIR, path.resolve(entry));
if (relative.startsWith('..') || path.isAbsolute(relative)) {
  console.error(`${entry}: not a file of ${path.relative(process.cwd(), SOURCE_DIR) || '.'}/`);
  process.exit(2);
}
if (args.includes('--debug')) process.setSourceMapsEnabled(true);
const target = path.join(await compiled(), relative.replace(/\.ts$/, '.js'));
// The entry sees the argument vector it would see run directly.
process.argv.splice(1, 2, target);
await import(pathToFileURL(target).href);
