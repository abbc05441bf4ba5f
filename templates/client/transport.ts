/**
 * The runtime's fetch: openapi-fetch calls it with the `Request` it built (after middleware's
 * `onRequest`), and parses what it returns as it always does. Per attempt: rate limit,
 * credentials, a timeout that covers reading the body, caller cancellation, retries, hooks and the
 * size limit. The caller's own `fetch` (client-level or per call) sends each attempt, given one
 * `Request` and openapi-fetch's `requestInitExt`, as openapi-fetch would call it.
 */
import { concatBytes } from './bytes.js';
import { applyPlan, withQuery, type AuthPlan } from './credentials.js';
import { createDeadlines, type Deadline } from './deadlines.js';
import { ClientError, DailyQuotaExceededError, ResponseTooLargeError, TimeoutError, TransportError, type ResponseValidationError } from './errors.js';
import { checkNumericOption } from './options.js';
import type { RateLimiter } from './rate-limit.js';
import { redactHeaders, scrubbedError, summarize, type Redaction, type RequestSummary } from './redact.js';
import { backoffDelay, errorCode, isConnectionError, parseRetryAfter, retryable, sleep, type RetryOptions } from './retry.js';

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
  /** Timeout of each attempt of this request in ms, body included, in (0, 2^31 - 1]. */
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

/** A fetch as openapi-fetch calls it: one `Request`, and its `requestInitExt`. */
export type FetchLike = (input: Request, init?: Record<string, unknown>) => Promise<Response>;

/** One call, as the client hands it to the transport. */
export interface CallState {
  readonly auth: AuthPlan | undefined;
  /** The call's init: the per-request options, and openapi-fetch's `parseAs` (a stream is read in full before it is handed over). */
  readonly options: RequestOptions & { readonly parseAs?: unknown };
  /** The caller's fetch for this call (per call, else the client's); undefined: `globalThis.fetch` at each attempt. */
  readonly fetch: FetchLike | undefined;
  readonly callerSignal: AbortSignal | undefined;
  /** With a caller's fetch: the signal in the `Request` openapi-fetch built, aborted with the first attempt's deadline. */
  readonly link: AbortController | undefined;
  /** The deadline of the attempt whose answer is returned unread: released by the client once openapi-fetch has read it. */
  kept?: Deadline;
  /** Ends the call with the kept deadline's reason when it fires while the answer is read. */
  stall?: (reason: unknown) => void;
  /** The status of the answer returned. */
  status?: number;
  /** How many attempts the answer returned took. */
  attempts?: number;
  /** The request as sent, redacted, for errors raised after the transport returned. */
  summary?: () => RequestSummary;
}

export interface TransportConfig {
  /** Undefined: `globalThis.fetch` as it is at each attempt (never captured, so mocks installed later intercept). */
  fetch: FetchLike | undefined;
  redaction: Redaction;
  /** The `Authorization` value of a token step, obtained now. */
  token: (step: AuthPlan['tokens'][number]) => Promise<string>;
  limiter: RateLimiter | undefined;
  dailyQuota: 'report' | 'enforce';
  retry: RetryOptions;
  timeoutMs: number;
  maxResponseBytes: number;
  hooks: Hooks;
  random?: () => number;
  /**
   * The runtime's fetch cannot refuse redirects itself (`redirect: 'error'` is not implemented, as in
   * Cloudflare's workerd): requests go out with `'manual'` and a redirect answer is refused here, as
   * fetch would have refused it.
   */
  refuseRedirects?: boolean;
}

export type Bytes = Uint8Array<ArrayBuffer>;
type Attempt = { response: Response } | { error: unknown; code: string | undefined };

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
  if (typeof response.body.getReader !== 'function') {
    // Not a web stream (node-fetch's Response): read whole, then measured.
    const whole = new Uint8Array(await Promise.race([response.arrayBuffer(), aborted]));
    if (whole.byteLength > limitBytes) throw tooLarge();
    return whole;
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
  response.headers.forEach((value, name) => {
    headers.append(name, redaction ? redaction.scrub(value) : value);
  });
  // The framing headers stay as fetch gave them, so openapi-fetch reads the rebuilt answer as it would the
  // original (a stated 0 without chunking is empty, an empty chunked body is ''); only a compressed
  // body's length, which no longer applies, goes, and a stated length follows a scrubbed body.
  const encoded = response.headers.has('content-encoding');
  headers.delete('content-encoding');
  if (encoded) headers.delete('content-length');
  else if (headers.has('content-length') && headers.get('content-length') !== '0') headers.set('content-length', String(body.byteLength));
  const statusText = redaction ? redaction.scrub(response.statusText) : response.statusText;
  const rebuilt = new Response(NULL_BODY_STATUSES.has(response.status) ? null : body, { status: response.status, statusText, headers });
  return Object.defineProperty(rebuilt, 'url', { value: url });
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
const ignore = (): void => {};

/** Per-request options are checked like the client's: a bad one rejects the call before anything is sent. */
export function checkRequestOptions(options: RequestOptions): void {
  checkNumericOption('request options', 'timeoutMs', options.timeoutMs);
  checkNumericOption('request options', 'maxRetries', options.maxRetries);
  checkNumericOption('request options', 'maxResponseBytes', options.maxResponseBytes);
}

/** RequestInit fields a `Request` carries, copied when an attempt is sent again. */
const REQUEST_FIELDS = ['method', 'headers', 'mode', 'credentials', 'cache', 'redirect', 'referrer', 'referrerPolicy', 'integrity', 'keepalive'] as const;

/**
 * Another `Request` like `request` (same class, fields and custom properties openapi-fetch copied
 * onto it), to `url`, with `signal` and the body's bytes: what a retry or a query credential sends.
 */
function reissue(request: Request, url: string, signal: AbortSignal, body: ArrayBuffer | undefined): Request {
  const init: Record<string, unknown> = { signal, ...(body !== undefined && { body, duplex: 'half' }) };
  for (const field of REQUEST_FIELDS) init[field] = request[field];
  if (init.mode === 'navigate') init.mode = 'same-origin';
  const Ctor = request.constructor as typeof Request;
  const next = new Ctor(url, init as RequestInit);
  for (const key in request) if (!(key in next)) (next as unknown as Record<string, unknown>)[key] = (request as unknown as Record<string, unknown>)[key];
  return next;
}

const isResponse = (value: unknown): value is Response =>
  value instanceof Response ||
  (typeof value === 'object' && value !== null && typeof (value as Response).status === 'number' && typeof (value as Response).headers?.get === 'function');

/** The headers with a plan's credentials set, for a redacted summary. */
function withPlan(headers: Headers, plan: AuthPlan | undefined): Headers {
  if (!plan) return headers;
  const copy = new Headers(headers);
  applyPlan(plan, copy);
  return copy;
}

/** The header names each plan sets, worked out once per plan. */
const PLAN_HEADERS = new WeakMap<AuthPlan, readonly string[]>();
const NO_TOKENS: AuthPlan['tokens'] = [];

/**
 * Sets a plan's credentials on `headers`; when `undo`, returns what puts the headers back as they
 * were (the Request is openapi-fetch's, seen by middleware after the attempt).
 */
function applyUntil(plan: AuthPlan, headers: Headers, undo: boolean): (() => void) | undefined {
  let names = PLAN_HEADERS.get(plan);
  if (!names)
    PLAN_HEADERS.set(
      plan,
      (names = [...plan.headers.map(([name]) => name), ...(plan.cookie ? ['cookie'] : []), ...(plan.tokens.length ? ['authorization'] : [])]),
    );
  const before = undo ? names.map((name) => [name, headers.get(name)] as const) : undefined;
  applyPlan(plan, headers);
  if (!before) return undefined;
  return () => {
    for (const [name, value] of before) value === null ? headers.delete(name) : headers.set(name, value);
  };
}

/** Statuses a `Response` can be built with (and so rebuilt, scrubbed). */
const constructible = (status: number): boolean => status >= 200 && status <= 599;

/** One call as the transport sends it, across its attempts: its settings, the URLs it shows and sends, and the body kept for retries. */
interface Call {
  readonly input: Request;
  readonly ext: Record<string, unknown> | undefined;
  readonly state: CallState;
  readonly method: string;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly maxResponseBytes: number;
  /** The caller allows retrying a POST or PATCH. */
  readonly optIn: boolean;
  readonly tokens: AuthPlan['tokens'];
  /** The URL the caller sees, when the one sent differs (it carries query credentials). */
  readonly visibleUrl: string | undefined;
  readonly sentUrl: string | undefined;
  readonly summary: () => RequestSummary;
  /** The caller's fetch; undefined: `globalThis.fetch` as it is at each attempt. */
  readonly own: FetchLike | undefined;
  /** A copy of the body, when a retry may resend it. */
  readonly spare: Request | undefined;
  /** The spare body's bytes, read for the first retry. */
  bytes: ArrayBuffer | undefined;
}

export function createTransport(config: TransportConfig): (request: Request, ext: Record<string, unknown> | undefined, call: CallState) => Promise<Response> {
  const deadlines = createDeadlines();

  async function send(input: Request, ext: Record<string, unknown> | undefined, state: CallState): Promise<Response> {
    const call = startCall(config, input, ext, state);
    const { callerSignal } = state;
    for (let attempt = 1; ; attempt++) {
      const turn = takeTurn(config.limiter, callerSignal);
      // biome-ignore lint/nursery/noMisusedPromises: a pending wait or none; with none the attempt starts in this tick
      if (turn) await turn;
      checkDailyQuota(config, call);
      // The timeout starts here: middleware and the rate limiter's wait are not part of an attempt.
      const deadline = deadlines(call.timeoutMs, callerSignal);
      let keep = false;
      try {
        const { result, durationMs } = await sendAttempt(config, call, attempt, deadline);
        const retriesLeft = attempt <= call.maxRetries;
        if ('error' in result) {
          await retryAfterFailure(config, call, result, attempt, retriesLeft);
          continue;
        }
        const { response } = result;
        reportResponse(config, call, response, attempt, durationMs);
        const pause = retriesLeft ? retryAfterStatus(config, call, response, attempt) : undefined;
        // biome-ignore lint/nursery/noMisusedPromises: a pending pause before the retry, or none (no retry)
        if (pause) {
          await pause;
          continue;
        }
        state.attempts = attempt;
        const answer = await finish(config.redaction, response, deadline, call);
        if (answer.unread) {
          keep = true;
          keepUntilRead(state, deadline);
        }
        return answer.response;
      } catch (error) {
        if (deadline.timedOut() && !(error instanceof ClientError)) throw new TimeoutError(call.timeoutMs, call.summary());
        throw error;
      } finally {
        if (!keep) deadline.release();
      }
    }
  }

  return send;
}

/** A call's settings (per request, else the client's), its URLs, its redacted summary (set on `state` too) and the body set aside for retries. */
function startCall(config: TransportConfig, input: Request, ext: Record<string, unknown> | undefined, state: CallState): Call {
  const { options, auth } = state;
  const method = input.method;
  const timeoutMs = options.timeoutMs ?? config.timeoutMs;
  const maxRetries = options.maxRetries ?? config.retry.maxRetries;
  const maxResponseBytes = options.maxResponseBytes ?? config.maxResponseBytes;
  const optIn = options.retryNonIdempotent === true;
  const tokens = auth?.tokens ?? NO_TOKENS;
  // The URL the caller sees has no query credentials; the one sent does (read only when they differ).
  const visibleUrl = auth?.query ? input.url : undefined;
  const sentUrl = visibleUrl === undefined ? undefined : withQuery(visibleUrl, auth);
  let summaryCache: RequestSummary | undefined;
  // Built only when an error or a hook needs it (redaction is not paid on the happy path), with the credentials' names.
  const summary = (): RequestSummary => (summaryCache ??= summarize(method, sentUrl ?? input.url, withPlan(input.headers, auth), config.redaction));
  state.summary = summary;
  // Undefined: `globalThis.fetch` as it is at each attempt, so a mock installed after the client was made intercepts.
  const own = state.fetch ?? config.fetch;
  // A retry resends the same bytes: a body is set aside only when a retry may happen.
  const spare = maxRetries > 0 && input.body ? input.clone() : undefined;
  return { input, ext, state, method, timeoutMs, maxRetries, maxResponseBytes, optIn, tokens, visibleUrl, sentUrl, summary, own, spare, bytes: undefined };
}

/**
 * Stops a call its caller aborted, then takes a rate-limit token: the wait for one when none is
 * free, else nothing. A free token is taken in the same tick the request is sent, so the count
 * matches when it leaves.
 */
function takeTurn(limiter: RateLimiter | undefined, callerSignal: AbortSignal | undefined): Promise<void> | undefined {
  if (callerSignal?.aborted) throw callerSignal.reason;
  return limiter && !limiter.tryAcquire() ? limiter.acquire(callerSignal) : undefined;
}

/** With `dailyQuota: 'enforce'`, a call past the day's quota is refused before it is sent. */
function checkDailyQuota(config: TransportConfig, call: Call): void {
  if (config.limiter && !config.limiter.count() && config.dailyQuota === 'enforce')
    throw new DailyQuotaExceededError(config.limiter.dailyQuota!, call.summary());
}

/** Sends one attempt with the call's credentials (taken off openapi-fetch's Request again after), telling `onRequest` first. */
async function sendAttempt(config: TransportConfig, call: Call, attempt: number, deadline: Deadline): Promise<{ result: Attempt; durationMs: number }> {
  const { input, state, sentUrl } = call;
  let request: Request;
  if (attempt === 1) {
    if (state.link) deadline.aborted.catch((reason: unknown) => state.link!.abort(reason));
    request = sentUrl === undefined ? input : reissue(input, sentUrl, deadline.signal, input.body ? await input.arrayBuffer() : undefined);
  } else {
    if (call.spare) call.bytes ??= await call.spare.arrayBuffer();
    request = reissue(input, sentUrl ?? input.url, deadline.signal, call.bytes);
  }
  // openapi-fetch hands its Request to onResponse and onError middleware: the credentials are taken off it again.
  const restore = state.auth ? applyUntil(state.auth, request.headers, request === input) : undefined;
  try {
    if (config.hooks.onRequest) config.hooks.onRequest({ request: call.summary(), attempt });
    // A token function is called before every attempt, so a refreshed token is used on retries.
    for (const step of call.tokens) request.headers.set('authorization', await config.token(step));
    if (state.callerSignal?.aborted) throw state.callerSignal.reason;
    const started = performance.now();
    // The caller's fetch gets the Request alone, carrying the attempt's signal. The global fetch gets the
    // first attempt's signal beside the Request (as RequestInit): a Request following it would cost more.
    const init = call.own || request !== input ? call.ext : { ...call.ext, signal: deadline.signal };
    const result = await attemptOnce(call.own ?? (globalThis.fetch as FetchLike), request, init, deadline, call.timeoutMs, call.summary);
    if (config.refuseRedirects && 'response' in result && isRedirect(result.response)) return { result: refusedRedirect(result.response), durationMs: 0 };
    return { result, durationMs: performance.now() - started };
  } finally {
    restore?.();
  }
}

/** After a failed attempt: the wait before the next one when the failure is retried, else the failure thrown. */
async function retryAfterFailure(
  config: TransportConfig,
  call: Call,
  result: { error: unknown; code: string | undefined },
  attempt: number,
  retriesLeft: boolean,
): Promise<void> {
  const { callerSignal } = call.state;
  if (callerSignal?.aborted) throw callerSignal.reason;
  // A timeout is not a connection failure: not retried.
  if (result.error instanceof ClientError) throw result.error;
  if (retriesLeft && retryable(call.method, { code: result.code }, call.optIn)) {
    const delayMs = backoffDelay(attempt - 1, config.retry, config.random);
    config.hooks.onRetry?.({ request: call.summary(), attempt, delayMs, reason: result.code ?? 'connection error' });
    return sleep(delayMs, callerSignal);
  }
  throw transportError(config.redaction, result, call.summary, attempt);
}

/** Tells `onResponse` of an answer, its status text and headers scrubbed. */
function reportResponse(config: TransportConfig, call: Call, response: Response, attempt: number, durationMs: number): void {
  config.hooks.onResponse?.({
    request: call.summary(),
    attempt,
    status: response.status,
    statusText: config.redaction.scrub(response.statusText),
    headers: redactHeaders(response.headers, config.redaction),
    durationMs,
  });
}

/**
 * The wait before the next attempt when this answer's status is retried (after its Retry-After,
 * else a backoff) within the longest delay allowed, its body discarded; else undefined.
 */
function retryAfterStatus(config: TransportConfig, call: Call, response: Response, attempt: number): Promise<void> | undefined {
  if (!retryable(call.method, { status: response.status }, call.optIn)) return undefined;
  const retryAfter = parseRetryAfter(response.headers.get('retry-after'));
  const delayMs = retryAfter ?? backoffDelay(attempt - 1, config.retry, config.random);
  if (delayMs > config.retry.maxDelayMs) return undefined;
  response.body?.cancel().catch(ignore);
  config.hooks.onRetry?.({ request: call.summary(), attempt, delayMs, reason: `status ${response.status}` });
  return sleep(delayMs, call.state.callerSignal);
}

/** Read by openapi-fetch after the transport returns: the deadline stays until the client has the body. */
function keepUntilRead(state: CallState, deadline: Deadline): void {
  state.kept?.release();
  state.kept = deadline;
  if (state.stall) deadline.aborted.catch(state.stall);
}

/** The statuses fetch follows (the Fetch standard's redirect statuses). */
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/**
 * A redirect as `redirect: 'manual'` returns it, what `'error'` would have refused: a redirect
 * status with a Location, or a browser's opaque redirect.
 */
const isRedirect = (response: Response): boolean =>
  response.type === 'opaqueredirect' || (REDIRECT_STATUSES.has(response.status) && response.headers.has('location'));

/** The redirect answer discarded and refused, as fetch refuses it with `redirect: 'error'`. */
function refusedRedirect(response: Response): Attempt {
  response.body?.cancel().catch(ignore);
  return { error: new TypeError('fetch failed', { cause: new Error('unexpected redirect') }), code: 'REDIRECT' };
}

async function attemptOnce(
  fetch: FetchLike,
  request: Request,
  ext: Record<string, unknown> | undefined,
  deadline: Deadline,
  timeoutMs: number,
  summary: () => RequestSummary,
): Promise<Attempt> {
  try {
    // Raced: a fetch that ignores its signal (or loses the abort) still ends on time.
    const response = await Promise.race([fetch(request, ext), deadline.aborted]);
    // Another library's Response (undici's package, node-fetch) is one too.
    if (!isResponse(response)) throw new TypeError(`fetch resolved with ${response === null ? 'null' : typeof response}, not a Response`);
    return { response };
  } catch (error) {
    if (deadline.timedOut()) return { error: new TimeoutError(timeoutMs, summary()), code: undefined };
    if (deadline.signal.aborted) return { error: deadline.signal.reason, code: undefined };
    const redirect = /redirect/i.test(String((error as { cause?: { message?: string } })?.cause?.message ?? ''));
    return { error, code: redirect ? 'REDIRECT' : errorCode(error) };
  }
}

/**
 * A network failure (a system or undici code, fetch's bare network error, a refused redirect) as
 * `TransportError`; anything else a caller's fetch threw is thrown as it is, as openapi-fetch does.
 */
function transportError(redaction: Redaction, result: { error: unknown; code: string | undefined }, summary: () => RequestSummary, attempts: number): unknown {
  const network = result.code === 'REDIRECT' || (result.code !== undefined && (result.error instanceof TypeError || isConnectionError(result.code)));
  if (result.error instanceof ClientError || !network) return result.error;
  const detail =
    result.code === 'REDIRECT'
      ? 'redirect refused (redirect: "error"; credentials are not forwarded)'
      : (result.code ?? redaction.scrub(String((result.error as Error)?.message ?? result.error)));
  const request = summary();
  const message = `${request.method} ${request.url} failed after ${attempts} attempt${attempts === 1 ? '' : 's'}: ${detail}`;
  return new TransportError(message, request, result.code, attempts, { cause: scrubbedError(result.error, redaction) });
}

/**
 * The answer openapi-fetch will parse. An error answer is read (within the size limit) and
 * rebuilt scrubbed of any echo of the credentials. A success answer whose size is known from an
 * uncompressed Content-Length within the limit is returned as fetch gave it, unread, its deadline
 * kept until the client has read it; any other is read within the limit and rebuilt.
 */
async function finish(redaction: Redaction, response: Response, deadline: Deadline, call: Call): Promise<{ response: Response; unread: boolean }> {
  const { maxResponseBytes, summary, state } = call;
  // A rebuilt Response has no URL of its own: the caller's, without query credentials.
  const visibleUrl = (): string => call.visibleUrl ?? response.url;
  const status = response.status;
  state.status = status;
  const tooLarge = () => new ResponseTooLargeError(status, maxResponseBytes, summary());
  if (!constructible(status)) {
    response.body?.cancel?.().catch(ignore);
    throw new TransportError(`${summary().method} ${summary().url} was answered with status ${status}, outside HTTP's 200-599`, summary(), 'INVALID_STATUS', 1);
  }
  if (!response.ok) {
    const body = await readBody(response, deadline.aborted, maxResponseBytes, tooLarge);
    const scrubbed = encoder.encode(redaction.scrub(decoder.decode(body)));
    return { response: rebuild(response, scrubbed, visibleUrl(), redaction), unread: false };
  }
  const length = response.headers.get('content-length');
  const encoded = response.headers.has('content-encoding');
  // Only fetch's own answers are trusted to hold no more than their Content-Length. A stream is read
  // here too: the timeout and the size limit cover it before the call returns.
  const unread = !call.own && state.options.parseAs !== 'stream' && length !== null && !encoded && Number(length) <= maxResponseBytes;
  if (!response.body || unread) {
    if (call.visibleUrl !== undefined) Object.defineProperty(response, 'url', { value: call.visibleUrl });
    return { response, unread: !!response.body };
  }
  const body = await readBody(response, deadline.aborted, maxResponseBytes, tooLarge);
  return { response: rebuild(response, body, visibleUrl()), unread: false };
}
