/**
 * createRuntimeClient: openapi-fetch's own client (`createClient`), typed by `paths`, with the
 * runtime a real integration needs around it: the credentials each operation's security asks for,
 * client-side rate limiting to the environment's documented limits, safe retries, timeouts and
 * cancellation, parameters serialized as the document says, request and response validation,
 * hooks that see redacted data only, size limits and `paginate`. openapi-fetch builds the
 * `Request`, runs middleware and parses the answer; the runtime is the `fetch` it calls (see
 * transport.ts) and a thin layer around each call. The generated factory (`create<Name>Client`) calls it
 * with the facts read from the spec.
 */
import createClient, {
  defaultBodySerializer,
  type BodySerializer,
  type Client,
  type ClientOptions,
  type FetchResponse,
  type MaybeOptionalInit,
  type PathSerializer,
  type QuerySerializer,
} from 'openapi-fetch';
import { whenAborted } from './abort.js';
import {
  createCredentials,
  isPlan,
  type AuthPlan,
  type Credentials,
  type MissingCredentials,
  type SecurityFacts,
  type SecurityRequirements,
} from './credentials.js';
import { DecodeError, MissingCredentialsError, RequestValidationError, ResponseValidationError, TimeoutError, TransportError } from './errors.js';
import { checkNumericOption, DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS, invalidOption, MAX_TIMER_MS, namedOptionError, own } from './options.js';
import { createPathSerializer, createQuerySerializer, serializeCookies, serializeHeader, type ParameterFacts } from './params.js';
import { RateLimiter, sharedLimiter, type Usage } from './rate-limit.js';
import { scrubbedError, scrubbedPrefix, scrubbedProblems, summarize, type Redaction, type RequestSummary } from './redact.js';
import { DEFAULT_RETRY, errorCode } from './retry.js';
import { resolveBaseUrl, type ServerFacts } from './servers.js';
import type { PagedClient } from './paginate.js';
import { checkRequestOptions, createTransport, type CallState, type FetchLike, type Hooks, type RequestOptions, type TransportConfig } from './transport.js';
import { pathProblems } from './url.js';
import { ROUTE, type OperationInfo, type RouteInfo } from './operation-info.js';
import type { OperationValidators, Validator } from './validation.js';

export type { OperationInfo } from './operation-info.js';

export interface EnvironmentLimits {
  /** Sustained requests per second. */
  readonly requestsPerSecond: number;
  /** Requests that may be sent at once above the sustained rate. */
  readonly burst: number;
  /** Requests per day. */
  readonly dailyQuota: number;
}

/** What the generator read from the spec. */
export interface SpecFacts<Env extends string> {
  /** The generated factory's name, which a bad option's TypeError starts with (default: `client`). */
  readonly factory?: string;
  readonly environments: Readonly<Record<Env, EnvironmentLimits | null>>;
  /** Each environment's server URL template and variables. */
  readonly servers: Readonly<Record<Env, ServerFacts>>;
  /** Loads the index of the operations' modules (src/routes/ of the package), on the first call it is needed. */
  readonly routes?: () => Promise<{ readonly routes: RouteIndex }>;
  /** The security requirements of the operations of `routes`. */
  readonly requirements?: readonly SecurityRequirements[];
  /** Operations known at creation, with their validators by operationId (beside or instead of `routes`). */
  readonly operations?: readonly OperationInfo[];
  readonly validators?: Readonly<Record<string, OperationValidators>>;
  readonly security: SecurityFacts;
  /**
   * The package's own key, which its operations' modules carry: a module a named operation hands
   * the client is used only with this key (another document's or another version's is not).
   */
  readonly key?: object;
}

/** An operation's module: its facts, and loaders of its validators (query and body; responses by status). */
export interface RouteModule {
  /** The package's key (SpecFacts `key`). */
  readonly key?: object;
  readonly info: RouteInfo;
  readonly request?: () => Promise<{ readonly query?: Validator<unknown>; readonly request?: Validator<unknown> }>;
  readonly responses?: () => Promise<{ readonly responses: Readonly<Record<string, Validator<unknown>>> }>;
}

/** Each operation's module loader, by upper-case method, then path template: the module exports its `__route`. */
export type RouteIndex = Readonly<Record<string, Readonly<Record<string, () => Promise<{ readonly __route: RouteModule }>>>>>;

/**
 * The runtime's own options. The generated client adds one option per security scheme (its
 * credential) and types `serverVariables` from the spec.
 */
export interface RuntimeClientOptions<Env extends string> extends Omit<ClientOptions, 'baseUrl' | 'fetch' | 'redirect'> {
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
  /**
   * Default `'error'` (openapi-fetch: `'follow'`): Node's fetch forwards custom headers across
   * origins, so redirects are refused. In a browser (whose fetch reports a refused redirect as a
   * network failure) and where fetch does not implement `'error'` (Cloudflare's workerd), requests
   * go out with `'manual'` and the client refuses a redirect answer the same way.
   */
  redirect?: RequestRedirect;
  /** Check bodies and queries against the spec before sending. Default true. */
  validateRequests?: boolean;
  /** Check JSON response bodies: `'report'` calls `hooks.onValidationError`, `'throw'` throws. Default false. */
  validateResponses?: false | 'report' | 'throw';
  hooks?: Hooks;
  /**
   * The fetch implementation, called as openapi-fetch calls it: `fetch(request, requestInitExt)`,
   * once per attempt. Default: `globalThis.fetch`, looked up at each attempt, so a mock
   * installed after the client was created (MSW, nock, undici's MockAgent) still intercepts.
   */
  fetch?: (input: Request, init?: Record<string, unknown>) => Promise<Response>;
  /**
   * In a browser page or Web Worker, credentials are refused unless this is
   * `true`: they are a server's secret, and a page hands them to everyone who opens it. Without
   * credentials (a front end calling its own backend, which holds them) the client needs no opt-in.
   */
  dangerouslyAllowBrowser?: boolean;
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
/** A media type, as openapi-fetch's `Media` type argument takes it. */
export type MediaType = `${string}/${string}`;
/** The paths of `Paths` that have method `M`. */
export type PathWithMethod<Paths, M extends HttpMethod> = { [P in keyof Paths]: Paths[P] extends { [K in M]: any } ? P : never }[keyof Paths];
type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];
/** openapi-fetch's init argument, with the runtime's per-request options typed. */
type InitParam<Init> =
  RequiredKeys<Init> extends never ? [(Init & RequestOptions & { [key: string]: unknown })?] : [Init & RequestOptions & { [key: string]: unknown }];

/** openapi-fetch's method (`ClientMethod`), its init also taking the runtime's per-request options. */
export type RuntimeMethod<Paths extends Record<string, any>, M extends HttpMethod, Media extends MediaType> = <
  P extends PathWithMethod<Paths, M>,
  Init extends MaybeOptionalInit<Paths[P], M>,
>(
  url: P,
  ...init: InitParam<Init>
) => Promise<FetchResponse<Paths[P][M], Init, Media>>;

/** openapi-fetch's `Client<Paths, Media>` (assignable to it), with the runtime's options typed per call and its extras. */
export type RuntimeClient<Paths extends Record<string, any>, Env extends string, Pages extends object = {}, Media extends MediaType = MediaType> = Omit<
  Client<Paths, Media>,
  'GET' | 'PUT' | 'POST' | 'DELETE' | 'OPTIONS' | 'HEAD' | 'PATCH' | 'TRACE'
> & {
  GET: RuntimeMethod<Paths, 'get', Media>;
  PUT: RuntimeMethod<Paths, 'put', Media>;
  POST: RuntimeMethod<Paths, 'post', Media>;
  DELETE: RuntimeMethod<Paths, 'delete', Media>;
  OPTIONS: RuntimeMethod<Paths, 'options', Media>;
  HEAD: RuntimeMethod<Paths, 'head', Media>;
  PATCH: RuntimeMethod<Paths, 'patch', Media>;
  TRACE: RuntimeMethod<Paths, 'trace', Media>;
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

function check(condition: boolean, message: string): asserts condition {
  if (!condition) invalidOption(message);
}

/** The runtime's own options: everything else given to the factory goes to openapi-fetch's `createClient`. */
export const RUNTIME_OPTIONS: ReadonlySet<string> = new Set([
  'baseUrl',
  'serverVariables',
  'environment',
  'timeoutMs',
  'maxResponseBytes',
  'maxRetries',
  'retryBaseDelayMs',
  'maxRetryDelayMs',
  'rateLimit',
  'dailyQuota',
  'redirect',
  'validateRequests',
  'validateResponses',
  'hooks',
  'fetch',
  'dangerouslyAllowBrowser',
]);

/** What a call needs to know of its operation, worked out once per client. */
interface Route {
  readonly operation: RouteInfo;
  readonly auth: AuthPlan | MissingCredentials;
  /** Its validators; `responses` once loaded (`loadResponses`). */
  validators: Partial<OperationValidators> | undefined;
  /** Loads the response validators of a lazily loaded operation, the first time they are needed. */
  loadResponses: (() => Promise<void>) | undefined;
  readonly querySerializer: QuerySerializer<unknown>;
  readonly pathSerializer: PathSerializer;
  readonly headers: readonly ParameterFacts[];
  readonly cookies: readonly ParameterFacts[];
}

interface CallInit extends RequestOptions {
  /** A named operation's module (operations.ts). */
  [ROUTE]?: RouteModule;
  params?: { path?: Record<string, unknown>; query?: Record<string, unknown>; header?: Record<string, unknown>; cookie?: Record<string, unknown> } | undefined;
  body?: unknown;
  parseAs?: string;
  signal?: AbortSignal | null;
  fetch?: FetchLike;
  querySerializer?: unknown;
  bodySerializer?: BodySerializer<unknown>;
  pathSerializer?: PathSerializer;
  [key: string]: unknown;
}

/** The query as sent: a `null` or `undefined` value is left out (as openapi-fetch's serializers do), not checked. */
function sentQuery(query: Record<string, unknown> | undefined): Record<string, unknown> {
  if (!query) return {};
  for (const key in query) {
    if (query[key] === null || query[key] === undefined)
      return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== null && value !== undefined));
  }
  return query;
}

/** How much of an undecodable body's parse error `DecodeError.parseError` keeps. */
const SNIPPET_LENGTH = 200;
const METHODS = ['GET', 'PUT', 'POST', 'DELETE', 'OPTIONS', 'HEAD', 'PATCH', 'TRACE'] as const;
const EMPTY: CallInit = Object.freeze({});

export function createRuntimeClient<Paths extends Record<string, any>, Env extends string, Pages extends object = {}, Media extends MediaType = MediaType>(
  options: RuntimeClientOptions<Env>,
  facts: SpecFacts<Env>,
): RuntimeClient<Paths, Env, Pages, Media> {
  try {
    return buildClient<Paths, Env, Pages, Media>(options, facts);
  } catch (error) {
    throw namedOptionError(error, facts.factory ?? 'client');
  }
}

/**
 * One client, worked out once from its options and the spec's facts: what its calls and `paginate`
 * read. It reaches the credentials (the plans, the token function, the redaction), so it lives only
 * in the closures of the client's methods: nothing reachable from the returned object holds it.
 */
interface ClientContext {
  readonly options: RuntimeClientOptions<string>;
  readonly baseUrl: string;
  readonly redaction: Redaction;
  readonly limits: EnvironmentLimits | null;
  readonly limiter: RateLimiter | undefined;
  readonly hooks: Hooks;
  readonly validateRequests: boolean;
  readonly validateResponses: false | 'report' | 'throw';
  /** The caller gave openapi-fetch a serializer of their own: the document's are not set on each call. */
  readonly callerSerializes: { readonly query: boolean; readonly path: boolean };
  readonly clientBodySerializer: BodySerializer<unknown>;
  readonly inner: Client<Record<string, any>, MediaType>;
  /** By method, then path: a call looks its route up without building a key. */
  readonly routes: Map<string, Map<string, Route>>;
  /** Loads the index of the operations loaded on their first call (`SpecFacts.routes`). */
  readonly index: SpecFacts<string>['routes'];
  /** The package's key: a carried module without it is not used (`SpecFacts.key`). */
  readonly key: object | undefined;
  readonly credentials: Credentials;
  readonly unknownRouteAuth: AuthPlan | MissingCredentials;
  readonly defaultQuerySerializer: QuerySerializer<unknown>;
  readonly defaultPathSerializer: PathSerializer;
  readonly timeoutMs: number;
  readonly transport: ReturnType<typeof createTransport>;
  /**
   * The request that got each response, as sent (method, URL, headers with credentials redacted),
   * for the errors `paginate` raises after the call.
   */
  readonly sentAs: WeakMap<Response, () => RequestSummary>;
}

function buildClient<Paths extends Record<string, any>, Env extends string, Pages extends object, Media extends MediaType>(
  options: RuntimeClientOptions<Env>,
  facts: SpecFacts<Env>,
): RuntimeClient<Paths, Env, Pages, Media> {
  const baseUrl = checkOptions(options, facts);
  return runtimeClient<Paths, Env, Pages, Media>(createContext(options, facts, baseUrl));
}

/** The options checked (a bad one throws before anything is made), and the base URL they resolve to. */
function checkOptions<Env extends string>(options: RuntimeClientOptions<Env>, facts: SpecFacts<Env>): string {
  check(!!options && typeof options === 'object', 'options are required');
  check(
    typeof options.environment === 'string' && Object.hasOwn(facts.environments, options.environment),
    `\`environment\` must be one of ${Object.keys(facts.environments).join(', ')}`,
  );
  const baseUrl = resolveBaseUrl(options.environment, own(facts.servers, options.environment), options.baseUrl, options.serverVariables);
  for (const key of ['timeoutMs', 'maxRetries', 'retryBaseDelayMs', 'maxRetryDelayMs', 'maxResponseBytes'] as const)
    checkNumericOption(facts.factory ?? 'client', key, options[key]);
  if (options.headers !== undefined) checkHeaders(options.headers);
  if (options.dangerouslyAllowBrowser !== true && inBrowser()) checkNoCredentials(credentialsGiven(options, facts.security));
  return baseUrl;
}

/**
 * A browser page or a browser's Web Worker (`importScripts`), where anyone who opens the page can
 * read what it holds; Node, Bun, Deno and edge workers have neither a `document` nor `importScripts`.
 */
const inBrowser = (): boolean => {
  const scope = globalThis as { window?: unknown; document?: unknown; importScripts?: unknown };
  return (typeof scope.window === 'object' && typeof scope.document === 'object') || typeof scope.importScripts === 'function';
};

/** The credential options given, as written in the options. */
const credentialsGiven = (options: object, security: SecurityFacts): string[] =>
  Object.values(security.schemes).flatMap((scheme) => ('option' in scheme && own(options, scheme.option) !== undefined ? [scheme.option] : []));

/** In a browser, no credential option may be given without the explicit opt-in. */
function checkNoCredentials(options: readonly string[]): void {
  const given = options.map((option) => `\`${option}\``);
  check(
    given.length === 0,
    `${given.join(' and ')} would be readable by anyone who opens this page: call the API from a server (a front end calls its own backend, which holds the credentials, with no credential here), or pass \`dangerouslyAllowBrowser: true\` if you accept the risk`,
  );
}

/** The default headers, as `Headers` would take them (a null or undefined value left out, an array one header per item). */
function checkHeaders(headers: NonNullable<ClientOptions['headers']>): void {
  try {
    new Headers(
      Object.entries(headers instanceof Headers ? Object.fromEntries(headers) : headers).flatMap(([k, v]) =>
        v === null || v === undefined ? [] : Array.isArray(v) ? v.map((item) => [k, String(item)]) : [[k, String(v)]],
      ) as [string, string][],
    );
  } catch {
    // Headers' own message quotes the value.
    check(false, '`headers` must hold valid HTTP header names and values');
  }
}

/** Everything a client's calls need, worked out once, in the order the options are read. */
function createContext<Env extends string>(options: RuntimeClientOptions<Env>, facts: SpecFacts<Env>, baseUrl: string): ClientContext {
  // The credentials live only in closures: nothing reachable from the returned object holds them.
  // A browser page given no credential calls its own backend, which adds them: nothing is required or sent.
  const proxied = inBrowser() && credentialsGiven(options, facts.security).length === 0;
  const credentials = createCredentials(options, facts.security, [...(facts.requirements ?? []), ...(facts.operations ?? []).map((o) => o.security)], proxied);
  const limits = facts.environments[options.environment];
  const limiter = limiterFor(options, limits, credentials.identity);
  const hooks = options.hooks ?? {};
  const validateRequests = options.validateRequests ?? true;
  const validateResponses = options.validateResponses ?? false;
  const passed = openapiFetchOptions(options, facts.security);
  const callerSerializes = { query: passed.querySerializer !== undefined, path: passed.pathSerializer !== undefined };
  const clientBodySerializer = (passed.bodySerializer as BodySerializer<unknown> | undefined) ?? defaultBodySerializer;
  // A browser's fetch refusing a redirect fails as a network failure does ("Failed to fetch", retried):
  // there, and where fetch has no 'error' (workerd), the client asks for 'manual' and refuses the redirect itself.
  const refuseRedirects =
    options.redirect === undefined && (inBrowser() || !redirectErrorSupported((passed.Request as typeof Request | undefined) ?? globalThis.Request));
  const redirect = options.redirect ?? (refuseRedirects ? 'manual' : 'error');
  const inner = createClient<Record<string, any>, MediaType>({ ...(passed as ClientOptions), baseUrl, redirect });
  const routes = routeTable(facts, credentials);
  const unknownRouteAuth = credentials.planFor(facts.security.requirements);
  const defaultQuerySerializer = createQuerySerializer([]);
  const defaultPathSerializer = createPathSerializer([]);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const transport = createTransport({ ...transportConfig(options, credentials, limiter, hooks, timeoutMs), refuseRedirects });
  const sentAs = new WeakMap<Response, () => RequestSummary>();
  return {
    options,
    baseUrl,
    redaction: credentials.redaction,
    limits,
    limiter,
    hooks,
    validateRequests,
    validateResponses,
    callerSerializes,
    clientBodySerializer,
    inner,
    routes,
    index: facts.routes,
    key: facts.key,
    credentials,
    unknownRouteAuth,
    defaultQuerySerializer,
    defaultPathSerializer,
    timeoutMs,
    transport,
    sentAs,
  };
}

const redirectError = new WeakMap<typeof Request, boolean>();

/** Whether the `Request` class openapi-fetch builds with takes `redirect: 'error'` (workerd's throws), asked once per class. */
function redirectErrorSupported(RequestClass: typeof Request): boolean {
  let supported = redirectError.get(RequestClass);
  if (supported === undefined) {
    try {
      supported = new RequestClass('http://localhost/', { redirect: 'error' }).redirect === 'error';
    } catch {
      supported = false;
    }
    redirectError.set(RequestClass, supported);
  }
  return supported;
}

/** What openapi-fetch is given: every option that is not the runtime's own nor a credential. */
function openapiFetchOptions(options: object, security: SecurityFacts): Record<string, unknown> {
  const credentialOptions = new Set(Object.values(security.schemes).flatMap((scheme) => ('option' in scheme ? [scheme.option] : [])));
  const passed: Record<string, unknown> = {};
  for (const key of Object.keys(options)) if (!RUNTIME_OPTIONS.has(key) && !credentialOptions.has(key)) passed[key] = (options as Record<string, unknown>)[key];
  return passed;
}

/** Per operation known at creation, worked out once: serializers, validators and which credentials it sends (or which options it lacks); by method, then path. */
function routeTable<Env extends string>(facts: SpecFacts<Env>, credentials: Credentials): Map<string, Map<string, Route>> {
  const routes = new Map<string, Map<string, Route>>();
  for (const o of facts.operations ?? []) addRoute(routes, routeOf(o, own(facts.validators, o.operationId), undefined, credentials));
  return routes;
}

function addRoute(routes: Map<string, Map<string, Route>>, route: Route): Route {
  const { method, path } = route.operation;
  const byPath = routes.get(method) ?? routes.set(method, new Map()).get(method)!;
  byPath.set(path, route);
  return route;
}

/**
 * The route of a call: worked out already; else from the operation's module, the one a named
 * operation carries (`carried`) or the one the index loads, its query and body validators loaded;
 * undefined for a method and path the document does not have.
 */
function routeFor(context: ClientContext, method: string, path: string, carried?: RouteModule): Route | undefined | Promise<Route | undefined> {
  const known = context.routes.get(method)?.get(path);
  if (known) return known;
  if (carried !== undefined && context.key !== undefined && carried.key === context.key && carried.info?.method === method && carried.info.path === path)
    return loadRoute(context, carried);
  return context.index?.().then(({ routes }) => {
    const load: RouteIndex[string][string] | undefined = own(own(routes, method), path);
    return load?.().then((module) => loadRoute(context, module.__route));
  });
}

async function loadRoute(context: ClientContext, module: RouteModule): Promise<Route> {
  const validators: Partial<OperationValidators> = { ...(await module.request?.()) };
  const { method, path } = module.info;
  // Another call may have loaded it meanwhile: the first one kept is the one used.
  return context.routes.get(method)?.get(path) ?? addRoute(context.routes, routeOf(module.info, validators, module.responses, context.credentials));
}

function routeOf(
  operation: RouteInfo,
  validators: Partial<OperationValidators> | undefined,
  responses: RouteModule['responses'],
  credentials: Credentials,
): Route {
  const parameters = operation.parameters;
  const route: Route = {
    operation,
    auth: credentials.planFor(operation.security),
    validators,
    loadResponses: responses
      ? async () => {
          const loaded = await responses();
          route.validators = { ...route.validators, responses: loaded.responses };
          route.loadResponses = undefined;
        }
      : undefined,
    querySerializer: createQuerySerializer(parameters.filter((p) => p.in === 'query')),
    pathSerializer: createPathSerializer(parameters.filter((p) => p.in === 'path')),
    headers: parameters.filter((p) => p.in === 'header'),
    cookies: parameters.filter((p) => p.in === 'cookie'),
  };
  return route;
}

/** The transport's settings: the client's options, else the defaults. */
function transportConfig(
  options: RuntimeClientOptions<string>,
  credentials: Credentials,
  limiter: RateLimiter | undefined,
  hooks: Hooks,
  timeoutMs: number,
): TransportConfig {
  return {
    fetch: options.fetch,
    redaction: credentials.redaction,
    token: credentials.token,
    limiter,
    dailyQuota: options.dailyQuota ?? 'report',
    retry: {
      maxRetries: options.maxRetries ?? DEFAULT_RETRY.maxRetries,
      baseDelayMs: options.retryBaseDelayMs ?? DEFAULT_RETRY.baseDelayMs,
      maxDelayMs: options.maxRetryDelayMs ?? DEFAULT_RETRY.maxDelayMs,
    },
    timeoutMs,
    maxResponseBytes: options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES,
    hooks,
  };
}

/** The client returned: openapi-fetch's methods through `call`, its middleware, and the runtime's extras. */
function runtimeClient<Paths extends Record<string, any>, Env extends string, Pages extends object, Media extends MediaType>(
  context: ClientContext,
): RuntimeClient<Paths, Env, Pages, Media> {
  const { inner, limiter } = context;
  const client = {
    request: (method: string, url: string, init?: CallInit) => call(context, method.toUpperCase(), url, init),
    GET: (url: string, init?: CallInit) => call(context, 'GET', url, init),
    PUT: (url: string, init?: CallInit) => call(context, 'PUT', url, init),
    POST: (url: string, init?: CallInit) => call(context, 'POST', url, init),
    DELETE: (url: string, init?: CallInit) => call(context, 'DELETE', url, init),
    OPTIONS: (url: string, init?: CallInit) => call(context, 'OPTIONS', url, init),
    HEAD: (url: string, init?: CallInit) => call(context, 'HEAD', url, init),
    PATCH: (url: string, init?: CallInit) => call(context, 'PATCH', url, init),
    TRACE: (url: string, init?: CallInit) => call(context, 'TRACE', url, init),
    use: inner.use,
    eject: inner.eject,
  };
  return Object.assign(client as unknown as Omit<RuntimeClient<Paths, Env, Pages, Media>, 'environment' | 'limits' | 'rateLimiter' | 'usage' | 'paginate'>, {
    environment: context.options.environment as Env,
    limits: context.limits,
    rateLimiter: limiter,
    usage: () => limiter?.usage(),
    paginate: ((path: string, init: Record<string, any> = {}) => paginateLazily(context, client, path, init)) as RuntimeClient<
      Paths,
      Env,
      Pages,
      Media
    >['paginate'],
  });
}

/** A summary of a call refused before openapi-fetch built its request: the path as written. */
const templateSummary = (context: ClientContext, method: string, path: string): RequestSummary =>
  summarize(method, `${context.baseUrl}${path}`, new Headers(), context.redaction);

/**
 * The checks a call must pass before anything is built or sent: credentials, path parameters
 * (always: a missing or dot-segment one sends the request elsewhere), and the query; then the
 * init openapi-fetch is given, with the document's serializers unless the caller has their own,
 * and the body checked as serialized.
 */
function prepare(context: ClientContext, method: string, path: string, init: CallInit, route: Route | undefined): CallInit {
  const name = route?.operation.operationId ?? `${method} ${path}`;
  const auth = route ? route.auth : context.unknownRouteAuth;
  if (!isPlan(auth)) throw new MissingCredentialsError(name, auth.missing, templateSummary(context, method, path));
  checkRequestOptions(init);
  const params = init.params;
  if (path.includes('{')) {
    const problems = pathProblems(path, params?.path);
    if (problems.length) throw new RequestValidationError(name, 'path', problems, templateSummary(context, method, path));
  }
  const callInit = withSerializers(context, init, params, route);
  const validators = context.validateRequests && init.validate !== false ? route?.validators : undefined;
  const queryValidator = validators?.query;
  if (queryValidator) checkQuery(context, queryValidator, params?.query, name, method, path);
  const requestValidator = validators?.request;
  if (requestValidator && init.body !== undefined)
    callInit.bodySerializer = checkedBodySerializer(context, init.bodySerializer ?? context.clientBodySerializer, requestValidator, name, method, path);
  return callInit;
}

/** A copy of the call's init with the document's serializers (unless the caller has their own), header and cookie parameters serialized. */
function withSerializers(context: ClientContext, init: CallInit, params: CallInit['params'], route: Route | undefined): CallInit {
  const callInit: CallInit = { ...init };
  // A named operation's module is the client's alone: not passed on to openapi-fetch's Request.
  if (init[ROUTE] !== undefined) delete callInit[ROUTE];
  if (!init.querySerializer && !context.callerSerializes.query) callInit.querySerializer = route?.querySerializer ?? context.defaultQuerySerializer;
  if (!init.pathSerializer && !context.callerSerializes.path) callInit.pathSerializer = route?.pathSerializer ?? context.defaultPathSerializer;
  if (route && params && ((route.headers.length && params.header) || (route.cookies.length && params.cookie)))
    callInit.params = serializedHeaders(route, params);
  return callInit;
}

/** The query as sent, checked: the type guard on the way through; the problems, without shared state, only for a query that fails. */
function checkQuery(
  context: ClientContext,
  validator: Validator<unknown>,
  given: Record<string, unknown> | undefined,
  name: string,
  method: string,
  path: string,
): void {
  const query = sentQuery(given);
  if (!validator(query)) {
    const result = validator.check(query);
    if (!result.valid) throw new RequestValidationError(name, 'query', result.problems, templateSummary(context, method, path));
  }
}

/** What is checked is what is sent: the serialized body, parsed back (a FormData or stream is not checked). */
function checkedBodySerializer(
  context: ClientContext,
  serialize: BodySerializer<unknown>,
  validator: Validator<unknown>,
  name: string,
  method: string,
  path: string,
): BodySerializer<unknown> {
  return (body: unknown, headers?: unknown) => {
    const serialized = (serialize as (body: unknown, headers?: unknown) => unknown)(body, headers);
    if (typeof serialized === 'string') {
      let value: unknown;
      try {
        value = JSON.parse(serialized);
      } catch {
        value = serialized;
      }
      const result = validator.check(value);
      if (!result.valid) throw new RequestValidationError(name, 'body', result.problems, templateSummary(context, method, path));
    }
    return serialized;
  };
}

/** Header parameters in their style (simple), and cookie parameters (form) as one `Cookie` header. */
function serializedHeaders(route: Route, params: NonNullable<CallInit['params']>): CallInit['params'] {
  const header: Record<string, unknown> = { ...params.header };
  for (const fact of route.headers) {
    const value = own(header, fact.name);
    // null stays null: openapi-fetch drops the header.
    if (value !== undefined && value !== null) header[fact.name] = serializeHeader(fact, value);
  }
  const cookie = params.cookie ? serializeCookies(route.cookies, params.cookie) : undefined;
  if (cookie) {
    const existing = own(header, 'Cookie') ?? own(header, 'cookie');
    delete header.cookie;
    header.Cookie = existing ? `${existing}; ${cookie}` : cookie;
  }
  return { ...params, header };
}

async function call(
  context: ClientContext,
  method: (typeof METHODS)[number] | string,
  path: string,
  init: CallInit | undefined,
): Promise<FetchResponse<any, any, any>> {
  const given = init ?? EMPTY;
  let route = routeFor(context, method, path, given[ROUTE]);
  if (route instanceof Promise) route = await loading(context, route, method, path, given);
  // The response validators too before sending: a failed load must not lose the answer to a write.
  if (context.validateResponses && route?.loadResponses) await loading(context, route.loadResponses(), method, path, given);
  const callInit = prepare(context, method, path, given, route);
  const state = callState(context, given, route);
  // Rejected if the deadline of an answer returned unread fires while openapi-fetch reads it.
  const stalled = new Promise<never>((_, reject) => (state.stall = reject));
  const unwatch = state.link ? followCaller(callInit, state.link, state.callerSignal) : undefined;
  callInit.fetch = (request: Request, ext?: Record<string, unknown>) => context.transport(request, ext, state);
  const { inner } = context;
  const send = (METHODS as readonly string[]).includes(method)
    ? (inner as any)[method](path, callInit)
    : inner.request(method.toLowerCase() as never, path as never, callInit as never);
  try {
    const result = (await Promise.race([send, stalled])) as FetchResponse<any, any, any>;
    if (state.summary) context.sentAs.set(result.response, state.summary);
    // The response validators were loaded before the request left.
    if (context.validateResponses && route && result.response.ok && (given.parseAs ?? 'json') === 'json') checkResponse(context, route, result, state.summary);
    return result;
  } catch (error) {
    send.catch(() => {});
    throw callError(context, error, state);
  } finally {
    state.kept?.release();
    unwatch?.();
  }
}

/** One call as the transport is handed it: its credentials, its options, the fetch that sends it and its signals. */
function callState(context: ClientContext, given: CallInit, route: Route | undefined): CallState {
  const callerSignal = given.signal ?? undefined;
  const fetch = given.fetch ?? context.options.fetch;
  // With a caller's fetch, the Request carries a signal of the runtime's, aborted with the first attempt's deadline.
  const link = fetch ? new AbortController() : undefined;
  return { auth: route ? (route.auth as AuthPlan) : (context.unknownRouteAuth as AuthPlan), options: given, fetch, callerSignal, link };
}

/**
 * An operation's modules being loaded before its call is sent, bounded as the call is (the
 * caller's signal, the timeout); a failed load is a `TransportError` (code `MODULE_NOT_LOADED`,
 * nothing sent). A browser keeps a failed module load failed until the page reloads.
 */
async function loading<T>(context: ClientContext, load: Promise<T>, method: string, path: string, given: CallInit): Promise<T> {
  // A bad per-call option is its TypeError, as without the load, not a timeout.
  checkRequestOptions(given);
  const signal = given.signal ?? undefined;
  const timeoutMs = given.timeoutMs ?? context.timeoutMs;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unwatch: (() => void) | undefined;
  const bounded = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimeoutError(timeoutMs, templateSummary(context, method, path))), Math.min(timeoutMs, MAX_TIMER_MS));
    if (signal) unwatch = signal.aborted ? (reject(signal.reason), undefined) : whenAborted(signal, () => reject(signal.reason));
  });
  try {
    return await Promise.race([
      load.catch((error: unknown) => {
        const summary = templateSummary(context, method, path);
        const detail = context.redaction.scrub(String((error as Error)?.message ?? error));
        throw new TransportError(`${method} ${path} was not sent: its operation's module could not be loaded (${detail})`, summary, 'MODULE_NOT_LOADED', 0, {
          cause: error,
        });
      }),
      bounded,
    ]);
  } finally {
    clearTimeout(timer);
    unwatch?.();
  }
}

/** The Request carries the runtime's signal, which follows the caller's; returns what stops following it. */
function followCaller(callInit: CallInit, link: AbortController, callerSignal: AbortSignal | undefined): (() => void) | undefined {
  callInit.signal = link.signal;
  if (!callerSignal) return undefined;
  const follow = () => link.abort(callerSignal.reason);
  if (!callerSignal.aborted) return whenAborted(callerSignal, follow);
  follow();
  return undefined;
}

/**
 * A timeout while openapi-fetch read the body is `TimeoutError`; a success body that is not JSON is
 * `DecodeError`; a body the network cut while openapi-fetch read it (undici's `TypeError('terminated')`,
 * its cause's code `UND_ERR_SOCKET`) is the `TransportError` of any network failure, not retried.
 */
function callError(context: ClientContext, error: unknown, state: CallState): unknown {
  const { kept, summary } = state;
  if (!summary) return error;
  if (kept?.timedOut()) return new TimeoutError(state.options.timeoutMs ?? context.timeoutMs, summary());
  if (kept?.signal.aborted && state.callerSignal?.aborted) return state.callerSignal.reason;
  if (error instanceof SyntaxError && state.status !== undefined && state.status >= 200 && state.status < 300) {
    // The SyntaxError is not kept, and its message is cut where it starts quoting the body: a quote
    // cut inside a credential could not be scrubbed.
    const quote = error.message.indexOf('"');
    const message = quote === -1 ? error.message : `${error.message.slice(0, quote).replace(/[,\s]+$/, '')} (body not quoted)`;
    return new DecodeError(state.status, scrubbedPrefix(message, SNIPPET_LENGTH, context.redaction.values), summary());
  }
  const code = state.status !== undefined && error instanceof TypeError ? errorCode(error) : undefined;
  if (code !== undefined) {
    const request = summary();
    return new TransportError(`${request.method} ${request.url} failed: the answer's body was cut (${code})`, request, code, state.attempts ?? 1, {
      cause: scrubbedError(error, context.redaction),
    });
  }
  return error;
}

function checkResponse(context: ClientContext, route: Route, result: FetchResponse<any, any, any>, sent: (() => RequestSummary) | undefined): void {
  const validator: Validator<unknown> | undefined = own(route.validators?.responses, String(result.response.status));
  if (!validator || validator(result.data)) return;
  const error = new ResponseValidationError(
    route.operation.operationId,
    result.response.status,
    // The body may echo a credential as a key, which a problem's pointer and message quote.
    scrubbedProblems(validator.problems, context.redaction),
    sent?.() ?? summarize('', result.response.url, new Headers(), context.redaction),
  );
  if (context.validateResponses === 'throw') throw error;
  context.hooks.onValidationError?.(error);
}

/**
 * The request that got `response`, as sent (method, URL, headers with credentials redacted), for
 * the errors `paginate` raises after the call; from the answer alone when a middleware replaced
 * the Response the transport returned.
 */
const sentRequest = (context: ClientContext, response: Response): RequestSummary =>
  context.sentAs.get(response)?.() ?? summarize('GET', response.url, new Headers(), context.redaction);

/**
 * The client's `paginate`, loaded on its first use (paginate.ts): a bundle that never pages does
 * not hold it.
 */
async function* paginateLazily(context: ClientContext, client: PagedClient, path: string, init: Record<string, any>): AsyncGenerator<unknown> {
  const operation = (await routeFor(context, 'GET', path))?.operation;
  if (!operation?.paginated) throw new TypeError(`paginate: GET ${path} does not return the paginated list wrapper`);
  const { paginate } = await import('./paginate.js');
  yield* paginate(client, path, init, { redaction: context.redaction, sentRequest: (response) => sentRequest(context, response) });
}
