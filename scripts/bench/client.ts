/**
 * Client overhead: sequential GET /v1/skills through `createPartnerClient` with the whole runtime
 * on (request and response validation, hooks, retries, timeouts, a rate limiter too big to
 * throttle) against raw `fetch` + `json()` with the same headers, both to a loopback node:http
 * server in a child process (issue #12's target). Issue #28's target compares the client with the
 * package's defaults against openapi-fetch alone (`createClient` with the same headers): the
 * defaults but one, the rate limiter, given as one too big to throttle (the default shares the
 * environment's documented 250 requests/s, which a benchmark faster than that would wait for). All
 * four sides run in the same blocks: after a warm-up, blocks of 20 rotate, each side leading in
 * turn, so a burst of load elsewhere on the machine falls on every side alike; every request is
 * timed and the medians compared.
 */
import { spawn } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import createClient from 'openapi-fetch';
import { skill } from '../../test/spec/cases/fixtures.js';
import { childEnv, median, ROOT, times, tsxArgs, type Measurement, type Options } from './shared.js';

const SELF = fileURLToPath(import.meta.url);
const BLOCK = 20;
const WARM_UP = 200;
const listing = { page: 1, pageSize: 50, totalResults: 2, results: [skill, { ...skill, id: `${skill.id}0`, name: 'Figma plugins', slug: 'figma-plugins' }] };

/** Child: the server. Prints its port, stops when stdin closes. */
async function serve(): Promise<void> {
  const body = JSON.stringify(listing);
  const server = http.createServer((req, res) => {
    if (!req.headers['x-api-key'] || !req.headers['x-api-secret']) return void res.writeHead(401).end();
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
  process.stdin.resume().on('end', () => process.exit(0));
}

const us = (t: number) => `${(t * 1000).toFixed(0)} µs`;

export async function benchClient(options: Options): Promise<Measurement> {
  const server = spawn(process.execPath, tsxArgs(SELF, '--child'), { cwd: ROOT, env: childEnv, stdio: ['pipe', 'pipe', 'inherit'] });
  try {
    const port = await new Promise<number>((resolve, reject) => {
      server.stdout.once('data', (d: Buffer) => resolve(Number(String(d).trim())));
      server.once('exit', (code) => reject(new Error(`server exited (${code})`)));
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    const { createPartnerClient, RateLimiter } = (await import(
      pathToFileURL(path.join(ROOT, 'generated', 'dist', 'index.js')).href
    )) as typeof import('../../generated/dist/index.js');
    let events = 0;
    const api = createPartnerClient({
      baseUrl,
      apiKey: 'bench-key',
      apiSecret: 'bench-secret',
      environment: 'production',
      rateLimit: new RateLimiter({ requestsPerSecond: 1e6, burst: 1e6 }),
      validateRequests: true,
      validateResponses: 'throw',
      hooks: { onRequest: () => void events++, onResponse: () => void events++ },
    });
    const headers = { 'x-api-key': 'bench-key', 'x-api-secret': 'bench-secret' };
    const url = `${baseUrl}/v1/skills?query=fig&page=1`;
    const query = { query: 'fig', page: 1 };
    const defaults = createPartnerClient({
      baseUrl,
      apiKey: 'bench-key',
      apiSecret: 'bench-secret',
      environment: 'production',
      rateLimit: new RateLimiter({ requestsPerSecond: 1e6, burst: 1e6 }),
    });
    const bare = createClient<import('../../generated/dist/types.js').paths>({ baseUrl, headers });
    // Measured side by side: the target compares `client` with `fetch`; the other two show where the time goes.
    const sides: Record<string, () => Promise<unknown>> = {
      fetch: async () => {
        const res = await fetch(url, { headers });
        if (!res.ok) throw new Error(`fetch: ${res.status}`);
        return res.json();
      },
      client: async () => {
        const { data, response } = await api.GET('/v1/skills', { params: { query } });
        if (!data) throw new Error(`client: ${response.status}`);
        return data;
      },
      'client, defaults': async () => (await defaults.GET('/v1/skills', { params: { query } })).data!,
      'openapi-fetch alone': async () => (await bare.GET('/v1/skills', { params: { query } })).data!,
    };
    const names = Object.keys(sides);
    const samples: Record<string, number[]> = Object.fromEntries(names.map((n) => [n, []]));
    const block = async (side: string, keep: boolean, size = BLOCK) => {
      for (let i = 0; i < size; i++) {
        const started = performance.now();
        await sides[side]!();
        if (keep) samples[side]!.push(performance.now() - started);
      }
    };
    for (const side of names) await block(side, false, WARM_UP);
    const blocks = Math.max(1, Math.ceil(options.requests / BLOCK));
    for (let b = 0; b < blocks; b++) {
      for (let k = 0; k < names.length; k++) await block(names[(b + k) % names.length]!, true); // each side leads in turn
    }
    if (events !== 2 * (WARM_UP + BLOCK * blocks)) throw new Error(`hooks saw ${events} events`);
    const m = Object.fromEntries(names.map((n) => [n, median(samples[n]!)]));
    const [c, f] = [m.client!, m.fetch!];
    const [d, o] = [m['client, defaults']!, m['openapi-fetch alone']!];
    return {
      title: `Client overhead (${samples.client!.length} sequential requests per side, loopback server in a child process, median per request)`,
      rows: [
        {
          name: 'client: createPartnerClient vs fetch, per request',
          ours: us(c),
          other: `raw fetch + json() ${us(f)}`,
          ratio: times(c / f),
          target: '≤ 1.15×',
          met: c / f <= 1.15,
        },
        {
          name: 'client: defaults vs openapi-fetch alone, per request',
          ours: us(d),
          other: `openapi-fetch alone ${us(o)}`,
          ratio: times(d / o),
          target: '≤ 1.10×',
          met: d / o <= 1.1,
        },
      ],
      notes: [
        `overhead per request: ${us(c - f)} (median client minus median fetch); defaults over openapi-fetch alone: ${us(d - o)}`,
        `same blocks: ${names.map((n) => `${n} ${us(m[n]!)} (${times(m[n]! / f)})`).join('; ')}`,
        `"client": request and response validation, hooks, retries, timeouts, rate limiter; "client, defaults": the package's defaults (request validation on, response validation off, no hooks) but a rate limiter too big to throttle`,
      ],
    };
  } finally {
    server.stdin.end();
  }
}

if (process.argv[1] === SELF && process.argv[2] === '--child') await serve();
