// Run with `node --expose-gc body-limit.mjs bomb|endless`: the shipped client (default
// maxResponseBytes) against a gzip bomb or an endless body from a server in this process. Prints
// one JSON line: the outcome and how far the process's peak memory rose above its size before the call.
import http from 'node:http';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { createPartnerClient } from '../../../generated/dist/index.js';

/** 200 MiB of zeros, gzipped by streaming (about 200 KiB), so building it costs no memory. */
async function gzipBomb() {
  const gzip = zlib.createGzip({ level: 9 });
  const chunks = [];
  gzip.on('data', (c) => chunks.push(c));
  const zeros = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < 200; i++) if (!gzip.write(zeros)) await once(gzip, 'drain');
  gzip.end();
  await once(gzip, 'end');
  return Buffer.concat(chunks);
}

const scenario = process.argv[2];
const bomb = scenario === 'bomb' ? await gzipBomb() : undefined;
const chunk = Buffer.alloc(64 * 1024, 0x20);
const server = http.createServer((_req, res) => {
  if (bomb) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip', 'content-length': bomb.length }).end(bomb);
    return;
  }
  // Endless: chunked, no Content-Length, as fast as the client reads.
  res.writeHead(200, { 'content-type': 'application/json' });
  const pump = () => {
    while (res.write(chunk));
  };
  res.on('drain', pump);
  res.on('close', () => res.off('drain', pump));
  pump();
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const api = createPartnerClient({
  baseUrl: `http://127.0.0.1:${server.address().port}`,
  apiKey: 'k',
  apiSecret: 's',
  environment: 'staging',
  rateLimit: false,
  maxRetries: 0,
});

async function measure(call) {
  globalThis.gc?.();
  const before = process.memoryUsage().rss;
  const started = performance.now();
  const error = await call().catch((e) => e);
  const peak = process.resourceUsage().maxRSS * 1024;
  return {
    name: error?.name,
    limitBytes: error?.limitBytes,
    ms: Math.round(performance.now() - started),
    peakGrowthMiB: Math.round((peak - before) / 2 ** 20),
  };
}

const out = await measure(() => api.GET('/v1/topics'));
process.stdout.write(`${JSON.stringify({ scenario, ...out })}\n`);
server.closeAllConnections();
server.close();
