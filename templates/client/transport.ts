/**
 * The fetch that openapi-fetch calls: rate limit, per-attempt timeout covering the whole body,
 * caller cancellation, retries, hooks, decoding and response checks. Each attempt is a fresh
 * request built from the buffered body, so a retry resends exactly the same bytes.
 */
import { withQuery, type AuthPlan } from './credentials.js';
import { DailyQuotaExceededError, DecodeError, PartnerClientError, ResponseTooLargeError, ResponseValidationError, TimeoutError, TransportError } from './errors.js';
import { checkNumericOption } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import { redactHeaders, scrubbedError, scrubbedPrefix, summarize, type Redaction, type RequestSummary } from './redact.js';
import { backoffDelay, errorCode, parseRetryAfter, retryable, sleep, type RetryOptions } from './retry.js';
import type { Validator } from './validation.js';

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

/** What the request validation middleware records on a request for the transport. */
export const CALL: unique symbol = Symbol('partner-recruitment-client.call');
export interface CallInfo {
  operationId: string | undefined;
  /** The credentials to send: set on the headers already, but for the query and the tokens fetched per attempt. */
  auth: AuthPlan | undefined;
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
  validateResponses: false | 'report' | 'throw';
  responseValidators: (operationId: string, status: number) => Validator<unknown> | undefined;
  random?: () => number;
}

type Bytes = Uint8Array<ArrayBuffer>;
type Attempt = { response: Response; body: Bytes } | { error: unknown; code: string | undefined };

/** Rejects when the signal aborts, with its reason; `dispose` removes the listener. */
function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose: () => void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    if (signal.aborted) return reject(signal.reason);
    onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
  });
  promise.catch(() => {});
  return { promise, dispose: () => signal.removeEventListener('abort', onAbort) };
}

/**
 * Reads the whole body, racing every read against the abort signals: an abort lost inside fetch
 * (seen on Node 20 once a garbage collection has run) still ends the read. A body above
 * `limitBytes` (its Content-Length, or the bytes read, which fetch has already decompressed) is
 * cancelled and `tooLarge()` thrown, so memory stays bounded whatever the server sends.
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
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await Promise.race([reader.read(), aborted]);
      if (done) break;
      total += value.byteLength;
      if (total > limitBytes) throw tooLarge();
      chunks.push(value);
    }
  } catch (error) {
    reader.cancel(error).catch(() => {});
    throw error;
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
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
/** How much of an undecodable body `DecodeError.bodySnippet` keeps. */
const SNIPPET_LENGTH = 200;

/** Per-request options are checked like the client's: a bad one rejects the call before anything is sent. */
function checkRequestOptions(options: RequestOptions): void {
  checkNumericOption('request options', 'timeoutMs', options.timeoutMs);
  checkNumericOption('request options', 'maxRetries', options.maxRetries);
  checkNumericOption('request options', 'maxResponseBytes', options.maxResponseBytes);
}

export function createTransport(config: TransportConfig): (request: Request) => Promise<Response> {
  const { redaction, hooks } = config;

  return async function transport(request: Request): Promise<Response> {
    const perRequest = request as Request & RequestOptions & { [CALL]?: CallInfo };
    checkRequestOptions(perRequest);
    const timeoutMs = perRequest.timeoutMs ?? config.timeoutMs;
    const maxRetries = perRequest.maxRetries ?? config.retry.maxRetries;
    const maxResponseBytes = perRequest.maxResponseBytes ?? config.maxResponseBytes;
    const optIn = perRequest.retryNonIdempotent === true;
    const method = request.method.toUpperCase();
    const callerSignal = request.signal;
    const body = request.body ? new Uint8Array(await request.arrayBuffer()) : undefined;
    const call = perRequest[CALL];
    const operationId = call?.operationId;
    const tokens = call?.auth?.tokens ?? [];
    // The URL sent carries query credentials; the one the caller gets back on the response does not.
    const url = withQuery(request.url, call?.auth);
    let summaryCache: RequestSummary | undefined;
    // Built only when an error or a hook needs it: redaction is not paid on the happy path.
    const summary = (): RequestSummary => (summaryCache ??= summarize(method, url, request.headers, redaction));

    for (let attempt = 1; ; attempt++) {
      if (callerSignal.aborted) throw callerSignal.reason;
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
        if (callerSignal.aborted) throw callerSignal.reason;
      }
      const started = performance.now();
      const result = await attemptOnce({ url, headers, responseUrl: request.url }, method, body, callerSignal, { timeoutMs, maxResponseBytes }, summary);
      const retriesLeft = attempt <= maxRetries;

      if ('error' in result) {
        if (callerSignal.aborted) throw callerSignal.reason;
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
      return finish(response, result.body, summary, operationId);
    }
  };

  async function attemptOnce(
    request: { url: string; headers: Headers; responseUrl: string },
    method: string,
    body: Bytes | undefined,
    callerSignal: AbortSignal,
    { timeoutMs, maxResponseBytes }: { timeoutMs: number; maxResponseBytes: number },
    summary: () => RequestSummary,
  ): Promise<Attempt> {
    // One controller per attempt, aborted by the timeout or by the caller (with the caller's reason).
    const timeout = new AbortController();
    const timer = setTimeout(() => timeout.abort(new TimeoutError(timeoutMs, summary())), timeoutMs);
    const forward = () => timeout.abort(callerSignal.reason);
    callerSignal.addEventListener('abort', forward, { once: true });
    const aborted = abortPromise(timeout.signal);
    try {
      const init: RequestInit = {
        method,
        headers: request.headers,
        redirect: config.redirect,
        signal: timeout.signal,
        ...(body !== undefined && { body }),
      };
      const response = await Promise.race([(config.fetch ?? globalThis.fetch)(request.url, init), aborted.promise]);
      const bytes = await readBody(response, aborted.promise, maxResponseBytes, () => new ResponseTooLargeError(response.status, maxResponseBytes, summary()));
      return { response: rebuild(response, bytes, request.responseUrl), body: bytes };
    } catch (error) {
      if (timeout.signal.aborted) return { error: timeout.signal.reason, code: undefined };
      const redirect = /redirect/i.test(String((error as { cause?: { message?: string } })?.cause?.message ?? ''));
      return { error, code: redirect ? 'REDIRECT' : errorCode(error) };
    } finally {
      clearTimeout(timer);
      callerSignal.removeEventListener('abort', forward);
      aborted.dispose();
    }
  }

  function transportError(result: { error: unknown; code: string | undefined }, summary: () => RequestSummary, attempts: number): PartnerClientError {
    if (result.error instanceof PartnerClientError) return result.error;
    const detail = result.code === 'REDIRECT' ? 'redirect refused (redirect: "error"; credentials are not forwarded)' : (result.code ?? redaction.scrub(String((result.error as Error)?.message ?? result.error)));
    const request = summary();
    const message = `${request.method} ${request.url} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${detail}`;
    return new TransportError(message, request, result.code, attempts, { cause: scrubbedError(result.error, redaction) });
  }

  function finish(response: Response, body: Bytes, summary: () => RequestSummary, operationId: string | undefined): Response {
    if (!response.ok) {
      // Error answers reach the caller as `{ error, response }`: scrub any echo of the credentials.
      return rebuild(response, new TextEncoder().encode(redaction.scrub(decoder.decode(body))), response.url, redaction);
    }
    const validator = config.validateResponses && operationId ? config.responseValidators(operationId, response.status) : undefined;
    const check = (value: unknown): void => {
      if (!validator || validator(value)) return;
      const error = new ResponseValidationError(operationId!, response.status, validator.problems, summary());
      if (config.validateResponses === 'throw') throw error;
      hooks.onValidationError?.(error);
    };
    if (body.byteLength === 0) {
      // openapi-fetch returns `data: undefined` without reading an empty body: an answer the spec
      // describes with a body is checked here, as the absent value.
      check(undefined);
      return response;
    }
    // openapi-fetch reads every success body through `json()` (its default `parseAs`), whatever the
    // content type: parse once, there, and turn a parse failure into DecodeError.
    const json = async (): Promise<unknown> => {
      const text = decoder.decode(body);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        // The SyntaxError is not kept: its message quotes the body around the fault, unscrubbed.
        throw new DecodeError(response.status, scrubbedPrefix(text, SNIPPET_LENGTH, redaction.values), summary());
      }
      check(parsed);
      return parsed;
    };
    return Object.defineProperty(response, 'json', { value: json });
  }
}
