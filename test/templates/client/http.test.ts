/** The shipped client (generated/dist) against a real node:http server on 127.0.0.1. */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPartnerClient,
  DecodeError,
  HttpError,
  RateLimiter,
  RequestValidationError,
  ResponseValidationError,
  TimeoutError,
  TransportError,
  DailyQuotaExceededError,
  type PartnerClientOptions,
  type RetryEvent,
} from '../../../generated/dist/index.js';
import { closedPort, json, startServer, type TestServer } from './server.js';

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
    retryBaseDelayMs: 10,
    ...extra,
  });

const skill = (i: number) => ({ id: `s${i}`, createdAt: '2024-01-01', name: `Skill ${i}`, slug: `skill-${i}`, validated: false, type: 'skill' });

describe('auth and request shape', () => {
  it('sends both auth headers and serializes the query', async () => {
    server.handle((_req, res) => json(res, 200, { page: 2, pageSize: 50, results: [] }));
    const api = client({ apiKey: 'the-key', apiSecret: 'the-secret' });
    const { data } = await api.GET('/v1/projects', { params: { query: { status: 'DRAFT', page: 2, includeCount: true, externalResearcherId: 'r 1&2' } } });
    expect(data).toEqual({ page: 2, pageSize: 50, results: [] });
    const [seen] = server.seen;
    expect(seen!.headers['x-api-key']).toBe('the-key');
    expect(seen!.headers['x-api-secret']).toBe('the-secret');
    expect(seen!.url).toBe('/v1/projects?status=DRAFT&page=2&includeCount=true&externalResearcherId=r%201%262');
  });

  it('serializes array query values as repeated keys', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = client();
    // An operation the source lists without parameters: the query goes through unchecked.
    await (api.GET as any)('/v1/topics', { params: { query: { ids: ['a', 'b'] } } });
    expect(server.seen[0]!.url).toBe('/v1/topics?ids=a&ids=b');
  });

  it('fills path parameters and sends JSON bodies', async () => {
    server.handle((req, res) => json(res, 200, { id: 'q', projectId: req.url!.split('/')[3], version: 'v2' }));
    const api = client();
    const { data } = await api.PUT('/v1/projects/{projectId}/quotas/external-fills', {
      params: { path: { projectId: 'p 1' } },
      body: [{ groupId: 'g', segmentId: 's', count: 3 }],
    });
    expect(server.seen[0]).toMatchObject({
      method: 'PUT',
      url: '/v1/projects/p%201/quotas/external-fills',
      body: '[{"groupId":"g","segmentId":"s","count":3}]',
    });
    expect(server.seen[0]!.headers['content-type']).toBe('application/json');
    expect(data?.projectId).toBe('p%201');
  });

  it("refuses a '..' path parameter: the DELETE never reaches the project", async () => {
    server.handle((_req, res) => json(res, 204, {}));
    const init = { params: { path: { projectId: 'P1', screenerQuestionId: '..' } } };
    const error = (await client()
      .DELETE('/v1/projects/{projectId}/screener-questions/{screenerQuestionId}', init)
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error).toMatchObject({ operationId: 'deleteScreenerQuestion', part: 'path' });
    expect(error.message).toContain('/screenerQuestionId: must not be empty');
    expect(server.seen).toHaveLength(0);
  });

  it('refuses to build without baseUrl, credentials or a known environment', () => {
    expect(() => createPartnerClient({ baseUrl: '', apiKey: 'k', apiSecret: 's', environment: 'staging' })).toThrow(/baseUrl/);
    expect(() => createPartnerClient({ baseUrl: server.url, apiKey: '', apiSecret: 's', environment: 'staging' })).toThrow(/apiKey/);
    expect(() => createPartnerClient({ baseUrl: server.url, apiKey: 'k', apiSecret: 's', environment: 'dev' as 'staging' })).toThrow(/staging, production/);
  });

  it('keeps baseUrl required at run time: each environment has a server variable of its own and no default host', () => {
    for (const environment of ['staging', 'production'] as const) {
      expect(() => createPartnerClient({ apiKey: 'k', apiSecret: 's', environment } as PartnerClientOptions)).toThrow(
        new TypeError(
          `createPartnerClient: \`baseUrl\` is required for environment "${environment}": its server URL {${environment}_base_url} needs ${environment}_base_url (no default in the spec); pass \`baseUrl\` or \`serverVariables\``,
        ),
      );
    }
  });

  it('selects the environment limits read from the spec', () => {
    expect(client({ environment: 'production' }).limits).toEqual({ requestsPerSecond: 250, burst: 500, dailyQuota: 1000000 });
    expect(client().limits).toEqual({ requestsPerSecond: 50, burst: 100, dailyQuota: 200000 });
  });
});

describe('retries', () => {
  it('honours Retry-After in seconds, then succeeds', async () => {
    server.handle((_req, res, seen) => (seen.length === 1 ? json(res, 503, {}, { 'retry-after': '1' }) : json(res, 200, { eventTypes: [] })));
    const retries: RetryEvent[] = [];
    const { data } = await client({ hooks: { onRetry: (e) => retries.push(e) } }).GET('/v1/webhooks/{webhookId}/event-types', {
      params: { path: { webhookId: 'w' } },
    });
    expect(data).toEqual({ eventTypes: [] });
    expect(server.seen).toHaveLength(2);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(950);
    expect(retries).toEqual([expect.objectContaining({ attempt: 1, delayMs: 1000, reason: 'status 503' })]);
  });

  it('honours Retry-After as an HTTP date', async () => {
    server.handle((_req, res, seen) =>
      seen.length === 1 ? json(res, 429, {}, { 'retry-after': new Date(Date.now() + 1500).toUTCString() }) : json(res, 200, { eventTypes: [] }),
    );
    const { response } = await client().GET('/v1/webhooks/{webhookId}/event-types', { params: { path: { webhookId: 'w' } } });
    expect(response.status).toBe(200);
    expect(server.seen[1]!.at - server.seen[0]!.at).toBeGreaterThanOrEqual(400);
  });

  it('gives up after maxRetries and returns the last answer as { error, response }', async () => {
    server.handle((_req, res) => json(res, 502, { message: 'bad gateway' }));
    const { data, error, response } = await client({ maxRetries: 2 }).GET('/v1/skills');
    expect(data).toBeUndefined();
    expect(error).toEqual({ message: 'bad gateway' });
    expect(response.status).toBe(502);
    expect(server.seen).toHaveLength(3);
  });

  it('does not wait for a Retry-After longer than maxRetryDelayMs', async () => {
    server.handle((_req, res) => json(res, 503, {}, { 'retry-after': '3600' }));
    const { response } = await client({ maxRetryDelayMs: 1000 }).GET('/v1/skills');
    expect(response.status).toBe(503);
    expect(server.seen).toHaveLength(1);
  });

  it('does not repeat a POST after a 503 unless the call opts in', async () => {
    server.handle((_req, res) => json(res, 503, {}));
    await client().POST('/v1/projects', { body: { name: 'x' } });
    expect(server.seen).toHaveLength(1);
    server.handle((_req, res, seen) => (seen.length < 3 ? json(res, 503, {}) : json(res, 200, { ok: true })));
    const { data } = await client().POST('/v1/projects', { body: { name: 'x' }, retryNonIdempotent: true });
    expect(data).toEqual({ ok: true });
    expect(server.seen).toHaveLength(3);
  });

  it('repeats a PATCH after a 429: the request was refused, not processed', async () => {
    server.handle((_req, res, seen) => (seen.length === 1 ? json(res, 429, {}) : json(res, 200, {})));
    const { response } = await client().PATCH('/v1/projects/{projectId}/publish', { params: { path: { projectId: 'p' } } });
    expect(response.status).toBe(200);
    expect(server.seen).toHaveLength(2);
  });

  it('retries a GET after a connection reset but not a POST', async () => {
    server.handle((req, res, seen) => {
      if (seen.length === 1) req.socket.destroy();
      else json(res, 200, { page: 1, pageSize: 50, results: [] });
    });
    const { data } = await client().GET('/v1/skills');
    expect(data?.results).toEqual([]);
    expect(server.seen).toHaveLength(2);
    server.handle((req) => {
      req.socket.destroy();
    });
    const error = await client()
      .POST('/v1/webhooks', { body: {} })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect(server.seen).toHaveLength(1);
  });

  it('retries a POST whose connection was refused: it never reached a server', async () => {
    const port = await closedPort();
    const retries: RetryEvent[] = [];
    const api = createPartnerClient({
      baseUrl: `http://127.0.0.1:${port}`,
      apiKey: 'k',
      apiSecret: 's',
      environment: 'staging',
      rateLimit: false,
      retryBaseDelayMs: 5,
      hooks: { onRetry: (e) => retries.push(e) },
    });
    const error = (await api.POST('/v1/webhooks', { body: {} }).catch((e: unknown) => e)) as TransportError;
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('ECONNREFUSED');
    expect(error.attempts).toBe(3);
    expect(retries.map((r) => r.reason)).toEqual(['ECONNREFUSED', 'ECONNREFUSED']);
  });
});

describe('rate limit', () => {
  it('keeps a burst of 1,000 calls within rate + burst in every one-second window', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    // Grant times, taken by the limiter as it grants: the server shares this process's event loop,
    // so its arrival times carry its own queueing.
    const sent: number[] = [];
    const limiter = new RateLimiter({ requestsPerSecond: 400, burst: 100, onGrant: (at) => sent.push(at) });
    const api = client({ rateLimit: limiter });
    await Promise.all(Array.from({ length: 1000 }, () => api.GET('/v1/industries')));
    expect(server.seen).toHaveLength(1000);
    const times = sent.sort((a, b) => a - b);
    expect(times).toHaveLength(1000);
    let max = 0;
    for (let i = 0, j = 0; j < times.length; j++) {
      while (times[j]! - times[i]! >= 1000) i++;
      max = Math.max(max, j - i + 1);
    }
    expect(max).toBeLessThanOrEqual(400 + 100);
    expect(times.at(-1)! - times[0]!).toBeGreaterThanOrEqual(((1000 - 100) / 400) * 1000 - 100);
    expect(limiter.usage().requests).toBe(1000);
  });

  it('is shared by clients with the same key and environment', () => {
    const a = createPartnerClient({ baseUrl: server.url, apiKey: 'same', apiSecret: 's1', environment: 'production' });
    const b = createPartnerClient({ baseUrl: server.url, apiKey: 'same', apiSecret: 's2', environment: 'production' });
    const c = createPartnerClient({ baseUrl: server.url, apiKey: 'same', apiSecret: 's1', environment: 'staging' });
    expect(a.rateLimiter).toBe(b.rateLimiter);
    expect(a.rateLimiter).not.toBe(c.rateLimiter);
    expect(a.rateLimiter?.requestsPerSecond).toBe(250);
    expect(client({ rateLimit: false }).rateLimiter).toBeUndefined();
  });

  it('counts every attempt against the daily quota and can enforce it', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const limiter = new RateLimiter({ requestsPerSecond: 1000, burst: 10, dailyQuota: 2 });
    const api = client({ rateLimit: limiter, dailyQuota: 'enforce' });
    await api.GET('/v1/topics');
    await api.GET('/v1/topics');
    await expect(api.GET('/v1/topics')).rejects.toBeInstanceOf(DailyQuotaExceededError);
    expect(server.seen).toHaveLength(2);
    expect(api.usage()).toMatchObject({ requests: 2, dailyQuota: 2, remaining: 0 });
  });
});

describe('timeouts and cancellation', () => {
  const stalled = () =>
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"page": 1, "pageSize": 50, "res');
    });

  it('times out while the body is stalled, with a typed error', async () => {
    stalled();
    const started = performance.now();
    const error = await client({ timeoutMs: 300 })
      .GET('/v1/skills')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).timeoutMs).toBe(300);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('takes a per-request timeout over the client default', async () => {
    stalled();
    const error = await client({ timeoutMs: 60_000 })
      .GET('/v1/skills', { timeoutMs: 200 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
  });

  it("rejects with the caller's reason when the caller aborts mid-body", async () => {
    stalled();
    const controller = new AbortController();
    const reason = new Error('user navigated away');
    setTimeout(() => controller.abort(reason), 150);
    const error = await client()
      .GET('/v1/skills', { signal: controller.signal })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
  });

  it('rejects at once when the signal is already aborted, sending nothing', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const reason = new Error('already');
    const error = await client()
      .GET('/v1/topics', { signal: AbortSignal.abort(reason) })
      .catch((e: unknown) => e);
    expect(error).toBe(reason);
    expect(server.seen).toHaveLength(0);
  });
});

describe('errors', () => {
  it('refuses a redirect: the credentials are not forwarded', async () => {
    const other = await startServer();
    other.handle((_req, res) => json(res, 200, {}));
    server.handle((_req, res) => {
      res.writeHead(302, { location: `${other.url}/v1/topics` }).end();
    });
    const error = (await client()
      .GET('/v1/topics')
      .catch((e: unknown) => e)) as TransportError;
    await other.close();
    expect(error).toBeInstanceOf(TransportError);
    expect(error.code).toBe('REDIRECT');
    expect(error.message).toMatch(/redirect refused/);
    expect(other.seen).toHaveLength(0);
  });

  it('reports an undecodable JSON body as DecodeError', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"page": 1,');
    });
    const error = (await client()
      .GET('/v1/skills')
      .catch((e: unknown) => e)) as DecodeError;
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.status).toBe(200);
    expect(error.parseError).toMatch(/JSON/);
    expect(error.message).toContain(error.parseError);
  });

  it('blocks a bad body before anything is sent, listing the problems', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const bad = [{ groupId: 'g', target: { op: 'min' } }] as never;
    const error = (await client()
      .PATCH('/v1/projects/{projectId}/quotas/targets', { params: { path: { projectId: 'p' } }, body: bad })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.operationId).toBe('updateQuotaTargets');
    expect(error.problems.map((p) => p.pointer)).toEqual(expect.arrayContaining(['/0', '/0/target']));
    expect(error.message).toContain("/0: must have required property 'segmentId'");
    expect(server.seen).toHaveLength(0);
  });

  it('blocks a bad query, and lets a call opt out of validation', async () => {
    server.handle((_req, res) => json(res, 200, { page: 1, pageSize: 50, results: [] }));
    const error = (await client()
      .GET('/v1/skills', { params: { query: { query: 'ab' } } })
      .catch((e: unknown) => e)) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.part).toBe('query');
    expect(server.seen).toHaveLength(0);
    await client().GET('/v1/skills', { params: { query: { query: 'ab' } }, validate: false });
    expect(server.seen).toHaveLength(1);
  });

  it('reports response drift through the hook, or throws it when asked', async () => {
    server.handle((_req, res) => json(res, 200, { eventTypes: ['NOT.AN.EVENT'] }));
    const reported: ResponseValidationError[] = [];
    const init = { params: { path: { webhookId: 'w' } } };
    const { data } = await client({ validateResponses: 'report', hooks: { onValidationError: (e) => reported.push(e) } }).GET(
      '/v1/webhooks/{webhookId}/event-types',
      init,
    );
    expect(data).toEqual({ eventTypes: ['NOT.AN.EVENT'] });
    expect(reported[0]?.problems[0]).toMatchObject({ pointer: '/eventTypes/0', keyword: 'enum' });
    await expect(client({ validateResponses: 'throw' }).GET('/v1/webhooks/{webhookId}/event-types', init)).rejects.toBeInstanceOf(ResponseValidationError);
    await expect(client().GET('/v1/webhooks/{webhookId}/event-types', init)).resolves.toMatchObject({ data: { eventTypes: ['NOT.AN.EVENT'] } });
  });

  it('an empty 200 is response drift when the spec describes its body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end();
    });
    const init = { params: { path: { webhookId: 'w' } } };
    const error = (await client({ validateResponses: 'throw' })
      .GET('/v1/webhooks/{webhookId}/event-types', init)
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.operationId).toBe('listWebhookEventTypes');
    await expect(client().GET('/v1/webhooks/{webhookId}/event-types', init)).resolves.toMatchObject({ data: undefined });
  });
});

describe('paginate', () => {
  it('walks 5 pages and stops on the short last page', async () => {
    server.handle((req, res) => {
      const page = Number(new URL(req.url!, server.url).searchParams.get('page'));
      const count = page < 5 ? 2 : 1;
      json(res, 200, { page, pageSize: 2, results: Array.from({ length: count }, (_, i) => skill(page * 10 + i)) });
    });
    const names: string[] = [];
    for await (const s of client().paginate('/v1/skills', { params: { query: { pageSize: 2, validated: false } } })) names.push(s.name);
    expect(names).toHaveLength(9);
    expect(server.seen.map((s) => new URL(s.url, server.url).searchParams.get('page'))).toEqual(['1', '2', '3', '4', '5']);
    expect(server.seen[0]!.url).toContain('validated=false');
  });

  it('stops at totalResults and on an empty page', async () => {
    server.handle((req, res) => {
      const page = Number(new URL(req.url!, server.url).searchParams.get('page'));
      json(res, 200, { page, pageSize: 2, totalResults: 4, results: [skill(page), skill(page + 100)] });
    });
    const all = [];
    for await (const s of client().paginate('/v1/skills', { params: { query: { pageSize: 2, includeCount: true } } })) all.push(s);
    expect(all).toHaveLength(4);
    expect(server.seen).toHaveLength(2);
    server.handle((_req, res) => json(res, 200, { page: 1, pageSize: 50, results: [] }));
    for await (const _ of client().paginate('/v1/projects')) throw new Error('no items expected');
    expect(server.seen).toHaveLength(1);
  });

  it('throws HttpError on an error answer and honours abort between pages', async () => {
    server.handle((_req, res) => json(res, 404, { message: 'nope' }));
    const it1 = client().paginate('/v1/skills');
    await expect(it1.next()).rejects.toMatchObject({ name: 'HttpError', status: 404, body: { message: 'nope' } });
    expect(HttpError).toBeTypeOf('function');
    server.handle((req, res) => {
      const page = Number(new URL(req.url!, server.url).searchParams.get('page'));
      json(res, 200, { page, pageSize: 1, results: [skill(page)] });
    });
    const controller = new AbortController();
    const reason = new Error('enough');
    const got: unknown[] = [];
    const run = async () => {
      for await (const s of client().paginate('/v1/skills', { signal: controller.signal })) {
        got.push(s);
        if (got.length === 3) controller.abort(reason);
      }
    };
    await expect(run()).rejects.toBe(reason);
    expect(got).toHaveLength(3);
  });

  it('refuses a path that is not a paginated list', async () => {
    const it1 = (client().paginate as (p: string) => AsyncIterableIterator<unknown>)('/v1/topics');
    await expect(it1.next()).rejects.toThrow(/does not return the paginated list wrapper/);
  });
});

describe('hooks and redaction', () => {
  it('calls onRequest, onResponse and onRetry with redacted data only', async () => {
    server.handle((_req, res, seen) => (seen.length === 1 ? json(res, 503, {}) : json(res, 200, {})));
    const events: unknown[] = [];
    const api = client({
      apiKey: 'KEY-123456',
      apiSecret: 'SECRET-654321',
      hooks: { onRequest: (e) => events.push(['request', e]), onResponse: (e) => events.push(['response', e]), onRetry: (e) => events.push(['retry', e]) },
    });
    await api.GET('/v1/topics');
    expect(events.map((e) => (e as [string])[0])).toEqual(['request', 'response', 'retry', 'request', 'response']);
    const [, first] = events[0] as [string, { request: { headers: Record<string, string> } }];
    expect(first.request.headers['x-api-key']).toBe('[redacted]');
    expect(first.request.headers['x-api-secret']).toBe('[redacted]');
    expect(JSON.stringify(events)).not.toMatch(/KEY-123456|SECRET-654321/);
  });
});
