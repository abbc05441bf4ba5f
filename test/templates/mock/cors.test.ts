/**
 * The HTTP mock serves front ends (issue #28): CORS over real HTTP on 127.0.0.1, requests sent with
 * the `Origin` a browser adds. Preflights get 204 (or 403 from an origin not allowed) before the
 * mock's core, so they are never logged, limited or counted; every answer carries
 * `Access-Control-Allow-Origin`, `Vary: Origin` and the headers a page must be allowed to read;
 * `cors: false` turns it all off. And `requireCredentials: false`, for a page that sends none.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { corsPolicy, originOf } from '../../../templates/mock/cors.js';
import { CREDENTIALS, GENERATED, load, METHODS, readDocument } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');

type Server = { url: string; close(): Promise<void> };
const servers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function start(mock: { listen(o?: object): Promise<Server> }, options?: object): Promise<string> {
  const server = await mock.listen(options);
  servers.push(server);
  return server.url;
}

const PAGE = 'http://localhost:5173';

/** The preflight a browser sends before a POST with a JSON body and the API's key headers. */
const preflight = (url: string, origin = PAGE, requestHeaders = 'content-type,x-api-key,x-api-secret'): Promise<Response> =>
  fetch(`${url}/v1/projects`, {
    method: 'OPTIONS',
    headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': requestHeaders },
  });

/** The methods of the document's operations, read from openapi.json itself. */
const documentMethods = (): string[] => {
  const doc = readDocument(GENERATED);
  const methods = new Set<string>();
  for (const item of Object.values<Record<string, unknown>>(doc.paths)) for (const m of METHODS) if (item[m]) methods.add(m.toUpperCase());
  return [...methods].sort();
};

const list = (header: string | null): string[] =>
  (header ?? '')
    .split(',')
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

describe('CORS on a loopback server (on by default)', () => {
  it('answers a preflight 204 with the origin, the methods, the credential headers and content-type, and a max age', async () => {
    const url = await start(createMockApi());
    const response = await preflight(url);
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(list(response.headers.get('access-control-allow-methods'))).toEqual(documentMethods().map((m) => m.toLowerCase()));
    expect(list(response.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'x-api-secret']));
    expect(response.headers.get('access-control-max-age')).toBe('600');
    expect(list(response.headers.get('vary'))).toContain('origin');
    expect(response.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('allows a header the preflight asks for beyond the documented ones', async () => {
    const url = await start(createMockApi());
    const response = await preflight(url, PAGE, 'x-trace-id');
    expect(list(response.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(['content-type', 'x-api-key', 'x-trace-id']));
  });

  it('does not log, limit or count a preflight', async () => {
    const mock = createMockApi({ simulateLimits: { requestsPerSecond: 0.001, burst: 1, dailyQuota: 1 } });
    const url = await start(mock);
    for (let i = 0; i < 5; i++) expect((await preflight(url)).status).toBe(204);
    expect(mock.requests).toEqual([]);
    const first = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(first.status).toBe(200);
    // The one request of the quota is used: the 429's Retry-After must be readable by the page.
    const second = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(second.status).toBe(429);
    expect(second.headers.get('access-control-allow-origin')).toBe('*');
    expect(list(second.headers.get('access-control-expose-headers'))).toContain('retry-after');
    expect(mock.requests.map((r: { method: string }) => r.method)).toEqual(['GET', 'GET']);
  });

  it('adds the origin and Vary to every answer (success, 401, 404), and never echoes a credential', async () => {
    const url = await start(createMockApi());
    const ok = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(ok.status).toBe(200);
    const unauthorized = await fetch(`${url}/v1/projects`, { headers: { origin: PAGE } });
    expect(unauthorized.status).toBe(401);
    const missing = await fetch(`${url}/v1/nothing-here`, { headers: { origin: PAGE } });
    expect(missing.status).toBe(404);
    for (const response of [ok, unauthorized, missing]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(list(response.headers.get('vary'))).toContain('origin');
      expect(response.headers.get('access-control-allow-credentials')).toBeNull();
      const all = JSON.stringify([...response.headers]) + (await response.text());
      expect(all).not.toContain(CREDENTIALS['x-api-key']);
      expect(all).not.toContain(CREDENTIALS['x-api-secret']);
    }
  });

  it("exposes an override's own headers, and keeps its Vary", async () => {
    const mock = createMockApi();
    mock.override('listProjects', { headers: { 'x-request-id': 'r-1', vary: 'Accept' } });
    const url = await start(mock);
    const response = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(response.headers.get('x-request-id')).toBe('r-1');
    expect(list(response.headers.get('access-control-expose-headers'))).toEqual(['x-request-id']);
    expect(list(response.headers.get('vary'))).toEqual(['accept', 'origin']);
  });
});

describe('cors: false', () => {
  it('sends no CORS header, and routes OPTIONS as any request (404, logged)', async () => {
    const mock = createMockApi();
    const url = await start(mock, { cors: false });
    const response = await preflight(url);
    expect(response.status).toBe(404);
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
    const get = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(get.status).toBe(200);
    expect(get.headers.get('access-control-allow-origin')).toBeNull();
    expect(get.headers.get('vary')).toBeNull();
    expect(mock.requests.map((r: { method: string; status: number }) => [r.method, r.status])).toEqual([
      ['OPTIONS', 404],
      ['GET', 200],
    ]);
  });
});

describe('cors: an allow-list', () => {
  it('answers an allowed origin with itself, and refuses another one with 403 and no Allow-Origin', async () => {
    const mock = createMockApi();
    const url = await start(mock, { cors: [PAGE, 'https://app.example.com/'] });
    const allowed = await preflight(url, 'https://app.example.com');
    expect(allowed.status).toBe(204);
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');

    const refused = await preflight(url, 'https://evil.example');
    expect(refused.status).toBe(403);
    expect(refused.headers.get('access-control-allow-origin')).toBeNull();
    expect(await refused.json()).toEqual({ mock: true, status: 403, error: expect.stringContaining('"https://evil.example" is not allowed') });

    const simple = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: 'https://evil.example' } });
    expect(simple.status).toBe(200); // answered, but a browser keeps it from the page
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(list(simple.headers.get('vary'))).toContain('origin');
    const mine = await fetch(`${url}/v1/projects`, { headers: { ...CREDENTIALS, origin: PAGE } });
    expect(mine.headers.get('access-control-allow-origin')).toBe(PAGE);
    expect(mock.requests).toHaveLength(2);
  });

  it.each<[string, unknown]>([
    ['a path', 'http://localhost:5173/app'],
    ['not a URL', 'localhost:5173x'],
    ['an empty list', []],
    ['a number', 5173],
    ['a query', 'http://localhost:5173/?a=1'],
  ])('listen() rejects %s, naming the option', async (_what, cors) => {
    await expect(createMockApi().listen({ cors })).rejects.toThrow(/^listen: cors/);
  });
});

describe('the cors option read', () => {
  it('defaults to any origin on loopback hosts only', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', '::1', 'localhost']) expect(corsPolicy(undefined, host, 'cors'), host).toEqual({ any: true });
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'mock.internal']) expect(corsPolicy(undefined, host, 'cors'), host).toBeUndefined();
    expect(corsPolicy('*', '0.0.0.0', 'cors')).toEqual({ any: true });
    expect(corsPolicy(false, '127.0.0.1', 'cors')).toBeUndefined();
  });

  it('takes origins as a browser sends them', () => {
    expect(originOf('http://localhost:5173')).toBe('http://localhost:5173');
    expect(originOf('HTTP://LocalHost:5173/')).toBe('http://localhost:5173');
    expect(originOf('https://app.example.com:443')).toBe('https://app.example.com');
    for (const bad of ['*', 'null', 'file:///x', 'http://u:p@a.test', 'http://a.test/#', 'http://a.test/x', '']) expect(originOf(bad), bad).toBeUndefined();
  });
});

describe('requireCredentials', () => {
  it('false: answers without credentials, still redacting any sent', async () => {
    const mock = createMockApi({ requireCredentials: false });
    expect((await mock.fetch('http://mock.test/v1/projects')).status).toBe(200);
    expect((await mock.fetch('http://mock.test/v1/projects', { headers: CREDENTIALS })).status).toBe(200);
    expect(JSON.stringify(mock.requests)).not.toContain(CREDENTIALS['x-api-key']);
    expect((await createMockApi().fetch('http://mock.test/v1/projects')).status).toBe(401);
  });

  it('refuses a value that is not a boolean', () => {
    expect(() => createMockApi({ requireCredentials: 'no' })).toThrow(new TypeError('requireCredentials must be true or false'));
  });
});
