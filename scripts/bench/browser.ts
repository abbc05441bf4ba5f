/**
 * Browser bundle size (issue #28): what a web page ships to create the client and make one named
 * call. The consumer entry imports `createPartnerClient` from the package and one operation from
 * `<package>/operations`, creates the client with the package's defaults (environment and base
 * address only: a page calls its own backend with no credential) and calls the operation; esbuild
 * bundles it for the browser (`platform: 'browser'`, `format: 'esm'`, `minify: true`), the package
 * linked into a temporary node_modules as a consumer installs it. Two builds:
 *  - code splitting (`splitting: true`): the entry chunk and the chunks it imports statically (what
 *    the page loads up front), and separately the chunks that `import()` reaches from them (from
 *    the metafile's `import-statement` and `dynamic-import` edges); then the split build is run in
 *    a `node` child that looks like a page (`window` and `document` defined) against a loopback
 *    server, and the chunks it actually loads are recorded by a module hook: those beyond the
 *    static ones are the ones the named call loads;
 *  - one file (no splitting): everything in one file.
 * Each is compared with openapi-fetch alone (`createClient` + the same call with `client.GET` or
 * `client.POST`), bundled the same way. Bytes are minified bytes; gzip is node:zlib's default level,
 * file by file (each chunk travels on its own).
 */
import { execFile } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { kb, linkPackages, packageName } from './bundle.js';
import { projectsServer } from './loopback.js';
import { childEnv, ROOT, tempDir, times, type Measurement, type Options, type Row } from './shared.js';

const TARGET_BYTES = 40_000;
const GENERATED = path.join(ROOT, 'generated');

interface Call {
  operation: string;
  /** The arguments after the client, as source. */
  args: string;
  /** The same call on an openapi-fetch client, as source. */
  peer: string;
  status: number;
}

const CALLS: Call[] = [
  {
    operation: 'listProjects',
    args: '{ params: { query: { page: 1 } } }',
    peer: "client.GET('/v1/projects', { params: { query: { page: 1 } } })",
    status: 200,
  },
  {
    operation: 'createProject',
    args: "{ body: { name: 'Usability study' } }",
    peer: "client.POST('/v1/projects', { body: { name: 'Usability study' } })",
    status: 201,
  },
];

const oursEntry = (name: string, call: Call, baseUrl: string) => `import { createPartnerClient } from ${JSON.stringify(name)};
import { ${call.operation} } from ${JSON.stringify(`${name}/operations`)};
const api = createPartnerClient({ environment: 'production', baseUrl: ${JSON.stringify(baseUrl)} });
const { response } = await ${call.operation}(api, ${call.args});
console.log(response.status);
`;

const peerEntry = (call: Call, baseUrl: string) => `import createClient from 'openapi-fetch';
const client = createClient({ baseUrl: ${JSON.stringify(baseUrl)} });
const { response } = await ${call.peer};
console.log(response.status);
`;

/** A page in `node`: `window` and `document` defined before the entry runs, and every loaded file: URL appended to $BENCH_LOADED. */
const PAGE_HOOK = `import { register } from 'node:module';
globalThis.window = globalThis;
globalThis.document = {};
register('data:text/javascript,' + encodeURIComponent(\`import { appendFileSync } from 'node:fs';
export async function load(url, context, next) {
  if (url.startsWith('file:')) appendFileSync(process.env.BENCH_LOADED, url + '\\\\n');
  return next(url, context);
}\`));
`;

interface Chunk {
  /** Relative to the build's folder. */
  file: string;
  bytes: number;
  gzip: number;
}

interface Built {
  /** The folder esbuild worked in: the metafile's paths are relative to it. */
  dir: string;
  /** The output folder, relative to the temporary folder (e.g. `split-listProjects`). */
  outdir: string;
  chunks: Map<string, Chunk>;
  entry: string;
  /** The entry chunk and what it imports statically, transitively. */
  initial: string[];
  /** Chunks reachable from those through `import()` (and their own imports), not in `initial`. */
  lazy: string[];
  metafile: Metafile;
}

const sum = (chunks: Map<string, Chunk>, files: string[], key: 'bytes' | 'gzip') => files.reduce((n, f) => n + chunks.get(f)![key], 0);

/** Files reachable from `from` through imports of the kinds accepted. */
function closure(metafile: Metafile, from: string[], follow: (kind: string) => boolean): Set<string> {
  const seen = new Set(from);
  const queue = [...from];
  while (queue.length) {
    for (const edge of metafile.outputs[queue.pop()!]?.imports ?? []) {
      if (edge.external || !follow(edge.kind) || seen.has(edge.path)) continue;
      seen.add(edge.path);
      queue.push(edge.path);
    }
  }
  return seen;
}

async function bundle(dir: string, entry: string, outdir: string, splitting: boolean): Promise<Built> {
  const { metafile } = await build({
    absWorkingDir: dir,
    entryPoints: [entry],
    bundle: true,
    minify: true,
    platform: 'browser',
    format: 'esm',
    splitting,
    outdir,
    write: true,
    metafile: true,
    logLevel: 'silent',
  });
  const chunks = new Map<string, Chunk>();
  for (const file of Object.keys(metafile.outputs)) {
    if (file.endsWith('.map')) continue;
    const contents = readFileSync(path.join(dir, file));
    chunks.set(file, { file, bytes: contents.length, gzip: gzipSync(contents).length });
  }
  // Every chunk an import() loads is an entry point too: the page's is the one built from `entry`.
  const entryChunk = Object.entries(metafile.outputs).find(([, o]) => o.entryPoint === entry)![0];
  const initial = closure(metafile, [entryChunk], (kind) => kind === 'import-statement');
  const all = closure(metafile, [...initial], (kind) => kind === 'import-statement' || kind === 'dynamic-import');
  return { dir, outdir, chunks, entry: entryChunk, initial: [...initial], lazy: [...all].filter((f) => !initial.has(f)), metafile };
}

/** Runs a split build as a page would (see PAGE_HOOK): its printed status, and the chunks it loaded. */
async function runAsPage(dir: string, built: Built): Promise<{ status: string; loaded: string[] }> {
  writeFileSync(path.join(dir, built.outdir, 'package.json'), JSON.stringify({ type: 'module' }));
  const log = path.join(dir, `${built.outdir}.loaded`);
  writeFileSync(log, '');
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', pathToFileURL(path.join(dir, 'page.mjs')).href, path.join(dir, built.entry)], {
    cwd: dir,
    env: { ...childEnv, BENCH_LOADED: log },
    timeout: 30_000,
  });
  const loaded = readFileSync(log, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((url) => path.relative(dir, fileURLToPath(url)).split(path.sep).join('/'));
  return { status: stdout.trim(), loaded: loaded.filter((f) => built.chunks.has(f)) };
}

const sized = (bytes: number, gzip: number) => `${kb(bytes)} (gzip ${kb(gzip)})`;

/** The package's inputs taking the most bytes of a one-file build, relative to the package. */
function largestInputs(built: Built, packageDir: string, n: number): string {
  const inputs = built.metafile.outputs[built.entry]!.inputs;
  const real = `${path.resolve(packageDir)}${path.sep}`;
  return Object.entries(inputs)
    .map(([file, { bytesInOutput }]) => [path.resolve(built.dir, file), bytesInOutput] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([file, bytes]) => `${file.startsWith(real) ? file.slice(real.length) : path.relative(ROOT, file)} ${kb(bytes)}`)
    .join(', ');
}

/** `packageDir`: generated/ unless a test names another build of the package. */
export async function benchBrowser(_options: Options, packageDir = GENERATED): Promise<Measurement> {
  const name = packageName(packageDir);
  const tmp = tempDir('browser');
  const dir = realpathSync(tmp.dir); // the paths Node reports loading are real ones
  const server = await projectsServer();
  const rows: Row[] = [];
  const notes: string[] = [];
  try {
    linkPackages(dir, { [name]: packageDir, 'openapi-fetch': path.join(ROOT, 'node_modules', 'openapi-fetch') });
    writeFileSync(path.join(dir, 'page.mjs'), PAGE_HOOK);
    for (const call of CALLS) {
      const op = call.operation;
      writeFileSync(path.join(dir, `${op}.js`), oursEntry(name, call, server.baseUrl));
      writeFileSync(path.join(dir, `${op}-openapi-fetch.js`), peerEntry(call, server.baseUrl));
      const split = await bundle(dir, `${op}.js`, `split-${op}`, true);
      const one = await bundle(dir, `${op}.js`, `one-${op}`, false);
      const peer = await bundle(dir, `${op}-openapi-fetch.js`, `peer-${op}`, false);
      const [peerBytes, peerGzip] = [sum(peer.chunks, [peer.entry], 'bytes'), sum(peer.chunks, [peer.entry], 'gzip')];
      const other = `openapi-fetch alone ${sized(peerBytes, peerGzip)}`;

      // What the call loads beyond the initial chunks: measured by running it; the metafile's import() closure if that fails.
      let onCall: string[];
      let how: string;
      try {
        const run = await runAsPage(dir, split);
        if (run.status !== String(call.status)) throw new Error(`printed ${JSON.stringify(run.status)}, not ${call.status}`);
        const missing = split.initial.filter((f) => !run.loaded.includes(f));
        if (missing.length) throw new Error(`did not load ${missing.join(', ')}`);
        onCall = run.loaded.filter((f) => !split.initial.includes(f));
        how = `run as a page: answered ${run.status}, loaded ${run.loaded.length} of the ${split.chunks.size} chunks emitted`;
      } catch (err) {
        onCall = split.lazy;
        how = `run as a page failed (${String((err as Error).message ?? err).split('\n')[0]}): counting every chunk import() reaches`;
      }
      const up = [sum(split.chunks, split.initial, 'bytes'), sum(split.chunks, split.initial, 'gzip')] as const;
      const later = [sum(split.chunks, onCall, 'bytes'), sum(split.chunks, onCall, 'gzip')] as const;
      const total = up[0] + later[0];
      rows.push({
        name: `browser bundle: createPartnerClient + ${op}, code splitting (esbuild, minified)`,
        ours: `${kb(up[0])} up front + ${kb(later[0])} on the call = ${kb(total)} (gzip ${kb(up[1])} + ${kb(later[1])})`,
        other,
        ratio: `${times(total / peerBytes)}; ${times(total / TARGET_BYTES)} the target`,
        target: `≤ ${kb(TARGET_BYTES)}`,
        met: total <= TARGET_BYTES,
      });
      const oneBytes = sum(one.chunks, [one.entry], 'bytes');
      rows.push({
        name: `browser bundle: createPartnerClient + ${op}, one file (esbuild, minified)`,
        ours: sized(oneBytes, sum(one.chunks, [one.entry], 'gzip')),
        other,
        ratio: `${times(oneBytes / peerBytes)}; ${times(oneBytes / TARGET_BYTES)} the target`,
        target: `≤ ${kb(TARGET_BYTES)}`,
        met: oneBytes <= TARGET_BYTES,
      });
      notes.push(
        `${op}, splitting: entry chunk ${kb(split.chunks.get(split.entry)!.bytes)} + ${split.initial.length - 1} chunks imported statically ${kb(up[0] - split.chunks.get(split.entry)!.bytes)}; ` +
          `import() reaches ${split.lazy.length} more chunks, ${sized(sum(split.chunks, split.lazy, 'bytes'), sum(split.chunks, split.lazy, 'gzip'))}; ` +
          `the call loads ${onCall.length} of them, ${sized(...later)} (${how})`,
        `${op}, one file: largest inputs ${largestInputs(one, packageDir, 6)}`,
      );
    }
  } finally {
    await server.close();
    tmp.remove();
  }
  notes.push(
    `target ≤ ${kb(TARGET_BYTES)} minified: with splitting, the initial chunks plus those the call loads; the entry: createPartnerClient({ environment: 'production', baseUrl }) and one call; KB = 1000 bytes`,
  );
  return {
    title: "Browser bundle (esbuild, platform browser, ESM, minified; gzip by node:zlib; against openapi-fetch's createClient + the same call)",
    rows,
    notes,
  };
}
