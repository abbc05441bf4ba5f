/**
 * Fault soak of the shipped client (generated/dist), not part of the test suite: `npm run soak`.
 *   --requests N (10000)  --concurrency N (200)  --soak-only  --overhead-only
 * Phase 1 drives the client against a forked fault server (429, 503, resets, stalls) and checks
 * that every call settles, with an HTTP answer or a typed error, that no POST/PATCH is processed
 * twice, and that server arrivals stay within the documented rate limit.
 * Phase 2 compares the latency of raw fetch and of the client against a healthy forked server.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createPartnerClient, PartnerClientError, RateLimiter, TransportError } from '../generated/dist/index.js';

const SERVER = fileURLToPath(new URL('./soak/server.mjs', import.meta.url));
const WATCHDOG_MS = 30_000; // a call still pending this long frees its worker slot (and counts as lost if it never settles)
const OVERHEAD_N = 2000;
const BLOCK = 100;

const { values: args } = parseArgs({
  options: {
    requests: { type: 'string', default: '10000' },
    concurrency: { type: 'string', default: '200' },
    'soak-only': { type: 'boolean', default: false },
    'overhead-only': { type: 'boolean', default: false },
  },
});
const positiveInt = (name: string, value: string): number => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) {
    console.error(`--${name} must be a positive integer, got ${value}`);
    process.exit(2);
  }
  return n;
};
const REQUESTS = positiveInt('requests', args.requests);
const CONCURRENCY = positiveInt('concurrency', args.concurrency);
if (args['soak-only'] && args['overhead-only']) {
  console.error('--soak-only and --overhead-only exclude each other');
  process.exit(2);
}

// ---------------------------------------------------------------- forked servers

interface ServerRecord {
  processed: number;
  arrivals: number[];
}
interface RecordsMessage {
  type: 'records';
  records: [string, ServerRecord][];
  decisions: Record<string, number>;
}
interface ChildServer {
  url: string;
  records(): Promise<RecordsMessage>;
  stop(): Promise<void>;
}

function nextMessage<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMessage = (msg: { type?: string }) => {
      if (msg?.type !== type) return;
      cleanup();
      resolve(msg as T);
    };
    const onExit = (code: number | null) => {
      cleanup();
      reject(new Error(`soak server exited (${code}) before sending '${type}'`));
    };
    const cleanup = () => {
      child.off('message', onMessage);
      child.off('exit', onExit);
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
  });
}

async function startServer(mode: 'fault' | 'healthy'): Promise<ChildServer> {
  const child = fork(SERVER, [mode], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: [] });
  const { port } = await nextMessage<{ port: number }>(child, 'listening');
  return {
    url: `http://127.0.0.1:${port}`,
    records: () => {
      const reply = nextMessage<RecordsMessage>(child, 'records');
      child.send({ type: 'records' });
      return reply;
    },
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.send({ type: 'stop' });
      const timer = setTimeout(() => child.kill(), 3000);
      await exited;
      clearTimeout(timer);
    },
  };
}

// ---------------------------------------------------------------- helpers

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Most timestamps in any window [t, t + 1000) with t an arrival at or after `from`. */
function maxPerSecond(sorted: number[], from = -Infinity): number {
  let max = 0;
  for (let i = 0, j = 0; i < sorted.length; i++) {
    if (j < i) j = i;
    while (j < sorted.length && sorted[j]! - sorted[i]! < 1000) j++;
    if (sorted[i]! >= from) max = Math.max(max, j - i);
  }
  return max;
}

const countInto = (map: Map<string, number>, key: string) => map.set(key, (map.get(key) ?? 0) + 1);
const fmtCounts = (map: Map<string, number>) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${k} ${n}`)
    .join(', ') || '-';

function printTable(title: string, rows: [string, string | number][]): void {
  const width = Math.max(...rows.map(([k]) => k.length));
  console.log(`\n${title}`);
  for (const [k, v] of rows) console.log(`  ${k.padEnd(width)}  ${v}`);
}

// ---------------------------------------------------------------- phase 1: fault soak

type Kind = 'GET /v1/skills' | 'GET /v1/topics' | 'POST /v1/webhooks' | 'PATCH /v1/projects/{projectId}/publish';

interface Call {
  id: string;
  kind: Kind;
  settled: boolean;
}

async function soak(): Promise<boolean> {
  const server = await startServer('fault');
  let attempts = 0;
  let retries = 0;
  const api = createPartnerClient({
    baseUrl: server.url,
    apiKey: `soak-key-${randomUUID()}`,
    apiSecret: `soak-secret-${randomUUID()}`,
    environment: 'production',
    timeoutMs: 1000,
    retryBaseDelayMs: 20,
    maxRetryDelayMs: 2000,
    hooks: { onRequest: () => attempts++, onRetry: () => retries++ },
  });

  const runId = randomUUID().slice(0, 8);
  const calls: Call[] = [];
  const statuses = new Map<string, number>();
  const failures = new Map<string, number>();
  const transportCodes = new Map<string, number>();
  const untyped: unknown[] = [];
  let completed = 0;

  const send = (kind: Kind, id: string) => {
    const headers = { 'x-soak-id': id };
    switch (kind) {
      case 'GET /v1/skills':
        return api.GET('/v1/skills', { headers });
      case 'GET /v1/topics':
        return api.GET('/v1/topics', { headers });
      case 'POST /v1/webhooks':
        return api.POST('/v1/webhooks', { headers, body: { url: 'https://example.test/hook', events: ['PROJECT.PUBLISHED'] } });
      case 'PATCH /v1/projects/{projectId}/publish':
        return api.PATCH('/v1/projects/{projectId}/publish', { headers, params: { path: { projectId: `p-${id}` } } });
    }
  };

  const run = (i: number): Promise<void> => {
    const r = Math.random();
    const kind: Kind = r < 0.3 ? 'GET /v1/skills' : r < 0.6 ? 'GET /v1/topics' : r < 0.8 ? 'POST /v1/webhooks' : 'PATCH /v1/projects/{projectId}/publish';
    const call: Call = { id: `${runId}-${i}`, kind, settled: false };
    calls.push(call);
    return send(kind, call.id).then(
      ({ response }) => {
        call.settled = true;
        completed++;
        countInto(statuses, String(response.status));
      },
      (error: unknown) => {
        call.settled = true;
        if (error instanceof PartnerClientError) {
          countInto(failures, error.constructor.name);
          if (error instanceof TransportError) countInto(transportCodes, error.code ?? '(none)');
        } else {
          untyped.push(error);
          countInto(failures, `untyped ${(error as Error)?.name ?? typeof error}`);
        }
      },
    );
  };

  let next = 0;
  const worker = async () => {
    while (next < REQUESTS) {
      const call = run(next++);
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([call, new Promise<void>((resolve) => (timer = setTimeout(resolve, WATCHDOG_MS)))]);
      clearTimeout(timer);
    }
  };

  // When the burst is used up: from then on the limiter queues callers and the rate governs.
  let firstQueuedAt: number | undefined;
  const sampler = setInterval(() => {
    if (firstQueuedAt === undefined && (api.rateLimiter?.waiting ?? 0) > 0) firstQueuedAt = performance.timeOrigin + performance.now();
  }, 20);
  const started = performance.now();
  const progress = setInterval(() => {
    const settled = calls.filter((c) => c.settled).length;
    process.stderr.write(`  ${((performance.now() - started) / 1000).toFixed(0)} s: ${settled}/${REQUESTS} settled\n`);
  }, 10_000);
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, REQUESTS) }, worker));
  // Calls the watchdog gave up on get one more grace period.
  for (const deadline = performance.now() + WATCHDOG_MS; calls.some((c) => !c.settled) && performance.now() < deadline; ) await sleep(100);
  const elapsedMs = performance.now() - started;
  clearInterval(progress);
  clearInterval(sampler);

  const { records, decisions } = await server.records();
  await server.stop();

  const byId = new Map(records);
  const lost = calls.filter((c) => !c.settled);
  const nonIdempotent = calls.filter((c) => !c.kind.startsWith('GET'));
  const duplicated = nonIdempotent.filter((c) => (byId.get(c.id)?.processed ?? 0) > 1);
  const getsReprocessed = calls.filter((c) => c.kind.startsWith('GET') && (byId.get(c.id)?.processed ?? 0) > 1).length;
  const known = new Set(calls.map((c) => c.id));
  const strangers = records.filter(([id]) => !known.has(id)).length;
  const arrivals = records.flatMap(([, r]) => r.arrivals).sort((a, b) => a - b);
  const first = arrivals[0] ?? 0;
  const maxWindow = maxPerSecond(arrivals);
  const steadyWindow = maxPerSecond(arrivals, first + 2000);
  const queuedWindow = firstQueuedAt === undefined ? undefined : maxPerSecond(arrivals, firstQueuedAt);
  const failed = [...failures.values()].reduce((a, b) => a + b, 0);
  const kinds = new Map<string, number>();
  for (const c of calls) countInto(kinds, c.kind);
  const transport = transportCodes.size ? ` (TransportError codes: ${fmtCounts(transportCodes)})` : '';

  printTable(`Fault soak: ${REQUESTS} requests, concurrency ${CONCURRENCY}, production limits (250/s, burst 500)`, [
    ['requests sent (client calls)', `${calls.length}  (${fmtCounts(kinds)})`],
    ['completed (HTTP answer)', `${completed}  (status ${fmtCounts(statuses)})`],
    ['failed (typed error)', `${failed - untyped.length}  (${fmtCounts(failures)})${transport}`],
    ['untyped errors', `${untyped.length}${untyped.length ? '  <-- must be 0' : ''}`],
    ['lost (never settled)', `${lost.length}${lost.length ? '  <-- must be 0' : ''}`],
    ['duplicated POST/PATCH (processed > 1)', `${duplicated.length} of ${nonIdempotent.length}${duplicated.length ? '  <-- must be 0' : ''}`],
    ['GETs processed more than once (allowed)', getsReprocessed],
    ['attempts sent by the client (onRequest)', `${attempts}  (usage().requests ${api.usage()?.requests})`],
    ['attempts seen by the server', `${arrivals.length}${strangers ? `  (${strangers} unknown ids)` : ''}`],
    ['retries (onRetry)', retries],
    [
      'server decisions',
      Object.entries(decisions)
        .filter(([, n]) => n > 0)
        .map(([k, n]) => `${k} ${n}`)
        .join(', '),
    ],
    ['max arrivals in any 1 s window', `${maxWindow}  (limit rate + burst = 750)${maxWindow > 750 ? '  <-- over' : ''}`],
    ['max arrivals per 1 s after first 2 s', `${steadyWindow}  (rate = 250)`],
    [
      'burst used up (limiter first queued)',
      queuedWindow === undefined ? 'never' : `at ${((firstQueuedAt! - first) / 1000).toFixed(1)} s; max arrivals per 1 s after that ${queuedWindow}`,
    ],
    ['elapsed', `${(elapsedMs / 1000).toFixed(1)} s`],
  ]);
  for (const error of untyped.slice(0, 5)) console.log('  untyped:', error);
  for (const c of duplicated.slice(0, 5)) console.log(`  duplicated: ${c.kind} ${c.id} processed ${byId.get(c.id)!.processed} times`);
  for (const c of lost.slice(0, 5)) console.log(`  lost: ${c.kind} ${c.id}`);
  return lost.length === 0 && duplicated.length === 0 && untyped.length === 0;
}

// ---------------------------------------------------------------- phase 2: overhead

async function overhead(): Promise<boolean> {
  const server = await startServer('healthy');
  const apiKey = `bench-key-${randomUUID()}`;
  const apiSecret = `bench-secret-${randomUUID()}`;
  const api = createPartnerClient({
    baseUrl: server.url,
    apiKey,
    apiSecret,
    environment: 'production',
    rateLimit: new RateLimiter({ requestsPerSecond: 1e6, burst: 1e6 }),
  });
  const url = `${server.url}/v1/skills`;
  const raw = async () => {
    const res = await fetch(url, { headers: { 'x-api-key': apiKey, 'x-api-secret': apiSecret } });
    await res.json();
    if (!res.ok) throw new Error(`raw fetch: ${res.status}`);
  };
  const client = async () => {
    const { response } = await api.GET('/v1/skills');
    if (!response.ok) throw new Error(`client: ${response.status}`);
  };
  const time = async (fn: () => Promise<void>, into: number[] | undefined, n: number) => {
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fn();
      into?.push(performance.now() - t);
    }
  };

  await time(raw, undefined, 200); // warm-up: connections, JIT
  await time(client, undefined, 200);
  const rawMs: number[] = [];
  const clientMs: number[] = [];
  for (let done = 0; done < OVERHEAD_N; done += BLOCK) {
    const n = Math.min(BLOCK, OVERHEAD_N - done);
    await time(raw, rawMs, n);
    await time(client, clientMs, n);
  }
  await server.stop();

  rawMs.sort((a, b) => a - b);
  clientMs.sort((a, b) => a - b);
  const ms = (x: number) => `${x.toFixed(3)} ms`;
  const [r50, r99, c50, c99] = [percentile(rawMs, 50), percentile(rawMs, 99), percentile(clientMs, 50), percentile(clientMs, 99)];
  printTable(`Overhead: ${OVERHEAD_N} sequential GET /v1/skills each, alternating blocks of ${BLOCK}, healthy loopback server`, [
    ['raw fetch       p50 / p99', `${ms(r50)} / ${ms(r99)}`],
    ['client          p50 / p99', `${ms(c50)} / ${ms(c99)}`],
    ['client / raw    p50 / p99', `${(c50 / r50).toFixed(2)}x / ${(c99 / r99).toFixed(2)}x`],
  ]);
  return true;
}

let ok = true;
if (!args['overhead-only']) ok = (await soak()) && ok;
if (!args['soak-only']) ok = (await overhead()) && ok;
process.exit(ok ? 0 : 1);
