/**
 * The packed package as consumers run it, across runtimes and compilers (`npm run matrix`; CI runs
 * it after the tests). One tarball of generated/ is installed into four projects: a production
 * install (no optional peer), and the mock's peers with MSW at its lowest accepted 2.x, the locked
 * 2.x and 3.x. Then, in parallel cells, each named `runtime version · check`:
 * - on Node 20 (the machine's, and the lowest the package's `engines` accepts), 22, 24, 26 and Bun: the client against a local server, a validator
 *   taken by Hono as Standard Schema, the mock without its peers, every operation through the mock
 *   in process, over HTTP and under MSW 2, paginate, the mock's command; MSW 3 on Node >= 22 (its
 *   engines); MSW's lowest 2.x on the machine's Node;
 * - in Chromium (the machine's, driven by playwright-core; one browser for every page): a page
 *   bundling the client, a named operation, a validator and the mock in process; a page calling the
 *   mock's HTTP server on another origin (CORS); a page where credentials need
 *   `dangerouslyAllowBrowser: true` and a client with none calls the page's own backend; the
 *   generated folder's reference site (site/, not packed) from file:// (site-check.ts);
 * - on Deno: its own script (Deno.serve, a named operation, a validator, the mock in process), and
 *   every operation by name through the mock in process and over HTTP;
 * - in workerd (Miniflare 4, no `nodejs_compat`): a worker bundling the client, a named operation
 *   and a validator calls the mock's HTTP server; a worker bundling the mock in process;
 * - a strict consumer (skipLibCheck false) of the client, types, validators, mock and MSW handlers
 *   type-checked by TypeScript 5.9, 6.0 and 7.0 in nodenext and bundler resolution with MSW 2; in
 *   nodenext with MSW 3 under TypeScript 5.9 and 7.0, and with MSW's lowest 2.x under 5.9.
 * The scripts and their checks are test/consumer's (test/fixtures/consumer, reports.ts).
 *
 *   npm run matrix [-- --summary <file.json>] [--only <substring> ...] [--package <folder>]
 *
 * `--package` packs another generated folder instead of generated/ (a package built elsewhere, e.g.
 * by a branch in progress); its name must be the one the consumer scripts import.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { b2bRemoteProject, industry, skill } from '../../test/spec/cases/fixtures.js';
import {
  consumerEnv,
  FIXTURES,
  installProject,
  lockVersion,
  mockPeers,
  packPackage,
  ROOT,
  run,
  typeCheck,
  type RESOLUTIONS,
} from '../../test/consumer/project.js';
import {
  bodyDifferences,
  browserCredentialsFailures,
  clientFailures,
  corsFailures,
  denoFailures,
  driveFailures,
  mockInProcessFailures,
  mswLeakFailures,
  paginateFailures,
  standardSchemaFailures,
  workerFailures,
} from '../../test/consumer/reports.js';
import { checkSite } from './site-check.js';
import { bunRuntime, denoRuntime, machineChromium, machineNode, nodeRuntime, npmPackage, PLAYWRIGHT_VERSION, typescript, type Runtime } from './tools.js';
import { BrowserSession, bundle, runWorker, type PageRun } from './web.js';

/**
 * The latest release of each Node line and of Bun when this was written (beside the machine's Node
 * and the lowest the package's `engines` accepts); TypeScript's last three minors.
 */
const NODE_VERSIONS = ['22.23.3', '24.21.0', '26.12.1'];
const BUN_VERSION = '1.4.5';
const TYPESCRIPT_VERSIONS = ['5.9.3', '6.0.3', '7.0.2'];
/** The ends of the `msw` peer range (generator/emit/package/package.ts MSW_RANGE) and the locked version between. */
const MSW_FLOOR = '2.0.0';
const MSW_NEXT = '3.0.5';
/** MSW 3's own `engines`. */
const MSW_NEXT_NODE = 22;
/** Deno (the `deno` npm package's platform binary), and the driver of workerd cells (the browser's: tools.ts PLAYWRIGHT_VERSION). */
const DENO_VERSION = '2.9.6';
/** Miniflare 4 brings its workerd; its version names the date the runtime supports, the worker's compatibility date. */
const MINIFLARE_VERSION = '4.20260730.0';
/** Miniflare 4's own `engines`. */
const MINIFLARE_NODE = 22;

const PACKAGE = 'partner-recruitment-client';
const CREDENTIALS = JSON.stringify({ apiKey: 'key-123', apiSecret: 'secret-456' });
const INSTALL_HINT = 'npm install --save-dev ajv ajv-formats json-schema-faker';
/** A library that accepts Standard Schema, installed beside the package in the production project. */
const STANDARD_SCHEMA_USER = ['hono', '@hono/standard-validator', '@standard-schema/spec'];

interface Cell {
  name: string;
  /** The failures (empty: passed). */
  check(): Promise<string[]>;
}

const { values: options } = parseArgs({ options: { summary: { type: 'string' }, only: { type: 'string', multiple: true }, package: { type: 'string' } } });
/** The package folder packed and installed. */
const GENERATED = path.resolve(options.package ?? path.join(ROOT, 'generated'));
const started = performance.now();
const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`;
const work = mkdtempSync(path.join(os.tmpdir(), 'matrix-'));

/** Runs `script` of test/fixtures/consumer with `runtime` in `dir` and parses the JSON it prints. */
async function script<T>(runtime: Runtime, dir: string, file: string, args: string[], timeoutMs = 120_000): Promise<T> {
  try {
    const { stdout } = await run(runtime.bin, [...(runtime.argv ?? []), file, ...args], {
      cwd: dir,
      env: { ...consumerEnv, ...runtime.env },
      timeout: timeoutMs,
      maxBuffer: 64 * 2 ** 20,
    });
    return JSON.parse(stdout) as T;
  } catch (err) {
    const e = err as { code?: number | string; signal?: string; stderr?: string; message: string };
    throw new Error(
      `${file} ${e.signal ? `killed (${e.signal})` : `exited ${e.code ?? ''}`}: ${(e.stderr || e.message).trim().split('\n').slice(0, 8).join('\n')}`,
    );
  }
}

/** The mock's command on `runtime` in `dir`, started on a free port: its base URL once it printed its ready line. */
async function startMockCommand(runtime: Runtime, dir: string) {
  const pkg = JSON.parse(readFileSync(path.join(dir, 'node_modules', PACKAGE, 'package.json'), 'utf8')) as { bin: Record<string, string> };
  const cli = path.join(dir, 'node_modules', PACKAGE, Object.values(pkg.bin)[0]!);
  const child = spawn(runtime.bin, [cli, '--port', '0', '--seed', '7'], { cwd: dir, env: consumerEnv, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += String(chunk)));
  const exited = once(child, 'exit') as Promise<[number | null, string | null]>;
  const kill = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  };
  try {
    const url = await Promise.race([
      new Promise<string>((resolve) => createInterface({ input: child.stdout }).once('line', resolve)),
      exited.then(([code, signal]) => Promise.reject(new Error(`exited (${code ?? signal}) before its ready line: ${stderr.trim()}`))),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('no ready line in 30 s')), 30_000).unref()),
    ]);
    return { url, child, exited, kill };
  } catch (err) {
    kill();
    throw err;
  }
}

/** The mock's command on `runtime`: its ready line, every operation through it, then SIGTERM ends it with exit 0. */
async function commandFailures(runtime: Runtime, dir: string, operationIds: string[], inProcess: Promise<Record<string, unknown>>): Promise<string[]> {
  const { url: ready, child, exited, kill } = await startMockCommand(runtime, dir);
  try {
    const report = await script<Record<string, unknown>>(runtime, dir, 'drive-operations.mjs', [PACKAGE, `url=${ready}`, 'all', CREDENTIALS]);
    const failures = [...driveFailures(report, operationIds), ...bodyDifferences(report, await inProcess)];
    child.kill('SIGTERM');
    const [code, signal] = await exited;
    if (code !== 0) failures.push(`SIGTERM: exit ${code ?? signal}, expected 0`);
    return failures;
  } finally {
    kill();
  }
}

/** `make()` the first time it is asked for, the same promise after. */
function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let made: Promise<T> | undefined;
  return () => (made ??= make());
}

/** Runs `cells`, `parallel` at a time, printing one line each as it ends. */
async function runCells(cells: Cell[], parallel: number): Promise<{ name: string; failures: string[] }[]> {
  const results: { name: string; failures: string[] }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cells.length) {
      const cell = cells[next++]!;
      const at = performance.now();
      const failures = await cell.check().catch((err: Error) => [err.message]);
      results.push({ name: cell.name, failures });
      console.log(
        `${failures.length ? 'FAIL' : 'ok  '} ${cell.name} (${seconds(at)})${failures.map((f) => `\n       ${f.replaceAll('\n', '\n       ')}`).join('')}`,
      );
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return results;
}

/** The lowest Node the package's `engines` accepts (`>=20.19` → 20.19.0), tested too. */
function enginesFloor(): string {
  const { engines } = JSON.parse(readFileSync(path.join(GENERATED, 'package.json'), 'utf8')) as { engines: { node: string } };
  const floor = /^>=\s*(\d+)\.(\d+)(?:\.(\d+))?$/.exec(engines.node.trim());
  if (!floor) throw new Error(`generated/package.json engines.node is ${JSON.stringify(engines.node)}: the matrix reads a lower bound ">=MAJOR.MINOR[.PATCH]"`);
  return `${floor[1]}.${floor[2]}.${floor[3] ?? 0}`;
}

/** Run when the cells are done: the browser, the shared mock server. */
const cleanups: (() => Promise<void>)[] = [];

/** The web: Chromium, Deno and workerd, each with the consumer projects the other cells use. */
async function webCells(options: {
  production: string;
  withMock: string;
  operationIds: string[];
  runtimes: Runtime[];
  deno: Promise<Runtime>;
  playwright: Promise<string>;
  miniflare: Promise<string>;
  chromium: Promise<Runtime | undefined>;
}): Promise<Cell[]> {
  const { production, withMock, operationIds } = options;
  // A list page of one project: what the page's backend and Deno's server answer.
  const projectList = { page: 1, pageSize: 50, totalResults: 1, results: [b2bRemoteProject] };
  // One mock server (the mock's command on this machine's Node) for the pages across origins and the workers.
  const mockServer = lazy(async () => {
    const server = await startMockCommand(machineNode(), withMock);
    cleanups.push(async () => server.kill());
    return server;
  });
  const bundles = new Map<string, ReturnType<typeof bundle>>();
  const bundled = (dir: string, entry: string, target: 'page' | 'worker') => {
    const key = `${dir}\0${entry}\0${target}`;
    if (!bundles.has(key)) bundles.set(key, bundle(dir, entry, target));
    return bundles.get(key)!;
  };
  const cells: Cell[] = [];

  // Chromium: one browser for every page, started by the first page.
  const chromium = await options.chromium.catch(() => undefined);
  const session = lazy(async () => {
    if (!chromium) throw new Error('no Chromium: `apt-get install -y chromium` (Debian), or set CHROMIUM to its executable');
    const started = await BrowserSession.start(chromium, await options.playwright);
    cleanups.push(() => started.close());
    return started;
  });
  /** The page's run, or the failures that kept it from running: a bundle esbuild could not make names the package's imports it could not resolve. */
  const page = async (dir: string, entry: string, config: Record<string, unknown>, backendAnswer?: string): Promise<PageRun | string[]> => {
    const built = await bundled(dir, entry, 'page');
    if ('errors' in built) return built.errors.map((e) => `${entry} does not bundle for a page (esbuild, platform browser): ${e}`);
    return (await session()).run(built.code, config, backendAnswer);
  };
  const judged = (out: PageRun | string[], judge: (result: Record<string, any>, run: PageRun) => string[], expectedErrors?: RegExp): string[] => {
    if (Array.isArray(out)) return out;
    if (out.result === undefined) return ['the page set no window.__result in 30 s', ...out.errors];
    return [...judge(out.result as Record<string, any>, out), ...out.errors.filter((e) => !expectedErrors?.test(e))];
  };
  const browser = chromium ? `chromium ${chromium.version}` : 'chromium';
  cells.push(
    {
      name: `${browser} · a page bundling the client, a named operation, a validator and the mock in process`,
      check: async () => judged(await page(withMock, 'browser-mock.mjs', {}), mockInProcessFailures),
    },
    {
      // The reference site is not in the package: the generated folder's own (site-check.ts).
      name: `${browser} · the reference site from file://: every page at 390 and 1280 px, no error, no horizontal scroll, the search, Try it`,
      check: async () => {
        if (!chromium) throw new Error('no Chromium: `apt-get install -y chromium` (Debian), or set CHROMIUM to its executable');
        return (await checkSite(chromium, await options.playwright, path.join(GENERATED, 'site'))).problems;
      },
    },
    {
      name: `${browser} · a page calling the mock's HTTP server on another origin (CORS)`,
      check: async () => {
        // The page is on http://127.0.0.1:<its port>, the mock on http://localhost:<another>: another host and port.
        const mockUrl = (await mockServer()).url.replace('//127.0.0.1:', '//localhost:');
        // Chromium logs every 4xx answer as a console error: the mock's 401 to the call without credentials is expected.
        return judged(await page(production, 'browser-client.mjs', { check: 'cors', mockUrl }), corsFailures, /status of 401 \(Unauthorized\)/);
      },
    },
    {
      name: `${browser} · a page: credentials only with dangerouslyAllowBrowser: true; without, it calls its own backend`,
      check: async () =>
        judged(await page(production, 'browser-client.mjs', { check: 'credentials' }, JSON.stringify(projectList)), (result, run) =>
          browserCredentialsFailures(result, run.backend),
        ),
    },
  );

  // Deno: node_modules resolution in the consumer project, no Node APIs in its own script.
  const driveDeno = async (mode: string) =>
    script<Record<string, unknown>>(await options.deno, withMock, 'drive-operations.mjs', [PACKAGE, mode, 'all', CREDENTIALS, 'named']);
  cells.push(
    {
      name: `deno ${DENO_VERSION} · the client against Deno.serve, a named operation, a validator, the mock in process`,
      check: async () =>
        denoFailures(await script(await options.deno, withMock, 'deno.mjs', [JSON.stringify(projectList)]), {
          answer: projectList,
          url: '/v1/projects?page=1',
        }),
    },
    {
      name: `deno ${DENO_VERSION} · every operation by name through the mock in process and over HTTP, the same bodies`,
      check: async () => {
        const [inProcess, listen] = await Promise.all([driveDeno('fetch'), driveDeno('listen')]);
        return [
          ...driveFailures(inProcess, operationIds).map((f) => `in process: ${f}`),
          ...driveFailures(listen, operationIds).map((f) => `HTTP: ${f}`),
          ...bodyDifferences(listen, inProcess).map((f) => `HTTP: ${f}`),
        ];
      },
    },
  );

  // workerd: Miniflare on a Node it accepts; the worker's compatibility date is Miniflare's own.
  const miniflareDir = await options.miniflare.catch((err: Error) => err);
  const workerd =
    miniflareDir instanceof Error
      ? `workerd (miniflare ${MINIFLARE_VERSION})`
      : `workerd ${(JSON.parse(readFileSync(path.join(miniflareDir, '..', 'workerd', 'package.json'), 'utf8')) as { version: string }).version}`;
  const compatibilityDate = MINIFLARE_VERSION.split('.')[1]!.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');
  const node = options.runtimes.find((r) => r.name === 'node' && Number(r.version.split('.')[0]) >= MINIFLARE_NODE);
  const worker = async (
    dir: string,
    entry: string,
    bindings: () => Promise<Record<string, string>>,
    body: string,
    judge: (report: Record<string, any>) => string[],
  ) => {
    if (miniflareDir instanceof Error) return [`miniflare ${MINIFLARE_VERSION}: ${miniflareDir.message}`];
    if (!node) return [`no Node >= ${MINIFLARE_NODE} in the matrix for Miniflare`];
    const built = await bundled(dir, entry, 'worker');
    if ('errors' in built) return built.errors.map((e) => `${entry} does not bundle for workerd (esbuild, conditions workerd, worker, browser): ${e}`);
    const out = await runWorker({ node, miniflareDir, code: built.code, dir, compatibilityDate, bindings: await bindings(), body });
    if ('failed' in out) return [`workerd: ${out.failed}`];
    if (out.status !== 200 || typeof out.body !== 'object' || out.body === null)
      return [`the worker answered ${out.status}: ${JSON.stringify(out.body).slice(0, 300)}`];
    return judge(out.body as Record<string, any>);
  };
  cells.push(
    {
      name: `${workerd} · a worker (no nodejs_compat) bundling the client, a named operation and a validator, calling the mock's HTTP server`,
      check: () =>
        worker(
          production,
          'worker.mjs',
          async () => ({ MOCK_URL: (await mockServer()).url }),
          JSON.stringify({ valid: b2bRemoteProject, invalid: { id: 42 } }),
          workerFailures,
        ),
    },
    {
      name: `${workerd} · a worker (no nodejs_compat) bundling the mock in process: a documented answer, and sampling refused with the mock's reason`,
      check: () => worker(withMock, 'worker-mock.mjs', async () => ({}), '{}', mockInProcessFailures),
    },
  );
  return cells;
}

async function main(): Promise<number> {
  // Fetched (or found in .cache/matrix) while the package is packed and installed.
  const runtimes = Promise.all([Promise.resolve(machineNode()), nodeRuntime(enginesFloor()), ...NODE_VERSIONS.map(nodeRuntime), bunRuntime(BUN_VERSION)]);
  const compilers = Promise.all(TYPESCRIPT_VERSIONS.map(async (version) => ({ version, tsc: await typescript(version) })));
  runtimes.catch(() => {});
  compilers.catch(() => {});
  // The web cells' tools: a failure to fetch one fails its cells only.
  const deno = denoRuntime(DENO_VERSION);
  const playwright = npmPackage('playwright-core', PLAYWRIGHT_VERSION);
  const miniflare = npmPackage('miniflare', MINIFLARE_VERSION);
  const chromium = machineChromium();
  for (const tool of [deno, playwright, miniflare, chromium]) tool.catch(() => {});

  const standardSchemaUser = STANDARD_SCHEMA_USER.map((n) => `${n}@${lockVersion(n)}`);
  const { tarball } = await packPackage(GENERATED, work);
  const project = (name: string) => path.join(work, name);
  const mswProjects = [MSW_FLOOR, lockVersion('msw'), MSW_NEXT];
  await Promise.all([
    installProject(project('production'), [tarball, ...standardSchemaUser]),
    ...mswProjects.map((version) => installProject(project(`msw-${version}`), [tarball, ...mockPeers(), `msw@${version}`, ...standardSchemaUser])),
  ]);
  for (const dir of ['production', ...mswProjects.map((v) => `msw-${v}`)]) {
    for (const file of readdirSync(FIXTURES)) copyFileSync(path.join(FIXTURES, file), path.join(project(dir), file));
  }
  const production = project('production');
  const document = JSON.parse(readFileSync(path.join(production, 'node_modules', PACKAGE, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  const operationIds = Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (typeof op?.operationId === 'string' ? [op.operationId] : [])),
  );
  console.log(`matrix: packed and installed in ${seconds(started)}`);

  const cells: Cell[] = [];
  const drive = (runtime: Runtime, dir: string, mode: string) =>
    script<Record<string, unknown>>(runtime, dir, 'drive-operations.mjs', [PACKAGE, mode, 'all', CREDENTIALS]);
  const mswCell = (runtime: Runtime, label: string, version: string): Cell => ({
    name: `${label} · MSW ${version}: every operation under its handlers, intercepting and letting go`,
    check: async () => {
      const dir = project(`msw-${version}`);
      return [
        ...driveFailures(await drive(runtime, dir, 'msw'), operationIds),
        ...mswLeakFailures(await script(runtime, dir, 'msw-leak.mjs', [PACKAGE, CREDENTIALS])),
      ];
    },
  });
  for (const runtime of await runtimes) {
    const label = `${runtime.name} ${runtime.version}`;
    const withMock = project(`msw-${lockVersion('msw')}`);
    const answer = { page: 1, pageSize: 50, totalResults: 1, results: [skill] };
    const invalid = { ...b2bRemoteProject, id: 42, targetProfessionalIndustries: [industry, { ...industry, id: 7 }] };
    cells.push(
      {
        name: `${label} · client against a local server, a validator`,
        check: async () =>
          clientFailures(
            await script(runtime, production, 'client.mjs', [
              PACKAGE,
              '/v1/skills',
              JSON.stringify({ query: 'fig', page: 1 }),
              JSON.stringify(answer),
              'validateProject',
              JSON.stringify(b2bRemoteProject),
              JSON.stringify({ id: 42 }),
            ]),
            { answer, url: '/v1/skills?query=fig&page=1' },
          ),
      },
      {
        name: `${label} · a validator as Standard Schema in Hono`,
        check: async () =>
          standardSchemaFailures(
            await script(runtime, production, 'standard-schema.mjs', [PACKAGE, 'validateProject', JSON.stringify(b2bRemoteProject), JSON.stringify(invalid)]),
            b2bRemoteProject,
          ),
      },
      {
        name: `${label} · the mock in a production install (no optional peers)`,
        check: async () => {
          const out = await script<{ operationId: string; status: number; error?: { error?: string } }>(runtime, production, 'mock-without-peers.mjs', [
            PACKAGE,
            CREDENTIALS,
          ]);
          return out.status === 500 && out.error?.error?.includes(INSTALL_HINT)
            ? []
            : [`${out.operationId}: ${out.status} ${JSON.stringify(out.error)}, expected a 500 saying "${INSTALL_HINT}"`];
        },
      },
      {
        name: `${label} · every operation through the mock in process, over HTTP and under MSW ${lockVersion('msw')}, the same bodies`,
        check: async () => {
          const [fetchMode, listen, msw] = await Promise.all(['fetch', 'listen', 'msw'].map((mode) => drive(runtime, withMock, mode)));
          return [
            ...driveFailures(fetchMode!, operationIds).map((f) => `in process: ${f}`),
            ...driveFailures(listen!, operationIds).map((f) => `HTTP: ${f}`),
            ...driveFailures(msw!, operationIds).map((f) => `MSW: ${f}`),
            ...bodyDifferences(listen!, fetchMode!).map((f) => `HTTP: ${f}`),
            ...bodyDifferences(msw!, fetchMode!).map((f) => `MSW: ${f}`),
            ...mswLeakFailures(await script(runtime, withMock, 'msw-leak.mjs', [PACKAGE, CREDENTIALS])),
          ];
        },
      },
      {
        name: `${label} · paginate over a sampled collection`,
        check: async () => paginateFailures(await script(runtime, withMock, 'paginate.mjs', [PACKAGE, CREDENTIALS])),
      },
      {
        name: `${label} · the mock's command: every operation over HTTP, SIGTERM`,
        check: () => commandFailures(runtime, withMock, operationIds, drive(runtime, withMock, 'fetch')),
      },
    );
    // MSW 3 on the Node its engines accept; under Bun 1.4.5 its handlers did not intercept (docs/maintaining.md, "Tests").
    if (runtime.name === 'node' && Number(runtime.version.split('.')[0]) >= MSW_NEXT_NODE) cells.push(mswCell(runtime, label, MSW_NEXT));
    if (runtime.bin === process.execPath) cells.push(mswCell(runtime, label, MSW_FLOOR));
  }
  cells.push(
    ...(await webCells({
      production,
      withMock: project(`msw-${lockVersion('msw')}`),
      operationIds,
      runtimes: await runtimes,
      deno,
      playwright,
      miniflare,
      chromium,
    })),
  );

  // The consumer's own files and the MSW handlers in one program per cell (one tsc start, one read of the package's types).
  for (const [i, { version, tsc }] of (await compilers).entries()) {
    const typeCell = (msw: string, resolution: keyof typeof RESOLUTIONS): Cell => ({
      name: `typescript ${version} · a consumer of the client, types, validators (Standard Schema, Hono), mock and MSW ${msw} handlers, ${resolution}, strict, skipLibCheck false`,
      check: async () => {
        const result = await typeCheck({ dir: project(`msw-${msw}`), fixtures: ['check.ts', 'msw-check.ts'], resolution, tsc });
        return result.code === 0 ? [] : [result.output.trim() || `tsc exited ${result.code}`];
      },
    });
    cells.push(typeCell(lockVersion('msw'), 'nodenext'), typeCell(lockVersion('msw'), 'bundler'));
    // MSW 3 with the lowest TypeScript (its own peer range starts at 5.9) and the newest; MSW's lowest 2.x with the lowest.
    if (i === 0 || i === TYPESCRIPT_VERSIONS.length - 1) cells.push(typeCell(MSW_NEXT, 'nodenext'));
    if (i === 0) cells.push(typeCell(MSW_FLOOR, 'nodenext'));
  }

  // The repository itself (generator, templates, tests and the compile-time tests of the generated
  // types) with its pinned compiler: the test suite checks it with TypeScript 7 (test/tsc.ts).
  const pinned = lockVersion('typescript');
  cells.push({
    name: `typescript ${pinned} · the repository itself (tsconfig.json: generator, templates, tests, the generated types' compile-time tests)`,
    check: () =>
      run(process.execPath, [path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', path.join(ROOT, 'tsconfig.json')], {
        cwd: ROOT,
        maxBuffer: 64 * 2 ** 20,
      }).then(
        () => [],
        (err: { stdout?: string; stderr?: string }) => [`${err.stdout ?? ''}${err.stderr ?? ''}`.trim() || String(err)],
      ),
  });

  // The slow type checks first, so that the short runtime cells fill the cores beside them and none is left alone at the end.
  const slow = (c: Cell) => c.name.startsWith('typescript') && !c.name.startsWith('typescript 7');
  const ordered = [...cells.filter(slow), ...cells.filter((c) => !slow(c))];
  const chosen = options.only ? ordered.filter((c) => options.only!.some((text) => c.name.includes(text))) : ordered;
  let results: Awaited<ReturnType<typeof runCells>>;
  try {
    results = await runCells(chosen, Math.max(2, os.availableParallelism() + 1));
  } finally {
    await Promise.all(cleanups.map((c) => c()));
  }
  const failed = results.filter((r) => r.failures.length > 0);
  console.log(`matrix: ${results.length} cells in ${seconds(started)}: ${results.length - failed.length} passed, ${failed.length} failed`);
  for (const r of failed) console.log(`  failed: ${r.name}`);
  if (options.summary)
    writeFileSync(
      options.summary,
      JSON.stringify({ passed: results.length - failed.length, failed: failed.length, seconds: Math.round((performance.now() - started) / 1000) }),
    );
  return failed.length === 0 ? 0 : 1;
}

main()
  .then((code) => (process.exitCode = code))
  .catch((err: Error) => {
    console.error(`matrix: ${err.message}`);
    if (options.summary) writeFileSync(options.summary, JSON.stringify({ passed: 0, failed: 1 }));
    process.exitCode = 1;
  })
  .finally(() => rmSync(work, { recursive: true, force: true }));
