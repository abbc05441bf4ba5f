/**
 * The runtime sends calls itself (no `Request` per call): what openapi-fetch defines must still
 * hold, against a real node:http server on 127.0.0.1. Middleware (`use`, `eject`, per call),
 * every `parseAs`, a per-call `fetch`, serializers, `request()`, and FormData bodies.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, TimeoutError, type PartnerClientOptions } from '../../generated/dist/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = (extra: Partial<PartnerClientOptions> = {}) =>
  createPartnerClient({ baseUrl: server.url, apiKey: `key-${randomUUID()}`, apiSecret: `secret-${randomUUID()}`, environment: 'staging', rateLimit: false, retryBaseDelayMs: 1, ...extra });

const listing = { page: 1, pageSize: 50, totalResults: 0, results: [] };

describe('middleware', () => {
  it('onRequest sees the request with its credentials and may replace it; onResponse reads and replaces the answer; eject removes it', async () => {
    server.handle((req, res) => json(res, 200, { ...listing, page: Number(new URL(req.url!, server.url).searchParams.get('page')) }));
    const api = client({ apiKey: 'mw-key' });
    const seen: string[] = [];
    const middleware: Middleware = {
      onRequest({ request, schemaPath }) {
        seen.push(`${request.method} ${schemaPath} ${request.headers.get('x-api-key')}`);
        const headers = new Headers(request.headers);
        headers.set('x-trace', 'abc');
        return new Request(request, { headers });
      },
      async onResponse({ response }) {
        const body = await response.clone().json();
        seen.push(`read page ${body.page}`);
        return new Response(JSON.stringify({ ...body, page: 99 }), { status: response.status, headers: response.headers });
      },
    };
    api.use(middleware);
    const { data } = await api.GET('/v1/skills', { params: { query: { page: 3 } } });
    expect(data?.page).toBe(99);
    expect(seen).toEqual(['GET /v1/skills mw-key', 'read page 3']);
    expect(server.seen[0]!.headers['x-trace']).toBe('abc');
    expect(server.seen[0]!.headers['x-api-key']).toBe('mw-key');

    api.eject(middleware);
    const again = await api.GET('/v1/skills', { params: { query: { page: 3 } } });
    expect(again.data?.page).toBe(3);
    expect(server.seen[1]!.headers['x-trace']).toBeUndefined();
  });

  it("middleware's Request carries the call's other RequestInit options, and none of openapi-fetch's", async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const seen: Request[] = [];
    const spy: Middleware = { onRequest: ({ request }) => void seen.push(request) };
    await client().GET('/v1/skills', { middleware: [spy], cache: 'no-store', keepalive: true, params: { query: { page: 2 } } } as never);
    expect(seen[0]!.cache).toBe('no-store');
    expect(seen[0]!.keepalive).toBe(true);
    expect(seen[0]!.url).toBe(`${server.url}/v1/skills?page=2`);
  });

  it('a per-call middleware that answers itself sends nothing; onError turns a failure into an answer', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const api = client();
    const answer: Middleware = { onRequest: () => new Response(JSON.stringify({ ...listing, page: 7 }), { status: 200 }) };
    expect((await api.GET('/v1/skills', { middleware: [answer] } as never)).data).toMatchObject({ page: 7 });
    expect(server.seen).toHaveLength(0);

    const rescue: Middleware = { onError: ({ error }) => new Response(JSON.stringify({ ...listing, page: error instanceof TimeoutError ? 8 : 0 }), { status: 200 }) };
    server.handle(() => {}); // never answers
    const { data } = await api.GET('/v1/skills', { middleware: [rescue], timeoutMs: 50 } as never);
    expect(data).toMatchObject({ page: 8 });
  });
});

describe('parseAs', () => {
  const body = JSON.stringify(listing);
  it.each([
    ['text', async (data: unknown) => data],
    ['arrayBuffer', async (data: unknown) => new TextDecoder().decode(data as ArrayBuffer)],
    ['blob', async (data: unknown) => (data as Blob).text()],
    ['stream', async (data: unknown) => new Response(data as ReadableStream).text()],
  ] as const)('%s gives the whole body', async (parseAs, read) => {
    server.handle((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(body));
    const { data, response } = await client().GET('/v1/skills', { parseAs } as never);
    expect(response.status).toBe(200);
    expect(await read(data)).toBe(body);
  });

  it('arrayBuffer is exactly the body, sent in one chunk or in many', async () => {
    const big = JSON.stringify({ ...listing, results: Array.from({ length: 2000 }, (_, i) => ({ id: `s${i}` })) });
    for (const [text, pieces] of [[body, 1], [big, 7]] as const) {
      server.handle((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        const size = Math.ceil(text.length / pieces);
        let at = 0;
        const next = () => (at >= text.length ? res.end() : (res.write(text.slice(at, (at += size))), setTimeout(next, 5)));
        next();
      });
      const { data } = await client().GET('/v1/skills', { parseAs: 'arrayBuffer' } as never);
      const bytes = data as unknown as ArrayBuffer;
      expect(bytes.byteLength).toBe(Buffer.byteLength(text));
      expect(new TextDecoder().decode(bytes)).toBe(text);
    }
  });

  it('stream: the timeout still covers the body (it is read before the call returns)', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"page":');
    });
    await expect(client({ timeoutMs: 100 }).GET('/v1/skills', { parseAs: 'stream' } as never)).rejects.toBeInstanceOf(TimeoutError);
  });
});

describe('init options', () => {
  it('a per-call fetch goes through the runtime: credentials, retries', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const urls: string[] = [];
    let failures = 1;
    const fetch: typeof globalThis.fetch = (input, init) => {
      urls.push(String(input));
      if (failures-- > 0) return Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } }));
      return globalThis.fetch(input, init);
    };
    const { data } = await client({ apiKey: 'per-call' }).GET('/v1/skills', { fetch } as never);
    expect(data).toEqual(listing);
    expect(urls).toHaveLength(2);
    expect(server.seen[0]!.headers['x-api-key']).toBe('per-call');
  });

  it('request() upper-cases the method; a per-call querySerializer and baseUrl apply', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const api = client();
    await (api.request as any)('get', '/v1/skills', { params: { query: { query: 'abc', page: 2 } }, querySerializer: () => 'raw=1', baseUrl: `${server.url}/prefix/` });
    expect(server.seen[0]!.method).toBe('GET');
    expect(server.seen[0]!.url).toBe('/prefix/v1/skills?raw=1');
  });

  it('a FormData body is sent with its multipart boundary, the same bytes on every attempt', async () => {
    let attempts = 0;
    server.handle((_req, res) => (attempts++ === 0 ? json(res, 503, {}) : json(res, 200, {})));
    const form = new FormData();
    form.set('name', 'x'.repeat(10));
    await (client().PUT as any)('/v1/skills/{id}', { params: { path: { id: 's1' } }, body: {}, bodySerializer: () => form, validate: false });
    expect(server.seen).toHaveLength(2);
    const type = String(server.seen[0]!.headers['content-type']);
    expect(type).toMatch(/^multipart\/form-data; boundary=/);
    expect(server.seen[1]!.headers['content-type']).toBe(type);
    expect(server.seen[1]!.body).toBe(server.seen[0]!.body);
    expect(server.seen[0]!.body).toContain('x'.repeat(10));
  });
});
