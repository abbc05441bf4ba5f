/**
 * The mock against callers that misuse it: an empty host (Node would listen on every interface),
 * aborted signals (fetch rejects with the signal's reason, also while a body stalls), and faults
 * or overrides that are not objects or carry headers no HTTP message can hold.
 */
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, load } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');

const BASE = 'http://mock.test/v1';

describe('mock.listen host', () => {
  it.each(['', ' '])('refuses host %j with a TypeError instead of listening on every interface', async (host) => {
    const mock = createMockApi();
    await expect(mock.listen({ host, port: 0 })).rejects.toThrow(new TypeError('listen: host must name an address (omit it for 127.0.0.1)'));
  });

  it('still listens on 127.0.0.1 when no host is given', async () => {
    const server = await createMockApi().listen({ port: 0 });
    try {
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await fetch(`${server.url}/v1/skills`, { headers: CREDENTIALS })).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe('mock.fetch and an AbortSignal', () => {
  it('rejects with the reason of a signal aborted before the call, as fetch does', async () => {
    const mock = createMockApi();
    const reason = new Error('caller gave up');
    await expect(mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS, signal: AbortSignal.abort(reason) })).rejects.toBe(reason);
    expect(mock.requests).toEqual([]);
  });

  it('rejects when aborted while it reads a body that never ends, and while a fault delays the answer', async () => {
    const mock = createMockApi();
    const controller = new AbortController();
    // A body stream that sends one chunk and then stalls.
    const stalled = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new TextEncoder().encode('{"na')) });
    const pending = mock.fetch(`${BASE}/webhooks`, {
      method: 'POST',
      headers: { ...CREDENTIALS, 'content-type': 'application/json' },
      body: stalled,
      duplex: 'half',
      signal: controller.signal,
    } as RequestInit);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });

    mock.fault('listSkills', { latencyMs: 60_000 });
    const late = new AbortController();
    const delayed = mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS, signal: late.signal });
    const reason = new Error('timeout of the caller');
    setTimeout(() => late.abort(reason), 20);
    await expect(delayed).rejects.toBe(reason);
  });

  it('answers as before when the signal is not aborted', async () => {
    const mock = createMockApi();
    const response = await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS, signal: new AbortController().signal });
    expect(response.status).toBe(200);
  });
});

describe('mock.fault and mock.override arguments', () => {
  it.each([null, undefined, 'reset', 503])('refuses fault %j with a TypeError naming the operation', (fault) => {
    const mock = createMockApi();
    expect(() => mock.fault('listSkills', fault as never)).toThrow(
      new TypeError('fault of listSkills must be an object ({ status, headers, latencyMs, reset, times })'),
    );
  });

  it.each([
    [{ 'retry-after': '1\r\nset-cookie: a=b' }, 'fault.headers["retry-after"] must be a header value (a string without line breaks or NUL)'],
    [{ 'retry after': '1' }, 'fault.headers: "retry after" is not a valid header name'],
    [{ 'x-a\r\nx-b': '1' }, 'fault.headers: "x-a\\r\\nx-b" is not a valid header name'],
    [{ 'x-n': 1 }, 'fault.headers["x-n"] must be a header value (a string without line breaks or NUL)'],
  ])('refuses fault headers %j at the call, and later requests are unaffected', async (headers, message) => {
    const mock = createMockApi();
    expect(() => mock.fault('listSkills', { status: 503, headers: headers as never })).toThrow(new TypeError(message));
    expect((await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS })).status).toBe(200);
  });

  it('refuses an override that is not an answer, or whose headers or status are invalid, at the call and in the options', () => {
    const mock = createMockApi();
    expect(() => mock.override('listSkills', null as never)).toThrow(
      new TypeError('override of listSkills must be an answer ({ status, body, headers }) or a function returning one'),
    );
    expect(() => mock.override('listSkills', { headers: { 'bad name': 'x' } } as never)).toThrow(
      new TypeError('override of listSkills.headers: "bad name" is not a valid header name'),
    );
    expect(() => mock.override('listSkills', { status: 999 } as never)).toThrow(
      new TypeError('override of listSkills.status must be an HTTP status from 200 to 599'),
    );
    expect(() => createMockApi({ overrides: { listSkills: { headers: { 'x-a': 'v\n' } } } as never })).toThrow(
      new TypeError('overrides.listSkills.headers["x-a"] must be a header value (a string without line breaks or NUL)'),
    );
    // Valid headers, an empty value included, still go out.
    mock.override('listSkills', { status: 503, body: { down: true }, headers: { 'retry-after': '1', 'x-empty': '' } } as never);
  });

  it('answers 500 naming the operation when an override function returns bad headers or no object', async () => {
    const mock = createMockApi();
    mock.override('listSkills', (() => ({ headers: { 'x-a': 'v\r\n' } })) as never);
    const bad = await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS });
    expect(bad.status).toBe(500);
    expect((await bad.json()).error).toBe('The override of listSkills answered headers["x-a"] must be a header value (a string without line breaks or NUL)');
    mock.override('listSkills', (() => null) as never);
    const none = await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS });
    expect(none.status).toBe(500);
    expect((await none.json()).error).toBe('The override of listSkills answered null: it must answer an object ({ status, body, headers })');
  });
});
