/** A real HTTP server on 127.0.0.1 for client tests: each test installs its own handler. */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface Seen {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Handler = (req: IncomingMessage & { body: string }, res: ServerResponse, seen: Seen[]) => void | Promise<void>;

export interface TestServer {
  url: string;
  seen: Seen[];
  handle(handler: Handler): void;
  close(): Promise<void>;
}

export async function startServer(): Promise<TestServer> {
  const seen: Seen[] = [];
  const sockets = new Set<Socket>();
  let handler: Handler = (_req, res) => {
    res.writeHead(500).end();
  };
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    seen.push({ method: req.method!, url: req.url!, headers: req.headers, body, at: performance.now() });
    await handler(Object.assign(req, { body }), res, seen);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle(h) {
      handler = h;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export const json = (res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) => {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(body));
};

/** A port with nothing listening (bound, then released). */
export async function closedPort(): Promise<number> {
  const s = http.createServer();
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  const { port } = s.address() as AddressInfo;
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}
