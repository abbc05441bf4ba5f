/**
 * One error class per failure kind. HTTP answers (any status) stay openapi-fetch's
 * `{ data, error, response }`; these are for what is not an HTTP answer, or what the caller asked
 * to be thrown. Each carries a redacted request summary, never the raw request.
 */
import type { RequestSummary } from './redact.js';
import type { ValidationProblem } from './validation.js';
import { formatProblems } from './validation.js';

/** The base of every error below; the generated index exports it under the client's name, `<Name>ClientError`. */
export class ClientError extends Error {
  /** Method, URL and headers of the request, with credentials redacted. */
  readonly request: RequestSummary | undefined;
  constructor(message: string, request?: RequestSummary, options?: { cause?: unknown }) {
    super(message, options);
    // Each class below names itself with a literal, which a minifier leaves alone (it renames classes);
    // a subclass declared elsewhere gets its constructor's name.
    this.name = new.target === ClientError ? 'ClientError' : new.target.name;
    this.request = request;
  }
}

/**
 * The request did not get an HTTP answer: connection refused or reset, DNS failure, redirect
 * refused. `cause` is a scrubbed copy of the underlying error chain (fetch's `TypeError: fetch
 * failed` and its system error with `code`, `errno`, `syscall`).
 */
export class TransportError extends ClientError {
  override readonly name: string = 'TransportError';
  /** The system error code when there is one (`ECONNREFUSED`, `ECONNRESET`, `UND_ERR_SOCKET`, ...), or `REDIRECT`. */
  readonly code: string | undefined;
  /** How many attempts were made, retries included. */
  readonly attempts: number;
  constructor(message: string, request: RequestSummary, code: string | undefined, attempts: number, options?: { cause?: unknown }) {
    super(message, request, options);
    this.code = code;
    this.attempts = attempts;
  }
}

/** The per-request timeout elapsed before the whole response body was read. */
export class TimeoutError extends ClientError {
  override readonly name: string = 'TimeoutError';
  readonly timeoutMs: number;
  constructor(timeoutMs: number, request?: RequestSummary) {
    super(`Request timed out after ${timeoutMs} ms${request ? `: ${request.method} ${request.url}` : ''}`, request);
    this.timeoutMs = timeoutMs;
  }
}

/**
 * A success answer's body is not JSON (whatever its content type says), where openapi-fetch
 * would throw the parser's `SyntaxError`.
 */
export class DecodeError extends ClientError {
  override readonly name: string = 'DecodeError';
  readonly status: number;
  /** The JSON parser's message (which may quote the body near the fault), at most 200 characters, scrubbed of credentials. */
  readonly parseError: string;
  constructor(status: number, parseError: string, request: RequestSummary, options?: { cause?: unknown }) {
    super(`Response ${status} to ${request.method} ${request.url} is not valid JSON: ${parseError}`, request, options);
    this.status = status;
    this.parseError = parseError;
  }
}

/**
 * The request body or query does not match the spec, or a path parameter is missing or would
 * change the resource (empty, `.`, `..`); nothing was sent.
 */
export class RequestValidationError extends ClientError {
  override readonly name: string = 'RequestValidationError';
  readonly operationId: string;
  readonly part: 'body' | 'query' | 'path';
  readonly problems: readonly ValidationProblem[];
  constructor(operationId: string, part: 'body' | 'query' | 'path', problems: readonly ValidationProblem[], request?: RequestSummary) {
    super(`Invalid ${part} for ${operationId}; nothing was sent:\n${formatProblems(problems)}`, request);
    this.operationId = operationId;
    this.part = part;
    this.problems = problems;
  }
}

/** The response body does not match the spec (thrown only with `validateResponses: 'throw'`). */
export class ResponseValidationError extends ClientError {
  override readonly name: string = 'ResponseValidationError';
  readonly operationId: string;
  readonly status: number;
  readonly problems: readonly ValidationProblem[];
  constructor(operationId: string, status: number, problems: readonly ValidationProblem[], request?: RequestSummary) {
    super(`Response ${status} of ${operationId} does not match the spec:\n${formatProblems(problems)}`, request);
    this.operationId = operationId;
    this.status = status;
    this.problems = problems;
  }
}

/** The answer's body is larger than `maxResponseBytes` (as sent, or once decompressed); it was not read further. */
export class ResponseTooLargeError extends ClientError {
  override readonly name: string = 'ResponseTooLargeError';
  readonly status: number;
  readonly limitBytes: number;
  constructor(status: number, limitBytes: number, request: RequestSummary) {
    super(`Response ${status} to ${request.method} ${request.url} exceeds maxResponseBytes (${limitBytes} bytes); not read further`, request);
    this.status = status;
    this.limitBytes = limitBytes;
  }
}

/** `paginate` met an answer that is not a next page (a different page number, no results), or read `maxPages` full pages. */
export class PaginationError extends ClientError {
  override readonly name: string = 'PaginationError';
  /** Pages read before stopping. */
  readonly pages: number;
  constructor(message: string, pages: number, request?: RequestSummary) {
    super(`paginate: ${message}${request ? ` (${request.method} ${request.url})` : ''}`, request);
    this.pages = pages;
  }
}

/** What `HttpError` tells of the answer, besides its body. */
export interface HttpErrorDetails {
  /** The answer's headers, credentials redacted (as hooks see them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's `Retry-After` in ms (seconds or an HTTP date); undefined when absent or unreadable. */
  readonly retryAfterMs: number | undefined;
}

/** A non-success answer where the API shape has no `{ error }` to return (`paginate`). */
export class HttpError extends ClientError {
  override readonly name: string = 'HttpError';
  readonly status: number;
  /** The URL asked for, credentials redacted. */
  readonly url: string;
  /** The parsed error body (scrubbed); its shape is not shown in the source. */
  readonly body: unknown;
  /** The answer's headers, credentials redacted (as hooks see them). */
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's `Retry-After` in ms; undefined when absent or unreadable. */
  readonly retryAfterMs: number | undefined;
  constructor(status: number, body: unknown, request: RequestSummary, details: HttpErrorDetails) {
    super(`HTTP ${status} for ${request.method} ${request.url}`, request);
    this.status = status;
    this.url = request.url;
    this.body = body;
    this.headers = details.headers;
    this.retryAfterMs = details.retryAfterMs;
  }
}

/** The environment's daily quota is used up (only with `dailyQuota: 'enforce'`). */
export class DailyQuotaExceededError extends ClientError {
  override readonly name: string = 'DailyQuotaExceededError';
  readonly dailyQuota: number;
  constructor(dailyQuota: number, request?: RequestSummary) {
    super(`Daily quota of ${dailyQuota} requests reached; not sent`, request);
    this.dailyQuota = dailyQuota;
  }
}

/**
 * No alternative of the operation's security could be satisfied by the credentials given; nothing
 * was sent. `missing` lists, per alternative, the client options that would satisfy it (never values).
 */
export class MissingCredentialsError extends ClientError {
  override readonly name: string = 'MissingCredentialsError';
  readonly operationId: string;
  readonly missing: readonly (readonly string[])[];
  constructor(operationId: string, missing: readonly (readonly string[])[], request?: RequestSummary) {
    const ways = missing.map((options) => options.map((o) => `\`${o}\``).join(' and '));
    super(`${operationId} needs credentials; nothing was sent: give ${ways.join(', or ')} when creating the client`, request);
    this.operationId = operationId;
    this.missing = missing;
  }
}
