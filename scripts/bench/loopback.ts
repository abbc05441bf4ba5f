/**
 * A loopback node:http server in the bench process answering the two operations the consumer
 * measurements call: `GET /v1/projects` (a page of one project) and `POST /v1/projects` (201, the
 * project). Any other request is a 404. Keep-alive, as a real API's connections are.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { b2bRemoteProject } from '../../test/spec/cases/fixtures.js';

export interface Loopback {
  baseUrl: string;
  /** Requests answered so far. */
  answered: () => number;
  close: () => Promise<void>;
}

export async function projectsServer(): Promise<Loopback> {
  const page = JSON.stringify({ page: 1, pageSize: 50, totalResults: 1, results: [b2bRemoteProject] });
  const created = JSON.stringify(b2bRemoteProject);
  let answered = 0;
  const server = http.createServer((req, res) => {
    req.resume().on('end', () => {
      answered++;
      const url = new URL(req.url ?? '/', 'http://localhost');
      const body = url.pathname !== '/v1/projects' ? undefined : req.method === 'GET' ? page : req.method === 'POST' ? created : undefined;
      if (body === undefined) return void res.writeHead(404).end();
      res.writeHead(req.method === 'POST' ? 201 : 200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    answered: () => answered,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
