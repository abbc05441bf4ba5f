/**
 * Retry policy: which failures are retried, for which methods, and how long to wait.
 * Safe by default: a request that may have been processed is repeated only for idempotent methods
 * or when the caller opts in for that request.
 */
import { whenAborted } from './abort.js';
import { MAX_TIMER_MS } from './options.js';

export interface RetryOptions {
  /** Retries after the first attempt (default 2). */
  maxRetries: number;
  /** First backoff delay in ms (default 500); doubles per retry, with full jitter. */
  baseDelayMs: number;
  /** Longest wait before a retry, `Retry-After` included (default 60 000 ms). A longer `Retry-After` ends retrying. */
  maxDelayMs: number;
}

export const DEFAULT_RETRY: RetryOptions = { maxRetries: 2, baseDelayMs: 500, maxDelayMs: 60_000 };

export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 429, 502, 503, 504]);
export const IDEMPOTENT_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** Connection errors where the request provably never reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'UND_ERR_CONNECT_TIMEOUT']);
/**
 * A fetch network error that carries no system code: the Fetch standard's bare `TypeError` (a
 * browser's "Failed to fetch", Mock Service Worker's `HttpResponse.error()`). Whether the request
 * was sent is unknown, so it is retried like a reset: idempotent requests only.
 */
export const NETWORK_ERROR = 'NETWORK_ERROR';
/** Connection errors worth retrying for idempotent requests. */
const CONNECTION_CODES = new Set([
  ...NOT_SENT_CODES,
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'ENETUNREACH',
  'EHOSTUNREACH',
  NETWORK_ERROR,
]);
/** The messages fetch implementations give a network error (undici, browsers and MSW). */
const NETWORK_ERROR_MESSAGES = new Set(['fetch failed', 'Failed to fetch']);

/** The system error code of a failed fetch (`TypeError('fetch failed', { cause })`), else NETWORK_ERROR for a bare network error. */
export function errorCode(error: unknown): string | undefined {
  for (let e: any = error, depth = 0; e && depth < 4; e = e.cause, depth++) {
    if (typeof e.code === 'string') return e.code;
  }
  return error instanceof TypeError && NETWORK_ERROR_MESSAGES.has(error.message) ? NETWORK_ERROR : undefined;
}

export const isConnectionError = (code: string | undefined): boolean => code !== undefined && CONNECTION_CODES.has(code);
export const provablyNotSent = (code: string | undefined): boolean => code !== undefined && NOT_SENT_CODES.has(code);

/** May this failure be retried? `optIn` allows repeating a non-idempotent request. */
export function retryable(method: string, failure: { status: number } | { code: string | undefined }, optIn: boolean): boolean {
  const idempotent = IDEMPOTENT_METHODS.has(method.toUpperCase()) || optIn;
  if ('status' in failure) {
    if (!RETRY_STATUSES.has(failure.status)) return false;
    // A 429 means the request was refused, not processed.
    return idempotent || failure.status === 429;
  }
  if (!isConnectionError(failure.code)) return false;
  return idempotent || provablyNotSent(failure.code);
}

/** `Retry-After` in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, now: number = Date.now()): number | undefined {
  if (value === null) return undefined;
  const trimmed = value.trim();
  if (/^\d+(\.\d+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only the three HTTP-date forms (RFC 9110): Date.parse would also read `-5`, `+5` or `1,2` as
  // years, making them a retry at once.
  let date: number;
  if (/^[A-Za-z]{3,9}, \d{2}[ -][A-Za-z]{3}[ -]\d{2,4} \d{2}:\d{2}:\d{2} GMT$/.test(trimmed)) date = Date.parse(trimmed);
  else if (/^[A-Za-z]{3} [A-Za-z]{3} [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/.test(trimmed))
    date = Date.parse(`${trimmed} GMT`); // asctime: GMT
  else return undefined;
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with full jitter: random in [0, base * 2^retry], capped. */
export function backoffDelay(retry: number, options: RetryOptions, random: () => number = Math.random): number {
  // The exponent is bounded so the product stays finite (0 × Infinity would be NaN).
  return Math.min(options.maxDelayMs, Math.floor(random() * options.baseDelayMs * 2 ** Math.min(retry, 64)));
}

/**
 * Waits `ms`, rejecting with the signal's reason if it aborts first. A wait longer than a Node
 * timer can hold is made of several timers, so it never ends early.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const ends = performance.now() + ms;
    let timer: ReturnType<typeof setTimeout>;
    let unwatch: (() => void) | undefined;
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const wait = (left: number) => {
      timer = setTimeout(
        () => {
          const remaining = ends - performance.now();
          if (left > MAX_TIMER_MS && remaining > 0) return wait(remaining);
          unwatch?.();
          resolve();
        },
        Math.min(left, MAX_TIMER_MS),
      );
    };
    wait(ms);
    if (signal) unwatch = whenAborted(signal, onAbort);
  });
}
