// Soak server, run as a forked child: `fault` mode injects failures, `healthy` answers 200 always.
// IPC: sends { type: 'listening', port }; answers { type: 'records' } and { type: 'stop' }.
import http from 'node:http';

const mode = process.argv[2] === 'healthy' ? 'healthy' : 'fault';
/** id -> { processed, arrivals (epoch ms) } */
const records = new Map();
const decisions = { ok: 0, status429: 0, status503: 0, resetBefore: 0, resetAfter: 0, stall: 0, noId: 0 };
const now = () => performance.timeOrigin + performance.now();

function record(id) {
  let r = records.get(id);
  if (!r) records.set(id, (r = { processed: 0, arrivals: [] }));
  return r;
}

function json(res, status, body, headers = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), ...headers }).end(text);
}

const okBody = (url) => (url.startsWith('/v1/skills') ? { page: 1, pageSize: 50, results: [] } : { ok: true });

const server = http.createServer((req, res) => {
  if (mode === 'healthy') {
    req.resume();
    req.on('end', () => json(res, 200, okBody(req.url)));
    return;
  }
  const id = req.headers['x-soak-id'];
  const rec = typeof id === 'string' ? record(id) : (decisions.noId++, record('(none)'));
  rec.arrivals.push(now());
  const r = Math.random();
  if (r >= 0.1 && r < 0.115) {
    decisions.resetBefore++;
    req.socket.destroy(); // before processing: the body may not even be read
    return;
  }
  req.resume();
  req.on('end', () => {
    if (r < 0.05) {
      decisions.status429++;
      json(res, 429, { message: 'slow down' }, { 'retry-after': Math.random() < 0.5 ? '0' : '1' });
    } else if (r < 0.1) {
      decisions.status503++;
      json(res, 503, { message: 'unavailable' });
    } else if (r < 0.13) {
      decisions.resetAfter++;
      rec.processed++;
      req.socket.destroy();
    } else if (r < 0.15) {
      decisions.stall++;
      rec.processed++; // processed, but the answer never comes
    } else {
      decisions.ok++;
      rec.processed++;
      json(res, 200, okBody(req.url));
    }
  });
});
server.keepAliveTimeout = 10_000;

process.on('message', (msg) => {
  if (msg?.type === 'records') process.send({ type: 'records', records: [...records], decisions });
  else if (msg?.type === 'stop') {
    server.closeAllConnections();
    server.close(() => process.exit(0));
  }
});
process.on('disconnect', () => process.exit(0)); // the parent is gone

server.listen(0, '127.0.0.1', () => process.send({ type: 'listening', port: server.address().port }));
