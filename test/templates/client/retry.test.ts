/** The retry policy (templates/client/retry.ts): which failures are retried, Retry-After, backoff. */
import { describe, expect, it } from 'vitest';
import { backoffDelay, errorCode, parseRetryAfter, retryable, sleep, DEFAULT_RETRY } from '../../../templates/client/retry.js';

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
