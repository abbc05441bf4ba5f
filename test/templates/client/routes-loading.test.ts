/**
 * Operations loaded on their first call (templates/client/client.ts `routeFor`, `loading`), with
 * hand-built facts against a real node:http server on 127.0.0.1: only the package's own modules are
 * used, a failed or slow load is bounded and reported before anything is sent, the response
 * validators load before the request leaves, and the module a named call carries stays the client's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type RouteIndex, type RouteModule, type SpecFacts } from '../../../templates/client/client.js';
import { TimeoutError, TransportError } from '../../../templates/client/errors.js';
import { ROUTE } from '../../../templates/client/operation-info.js';
import type { Validator } from '../../../templates/client/validation.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const key = Object.freeze({});

/** A validator accepting what `accepts` says, with one problem otherwise. */
const validator = (accepts: (value: unknown) => boolean): Validator<unknown> => {
  const check = (value: unknown) =>
    accepts(value) ? { valid: true as const, value } : { valid: false as const, problems: [{ pointer: '', message: 'refused', keyword: 'test', params: {} }] };
  return Object.assign((value: unknown) => accepts(value), { problems: [], check, validatorName: 'test' }) as unknown as Validator<unknown>;
};

const thingsModule = (extra: Partial<RouteModule> = {}): RouteModule => ({
  key,
  info: { operationId: 'listThings', method: 'GET', path: '/things', security: [['header_key']], parameters: [] },
  request: async () => ({ query: validator((q) => (q as { page?: unknown }).page !== 'bad') }),
  ...extra,
});

const facts = (routes: RouteIndex): SpecFacts<string> => ({
  environments: { test: null },
  servers: { test: { url: '{base}', variables: { base: { default: '' } } } },
  security: { schemes: { header_key: { option: 'headerKey', type: 'apiKey', in: 'header', name: 'X-Key' } }, requirements: [['header_key']] },
  requirements: [[['header_key']]],
  routes: async () => ({ routes }),
  key,
});

const client = (routes: RouteIndex, extra: Record<string, unknown> = {}) =>
  createRuntimeClient<any, string>({ environment: 'test', baseUrl: server.url, headerKey: 'the-key', maxRetries: 0, ...extra } as never, facts(routes));

describe('a module a named call carries', () => {
  it("is used only with the package's key: another document's, with the same method and path, is ignored", async () => {
    server.handle((_req, res) => json(res, 200, { ok: true }));
    const api = client({ GET: { '/things': async () => ({ __route: thingsModule() }) } });
    const foreign: RouteModule = { key: {}, info: { operationId: 'other', method: 'GET', path: '/things', security: [], parameters: [] } };
    await api.request('get', '/things', { [ROUTE]: foreign } as never);
    expect(server.seen.at(-1)!.headers['x-key']).toBe('the-key');
    // The client's own module was loaded instead: its query validator applies.
    const refused = await api.GET('/things', { params: { query: { page: 'bad' } } } as never).catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'RequestValidationError', part: 'query' });
  });

  it('is not passed on to the Request openapi-fetch builds', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const seen: symbol[][] = [];
    class Recording extends Request {
      constructor(input: RequestInfo | URL, init?: RequestInit) {
        seen.push(Object.getOwnPropertySymbols(init ?? {}));
        super(input, init);
      }
    }
    const api = client({ GET: { '/things': async () => ({ __route: thingsModule() }) } }, { Request: Recording });
    await api.request('get', '/things', { [ROUTE]: thingsModule() } as never);
    // One Request for the call (and one the client builds once to learn whether redirect: 'error' is taken).
    expect(seen.length).toBeGreaterThanOrEqual(1);
    expect(seen.flat()).toEqual([]);
  });
});

describe("an operation's module that fails to load", () => {
  it('is a TransportError (MODULE_NOT_LOADED) naming the call, nothing sent', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const before = server.seen.length;
    const api = client({ GET: { '/things': () => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /things-abc.js')) } });
    const error = (await (api.GET as (path: string) => Promise<unknown>)('/things').catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('MODULE_NOT_LOADED');
    expect(error.attempts).toBe(0);
    expect(error.message).toMatch(/^GET \/things was not sent: its operation's module could not be loaded \(Failed to fetch dynamically imported module/);
    expect(server.seen.length).toBe(before);
  });

  it('whose response validators fail to load, with validateResponses, fails before the request leaves', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const before = server.seen.length;
    const module = thingsModule({ responses: () => Promise.reject(new Error('chunk gone')) });
    const api = client({ GET: { '/things': async () => ({ __route: module }) } }, { validateResponses: 'report' });
    const error = (await (api.GET as (path: string) => Promise<unknown>)('/things').catch((e: unknown) => e)) as TransportError;
    expect(error.code).toBe('MODULE_NOT_LOADED');
    expect(server.seen.length).toBe(before);
  });

  it("that never arrives is bounded by the caller's signal and by the timeout", async () => {
    const never = () => new Promise<never>(() => {});
    const api = client({ GET: { '/things': never } });
    const reason = new Error('gave up');
    const controller = new AbortController();
    setTimeout(() => controller.abort(reason), 20);
    await expect((api.GET as (path: string, init: object) => Promise<unknown>)('/things', { signal: controller.signal })).rejects.toBe(reason);
    const timedOut = await (api.GET as (path: string, init: object) => Promise<unknown>)('/things', { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(timedOut).toBeInstanceOf(TimeoutError);
    expect((timedOut as TimeoutError).timeoutMs).toBe(30);
    // A bad timeout is refused as it is without a load.
    const bad = await (api.GET as (path: string, init: object) => Promise<unknown>)('/things', { timeoutMs: -1 }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(TypeError);
    expect(String(bad)).toMatch(/timeoutMs/);
  });
});
