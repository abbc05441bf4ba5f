/**
 * Issue #29 item 17: a call, and `paginate` over a page, whose body is cut mid-stream (the server closes the
 * connection part-way through it) ends with the `TransportError` every other network failure
 * gives, after the items of the pages before it, never a bare `TypeError('terminated')`. Both
 * ways a body reaches openapi-fetch: unread with its `Content-Length`, and read by the transport
 * (chunked). A real HTTP server on 127.0.0.1 cuts the second page.
 */
import type { ServerResponse } from 'node:http';
import { inspect } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import { TransportError } from '../../../templates/client/errors.js';
import { startServer, type TestServer } from './server.js';

const KEY = 'THE-KEY-0123456789';
const SECRET = 'THE-SECRET-9876543210';
const keyPair = [['apiKey', 'apiSecret']] as const;
const op = (operationId: string, path: string): OperationInfo => ({
  operationId,
  method: 'GET',
  path,
  paginated: true,
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
  operations: [op('listThings', '/list')],
  validators: {},
};
const client = (baseUrl: string, extra: Partial<RuntimeClientOptions<string>> = {}): any =>
  createRuntimeClient<any, string>(
    { baseUrl, apiKey: KEY, apiSecret: SECRET, environment: 'test', rateLimit: false, retryBaseDelayMs: 1, ...extra } as RuntimeClientOptions<string>,
    facts,
  );

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

/** Page `page` of a list of 2 + 2 + 1 items. */
const pageBody = (page: number): string =>
  JSON.stringify({ page, pageSize: 2, results: Array.from({ length: page < 3 ? 2 : 1 }, (_, i) => ({ id: `item-${(page - 1) * 2 + i}` })) });

/** Writes a third of the body, then closes the connection. */
function cut(res: ServerResponse, body: string, framing: 'content-length' | 'chunked'): void {
  res.writeHead(200, { 'content-type': 'application/json', ...(framing === 'content-length' && { 'content-length': String(Buffer.byteLength(body)) }) });
  res.write(body.slice(0, Math.floor(body.length / 3)));
  setTimeout(() => res.socket?.destroy(), 20);
}

describe('paginate over a page cut mid-stream', () => {
  it.each(['content-length', 'chunked'] as const)(
    'a body framed by %s: the first page’s items, then TransportError naming the page asked for, credentials redacted',
    async (framing) => {
      server.handle((req, res) => {
        const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
        const body = pageBody(page);
        if (page === 2) cut(res, body, framing);
        else res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(body)) }).end(body);
      });
      const items: string[] = [];
      let error: unknown;
      try {
        for await (const item of client(server.url).paginate('/list', { params: { query: { pageSize: 2 } } })) items.push((item as { id: string }).id);
      } catch (err) {
        error = err;
      }
      expect(items).toEqual(['item-0', 'item-1']);
      expect(error).toBeInstanceOf(TransportError);
      const transport = error as TransportError;
      expect(transport.code).toBe('UND_ERR_SOCKET');
      expect(transport.request?.method).toBe('GET');
      // The request as sent, its query credential redacted, as every TransportError names it.
      expect(transport.request?.url).toBe(`${server.url}/list?pageSize=2&page=2&api_secret=[redacted]`);
      expect(transport.message).toBe(`GET ${server.url}/list?pageSize=2&page=2&api_secret=[redacted] failed: the answer's body was cut (UND_ERR_SOCKET)`);
      expect(transport.cause).toMatchObject({ name: 'TypeError', message: 'terminated' });
      for (const shown of [transport.message, JSON.stringify(transport), inspect(transport, { depth: 10 })]) {
        expect(shown).not.toContain(KEY);
        expect(shown).not.toContain(SECRET);
      }
    },
  );

  it('leaves other errors of a page as they were: a caller’s abort rejects with its reason', async () => {
    server.handle((req, res) => {
      const page = Number(new URL(req.url!, 'http://x').searchParams.get('page'));
      if (page === 2) cut(res, pageBody(page), 'content-length');
      else res.writeHead(200, { 'content-type': 'application/json' }).end(pageBody(page));
    });
    const controller = new AbortController();
    const reason = new Error('the caller gave up');
    const pages = client(server.url).paginate('/list', { params: { query: { pageSize: 2 } }, signal: controller.signal });
    await pages.next();
    await pages.next();
    const third = pages.next();
    controller.abort(reason);
    await expect(third).rejects.toBe(reason);
  });
});

describe('a call whose answer the network cuts mid-stream', () => {
  it.each(['content-length', 'chunked'] as const)(
    'a body framed by %s: TransportError with the cause’s code and how many attempts it took, credentials redacted, not retried',
    async (framing) => {
      let requests = 0;
      server.handle((_req, res) => {
        requests++;
        // The first attempt gets a 503 (retried), the second a body cut part-way.
        if (requests === 1) res.writeHead(503).end();
        else cut(res, pageBody(1), framing);
      });
      const error = await client(server.url)
        .GET('/list', { params: { query: { pageSize: 2 } } })
        .then(
          () => undefined,
          (err: unknown) => err,
        );
      expect(error).toBeInstanceOf(TransportError);
      const transport = error as TransportError;
      expect(transport).toMatchObject({ code: 'UND_ERR_SOCKET', attempts: 2 });
      expect(transport.message).toBe(`GET ${server.url}/list?pageSize=2&api_secret=[redacted] failed: the answer's body was cut (UND_ERR_SOCKET)`);
      expect(requests).toBe(2);
      for (const shown of [transport.message, JSON.stringify(transport), inspect(transport, { depth: 10 })]) {
        expect(shown).not.toContain(KEY);
        expect(shown).not.toContain(SECRET);
      }
    },
  );
});
