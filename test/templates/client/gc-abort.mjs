// Run with `node --expose-gc`: abort and timeout against a stalled body while garbage
// collections run, using the shipped client. Prints one JSON line with the outcomes.
import http from 'node:http';
import { createPartnerClient, TimeoutError } from '../../../generated/dist/index.js';

const server = http.createServer((_req, res) => {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{"page": 1, "results": [');
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;
const gcWhile = () => {
  const timer = setInterval(() => globalThis.gc(), 10);
  return () => clearInterval(timer);
};
const api = createPartnerClient({ baseUrl, apiKey: 'k', apiSecret: 's', environment: 'staging', rateLimit: false, maxRetries: 0 });

const out = {};
let stop = gcWhile();
let started = performance.now();
const timedOut = await api.GET('/v1/skills', { timeoutMs: 300 }).catch((e) => e);
out.timeout = { isTimeoutError: timedOut instanceof TimeoutError, ms: Math.round(performance.now() - started) };
stop();

stop = gcWhile();
const controller = new AbortController();
const reason = new Error('caller gave up');
setTimeout(() => controller.abort(reason), 300);
started = performance.now();
const aborted = await api.GET('/v1/skills', { signal: controller.signal }).catch((e) => e);
out.abort = { isCallerReason: aborted === reason, ms: Math.round(performance.now() - started) };
stop();

server.closeAllConnections();
server.close();
console.log(JSON.stringify(out));
