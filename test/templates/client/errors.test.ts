/**
 * Issue #10 item 5, errors a consumer handles: `HttpError` from `paginate` carries the redacted
 * URL, the status, the redacted headers and the parsed `Retry-After`; `TransportError` keeps a
 * scrubbed copy of the underlying error as `cause`, with the system `code`. Real sockets on 127.0.0.1.
 */
import net from 'node:net';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import { HttpError, TransportError } from '../../../templates/client/errors.js';
import { closedPort, json, startServer, type TestServer } from './server.js';

const KEY = 'THE-KEY-0123456789';
const SECRET = 'THE-SECRET-9876543210';
const keyPair = [['apiKey', 'apiSecret']] as const;
const op = (operationId: string, method: string, path: string, paginated = false): OperationInfo => ({
  operationId,
  method,
  path,
  paginated,
  security: keyPair,
  parameters: [],
  success: { status: 200 },
});
const facts: SpecFacts<string> = {
  environments: { test: null },
  servers: { test: { url: '', variables: {} } },
  security: {
    schemes: {
      apiKey: { option: 'apiKey', type: 'apiKey', in: 'header', name: 'x-api-key' },
      apiSecret: { option: 'apiSecret', type: 'apiKey', in: 'query', name: 'api_secret' },
    },
    requirements: keyPair,
  },
  operations: [op('listThings', 'GET', '/list', true), op('getThing', 'GET', '/thing')],
  validators: {},
};
const client = (baseUrl: string, extra: Partial<RuntimeClientOptions<string>> = {}): any =>
  createRuntimeClient<any, string>(
    { baseUrl, apiKey: KEY, apiSecret: SECRET, environment: 'test', rateLimit: false, maxRetries: 0, ...extra } as RuntimeClientOptions<string>,
    facts,
  );
const fail = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

describe('HttpError from paginate', () => {
  it('carries the redacted URL, the status, the redacted headers and Retry-After in ms', async () => {
    server.handle((_req, res) => json(res, 429, { message: `slow down ${KEY}` }, { 'retry-after': '7', 'x-echo': KEY, 'set-cookie': 'session=abc' }));
    const error = (await fail(
      client(server.url)
        .paginate('/list', { params: { query: { q: 'a b' } } })
        .next(),
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.status).toBe(429);
    // The request as sent: its query credential and its header credential there, redacted.
    expect(error.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/list\?q=a%20b&page=1&api_secret=\[redacted\]$/);
    expect(error.request).toMatchObject({ method: 'GET', url: error.url, headers: { 'x-api-key': '[redacted]' } });
    expect(error.headers).toMatchObject({ 'retry-after': '7', 'x-echo': '[redacted]', 'set-cookie': '[redacted]', 'content-type': 'application/json' });
    expect(error.retryAfterMs).toBe(7000);
    expect(error.body).toEqual({ message: 'slow down [redacted]' });
    expect(inspect(error, { depth: 5 })).not.toMatch(/THE-KEY|THE-SECRET/);
  });

  it.each<[string, number | undefined, Record<string, string>]>([
    ['absent', undefined, {}],
    ['unreadable', undefined, { 'retry-after': 'soon' }],
    ['an HTTP date in the past', 0, { 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }],
  ])('Retry-After %s: retryAfterMs %s', async (_name, expected, headers) => {
    server.handle((_req, res) => json(res, 503, {}, headers));
    const error = (await fail(client(server.url).paginate('/list').next())) as HttpError;
    expect(error.status).toBe(503);
    expect(error.retryAfterMs).toBe(expected);
  });
});

/** A raw TCP server that reads the request and then ends the connection as `end` says. */
async function abruptServer(end: (socket: net.Socket) => void): Promise<{ url: string; close: () => Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const tcp = net.createServer((socket) => {
    sockets.add(socket);
    socket.once('data', () => end(socket));
  });
  await new Promise<void>((resolve) => tcp.listen(0, '127.0.0.1', resolve));
  const { port } = tcp.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        tcp.close(() => resolve());
      }),
  };
}

describe('TransportError keeps the cause', () => {
  it('connection refused: code ECONNREFUSED, the cause chain with errno and syscall', async () => {
    const error = (await fail(client(`http://127.0.0.1:${await closedPort()}`).GET('/thing'))) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.cause).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: { code: 'ECONNREFUSED', errno: expect.any(Number), syscall: 'connect', address: '127.0.0.1' },
    });
  });

  it('a connection reset by the server: code ECONNRESET with errno and syscall', async () => {
    const tcp = await abruptServer((socket) => socket.resetAndDestroy());
    try {
      const error = (await fail(client(tcp.url).GET('/thing'))) as TransportError;
      expect(error.code).toBe('ECONNRESET');
      expect(error.cause).toMatchObject({ message: 'fetch failed', cause: { code: 'ECONNRESET', errno: expect.any(Number), syscall: 'read' } });
    } finally {
      await tcp.close();
    }
  });

  it("a socket closed before the answer: undici's own code (UND_ERR_SOCKET)", async () => {
    const tcp = await abruptServer((socket) => socket.destroy());
    try {
      const error = (await fail(client(tcp.url).GET('/thing'))) as TransportError;
      expect(error.code).toBe('UND_ERR_SOCKET');
      expect(error.cause).toMatchObject({ message: 'fetch failed', cause: { name: 'SocketError', code: 'UND_ERR_SOCKET' } });
    } finally {
      await tcp.close();
    }
  });

  it('no credential leaks through the cause: strings scrubbed, other properties not copied', async () => {
    // A fetch whose error quotes the URL (query credential) and holds the request's headers.
    const leaky: typeof fetch = async (url, init) => {
      const system = Object.assign(new Error(`connect ECONNRESET ${String(url)}`), {
        code: 'ECONNRESET',
        errno: -104,
        syscall: 'connect',
        hostname: `${KEY}.example`,
        headers: init?.headers,
        request: { url },
      });
      throw new TypeError(`fetch failed for ${String(url)}`, { cause: system });
    };
    const error = (await fail(client(server.url, { fetch: leaky }).GET('/thing'))) as TransportError;
    expect(error.code).toBe('ECONNRESET');
    expect(error.cause).toMatchObject({ name: 'TypeError', cause: { code: 'ECONNRESET', errno: -104, syscall: 'connect', hostname: '[redacted].example' } });
    const cause = (error.cause as Error).cause as Record<string, unknown>;
    expect(cause).not.toHaveProperty('headers');
    expect(cause).not.toHaveProperty('request');
    expect(inspect(error, { depth: 10 })).not.toMatch(/THE-KEY|THE-SECRET/);
    expect(inspect(error, { depth: 10 })).toContain('api_secret=[redacted]');
  });
});
