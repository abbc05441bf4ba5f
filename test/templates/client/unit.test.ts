/** The runtime's pure parts, tested in place (templates/client/). */
import { describe, expect, it } from 'vitest';
import { backoffDelay, errorCode, parseRetryAfter, retryable, sleep, DEFAULT_RETRY } from '../../../templates/client/retry.js';
import { RateLimiter } from '../../../templates/client/rate-limit.js';
import { REDACTED, Redaction, redactHeaders, redactUrl, scrub } from '../../../templates/client/redact.js';
import { createValidator, DEFAULT_MAX_PROBLEMS, formatProblems, toProblems } from '../../../templates/client/validation.js';

describe('retry policy', () => {
  it.each<[string, { given: [string, { status: number } | { code: string | undefined }, boolean]; want: boolean }]>([
    ['GET on 503', { given: ['GET', { status: 503 }, false], want: true }],
    ['PUT on 502', { given: ['PUT', { status: 502 }, false], want: true }],
    ['DELETE on 504', { given: ['DELETE', { status: 504 }, false], want: true }],
    ['GET on 408', { given: ['GET', { status: 408 }, false], want: true }],
    ['GET on 500 (not in the list)', { given: ['GET', { status: 500 }, false], want: false }],
    ['GET on 409 (not in the list)', { given: ['GET', { status: 409 }, false], want: false }],
    ['POST on 503', { given: ['POST', { status: 503 }, false], want: false }],
    ['POST on 503, opted in', { given: ['POST', { status: 503 }, true], want: true }],
    ['PATCH on 429 (refused, not processed)', { given: ['PATCH', { status: 429 }, false], want: true }],
    ['POST on connection refused', { given: ['POST', { code: 'ECONNREFUSED' }, false], want: true }],
    ['POST on connection reset', { given: ['POST', { code: 'ECONNRESET' }, false], want: false }],
    ['GET on connection reset', { given: ['GET', { code: 'ECONNRESET' }, false], want: true }],
    ['GET on an unknown error', { given: ['GET', { code: undefined }, false], want: false }],
    ['GET on a refused redirect', { given: ['GET', { code: 'REDIRECT' }, false], want: false }],
  ])('retryable: %s', (_name, { given, want }) => expect(retryable(...given)).toBe(want));

  it.each<[string, { given: string | null; want: number | undefined }]>([
    ['seconds', { given: '3', want: 3000 }],
    ['fractional seconds', { given: '0.5', want: 500 }],
    ['HTTP date', { given: new Date(1_000_000 + 2000).toUTCString(), want: 1000 }],
    ['date in the past', { given: new Date(0).toUTCString(), want: 0 }],
    ['absent', { given: null, want: undefined }],
    ['garbage', { given: 'soon', want: undefined }],
    ['obsolete RFC 850 date', { given: 'Thursday, 01-Jan-70 00:16:43 GMT', want: 2000 }],
    ['asctime date', { given: 'Thu Jan  1 00:16:42 1970', want: 2000 }],
    ['negative seconds', { given: '-5', want: undefined }],
    ['signed seconds', { given: '+5', want: undefined }],
    ['a list', { given: '1,2', want: undefined }],
  ])('parseRetryAfter: %s', (_name, { given, want }) => expect(parseRetryAfter(given, 1_000_000 + (given?.includes('GMT') ? 1000 : 0))).toBe(want));

  it('backs off exponentially with full jitter, capped', () => {
    const opts = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4].map((r) => backoffDelay(r, opts, () => 0.999))).toEqual([99, 199, 399, 799, 1000]);
    expect(backoffDelay(3, opts, () => 0)).toBe(0);
    // Thousands of retries: still a number, never NaN (0 × Infinity).
    expect(backoffDelay(5000, opts, () => 0)).toBe(0);
    expect(backoffDelay(5000, opts, () => 0.5)).toBe(1000);
  });

  it('finds the system error code under fetch failed', () => {
    expect(errorCode(new TypeError('fetch failed', { cause: Object.assign(new Error('x'), { code: 'ECONNRESET' }) }))).toBe('ECONNRESET');
    expect(errorCode(new Error('plain'))).toBeUndefined();
  });

  it.each([
    ['a bare network error (browsers, MSW)', new TypeError('Failed to fetch'), 'NETWORK_ERROR'],
    ["undici's without a cause", new TypeError('fetch failed'), 'NETWORK_ERROR'],
    ['an invalid URL', new TypeError('Failed to parse URL from x'), undefined],
    ['another TypeError', new TypeError('Failed to fetch!'), undefined],
    ['an Error with the message', new Error('Failed to fetch'), undefined],
  ])('reads %s as code %s', (_name, error, code) => {
    expect(errorCode(error)).toBe(code);
  });

  it('retries a bare network error only for idempotent requests, like a reset', () => {
    expect(retryable('GET', { code: 'NETWORK_ERROR' }, false)).toBe(true);
    expect(retryable('POST', { code: 'NETWORK_ERROR' }, false)).toBe(false);
    expect(retryable('POST', { code: 'NETWORK_ERROR' }, true)).toBe(true);
  });

  it("sleep rejects with the signal's reason", async () => {
    const c = new AbortController();
    const reason = new Error('stop');
    setTimeout(() => c.abort(reason), 10);
    await expect(sleep(10_000, c.signal)).rejects.toBe(reason);
  });
});

describe('RateLimiter', () => {
  it('grants the burst at once, then one token per 1/rate seconds, in order', async () => {
    let now = 0;
    const limiter = new RateLimiter({ requestsPerSecond: 10, burst: 2, now: () => now });
    const order: number[] = [];
    await limiter.acquire();
    await limiter.acquire();
    const third = limiter.acquire().then(() => order.push(3));
    const fourth = limiter.acquire().then(() => order.push(4));
    expect(limiter.waiting).toBe(2);
    now = 100;
    await third;
    now = 200;
    await fourth;
    expect(order).toEqual([3, 4]);
  });

  it('removes an aborted waiter and rejects it with the reason', async () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1, burst: 1 });
    await limiter.acquire();
    const c = new AbortController();
    const waiting = limiter.acquire(c.signal);
    const reason = new Error('cancelled');
    c.abort(reason);
    await expect(waiting).rejects.toBe(reason);
    expect(limiter.waiting).toBe(0);
  });

  it('counts requests per UTC day against the quota', () => {
    const limiter = new RateLimiter({ requestsPerSecond: 1, burst: 1, dailyQuota: 2 });
    expect([limiter.count(), limiter.count(), limiter.count()]).toEqual([true, true, false]);
    expect(limiter.usage()).toMatchObject({ requests: 2, dailyQuota: 2, remaining: 0, day: new Date().toISOString().slice(0, 10) });
  });

  it('rejects impossible settings', () => {
    expect(() => new RateLimiter({ requestsPerSecond: 0, burst: 1 })).toThrow(RangeError);
  });
});

describe('redaction', () => {
  it('scrubs raw, URL-encoded and JSON-escaped forms', () => {
    const secret = 'a/b"c d';
    const text = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret)}`;
    const out = scrub(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out).toBe(`raw ${REDACTED} url ${REDACTED} json "${REDACTED}"`);
  });

  it("redacts the schemes' headers and the always-secret ones whatever their value", () => {
    const headers = new Headers({ 'x-api-key': 'k', 'x-api-secret': 's', authorization: 'Bearer t', cookie: 'a=b', 'x-other': 'has k inside' });
    const redaction = new Redaction({ headers: ['X-Api-Key', 'x-api-secret'], values: ['k-secret-value'] });
    expect(redactHeaders(headers, redaction)).toEqual({ authorization: REDACTED, cookie: REDACTED, 'x-api-key': REDACTED, 'x-api-secret': REDACTED, 'x-other': 'has k inside' });
    // A header no scheme names is only scrubbed of known values.
    expect(redactHeaders(headers, new Redaction({ values: ['s'] }))['x-api-secret']).toBe(REDACTED);
    expect(redactHeaders(headers, new Redaction())['x-api-key']).toBe('k');
  });

  it.each<[string, { given: string; want: string }]>([
    ['the named parameter', { given: 'https://h/p?a=1&api_key=abc&b=2', want: 'https://h/p?a=1&api_key=[redacted]&b=2' }],
    ['an encoded name', { given: 'https://h/p?api%5Fkey=abc', want: 'https://h/p?api%5Fkey=[redacted]' }],
    ['a repeated parameter', { given: 'https://h/p?api_key=1&api_key=2', want: 'https://h/p?api_key=[redacted]&api_key=[redacted]' }],
    ['no value', { given: 'https://h/p?api_key', want: 'https://h/p?api_key=[redacted]' }],
    ['a fragment after the query', { given: 'https://h/p?api_key=1#api_key=2', want: 'https://h/p?api_key=[redacted]#api_key=2' }],
    ['other parameters left alone', { given: 'https://h/p?key=1', want: 'https://h/p?key=1' }],
    ['a known value anywhere', { given: 'https://h/the-token/p?x=the-token', want: 'https://h/[redacted]/p?x=[redacted]' }],
  ])('redactUrl: %s', (_name, { given, want }) => expect(redactUrl(given, new Redaction({ query: ['api_key'], values: ['the-token'] }))).toBe(want));

  it('remembers refreshed tokens, the latest 64 beside the values given', () => {
    const redaction = new Redaction({ values: ['given'] });
    for (let i = 0; i < 100; i++) redaction.remember(`token-${i}`);
    expect(redaction.values).toHaveLength(65);
    expect(redaction.values).toContain('given');
    expect(redaction.values).toContain('token-99');
    expect(redaction.values).not.toContain('token-35');
  });
});

describe('validation wrapper', () => {
  const compiled = Object.assign((d: unknown) => d === 1, { errors: [{ instancePath: '/a', keyword: 'enum', message: 'must be equal to one of the allowed values', params: { allowedValues: [1, 2] } }] });
  it('is a type guard whose problems follow the last call', () => {
    const v = createValidator<1>('validateOne', compiled, 'test');
    expect(v(2)).toBe(false);
    expect(v.problems).toEqual([{ pointer: '/a', keyword: 'enum', message: 'must be equal to one of the allowed values: 1, 2', params: { allowedValues: [1, 2] } }]);
    expect(v(1)).toBe(true);
    expect(v.problems).toEqual([]);
    expect(v.check(1)).toEqual({ valid: true, value: 1 });
    expect(v.validatorName).toBe('validateOne');
  });

  it('drops the redundant "if" errors and formats problems one per line', () => {
    const problems = toProblems([
      { instancePath: '', keyword: 'if', message: 'must match "then" schema', params: {} },
      { instancePath: '/x', keyword: 'false schema', message: 'boolean schema is false', params: {} },
    ]);
    expect(formatProblems(problems)).toBe('/x: must not be present');
  });

  it('gives a result, never a throw, when the compiled function throws', () => {
    const throwing = (error: unknown) => createValidator('validateThrowing', Object.assign(() => { throw error; }, { errors: null }), 'test');
    expect(throwing(new RangeError('Maximum call stack size exceeded')).check({})).toEqual({
      valid: false,
      problems: [{ pointer: '', keyword: 'validation-aborted', message: 'could not be validated: the value is too deeply nested or too large (RangeError)', params: { error: 'RangeError' } }],
    });
    const odd = throwing('not an Error');
    expect(odd({})).toBe(false);
    expect(odd.problems[0]!.message).toBe('could not be validated: the validator failed on this value (string)');
  });

  it('copies the parameters: changing a problem changes neither the compiled errors nor the next result', () => {
    const v = createValidator<1>('validateOne', compiled, 'test');
    v(2);
    (v.problems[0]!.params.allowedValues as number[]).push(3);
    expect(compiled.errors[0]!.params.allowedValues).toEqual([1, 2]);
    const withFunction = createValidator('validateF', Object.assign(() => false, { errors: [{ instancePath: '', keyword: 'x', params: { value: { f: () => 1 } } }] }), 'test');
    expect(withFunction.check(0)).toMatchObject({ problems: [{ params: { value: '(not copied: DataCloneError)' } }] });
  });

  it(`reports at most ${DEFAULT_MAX_PROBLEMS} problems unless told otherwise`, () => {
    const errors = Array.from({ length: 250 }, (_, i) => ({ instancePath: `/${i}`, keyword: 'type', message: 'must be string', params: { type: 'string' } }));
    const v = createValidator('validateMany', Object.assign(() => false, { errors }), 'test');
    expect(v.check(0)).toMatchObject({ problems: { length: DEFAULT_MAX_PROBLEMS } });
    expect(v.check(0, { maxProblems: 3 })).toMatchObject({ problems: [{ pointer: '/0' }, { pointer: '/1' }, { pointer: '/2' }] });
    expect(v.check(0, { maxProblems: Infinity })).toMatchObject({ problems: { length: 250 } });
    expect(v.check(0, { maxProblems: 0 })).toMatchObject({ problems: { length: DEFAULT_MAX_PROBLEMS } });
  });
});
