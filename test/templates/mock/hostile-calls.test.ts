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

describe('overrides the mock cannot honour (#29 item 14)', () => {
  /** The answer over real HTTP on 127.0.0.1, read whole within 2 s (a Content-Length of 999 would never end). */
  async function overHttp(mock: any): Promise<{ status: number; text: string } | { error: string }> {
    const server = await mock.listen({ port: 0 });
    try {
      const response = await fetch(`${server.url}/v1/skills`, { headers: CREDENTIALS, signal: AbortSignal.timeout(2_000) });
      return { status: response.status, text: await response.text() };
    } catch (err) {
      return { error: String((err as Error).name) };
    } finally {
      await server.close();
    }
  }

  it.each([
    ['content-length', '999'],
    ['Content-Length', '1'],
    ['transfer-encoding', 'chunked'],
  ])('refuses a framing header %s: %s at the call, in the options and in a fault', async (name, value) => {
    const mock = createMockApi();
    const message = `override of listSkills.headers[${JSON.stringify(name)}]: the mock frames its answers itself (Content-Length, Transfer-Encoding): leave it out`;
    expect(() => mock.override('listSkills', { body: { results: [] }, headers: { [name]: value } } as never)).toThrow(new TypeError(message));
    expect(() => createMockApi({ overrides: { listSkills: { headers: { [name]: value } } } as never })).toThrow(TypeError);
    expect(() => mock.fault('listSkills', { status: 503, headers: { [name]: value } })).toThrow(TypeError);
    // Nothing was kept: the HTTP answer is the normal one, whole.
    const answer = await overHttp(mock);
    expect(answer).toMatchObject({ status: 200 });
    expect(() => JSON.parse((answer as { text: string }).text)).not.toThrow();
  });

  it('answers 500 naming the operation when an override function returns a framing header', async () => {
    const mock = createMockApi();
    mock.override('listSkills', (() => ({ body: { results: [] }, headers: { 'content-length': '999' } })) as never);
    const answer = await overHttp(mock);
    expect(answer).toMatchObject({ status: 500 });
    expect(JSON.parse((answer as { text: string }).text).error).toBe(
      'The override of listSkills answered headers["content-length"]: the mock frames its answers itself (Content-Length, Transfer-Encoding): leave it out',
    );
  });

  it('refuses a body that is not JSON (a cycle, a BigInt, a function) at the call', () => {
    const mock = createMockApi();
    const cyclic: Record<string, unknown> = { results: [] };
    cyclic.self = cyclic;
    expect(() => mock.override('listSkills', { body: cyclic } as never)).toThrow(/^override of listSkills\.body is not JSON: .*circular/i);
    expect(() => mock.override('listSkills', { body: { n: 1n } } as never)).toThrow(/^override of listSkills\.body is not JSON: .*BigInt/i);
    expect(() => mock.override('listSkills', { status: 503, body: () => 1 } as never)).toThrow(
      new TypeError('override of listSkills.body is not JSON: JSON.stringify gives no text for it'),
    );
    expect(() => createMockApi({ overrides: { listSkills: { body: { n: 1n } } } as never })).toThrow(/^overrides\.listSkills\.body is not JSON/);
  });

  it('answers 500 naming the operation when an override function returns a body that is not JSON, and goes on answering', async () => {
    const mock = createMockApi();
    let calls = 0;
    mock.override('listSkills', (() => (++calls === 1 ? { body: { n: 1n } } : { body: { results: [] } })) as never);
    const bad = await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS });
    expect(bad.status).toBe(500);
    expect((await bad.json()).error).toMatch(/^The override of listSkills answered a body that is not JSON: .*BigInt/i);
    const good = await mock.fetch(`${BASE}/skills`, { headers: CREDENTIALS });
    expect([good.status, await good.json()]).toEqual([200, { results: [] }]);
  });
});
