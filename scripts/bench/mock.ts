/**
 * The package's mock server (`node generated/dist/mock-cli.js`) against Prism (`prism mock`, from
 * `npm run bench:fetch`) on the same bundled document, generated/openapi.json:
 *  - start-up: from spawn until the first `listProjects` answer arrives (both polled the same way);
 *  - throughput: `listProjects` requests per second at a fixed concurrency over keep-alive
 *    connections (node:http's client), with valid credential headers, after a warm-up.
 * Each run starts a fresh server per side; the sides alternate which goes first. Medians over --runs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import path from 'node:path';
import { childEnv, fetchedPeer, median, ms, ROOT, times, type Measurement, type Options, type Row } from './shared.js';

const DOCUMENT = path.join(ROOT, 'generated', 'openapi.json');
const MOCK_CLI = path.join(ROOT, 'generated', 'dist', 'mock-cli.js');
const PRISM = fetchedPeer('prism', 'prism');
const LIST_PROJECTS = '/v1/projects';
const HEADERS = { 'x-api-key': 'bench-key', 'x-api-secret': 'bench-secret', accept: 'application/json' };
const CONCURRENCY = 8;
const START_TIMEOUT_MS = 60_000;
const POLL_MS = 5;

/** A free loopback port (asked of the OS, then released for the server to take). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

interface Started {
  child: ChildProcess;
  baseUrl: string;
  startupMs: number;
}

/** Spawns a server and times until `listProjects` first answers 200 (polling every POLL_MS). */
async function start(command: string, args: (port: number) => string[]): Promise<Started> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  const started = performance.now();
  const child = spawn(command, args(port), { cwd: ROOT, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (d: Buffer) => (stderr += d));
  let exited = false;
  child.once('exit', () => (exited = true));
  while (performance.now() - started < START_TIMEOUT_MS && !exited) {
    const status = await fetch(`${baseUrl}${LIST_PROJECTS}`, { headers: HEADERS }).then(
      async (res) => (await res.arrayBuffer(), res.status),
      () => undefined, // not listening yet
    );
    if (status === 200) return { child, baseUrl, startupMs: performance.now() - started };
    if (status !== undefined) {
      await stop(child);
      throw new Error(`${path.basename(command)}: listProjects answered ${status}`);
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  await stop(child);
  throw new Error(
    `${path.basename(command)} did not answer within ${START_TIMEOUT_MS / 1000} s${exited ? ' (it exited)' : ''}: ${stderr.trim().split('\n').slice(-3).join(' ')}`,
  );
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return gone;
}

/** One GET over `agent`'s keep-alive connections: resolves with the status once the body is read. */
function get(url: string, agent: Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    request(url, { agent, headers: HEADERS }, (res) => {
      res.on('data', () => {});
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', reject);
    })
      .once('error', reject)
      .end();
  });
}

/**
 * `listProjects` answers per second over `durationMs`, CONCURRENCY requests in flight over as many
 * keep-alive connections. The load comes from node:http's client, which costs a fraction of what
 * fetch (undici) does per request: with fetch the bench process, not the server, was the limit
 * (about 7,000/s here). A request that fails (a connection reset, another status) is counted, not
 * retried; more than 1% fails the row.
 */
async function throughput(baseUrl: string, durationMs: number): Promise<number> {
  const url = `${baseUrl}${LIST_PROJECTS}`;
  const agent = new Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const until = performance.now() + durationMs;
  let done = 0;
  const failures: string[] = [];
  const worker = async () => {
    while (performance.now() < until) {
      try {
        const status = await get(url, agent);
        if (status === 200) done++;
        else failures.push(`status ${status}`);
      } catch (err) {
        failures.push(String(err));
      }
    }
  };
  const started = performance.now();
  try {
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  } finally {
    agent.destroy();
  }
  if (failures.length > done / 100) throw new Error(`${failures.length} of ${done + failures.length} listProjects requests failed, e.g. ${failures[0]}`);
  return done / ((performance.now() - started) / 1000);
}

interface Side {
  name: string;
  command: string;
  args: (port: number) => string[];
  startup: number[];
  rate: number[];
}

export async function benchMock(options: Options): Promise<Measurement> {
  const rows = { startup: 'mock: start-up until the first listProjects answer', rate: 'mock: listProjects requests/s' };
  if (!existsSync(MOCK_CLI)) throw new Error(`${path.relative(ROOT, MOCK_CLI)} is missing: run npm run generate`);
  const durationMs = options.smoke ? 300 : 3000;
  const ours: Side = {
    name: 'ours',
    command: process.execPath,
    args: (port) => [MOCK_CLI, '--port', String(port), '--host', '127.0.0.1'],
    startup: [],
    rate: [],
  };
  const prism: Side = {
    name: 'Prism',
    command: PRISM.bin,
    args: (port) => ['mock', '--port', String(port), '--host', '127.0.0.1', DOCUMENT],
    startup: [],
    rate: [],
  };
  const sides = PRISM.missing ? [ours] : [ours, prism];

  for (let run = 0; run < options.runs; run++) {
    for (const side of run % 2 ? [...sides].reverse() : sides) {
      const server = await start(side.command, side.args);
      try {
        side.startup.push(server.startupMs);
        await throughput(server.baseUrl, Math.min(500, durationMs)); // warm-up
        side.rate.push(await throughput(server.baseUrl, durationMs));
      } finally {
        await stop(server.child);
      }
    }
  }

  const perSecond = (r: number) => `${Math.round(r).toLocaleString('en-US')}/s`;
  const [oursStartup, oursRate] = [median(ours.startup), median(ours.rate)];
  const result: Row[] = [
    {
      name: rows.startup,
      ours: ms(oursStartup),
      other: PRISM.missing ?? `Prism 5.14.2: ${ms(median(prism.startup))}`,
      ratio: '',
      target: '≤ 0.10×',
      met: undefined,
    },
    {
      name: rows.rate,
      ours: perSecond(oursRate),
      other: PRISM.missing ?? `Prism 5.14.2: ${perSecond(median(prism.rate))}`,
      ratio: '',
      target: '≥ 10×',
      met: undefined,
    },
  ];
  if (!PRISM.missing) {
    const startupRatio = oursStartup / median(prism.startup);
    const rateRatio = oursRate / median(prism.rate);
    Object.assign(result[0]!, { ratio: times(startupRatio), met: startupRatio <= 0.1 });
    Object.assign(result[1]!, { ratio: times(rateRatio), met: rateRatio >= 10 });
  }
  const list = (xs: number[], f: (x: number) => string) => xs.map(f).join(', ');
  const notes = sides.map(
    (s) => `${s.name}: start-up ${list(s.startup, ms)}; ${list(s.rate, perSecond)} (${CONCURRENCY} in flight, ${durationMs / 1000} s each)`,
  );
  return { title: 'Mock server vs Prism (generated/openapi.json, static examples)', rows: result, notes };
}
