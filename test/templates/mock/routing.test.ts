/**
 * Routing and request checks of the generated mock (generated/dist/mock.js): every operation of
 * the spec reached by its method and path, 404 for anything else, 401 without the credentials the
 * operation needs, 400 listing every problem with its JSON pointer, and a request log without
 * credentials.
 */
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, load, operationCalls, operationCount, readDocument } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');
const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
const document = readDocument(GENERATED);

const get = (mock: any, path: string, headers: Record<string, string> = CREDENTIALS, init: RequestInit = {}): Promise<Response> =>
  mock.handle(new Request(`http://mock.test${path}`, { headers, ...init }));

describe('routing', () => {
  it('routes every operation of the spec to itself', async () => {
    const mock = createMockApi();
    const calls = operationCalls(document, createSampler(document, { direction: 'request' }), 7);
    expect(calls).toHaveLength(operationCount(document));
    for (const call of calls) await mock.handle(call.request('http://mock.test'));
    expect(mock.requests.map((r: any) => [r.operationId, r.status])).toEqual(calls.map((c) => [c.operationId, expect.any(Number)]));
    expect(mock.requests.filter((r: any) => r.status >= 300)).toEqual([]);
  });

  it('prefers a concrete path to a template (/screener-questions/order is not {screenerQuestionId})', async () => {
    const mock = createMockApi();
    await get(mock, '/v1/projects/p1/screener-questions/order', CREDENTIALS, {
      method: 'PATCH',
      body: '{}',
      headers: { ...CREDENTIALS, 'content-type': 'application/json' },
    });
    expect(mock.requests[0].operationId).toBe('reorderScreenerQuestions');
  });

  it('answers 404 for an unknown path, an unknown method, and a path outside the base path', async () => {
    const mock = createMockApi();
    for (const [path, method] of [
      ['/v1/nothing', 'GET'],
      ['/v1/projects', 'PUT'],
      ['/v2/projects', 'GET'],
    ] as const) {
      const response = await get(mock, path, CREDENTIALS, { method });
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ mock: true, status: 404, error: `No operation of the spec matches ${method} ${path}` });
    }
    const prefixed = createMockApi({ basePath: '/api/' });
    expect((await get(prefixed, '/api/v1/projects')).status).toBe(200);
    expect((await get(prefixed, '/v1/projects')).status).toBe(404);
  });

  it('answers 401 when an alternative of the security lacks a credential, whatever the rest', async () => {
    const mock = createMockApi();
    for (const headers of [{}, { 'x-api-key': 'k' }, { 'x-api-secret': 's' }, { 'x-api-key': '', 'x-api-secret': 's' }]) {
      const response = await get(mock, '/v1/projects/p1', headers);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ mock: true, status: 401, error: 'Missing credentials: getProject needs apiKey + apiSecret' });
    }
    expect((await get(mock, '/v1/projects/p1')).status).toBe(200);
  });

  it('answers 400 listing every query problem with its pointer, after reading strings as the schema types', async () => {
    const mock = createMockApi();
    const response = await get(mock, '/v1/projects?pageSize=abc&page=0.5&includeCount=maybe&status=NOPE');
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ mock: true, status: 400, error: 'The request does not match the spec of listProjects' });
    expect(body.problems.map((p: any) => p.pointer).sort()).toEqual(['/query/includeCount', '/query/page', '/query/pageSize', '/query/status']);
    expect((await get(mock, '/v1/projects?pageSize=5&includeCount=true&status=DRAFT')).status).toBe(200);
  });

  it('answers 400 for an empty path parameter', async () => {
    const response = await get(createMockApi(), '/v1/projects//screener-questions');
    expect(response.status).toBe(400);
    expect((await response.json()).problems).toEqual([{ pointer: '/path/projectId', message: 'must not be empty' }]);
  });

  it('answers 400 for a body that is missing, not JSON, or invalid, with pointers into the body', async () => {
    const mock = createMockApi();
    const patch = (body?: string) =>
      get(
        mock,
        '/v1/projects/p1/quotas/targets',
        { ...CREDENTIALS, 'content-type': 'application/json' },
        { method: 'PATCH', ...(body !== undefined && { body }) },
      );
    const missing = await (await patch()).json();
    expect(missing.problems).toEqual([{ pointer: '/body', message: 'is required' }]);
    expect((await (await patch('{nope')).json()).problems).toEqual([{ pointer: '/body', message: 'must be JSON' }]);
    const invalid = await (await patch(JSON.stringify({ quotas: 'eight' }))).json();
    expect(invalid.problems.length).toBeGreaterThan(0);
    for (const p of invalid.problems) expect(p.pointer).toMatch(/^\/body(\/|$)/);
  });

  it('keeps no credential in its request log', async () => {
    const mock = createMockApi();
    await get(mock, '/v1/projects?status=DRAFT', { 'x-api-key': 'key-AAAA', 'x-api-secret': 'secret-BBBB', authorization: 'Bearer tok-CCCC', 'x-trace': 't1' });
    const [entry] = mock.requests;
    expect(entry).toMatchObject({ method: 'GET', url: '/v1/projects?status=DRAFT', operationId: 'listProjects', status: 200 });
    expect(entry.headers).toMatchObject({ 'x-api-key': '[redacted]', 'x-api-secret': '[redacted]', authorization: '[redacted]', 'x-trace': 't1' });
    expect(JSON.stringify(mock.requests)).not.toMatch(/AAAA|BBBB|CCCC/);
  });

  it('answers the same body for the same request and seed, another for another seed, and an empty answer where the spec shows none', async () => {
    // A sampled collection: the default one is the spec's example, the same for every seed.
    const body = async (seed: number) => (await get(createMockApi({ seed, collections: { listSkills: 3 } }), '/v1/skills')).text();
    expect(await body(5)).toBe(await body(5));
    expect(await body(5)).not.toBe(await body(6));
    const empty = await get(createMockApi(), '/v1/projects/p1');
    expect(empty.status).toBe(200);
    expect(empty.headers.get('content-length')).toBe('0');
    expect(await empty.text()).toBe('');
  });
});
