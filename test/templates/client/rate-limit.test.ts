/** The client's rate limiter (templates/client/rate-limit.ts). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketDigest, RateLimiter, sharedLimiter } from '../../../templates/client/rate-limit.js';

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

describe('sharedLimiter', () => {
  const limits = { requestsPerSecond: 5, burst: 5 };

  it('gives one account and environment one limiter, another account or environment its own', () => {
    const a = sharedLimiter('apiKey\u0000key-a', 'production', limits);
    expect(sharedLimiter('apiKey\u0000key-a', 'production', limits)).toBe(a);
    expect(sharedLimiter('apiKey\u0000key-b', 'production', limits)).not.toBe(a);
    expect(sharedLimiter('apiKey\u0000key-a', 'staging', limits)).not.toBe(a);
  });

  it('keys buckets by a 16-digit digest that differs for distinct texts (seeded)', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.string({ unit: 'grapheme', maxLength: 40 }), { minLength: 2, maxLength: 400 }), (texts) => {
        const digests = texts.map(bucketDigest);
        expect(new Set(digests).size).toBe(texts.length);
        for (const digest of digests) expect(digest).toMatch(/^[0-9a-f]{16}$/);
      }),
      { numRuns: 50 },
    );
    expect(bucketDigest('production\u0000key')).toBe(bucketDigest('production\u0000key'));
  });
});
