/**
 * createRuntimeClient: an openapi-fetch client typed by `paths`, with the runtime a real
 * integration needs: the credentials each operation's security asks for, client-side rate limiting to the
 * environment's documented limits, safe retries, timeouts and cancellation, request and response
 * validation, hooks that see redacted data only, and `paginate`. The generated
 * `createPartnerClient` calls it with the facts read from the spec.
 */
import type { Client, FetchResponse, MaybeOptionalInit, Middleware } from 'openapi-fetch';
import { createCall, type PendingCall, type Prepared } from './call.js';
import { applyPlan, createCredentials, isPlan, type SecurityFacts, type SecurityRequirements } from './credentials.js';
import { HttpError, MissingCredentialsError, PaginationError, RequestValidationError, ResponseValidationError } from './errors.js';
import { checkNumericOption, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, invalidOption, isPositiveInteger, own } from './options.js';
import { RateLimiter, sharedLimiter, type Usage } from './rate-limit.js';
import { redactHeaders, summarize } from './redact.js';
import { DEFAULT_RETRY, parseRetryAfter } from './retry.js';
import { resolveBaseUrl, type ServerFacts } from './servers.js';
import { createTransport, type Hooks, type RequestOptions } from './transport.js';
import { pathProblems, serializePath, serializeQuery } from './url.js';
import type { OperationValidators } from './validation.js';

export interface EnvironmentLimits {
  /** Sustained requests per second. */
  readonly requestsPerSecond: number;
  /** Requests that may be sent at once above the sustained rate. */
  readonly burst: number;
  /** Requests per day. */
  readonly dailyQuota: number;
}

export interface OperationInfo {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly paginated: boolean;
  /** The operation's security: alternatives of scheme names. */
  readonly security: SecurityRequirements;
}

/** What the generator read from the spec. */
export interface SpecFacts<Env extends string> {
  readonly environments: Readonly<Record<Env, EnvironmentLimits | null>>;
  /** Each environment's server URL template and variables. */
  readonly servers: Readonly<Record<Env, ServerFacts>>;
  readonly operations: readonly OperationInfo[];
  readonly validators: Readonly<Record<string, OperationValidators>>;
  readonly security: SecurityFacts;
}

/**
 * The runtime's own options. The generated client adds one option per security scheme (its
 * credential) and types `serverVariables` from the spec.
 */
export interface RuntimeClientOptions<Env extends string> {
  /**
   * The base address. Default: the environment's server URL, its variables filled from
   * `serverVariables` and the spec's defaults; required when that leaves a variable empty or the
   * URL is not absolute.
   */
  baseUrl?: string;
  /** Values of the environment's server URL variables (checked against their `enum`); not with `baseUrl`. */
  serverVariables?: Readonly<Record<string, string>>;
  /** Selects the server and the documented rate limits and daily quota. */
  environment: Env;
  /** Timeout of each attempt in ms, reading the body included, in (0, 2^31 - 1]. Default 30 000. */
  timeoutMs?: number;
  /**
   * Largest answer body accepted, in bytes, both as sent (Content-Length) and once decompressed;
   * a larger one throws `ResponseTooLargeError`. Default 32 MiB.
   */
  maxResponseBytes?: number;
  /** Retries after the first attempt. Default 2. */
  maxRetries?: number;
  /** First backoff delay in ms, doubled per retry with full jitter. Default 500. */
  retryBaseDelayMs?: number;
  /** Longest wait before a retry in ms, `Retry-After` included; a longer `Retry-After` ends retrying. At most 2^31 - 1. Default 60 000. */
  maxRetryDelayMs?: number;
  /**
   * Client-side rate limit. Default `'shared'`: one token bucket per account (its first credential) and environment in
   * this process, at the documented rate and burst. A `RateLimiter` to share one explicitly, a
   * `{ requestsPerSecond, burst }` for a bucket of this client's own, or `false` for none.
   */
  rateLimit?: 'shared' | false | RateLimiter | { requestsPerSecond: number; burst: number };
  /** `'report'` (default) counts requests against the daily quota (`usage()`); `'enforce'` also refuses requests past it. */
  dailyQuota?: 'report' | 'enforce';
  /** Default `'error'`: Node's fetch forwards custom headers across origins, so redirects are refused. */
  redirect?: 'error' | 'manual';
  /** Check bodies and queries against the spec before sending. Default true. */
  validateRequests?: boolean;
  /** Check JSON response bodies: `'report'` calls `hooks.onValidationError`, `'throw'` throws. Default false. */
  validateResponses?: false | 'report' | 'throw';
  hooks?: Hooks;
  /** Extra headers sent with every request (credential headers always win; credential cookies are appended). */
  headers?: Record<string, string>;
  /**
   * The fetch implementation. Default: `globalThis.fetch`, looked up at each attempt, so a mock
   * installed after the client was created (MSW, nock, undici's MockAgent) still intercepts.
   */
  fetch?: typeof globalThis.fetch;
}

/**
 * The item type of `results` in an answer's body of media type `Media`: `Response` is a response
 * object of openapi-typescript's `paths` (`{ content: { [media]: Body } }`).
 */
export type ListItemOf<Response, Media extends string> = Response extends { content: infer Content }
  ? Media extends keyof Content
    ? NonNullable<Content[Media]> extends { results: readonly (infer Item)[] }
      ? Item
      : unknown
    : unknown
  : unknown;

export type PaginateInit<Paths extends Record<string, any>, P extends keyof Paths> = NonNullable<MaybeOptionalInit<Paths[P], 'get'>> &
  RequestOptions & {
    signal?: AbortSignal;
    /** Full pages read before giving up with `PaginationError` (a server that never ends the list). Default 10 000. */
    maxPages?: number;
  };

type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';
/** The paths of `Paths` that have method `M`. */
export type PathWithMethod<Paths, M extends HttpMethod> = { [P in keyof Paths]: Paths[P] extends { [K in M]: any } ? P : never }[keyof Paths];
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
type InitArgument<Init> = RequiredKeys<Init> extends never ? [(Init & RequestOptions)?] : [Init & RequestOptions];

/**
 * openapi-fetch's method, whose init also takes the runtime's per-request options, typed. `P` is
 * inferred from the argument as written and checked in the parameter's type, not in its
 * constraint: a wrong path is then reported as itself (`Argument of type '"/itemz"' is not
 * assignable to parameter of type 'PathWithMethod<paths, "get">'`), with or without an init,
 * instead of TypeScript falling back to the constraint and asking for the init of every path.
 */
export type RuntimeMethod<Paths extends Record<string, any>, M extends HttpMethod> = <P extends string, Init extends MaybeOptionalInit<Paths[P & keyof Paths], M>>(
  url: P extends PathWithMethod<Paths, M> ? P : PathWithMethod<Paths, M>,
  ...init: P extends PathWithMethod<Paths, M> ? InitArgument<Init> : [unknown?]
) => Promise<FetchResponse<Paths[P & keyof Paths][M], Init, 'application/json'>>;

export type RuntimeClient<Paths extends Record<string, any>, Env extends string, Pages extends object = {}> = Omit<Client<Paths, 'application/json'>, 'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE'> & {
  GET: RuntimeMethod<Paths, 'get'>;
  PUT: RuntimeMethod<Paths, 'put'>;
  POST: RuntimeMethod<Paths, 'post'>;
  DELETE: RuntimeMethod<Paths, 'delete'>;
  OPTIONS: RuntimeMethod<Paths, 'options'>;
  HEAD: RuntimeMethod<Paths, 'head'>;
  PATCH: RuntimeMethod<Paths, 'patch'>;
  TRACE: RuntimeMethod<Paths, 'trace'>;
  /** The environment this client talks to. */
  readonly environment: Env;
  /** The documented limits of that environment (null when the spec documents none). */
  readonly limits: EnvironmentLimits | null;
  /** The token bucket this client draws from (undefined with `rateLimit: false`). */
  readonly rateLimiter: RateLimiter | undefined;
  /** Requests counted today against the daily quota. */
  usage(): Usage | undefined;
  /**
   * Iterates every item of a paginated list, page by page: stops on a short or empty page or at
   * `totalResults`; an error answer throws `HttpError`; an answer that is not the next page, or a
   * list longer than `maxPages` pages, throws `PaginationError`; `signal` aborts between and during pages.
   */
  paginate<P extends keyof Pages & keyof Paths & string>(path: P, init?: PaginateInit<Paths, P>): AsyncIterableIterator<Pages[P]>;
};

export type { RequestOptions, Hooks } from './transport.js';

const DEFAULT_MAX_PAGES = 10_000;

function limiterFor<Env extends string>(options: RuntimeClientOptions<Env>, limits: EnvironmentLimits | null, identity: string): RateLimiter | undefined {
  const choice = options.rateLimit ?? 'shared';
  if (choice === false) return undefined;
  if (choice instanceof RateLimiter) return choice;
  if (choice === 'shared') {
    if (!limits) return undefined;
    return sharedLimiter(identity, options.environment, limits);
  }
  return new RateLimiter({ ...choice, dailyQuota: limits?.dailyQuota });
}

const positiveInteger = (value: unknown): number | undefined => (isPositiveInteger(value) ? value : undefined);

function check(condition: boolean, message: string): asserts condition {
  if (!condition) invalidOption(message);
}

export function createRuntimeClient<Paths extends Record<string, any>, Env extends string, Pages extends object = {}>(
  options: RuntimeClientOptions<Env>,
  facts: SpecFacts<Env>,
): RuntimeClient<Paths, Env, Pages> {
  check(!!options && typeof options === 'object', 'options are required');
  check(typeof options.environment === 'string' && Object.hasOwn(facts.environments, options.environment), `\`environment\` must be one of ${Object.keys(facts.environments).join(', ')}`);
  const baseUrl = resolveBaseUrl(options.environment, own(facts.servers, options.environment), options.baseUrl, options.serverVariables);
  for (const key of ['timeoutMs', 'maxRetries', 'retryBaseDelayMs', 'maxRetryDelayMs', 'maxResponseBytes'] as const) checkNumericOption('createPartnerClient', key, options[key]);
  if (options.headers !== undefined) {
    try {
      new Headers(options.headers);
    } catch {
      // Headers' own message quotes the value.
      check(false, '`headers` must hold valid HTTP header names and values');
    }
  }

  // The credentials live only in closures: nothing reachable from the returned object holds them.
  const credentials = createCredentials(options, facts.security, facts.operations.map((o) => o.security));
  const { redaction } = credentials;
  const limits = facts.environments[options.environment];
  const limiter = limiterFor(options, limits, credentials.identity);
  const hooks = options.hooks ?? {};
  const validateRequests = options.validateRequests ?? true;
  // Per operation, worked out once: which credentials it sends (or which options it lacks).
  const byRoute = new Map(facts.operations.map((o) => [`${o.method} ${o.path}`, { operation: o, auth: credentials.planFor(o.security) }]));
  const unknownRouteAuth = credentials.planFor(facts.security.requirements);

  const transport = createTransport({
    fetch: options.fetch,
    redaction,
    token: credentials.token,
    limiter,
    dailyQuota: options.dailyQuota ?? 'report',
    retry: {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    },
    timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    redirect: options.redirect ?? 'error',
    hooks,
  });
  const validateResponses = options.validateResponses ?? false;

  /**
   * Credentials, then the path, query and body checks: a call that fails them is not sent. The
   * answer is a promise only when the body must be read to be checked.
   */
  function prepare({ method, schemaPath, url, headers, params, body, options: perRequest }: PendingCall): Prepared | Promise<Prepared> {
    const route = byRoute.get(`${method} ${schemaPath}`);
    const operation = route?.operation;
    const auth = route ? route.auth : unknownRouteAuth;
    const name = operation?.operationId ?? `${method} ${schemaPath}`;
    const summary = () => summarize(method, url, headers, redaction);
    if (!isPlan(auth)) throw new MissingCredentialsError(name, auth.missing, summary());
    applyPlan(auth, headers);
    const prepared: Prepared = { operationId: operation?.operationId, auth };
    // Not part of the skippable validation: a missing or dot-segment parameter sends the request elsewhere.
    if (schemaPath.includes('{')) {
      const problems = pathProblems(schemaPath, params.path);
      if (problems.length) throw new RequestValidationError(name, 'path', problems, summary());
    }
    if (!operation || !validateRequests || perRequest.validate === false) return prepared;
    const validators = own(facts.validators, operation.operationId);
    if (validators?.query) {
      const result = validators.query.check(params.query ?? {});
      if (!result.valid) throw new RequestValidationError(name, 'query', result.problems, summary());
    }
    if (!validators?.request) return prepared;
    return body().then((text) => {
      if (text === undefined) return prepared;
      // What is checked is what is sent: the serialized body, parsed back.
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch {
        value = text;
      }
      const result = validators.request.check(value);
      if (!result.valid) throw new RequestValidationError(name, 'body', result.problems, summary());
      return prepared;
    });
  }

  const middleware: Middleware[] = [];
  const call = createCall({
    baseUrl: baseUrl.endsWith('/') ? baseUrl.slice(0, -1) : baseUrl,
    headers: options.headers,
    querySerializer: serializeQuery,
    pathSerializer: serializePath,
    redaction,
    middleware,
    prepare,
    send: transport,
    checkResponse(operationId, status, value, summary) {
      const validators = validateResponses && operationId ? own(facts.validators, operationId) : undefined;
      const validator = validators && own(validators.responses, String(status));
      if (!validator || validator(value)) return;
      const error = new ResponseValidationError(operationId!, status, validator.problems, summary());
      if (validateResponses === 'throw') throw error;
      hooks.onValidationError?.(error);
    },
  });
  const method = (name: string) => (url: string, init?: Record<string, unknown>) => call(name, url, init);
  const client = {
    request: (name: string, url: string, init?: Record<string, unknown>) => call(name.toUpperCase(), url, init),
    GET: method('GET'),
    PUT: method('PUT'),
    POST: method('POST'),
    DELETE: method('DELETE'),
    OPTIONS: method('OPTIONS'),
    HEAD: method('HEAD'),
    PATCH: method('PATCH'),
    TRACE: method('TRACE'),
    /** Registers middleware, as openapi-fetch's `use`: each sees a `Request` built for it. */
    use(...added: Middleware[]): void {
      for (const m of added) {
        if (!m) continue;
        if (typeof m !== 'object' || !('onRequest' in m || 'onResponse' in m || 'onError' in m)) {
          throw new Error('Middleware must be an object with one of `onRequest()`, `onResponse() or `onError()`');
        }
        middleware.push(m);
      }
    },
    eject(...removed: Middleware[]): void {
      for (const m of removed) {
        const i = middleware.indexOf(m);
        if (i !== -1) middleware.splice(i, 1);
      }
    },
  };

  async function* paginate(path: string, { maxPages = DEFAULT_MAX_PAGES, ...init }: Record<string, any> = {}): AsyncGenerator<unknown> {
    const operation = byRoute.get(`GET ${path}`)?.operation;
    if (!operation?.paginated) throw new TypeError(`paginate: GET ${path} does not return the paginated list wrapper`);
    checkNumericOption('paginate', 'maxPages', maxPages);
    const query = { ...(init.params?.query ?? {}) };
    const askedPageSize = positiveInteger(query.pageSize);
    let firstPageLength: number | undefined;
    let page: number = query.page ?? 1;
    for (let pages = 1; ; pages++, page++) {
      (init.signal as AbortSignal | undefined)?.throwIfAborted();
      const { data, error, response } = (await (client.GET as any)(path, { ...init, params: { ...init.params, query: { ...query, page } } })) as FetchResponse<any, any, 'application/json'>;
      // Built only to throw: redacting the URL is not paid on every page.
      const request = () => summarize('GET', response.url, new Headers(), redaction);
      if (!response.ok) {
        const details = { headers: redactHeaders(response.headers, redaction), retryAfterMs: parseRetryAfter(response.headers.get('retry-after')) };
        throw new HttpError(response.status, error, request(), details);
      }
      const list = data as { results?: unknown; page?: unknown; pageSize?: unknown; totalResults?: unknown } | undefined;
      if (!list || !Array.isArray(list.results)) throw new PaginationError(`answer ${response.status} is not a page of results`, pages - 1, request());
      // A server that ignores the page asked for would repeat the same page forever.
      if (typeof list.page === 'number' && list.page !== page) throw new PaginationError(`asked for page ${page}, the server answered page ${list.page}`, pages - 1, request());
      yield* list.results;
      // The page size stated, else the one asked for, else the first page's length: a size of 0,
      // a negative or a missing one cannot make every page look full.
      firstPageLength ??= list.results.length;
      const pageSize = positiveInteger(list.pageSize) ?? askedPageSize ?? firstPageLength;
      if (list.results.length === 0 || list.results.length < pageSize) return;
      if (typeof list.totalResults === 'number' && page * pageSize >= list.totalResults) return;
      if (pages >= maxPages) throw new PaginationError(`read ${pages} full pages and the list goes on (raise maxPages to read further)`, pages, request());
    }
  }

  return Object.assign(client as unknown as Omit<RuntimeClient<Paths, Env, Pages>, 'environment' | 'limits' | 'rateLimiter' | 'usage' | 'paginate'>, {
    environment: options.environment,
    limits,
    rateLimiter: limiter,
    usage: () => limiter?.usage(),
    paginate: paginate as RuntimeClient<Paths, Env, Pages>['paginate'],
  });
}
