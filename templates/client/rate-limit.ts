/**
 * Client-side rate limiting: a token bucket (`burst` tokens, refilled at `requestsPerSecond`).
 * Callers wait for a token in arrival order rather than fail; an aborted wait rejects with the
 * signal's reason. The same limiter counts the requests made per UTC day against the daily quota.
 */
import { whenAborted } from './abort.js';
import { MAX_TIMER_MS } from './options.js';

export interface RateLimiterOptions {
  requestsPerSecond: number;
  burst: number;
  /** Requests per UTC day; counted and exposed, and enforced when the client asks for it. */
  dailyQuota?: number | undefined;
  /** Clock in milliseconds (tests). */
  now?: () => number;
  /** Called at the moment each token is granted, with the limiter's clock (metrics). */
  onGrant?: (at: number) => void;
}

export interface Usage {
  /** The UTC day counted, `YYYY-MM-DD`. */
  readonly day: string;
  /** Requests sent that day through this limiter, retries included. */
  readonly requests: number;
  readonly dailyQuota: number | undefined;
  readonly remaining: number | undefined;
}

interface Waiter {
  resolve: () => void;
  reject: (reason: unknown) => void;
  signal: AbortSignal | undefined;
  onAbort: () => void;
  /** Stops watching the caller's signal. */
  unwatch?: () => void;
}

export class RateLimiter {
  readonly requestsPerSecond: number;
  readonly burst: number;
  readonly dailyQuota: number | undefined;
  #tokens: number;
  #last: number;
  #queue: Waiter[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #now: () => number;
  #onGrant: ((at: number) => void) | undefined;
  #day = '';
  /** When the counted UTC day ends (epoch ms). */
  #dayEnds = 0;
  #count = 0;

  constructor(options: RateLimiterOptions) {
    // Finite values only: an infinite rate makes the refill arithmetic NaN, and no token is ever granted.
    const valid = Number.isFinite(options.requestsPerSecond) && options.requestsPerSecond > 0 && Number.isFinite(options.burst) && options.burst >= 1;
    if (!valid) throw new RangeError('RateLimiter: requestsPerSecond must be a finite number > 0 and burst a finite number >= 1');
    this.requestsPerSecond = options.requestsPerSecond;
    this.burst = options.burst;
    this.dailyQuota = options.dailyQuota;
    this.#now = options.now ?? (() => performance.now());
    this.#onGrant = options.onGrant;
    this.#tokens = options.burst;
    this.#last = this.#now();
  }

  /** Takes a token now if one is free and nobody waits: what is sent in the same tick is counted then. */
  tryAcquire(): boolean {
    this.#refill();
    if (this.#queue.length !== 0 || this.#tokens < 1) return false;
    this.#tokens -= 1;
    this.#onGrant?.(this.#last);
    return true;
  }

  /** Resolves when a token is taken. Waiting callers are served in arrival order. */
  acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(signal.reason);
    if (this.tryAcquire()) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        resolve,
        reject,
        signal,
        onAbort: () => {
          this.#queue = this.#queue.filter((w) => w !== waiter);
          reject(signal!.reason);
          if (this.#queue.length === 0) {
            // Nobody waits: no timer is left to keep the process alive.
            clearTimeout(this.#timer);
            this.#timer = undefined;
          }
          this.#schedule();
        },
      };
      if (signal) waiter.unwatch = whenAborted(signal, waiter.onAbort);
      this.#queue.push(waiter);
      this.#schedule();
    });
  }

  /** Counts one request against today's quota; returns false when the quota was already used up. */
  count(): boolean {
    const now = Date.now();
    if (now >= this.#dayEnds) {
      this.#day = new Date(now).toISOString().slice(0, 10);
      this.#dayEnds = Date.parse(`${this.#day}T00:00:00Z`) + 86_400_000;
      this.#count = 0;
    }
    if (this.dailyQuota !== undefined && this.#count >= this.dailyQuota) return false;
    this.#count += 1;
    return true;
  }

  usage(): Usage {
    const day = new Date().toISOString().slice(0, 10);
    const requests = day === this.#day ? this.#count : 0;
    return {
      day,
      requests,
      dailyQuota: this.dailyQuota,
      remaining: this.dailyQuota === undefined ? undefined : Math.max(0, this.dailyQuota - requests),
    };
  }

  /** Callers waiting for a token. */
  get waiting(): number {
    return this.#queue.length;
  }

  #refill(): void {
    const now = this.#now();
    this.#tokens = Math.min(this.burst, this.#tokens + ((now - this.#last) / 1000) * this.requestsPerSecond);
    this.#last = now;
  }

  #schedule(): void {
    if (this.#timer !== undefined || this.#queue.length === 0) return;
    this.#refill();
    // At most what a Node timer holds (a longer delay would fire at once); the timer re-checks anyway.
    const wait = this.#tokens >= 1 ? 0 : Math.min(MAX_TIMER_MS, Math.ceil(((1 - this.#tokens) / this.requestsPerSecond) * 1000));
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#refill();
      while (this.#queue.length && this.#tokens >= 1) {
        this.#tokens -= 1;
        this.#onGrant?.(this.#last);
        const waiter = this.#queue.shift()!;
        waiter.unwatch?.();
        waiter.resolve();
      }
      this.#schedule();
    }, wait);
  }
}

const shared = new Map<string, RateLimiter>();

/**
 * A 64-bit digest of `text` (two multiplicative hash lanes over its UTF-16 units), synchronous and
 * without `node:crypto`, so the shared limiters are keyed without holding the credential. Not a
 * cryptographic hash: it only names a bucket, and two accounts of one process share a bucket only
 * on a 64-bit collision.
 */
export function bucketDigest(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ unit, 2654435761);
    h2 = Math.imul(h2 ^ unit, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (h1 >>> 0).toString(16).padStart(8, '0') + (h2 >>> 0).toString(16).padStart(8, '0');
}

/**
 * The process-wide limiter for one account (identified by its first credential) and environment,
 * so several clients of the same account share the documented limit. Keyed by a digest, never by
 * the credential itself.
 */
export function sharedLimiter(identity: string, environment: string, options: RateLimiterOptions): RateLimiter {
  const id = bucketDigest(`${environment}\u0000${identity}`);
  let limiter = shared.get(id);
  if (!limiter) {
    limiter = new RateLimiter(options);
    shared.set(id, limiter);
  }
  return limiter;
}
