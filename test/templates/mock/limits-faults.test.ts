/**
 * Simulated limits (429 with Retry-After past the bucket and the daily quota) driven by the
 * generated client, and injected faults: a status N times, latency, and a dropped connection in
 * server and fetch mode, as the client's TransportError sees it.
 */
import { describe, expect, it } from 'vitest';
import { LimitSimulator } from '../../../templates/mock/limits.js';
import { CREDENTIALS, GENERATED, load } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');
const { createPartnerClient, TransportError } = await load(GENERATED, 'index');

const clientFor = (fetch: typeof globalThis.fetch | undefined, baseUrl: string, extra: object = {}) =>
  createPartnerClient({
    baseUrl,
    apiKey: 'test-key',
    apiSecret: 'test-secret',
    environment: 'staging',
    ...(fetch && { fetch }),
    retryBaseDelayMs: 1,
    ...extra,
  });

describe('simulated limits', () => {
  const limits = { requestsPerSecond: 20, burst: 5 };

  it('answers 429 with Retry-After to a client that does not pace itself, and none to a client at the same limits', async () => {
    const mock = createMockApi({ simulateLimits: limits });
    const unpaced = clientFor(mock.fetch, 'http://mock.test', { rateLimit: false, maxRetries: 0 });
    const answers = await Promise.all(Array.from({ length: 12 }, () => unpaced.GET('/v1/skills')));
    const refused = answers.filter((a: any) => a.response.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(3); // 12 at once, burst 5: 7 unless the machine stalls
    expect(Number(refused[0].response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(refused[0].error).toEqual({ mock: true, status: 429, error: 'Too many requests (simulated limit)' });

    const fresh = createMockApi({ simulateLimits: limits });
    const paced = clientFor(fresh.fetch, 'http://mock.test', { rateLimit: limits, maxRetries: 0 });
    const started = performance.now();
    const statuses = (await Promise.all(Array.from({ length: 15 }, () => paced.GET('/v1/skills')))).map((a: any) => a.response.status);
    expect(statuses).toEqual(Array(15).fill(200));
    expect(performance.now() - started).toBeGreaterThan(350); // 10 requests past the burst at 20/s
  });

  it("uses the environment's documented limits for simulateLimits: true (the default client never sees a 429)", async () => {
    const mock = createMockApi({ simulateLimits: true });
    const client = clientFor(mock.fetch, 'http://mock.test', { maxRetries: 0 });
    const statuses = (
      await Promise.all(Array.from({ length: 110 }, () => client.GET('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } } })))
    ).map((a: any) => a.response.status);
    expect(statuses.filter((s: number) => s !== 200)).toEqual([]);
    const unpaced = createMockApi({ simulateLimits: true });
    // Staging's documented burst is 100 at 50/s: 200 requests at once exceed it (exact counts: the clock test below).
    const raw = await Promise.all(Array.from({ length: 200 }, () => unpaced.handle(new Request('http://mock.test/v1/projects/p', { headers: CREDENTIALS }))));
    expect(raw.filter((r: Response) => r.status === 429).length).toBeGreaterThan(0);
    expect(raw.filter((r: Response) => r.status === 200).length).toBeGreaterThanOrEqual(100);
  });

  it('refuses past the daily quota with Retry-After until the next UTC day, and reset() starts over', async () => {
    const mock = createMockApi({ simulateLimits: { dailyQuota: 3 } });
    const statuses: number[] = [];
    const answers: Response[] = [];
    for (let i = 0; i < 5; i++) answers.push(await mock.handle(new Request('http://mock.test/v1/projects/p', { headers: CREDENTIALS })));
    for (const answer of answers) statuses.push(answer.status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    const untilMidnight = Math.ceil((86_400_000 - (Date.now() % 86_400_000)) / 1000);
    expect(Math.abs(Number(answers[4]!.headers.get('retry-after')) - untilMidnight)).toBeLessThanOrEqual(2);
    mock.reset();
    expect((await mock.handle(new Request('http://mock.test/v1/projects/p', { headers: CREDENTIALS }))).status).toBe(200);
  });

  it('counts exactly on a controlled clock: burst, refill at the rate, Retry-After, the UTC day', () => {
    let now = Date.UTC(2026, 0, 1, 23, 59, 50);
    const limiter = new LimitSimulator({ requestsPerSecond: 2, burst: 3, dailyQuota: 5 }, () => now);
    expect([limiter.take(), limiter.take(), limiter.take(), limiter.take()]).toEqual([undefined, undefined, undefined, 1]);
    now += 500;
    expect([limiter.take(), limiter.take()]).toEqual([undefined, 1]);
    now += 1000;
    expect([limiter.take(), limiter.take()]).toEqual([undefined, 9]); // the quota: 5 used, 9 s to midnight UTC
    now += 9000;
    expect(limiter.take()).toBeUndefined();
  });

  it('refuses limits that are not positive numbers', () => {
    expect(() => createMockApi({ simulateLimits: { burst: 0 } })).toThrow('simulateLimits.burst must be a positive number');
  });
});

describe('faults', () => {
  it('answers a status N times, then normally; the client retries through it', async () => {
    const mock = createMockApi();
    mock.fault('getProject', { status: 503, times: 2, headers: { 'retry-after': '0' } });
    const client = clientFor(mock.fetch, 'http://mock.test', { maxRetries: 2 });
    const { response } = await client.GET('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } } });
    expect(response.status).toBe(200);
    expect(mock.requests.map((r: any) => r.status)).toEqual([503, 503, 200]);
  });

  it('refuses a fault it cannot apply', () => {
    const mock = createMockApi();
    expect(() => mock.fault('getProject', { status: 99 })).toThrow('fault.status must be an HTTP status from 200 to 599');
    expect(() => mock.fault('getProject', { latencyMs: 2 ** 31 })).toThrow('fault.latencyMs must be a number from 0 to 2147483647');
    expect(() => mock.fault('getProject', { times: -1 })).toThrow('fault.times must be a number >= 0');
    expect(() => mock.fault('nope' as never, {})).toThrow('Unknown operation "nope"');
  });

  it('delays answers by latencyMs', async () => {
    const mock = createMockApi();
    mock.fault('listSkills', { latencyMs: 150 });
    const started = performance.now();
    expect((await mock.handle(new Request('http://mock.test/v1/skills', { headers: CREDENTIALS }))).status).toBe(200);
    expect(performance.now() - started).toBeGreaterThanOrEqual(145);
  });

  it('drops the connection in fetch mode like undici: TypeError fetch failed, cause ECONNRESET, and the client reports it', async () => {
    const mock = createMockApi();
    mock.fault('getProject', { reset: true, times: 1 });
    const error = await mock.fetch('http://mock.test/v1/projects/p', { headers: CREDENTIALS }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(((error as TypeError).cause as { code: string }).code).toBe('ECONNRESET');
    mock.fault('getProject', { reset: true });
    const client = clientFor(mock.fetch, 'http://mock.test', { maxRetries: 1 });
    const failure = await client.GET('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } } }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect(failure.code).toBe('ECONNRESET');
    expect(mock.requests.map((r: any) => r.status)).toEqual(['reset', 'reset', 'reset']);
  });

  it('resets the connection in server mode: the client sees a TransportError ECONNRESET, then normal answers after the fault', async () => {
    const mock = createMockApi();
    const server = await mock.listen();
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      mock.fault('getProject', { reset: true, times: 1 });
      const client = clientFor(undefined, server.url, { maxRetries: 0 });
      const failure = await client.GET('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } } }).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(TransportError);
      expect(failure.code).toBe('ECONNRESET');
      const { response } = await client.GET('/v1/projects/{projectId}', { params: { path: { projectId: 'p' } } });
      expect(response.status).toBe(200);
    } finally {
      await server.close();
    }
  });
});
