/**
 * The client is openapi-fetch's own, with the runtime as the `fetch` it calls: what openapi-fetch
 * defines must hold, against a real node:http server on 127.0.0.1. Middleware (`use`, `eject`,
 * per call), every `parseAs`, a caller's `fetch` and `Request` class, client-level and per-call
 * serializers and RequestInit fields, `request()`, and FormData bodies.
 */
import { randomUUID } from 'node:crypto';
import type { Middleware } from 'openapi-fetch';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient, RateLimiter, TimeoutError, TransportError, type PartnerClientOptions } from '../../../generated/dist/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const client = (extra: Partial<PartnerClientOptions> = {}) =>
  createPartnerClient({
    baseUrl: server.url,
    apiKey: `key-${randomUUID()}`,
    apiSecret: `secret-${randomUUID()}`,
    environment: 'staging',
    rateLimit: false,
    retryBaseDelayMs: 1,
    ...extra,
  });

const listing = { page: 1, pageSize: 50, totalResults: 0, results: [] };

describe('middleware', () => {
  it('onRequest sees the request without the credentials (added after middleware, as the transport sends it) and may replace it; onResponse reads and replaces the answer; eject removes it', async () => {
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
    expect(seen).toEqual(['GET /v1/skills null', 'read page 3']);
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

    const rescue: Middleware = {
      onError: ({ error }) => new Response(JSON.stringify({ ...listing, page: error instanceof TimeoutError ? 8 : 0 }), { status: 200 }),
    };
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
    for (const [text, pieces] of [
      [body, 1],
      [big, 7],
    ] as const) {
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
    await (api.request as any)('get', '/v1/skills', {
      params: { query: { query: 'abc', page: 2 } },
      querySerializer: () => 'raw=1',
      baseUrl: `${server.url}/prefix/`,
    });
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

describe("a caller's fetch, Request class, serializers and RequestInit, as openapi-fetch passes them", () => {
  it('fetch gets one Request (method, URL, headers, clone) and requestInitExt, once per attempt', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const seen: { request: Request; ext: unknown }[] = [];
    let failures = 1;
    const fetch = async (request: Request, ext?: Record<string, unknown>) => {
      seen.push({ request: request.clone(), ext });
      if (failures-- > 0) throw Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNRESET' } });
      return globalThis.fetch(request);
    };
    const api = client({ fetch, requestInitExt: { dispatcherHint: 1 } });
    await api.PUT('/v1/projects/{projectId}/screener-questions/bulk', { params: { path: { projectId: 'p1' } }, body: [], validate: false } as never);
    expect(seen).toHaveLength(2);
    for (const { request, ext } of seen) {
      expect(request).toBeInstanceOf(Request);
      expect(request.method).toBe('PUT');
      expect(new URL(request.url).pathname).toBe('/v1/projects/p1/screener-questions/bulk');
      expect(request.headers.get('content-type')).toBe('application/json');
      expect(await request.text()).toBe('[]');
      expect(ext).toEqual({ dispatcherHint: 1 });
    }
    expect(server.seen[0]!.body).toBe('[]');
  });

  it("the client's querySerializer, bodySerializer and pathSerializer are used; a per-call one wins", async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const api = client({
      querySerializer: (query: Record<string, unknown>) => (Object.keys(query).length ? `q=${Object.keys(query).join('+')}` : ''),
      bodySerializer: (body: unknown) => `<${JSON.stringify(body)}>`,
      pathSerializer: (url: string) => url.replace('{projectId}', 'from-client'),
      validateRequests: false,
    });
    await api.GET('/v1/skills', { params: { query: { query: 'a', page: 1 } } });
    await api.PATCH('/v1/projects/{projectId}', { params: { path: { projectId: 'x' } }, body: { publicTitle: 't' } } as never);
    await api.GET('/v1/skills', { params: { query: { page: 1 } }, querySerializer: () => 'per-call=1' });
    expect(server.seen.map((r) => r.url)).toEqual(['/v1/skills?q=query+page', '/v1/projects/from-client', '/v1/skills?per-call=1']);
    expect(server.seen[1]!.body).toBe('<{"publicTitle":"t"}>');
  });

  it('a body of null, false, 0 or an empty string goes through the serializer', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = client({ bodySerializer: (body: unknown) => `[${String(body)}]`, validateRequests: false });
    for (const body of [null, false, 0, '']) await api.PATCH('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } }, body } as never);
    expect(server.seen.map((r) => r.body)).toEqual(['[null]', '[false]', '[0]', '[]']);
  });

  it('the Request class (client-level or per call) is what fetch receives, on every attempt', async () => {
    server.handle((_req, res) => (server.seen.length === 1 ? json(res, 503, {}) : json(res, 200, listing)));
    class Traced extends Request {}
    class PerCall extends Request {}
    const classes: string[] = [];
    const fetch = (request: Request) => (classes.push(request.constructor.name), globalThis.fetch(request));
    const api = client({ fetch, Request: Traced, retryBaseDelayMs: 1 });
    await api.GET('/v1/skills');
    await api.GET('/v1/skills', { Request: PerCall } as never);
    expect(classes).toEqual(['Traced', 'Traced', 'PerCall']);
  });

  it('RequestInit fields of the client and of the call reach the Request, with custom properties', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const seen: Request[] = [];
    const api = client({ credentials: 'include', fetch: (request: Request) => (seen.push(request), globalThis.fetch(request)) });
    await api.GET('/v1/skills', { cache: 'no-store', keepalive: true, tracing: 'span-1' } as never);
    expect(seen[0]!.credentials).toBe('include');
    expect(seen[0]!.cache).toBe('no-store');
    expect(seen[0]!.keepalive).toBe(true);
    expect((seen[0] as unknown as { tracing: string }).tracing).toBe('span-1');
  });

  it('a Content-Length of 0 without chunking is an empty body', async () => {
    server.handle((_req, res) => void res.writeHead(200, { 'content-type': 'application/json', 'content-length': '0' }).end());
    const { data, response } = await client().GET('/v1/skills');
    expect(response.status).toBe(200);
    expect(data).toBeUndefined();
  });

  it("a caller's fetch: Content-Length 0 is empty unless chunked, as openapi-fetch reads it", async () => {
    const answer = (headers: Record<string, string>) => async () => Response.json(listing, { status: 200, headers });
    expect((await client({ fetch: answer({ 'Content-Length': '0' }) }).GET('/v1/skills')).data).toBeUndefined();
    expect((await client({ fetch: answer({ 'Content-Length': '0', 'Transfer-Encoding': 'chunked' }) }).GET('/v1/skills')).data).toEqual(listing);
  });

  it('a null or undefined query value is left out of the URL and of request validation', async () => {
    server.handle((_req, res) => json(res, 200, listing));
    await client().GET('/v1/skills', { params: { query: { query: null, page: undefined, pageSize: 5 } } } as never);
    expect(server.seen[0]!.url).toBe('/v1/skills?pageSize=5');
  });

  it("an error a caller's fetch throws reaches onError and the caller unchanged; a network failure is TransportError", async () => {
    const own = new Error('circuit open');
    const errors: unknown[] = [];
    const api = client({ fetch: async () => Promise.reject(own), maxRetries: 0 });
    api.use({ onError: ({ error }) => void errors.push(error) });
    await expect(api.GET('/v1/skills')).rejects.toBe(own);
    expect(errors).toEqual([own]);

    const refused = client({
      fetch: async () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } })),
      maxRetries: 0,
    });
    await expect(refused.GET('/v1/skills')).rejects.toMatchObject({ name: 'TransportError', code: 'ECONNREFUSED' });
  });

  it('a status outside 200-599 is a TransportError naming the request', async () => {
    server.handle((_req, res) => void res.writeHead(999).end('{}'));
    const error = await client()
      .GET('/v1/skills')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(error).toMatchObject({ code: 'INVALID_STATUS', message: expect.stringContaining('/v1/skills') });
  });
});

describe("the runtime around a caller's fetch, Request class and serializers", () => {
  it('timeouts, size limit, scrubbing, hooks and request validation still apply', async () => {
    class Traced extends Request {}
    const events: string[] = [];
    const fetch = (request: Request) => globalThis.fetch(request);
    const api = client({
      fetch,
      Request: Traced,
      apiKey: 'KEY-0123456789abcdef',
      querySerializer: (query: Record<string, unknown>) => new URLSearchParams(query as Record<string, string>).toString(),
      bodySerializer: (body: unknown) => JSON.stringify(body),
      maxResponseBytes: 64,
      timeoutMs: 5_000,
      hooks: { onRequest: (e) => events.push(`request ${e.request.headers['x-api-key']}`), onResponse: (e) => events.push(`response ${e.status}`) },
    });

    server.handle((req, res) => json(res, 400, { echo: req.headers['x-api-key'] }));
    const { error, response } = await api.GET('/v1/skills', { params: { query: { page: 1 } } });
    expect(error).toEqual({ echo: '[redacted]' });
    expect(response.status).toBe(400);
    expect(events).toEqual(['request [redacted]', 'response 400']);

    server.handle((_req, res) => json(res, 200, { ...listing, results: Array.from({ length: 20 }, (_, i) => ({ id: `s${i}` })) }));
    await expect(api.GET('/v1/skills')).rejects.toMatchObject({ name: 'ResponseTooLargeError' });

    server.handle((_req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).write('{'));
    await expect(api.GET('/v1/skills')).rejects.toBeInstanceOf(TimeoutError);

    const before = server.seen.length;
    await expect(
      api.PATCH('/v1/projects/{projectId}/quotas/targets', { params: { path: { projectId: 'p' } }, body: [{ groupId: 1 }] } as never),
    ).rejects.toMatchObject({ name: 'RequestValidationError', part: 'body' });
    expect(server.seen).toHaveLength(before);
  });
});

describe('found by an adversarial pass: the runtime around middleware and foreign fetches', () => {
  it("a Response from another fetch library (not Node's class) is used as it is", async () => {
    server.handle((_req, res) => json(res, 200, listing));
    /** What undici's npm package or node-fetch return: a Response of their own class. */
    class ForeignResponse {
      readonly status: number;
      readonly ok: boolean;
      readonly statusText: string;
      readonly headers: Headers;
      readonly body: ReadableStream<Uint8Array> | null;
      readonly url: string;
      readonly #inner: Response;
      constructor(inner: Response) {
        this.#inner = inner;
        ({ status: this.status, ok: this.ok, statusText: this.statusText, headers: this.headers, body: this.body, url: this.url } = inner);
      }
      text = () => this.#inner.text();
      json = () => this.#inner.json();
      arrayBuffer = () => this.#inner.arrayBuffer();
    }
    const api = client({ fetch: async (request: Request) => new ForeignResponse(await globalThis.fetch(request)) as unknown as Response });
    expect((await api.GET('/v1/skills')).data).toEqual(listing);
  });

  it("a middleware's re-fetch through options.fetch has its own timeout", async () => {
    let calls = 0;
    server.handle((_req, res) => (calls++ === 0 ? json(res, 401, {}) : undefined)); // the second never answers
    const api = client({ timeoutMs: 100, maxRetries: 0 });
    api.use({
      onResponse: ({ request, response, options }) =>
        response.status === 401 ? options.fetch(new Request(request.url, { headers: request.headers })) : undefined,
    });
    const started = performance.now();
    await expect(api.GET('/v1/skills')).rejects.toBeInstanceOf(TimeoutError);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("time spent in onRequest middleware is not part of an attempt's timeout", async () => {
    // Middleware 400 ms, answer after 100 ms, timeout 450 ms: over it only if the middleware counted.
    server.handle((_req, res) => void setTimeout(() => json(res, 200, listing), 100));
    const api = client({ timeoutMs: 450 });
    api.use({ onRequest: () => new Promise<undefined>((resolve) => setTimeout(resolve, 400)) });
    expect((await api.GET('/v1/skills')).data).toEqual(listing);
  });

  it("a caller's fetch is not trusted on Content-Length: the size limit counts the bytes", async () => {
    server.handle((_req, res) => json(res, 200, listing));
    const big = JSON.stringify({ ...listing, results: Array.from({ length: 500 }, (_, i) => ({ id: `s${i}` })) });
    const lying = async () => new Response(big, { status: 200, headers: { 'content-type': 'application/json', 'content-length': '2' } });
    await expect(client({ fetch: lying, maxResponseBytes: 1_000 }).GET('/v1/skills')).rejects.toMatchObject({ name: 'ResponseTooLargeError' });
  });

  it("an error with a code of the caller's own is not taken for a network failure", async () => {
    const own = Object.assign(new Error('breaker open'), { code: 'E_BREAKER' });
    await expect(client({ fetch: async () => Promise.reject(own) }).GET('/v1/skills')).rejects.toBe(own);
  });

  it("an empty chunked success body reads as '' with parseAs text, as fetch's own answer does", async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.write('');
      res.end();
    });
    const { data } = await client().GET('/v1/skills', { parseAs: 'text' });
    expect(data).toBe('');
  });

  it('a call middleware answers itself takes no rate-limit token and is not counted', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1, burst: 1, dailyQuota: 10 });
    const api = client({ rateLimit: limiter });
    api.use({ onRequest: () => new Response(JSON.stringify(listing), { status: 200, headers: { 'content-type': 'application/json' } }) });
    for (let i = 0; i < 3; i++) expect((await api.GET('/v1/skills')).data).toEqual(listing);
    expect(limiter.usage().requests).toBe(0);
  });
});

describe('one caller signal shared by many calls', () => {
  it('adds one listener, not one per call: no MaxListenersExceededWarning; aborting ends every call with its reason', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => void warnings.push(warning.name);
    process.on('warning', onWarning);
    try {
      const controller = new AbortController();
      // A fetch of the caller's: the caller's signal is then not in the Request (undici raises the listener limit of a signal it is given).
      const api = client({ rateLimit: { requestsPerSecond: 5, burst: 20 }, fetch: (request: Request) => globalThis.fetch(request) });
      server.handle((_req, res) => json(res, 200, listing));
      // Done ones, then 40 in flight: some wait for the rate limiter, the others for the server.
      await Promise.all(Array.from({ length: 15 }, () => api.GET('/v1/skills', { signal: controller.signal })));
      server.handle(() => {}); // never answers
      const pending = Array.from({ length: 40 }, () => api.GET('/v1/skills', { signal: controller.signal }).catch((e: unknown) => e));
      await new Promise((resolve) => setTimeout(resolve, 50));
      const reason = new Error('the page was left');
      controller.abort(reason);
      expect(new Set(await Promise.all(pending))).toEqual(new Set([reason]));
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings).not.toContain('MaxListenersExceededWarning');
    } finally {
      process.off('warning', onWarning);
    }
  });
});
