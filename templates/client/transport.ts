/**
 * Sends one call: rate limit, per-attempt timeout covering the whole body, caller cancellation,
 * retries, hooks and the size limit. A call is given as its URL, headers and body bytes (no
 * `Request`), so every attempt resends exactly the same bytes; the answer comes back with its body
 * read. No `Response` is built on the happy path: the one fetch gave is returned, its body consumed.
 */
import { concatBytes } from './bytes.js';
import { withQuery, type AuthPlan } from './credentials.js';
import { createDeadlines } from './deadlines.js';
import { DailyQuotaExceededError, PartnerClientError, ResponseTooLargeError, TimeoutError, TransportError, type ResponseValidationError } from './errors.js';
import { checkNumericOption } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import { redactHeaders, scrubbedError, summarize, type Redaction, type RequestSummary } from './redact.js';
import { backoffDelay, errorCode, parseRetryAfter, retryable, sleep, type RetryOptions } from './retry.js';

export interface RequestEvent {
  readonly request: RequestSummary;
  /** 1 for the first attempt. */
  readonly attempt: number;
}

export interface ResponseEvent extends RequestEvent {
  readonly status: number;
  readonly statusText: string;
  /** Response headers, scrubbed of credentials. */
  readonly headers: Readonly<Record<string, string>>;
  readonly durationMs: number;
}

export interface RetryEvent extends RequestEvent {
  /** Wait before the next attempt. */
  readonly delayMs: number;
  /** `status 503`, `ECONNRESET`, ... */
  readonly reason: string;
}

export interface Hooks {
  onRequest?: (event: RequestEvent) => void;
  onResponse?: (event: ResponseEvent) => void;
  onRetry?: (event: RetryEvent) => void;
  /** Response drift found with `validateResponses: 'report'`. */
  onValidationError?: (error: ResponseValidationError) => void;
}

/** Per-request options, given next to `params` and `body` in a call's init. */
export interface RequestOptions {
  /** Timeout of this request in ms, body included, in (0, 2^31 - 1]. */
  timeoutMs?: number;
  /** Retries of this request. */
  maxRetries?: number;
  /** Largest answer body accepted for this request, in bytes (as sent and once decompressed). */
  maxResponseBytes?: number;
  /** Allow retrying this POST or PATCH after a failure that may have been processed (e.g. it is idempotent on your side). */
  retryNonIdempotent?: boolean;
  /** Skip request validation for this call. */
  validate?: boolean;
}

/** One call, as the transport sends it. */
export interface OutgoingRequest {
  /** Upper case. */
  readonly method: string;
  /** The URL as the caller sees it: without query credentials. */
  readonly url: string;
  /** With the credentials applied, but for the query and the tokens fetched per attempt. */
  readonly headers: Headers;
  readonly body: Bytes | undefined;
  readonly signal: AbortSignal | undefined;
  readonly auth: AuthPlan | undefined;
  readonly options: RequestOptions;
  /** This call's fetch, instead of the client's. */
  readonly fetch: typeof globalThis.fetch | undefined;
  /** The caller reads the answer's body from the response (middleware, a stream): it is rebuilt readable. */
  readonly readable: boolean;
}

/**
 * The answer, its body read (and scrubbed for an error answer). `summary` describes the request,
 * redacted, for errors raised while decoding.
 */
export interface Answer {
  readonly response: Response;
  readonly body: Bytes;
  readonly summary: () => RequestSummary;
}

export interface TransportConfig {
  /** Undefined: `globalThis.fetch` as it is at each attempt (never captured, so mocks installed later intercept). */
  fetch: typeof globalThis.fetch | undefined;
  redaction: Redaction;
  /** The `Authorization` value of a token step, obtained now. */
  token: (step: AuthPlan['tokens'][number]) => Promise<string>;
  limiter: RateLimiter | undefined;
  dailyQuota: 'report' | 'enforce';
  retry: RetryOptions;
  timeoutMs: number;
  maxResponseBytes: number;
  redirect: RequestRedirect;
  hooks: Hooks;
  random?: () => number;
}

export type Bytes = Uint8Array<ArrayBuffer>;
type Attempt = { response: Response; body: Bytes } | { error: unknown; code: string | undefined };

/**
 * Reads the whole body. When `aborted` rejects, the reader is cancelled, which ends a pending read
 * even when the abort was lost inside fetch (seen on Node 20 once a garbage collection has run),
 * and the read throws the abort's reason. A body above `limitBytes` (its Content-Length, or the
 * bytes read, which fetch has already decompressed) is cancelled and `tooLarge()` thrown, so
 * memory stays bounded whatever the server sends.
 */
async function readBody(response: Response, aborted: Promise<never>, limitBytes: number, tooLarge: () => Error): Promise<Bytes> {
  if (!response.body) return new Uint8Array(0);
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > limitBytes) {
    const error = tooLarge();
    response.body.cancel(error).catch(() => {});
    throw error;
  }
  const reader = response.body.getReader();
  // One reaction per attempt rather than a race per read.
  let cut: { reason: unknown } | undefined;
  aborted.catch((reason: unknown) => {
    cut = { reason };
    reader.cancel(reason).catch(() => {});
  });
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (cut) throw cut.reason;
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel(error).catch(() => {});
    throw error;
  }
  // One chunk that is a whole buffer of its own (the usual small answer) is the body as it is.
  const only = chunks.length === 1 ? chunks[0]! : undefined;
  if (only && only.byteOffset === 0 && only.byteLength === only.buffer.byteLength && only.buffer instanceof ArrayBuffer) return only as Bytes;
  return concatBytes(chunks, total);
}

const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/**
 * The response with its body buffered and the request's URL (a constructed Response has none);
 * `redaction` given, headers and status text are scrubbed too.
 */
function rebuild(response: Response, body: Bytes, url: string, redaction?: Redaction): Response {
  const headers = new Headers();
  response.headers.forEach((value, name) => headers.append(name, redaction ? redaction.scrub(value) : value));
  headers.delete('content-encoding');
  headers.delete('transfer-encoding');
  headers.set('content-length', String(body.byteLength));
  const statusText = redaction ? redaction.scrub(response.statusText) : response.statusText;
  const rebuilt = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, { status: response.status, statusText, headers });
  return Object.defineProperty(rebuilt, 'url', { value: url });
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();

/** Per-request options are checked like the client's: a bad one rejects the call before anything is sent. */
function checkRequestOptions(options: RequestOptions): void {
  checkNumericOption('request options', 'timeoutMs', options.timeoutMs);
  checkNumericOption('request options', 'maxRetries', options.maxRetries);
  checkNumericOption('request options', 'maxResponseBytes', options.maxResponseBytes);
}

export function createTransport(config: TransportConfig): (request: OutgoingRequest) => Promise<Answer> {
  const { redaction, hooks } = config;
  const deadlines = createDeadlines();

  return async function transport(request: OutgoingRequest): Promise<Answer> {
    const { method, body, signal: callerSignal, options } = request;
    checkRequestOptions(options);
    const timeoutMs = options.timeoutMs ?? config.timeoutMs;
    const maxRetries = options.maxRetries ?? config.retry.maxRetries;
    const maxResponseBytes = options.maxResponseBytes ?? config.maxResponseBytes;
    const optIn = options.retryNonIdempotent === true;
    const tokens = request.auth?.tokens ?? [];
    // The URL sent carries query credentials; the one the caller gets back on the response does not.
    const url = withQuery(request.url, request.auth);
    let summaryCache: RequestSummary | undefined;
    // Built only when an error or a hook needs it: redaction is not paid on the happy path.
    const summary = (): RequestSummary => (summaryCache ??= summarize(method, url, request.headers, redaction));
    const fetch = request.fetch ?? config.fetch;

    for (let attempt = 1; ; attempt++) {
      if (callerSignal?.aborted) throw callerSignal.reason;
      if (config.limiter) {
        await config.limiter.acquire(callerSignal);
        if (!config.limiter.count() && config.dailyQuota === 'enforce') throw new DailyQuotaExceededError(config.limiter.dailyQuota!, summary());
      }
      if (hooks.onRequest) hooks.onRequest({ request: summary(), attempt });
      // A token function is called before every attempt, so a refreshed token is used on retries.
      let headers = request.headers;
      if (tokens.length) {
        headers = new Headers(request.headers);
        for (const step of tokens) headers.set('authorization', await config.token(step));
        if (callerSignal?.aborted) throw callerSignal.reason;
      }
      const started = performance.now();
      // Undefined: `globalThis.fetch` as it is now, so a mock installed after the client was made intercepts.
      const send = fetch ?? globalThis.fetch;
      const result = await attemptOnce(send, { method, url, headers, body }, callerSignal, { timeoutMs, maxResponseBytes }, summary);
      const retriesLeft = attempt <= maxRetries;

      if ('error' in result) {
        if (callerSignal?.aborted) throw callerSignal.reason;
        // A timeout or an oversized answer is not a connection failure: not retried.
        if (result.error instanceof PartnerClientError) throw result.error;
        if (retriesLeft && retryable(method, { code: result.code }, optIn)) {
          const delayMs = backoffDelay(attempt - 1, config.retry, config.random);
          hooks.onRetry?.({ request: summary(), attempt, delayMs, reason: result.code ?? 'connection error' });
          await sleep(delayMs, callerSignal);
          continue;
        }
        throw transportError(result, summary, attempt);
      }

      const { response } = result;
      hooks.onResponse?.({
        request: summary(),
        attempt,
        status: response.status,
        statusText: redaction.scrub(response.statusText),
        headers: redactHeaders(response.headers, redaction),
        durationMs: performance.now() - started,
      });

      if (retriesLeft && retryable(method, { status: response.status }, optIn)) {
        const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
        const delayMs = retryAfter ?? backoffDelay(attempt - 1, config.retry, config.random);
        if (delayMs <= config.retry.maxDelayMs) {
          hooks.onRetry?.({ request: summary(), attempt, delayMs, reason: `status ${response.status}` });
          await sleep(delayMs, callerSignal);
          continue;
        }
      }
      return finish(response, result.body, request, summary);
    }
  };

  async function attemptOnce(
    fetch: typeof globalThis.fetch,
    request: { method: string; url: string; headers: Headers; body: Bytes | undefined },
    callerSignal: AbortSignal | undefined,
    { timeoutMs, maxResponseBytes }: { timeoutMs: number; maxResponseBytes: number },
    summary: () => RequestSummary,
  ): Promise<Attempt> {
    // Aborted by the timeout or by the caller (with the caller's reason).
    const deadline = deadlines(timeoutMs, callerSignal);
    const { aborted } = deadline;
    try {
      const init: RequestInit = {
        method: request.method,
        headers: request.headers,
        redirect: config.redirect,
        signal: deadline.signal,
        ...(request.body !== undefined && { body: request.body }),
      };
      const response = await Promise.race([fetch(request.url, init), aborted]);
      const bytes = await readBody(response, aborted, maxResponseBytes, () => new ResponseTooLargeError(response.status, maxResponseBytes, summary()));
      return { response, body: bytes };
    } catch (error) {
      if (deadline.timedOut()) return { error: new TimeoutError(timeoutMs, summary()), code: undefined };
      if (deadline.signal.aborted) return { error: deadline.signal.reason, code: undefined };
      const redirect = /redirect/i.test(String((error as { cause?: { message?: string } })?.cause?.message ?? ''));
      return { error, code: redirect ? 'REDIRECT' : errorCode(error) };
    } finally {
      deadline.release();
    }
  }

  function transportError(result: { error: unknown; code: string | undefined }, summary: () => RequestSummary, attempts: number): PartnerClientError {
    if (result.error instanceof PartnerClientError) return result.error;
    const detail = result.code === 'REDIRECT' ? 'redirect refused (redirect: "error"; credentials are not forwarded)' : (result.code ?? redaction.scrub(String((result.error as Error)?.message ?? result.error)));
    const request = summary();
    const message = `${request.method} ${request.url} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${detail}`;
    return new TransportError(message, request, result.code, attempts, { cause: scrubbedError(result.error, redaction) });
  }

  /**
   * An error answer is rebuilt scrubbed of any echo of the credentials (it reaches the caller as
   * `{ error, response }`). A success answer is the response fetch gave, its body consumed, unless
   * the caller reads it from the response; its `url` is the one without query credentials.
   */
  function finish(response: Response, body: Bytes, request: OutgoingRequest, summary: () => RequestSummary): Answer {
    if (!response.ok) {
      const scrubbed = encoder.encode(redaction.scrub(decoder.decode(body)));
      return { response: rebuild(response, scrubbed, request.url, redaction), body: scrubbed, summary };
    }
    if (request.readable) return { response: rebuild(response, body, request.url), body, summary };
    if (response.url !== request.url) Object.defineProperty(response, 'url', { value: request.url });
    return { response, body, summary };
  }
}
