/**
 * The mock's core: `respond(request)` routes, simulates limits and faults, checks credentials and
 * the request, then answers an override or a generated body. It reads a light view of the request
 * (a Fetch API `Request` is one) and gives a plain reply (./answers.ts): `fetch`, `handle` and the
 * MSW handlers (./msw.ts) turn it into a `Response`, the HTTP server (./server.ts) writes its bytes.
 * Web APIs only (no `node:` module, no Node global): it runs wherever `fetch` does, browsers and
 * workers included; the server is reached through `facts.listen` (the package's `#mock-server`).
 */
import { isHeaderValue, MAX_TIMER_MS } from '../client/options.js';
import { REDACTED } from '../client/redact.js';
import { bodyAnswer, emptyAnswer, isAnswerStatus, mockError, RESET, toResponse, type MockReply, type Reply } from './answers.js';
import { BodyMaker, type CollectionSource } from './bodies.js';
import {
  bodyProblems,
  paginationProblems,
  parameterProblems,
  readParameters,
  satisfiesSecurity,
  unsupportedMediaType,
  type CredentialNames,
} from './checks.js';
import { DEFAULT_MAX_REQUEST_BYTES, readRequestText, RequestTooLarge } from './request-body.js';
import { LimitSimulator } from './limits.js';
import { Router } from './route.js';
import type {
  MockApi,
  MockApiOptions,
  MockFacts,
  MockFault,
  MockLimits,
  MockOperation,
  MockOverride,
  MockPagination,
  MockParameters,
  MockRequestRecord,
  MockRequestView,
} from './types.js';

/** What undici's fetch rejects with when the server resets the connection. */
export function fetchFailed(): TypeError {
  const cause = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', errno: -104, syscall: 'read' });
  return new TypeError('fetch failed', { cause });
}

/** The mock with its core exposed to the server and MSW shells. */
export interface MockCore {
  respond(request: MockRequestView, basePath?: string): Promise<Reply>;
}

const CORE: unique symbol = Symbol('mock core');
const REQUEST_LOG_LIMIT = 1_000;

/** The core behind a mock made by `createMockApi` (for the MSW handlers). */
export function coreOf(mock: object): MockCore {
  const core = (mock as { [CORE]?: MockCore })[CORE];
  if (!core) throw new TypeError('Expected a mock made by createMockApi()');
  return core;
}

/** Waits `ms`, or rejects with the signal's reason as soon as it aborts (the timer cleared: nothing keeps the process alive). */
function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const aborted = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', aborted);
      resolve();
    }, ms);
    signal?.addEventListener('abort', aborted, { once: true });
  });
}

const isPaginated = (operation: MockOperation): operation is MockOperation & { pagination: MockPagination } => operation.pagination !== undefined;

const trimSlash = (path: string): string => path.replace(/\/+$/, '');

function chooseLimits(facts: MockFacts, environment: string, simulate: MockApiOptions<unknown>['simulateLimits']): Partial<MockLimits> | undefined {
  if (!simulate) return undefined;
  const documented = facts.environments[environment]!.limits;
  const limits: { -readonly [K in keyof MockLimits]?: number } = { ...documented, ...(simulate === true ? {} : simulate) };
  for (const [key, value] of Object.entries(limits)) {
    if (!(typeof value === 'number' && value > 0)) throw new TypeError(`simulateLimits.${key} must be a positive number`);
  }
  if (limits.requestsPerSecond === undefined && limits.dailyQuota === undefined) {
    throw new TypeError(`Environment "${environment}" documents no limits: pass simulateLimits: { requestsPerSecond, burst, dailyQuota }`);
  }
  if (limits.requestsPerSecond !== undefined && limits.burst === undefined) limits.burst = Math.max(1, Math.ceil(limits.requestsPerSecond));
  return limits;
}

/** The names of the document's API key credentials by where they are sent (`authorization` is always one). */
interface Credentials extends CredentialNames {
  /** Lower case. */
  readonly headers: ReadonlySet<string>;
}

/** A mock's settings and what it reads from the document, with the state its calls change (`reset()` puts it back). */
interface MockState {
  readonly facts: MockFacts;
  readonly basePath: string;
  readonly limits: Partial<MockLimits> | undefined;
  readonly maxRequestBytes: number;
  readonly requireCredentials: boolean;
  readonly router: Router;
  readonly operationFor: (id: string) => MockOperation;
  readonly credentials: Credentials;
  readonly bodies: BodyMaker;
  limiter: LimitSimulator | undefined;
  overrides: Map<string, MockOverride<unknown>>;
  faults: Map<string, MockFault & { remaining: number }>;
  collections: Map<string, Exclude<CollectionSource, undefined>>;
  /** Requests as seen (no bodies), redacted only when `requests` is read: logging costs no copy per request. */
  log: SeenRequest[];
}

export function createRuntimeMockApi<Ops, Environment extends string>(facts: MockFacts, options: MockApiOptions<Ops, Environment> = {}): MockApi<Ops> {
  const state = createState(facts, options);
  setInitialCollections(state, options);
  for (const [id, override] of Object.entries(options.overrides ?? {})) {
    state.operationFor(id);
    checkOverride(override, `overrides.${id}`);
    state.overrides.set(id, override as MockOverride<unknown>);
  }
  return mockApi<Ops>(state, options, new Map(state.overrides));
}

/** A mock's state once its options are checked, before its collections and overrides are set. */
function createState(facts: MockFacts, options: MockApiOptions<unknown>): MockState {
  const { seed, basePath, limits, maxRequestBytes, requireCredentials } = checkOptions(facts, options);
  const document = options.document ?? facts.loadDocument();
  return {
    facts,
    basePath,
    limits,
    maxRequestBytes,
    requireCredentials,
    router: new Router(facts.operations),
    operationFor: operationLookup(facts.operations),
    credentials: credentialsOf(facts),
    bodies: new BodyMaker(document, seed, facts.peers),
    limiter: limits && new LimitSimulator(limits),
    overrides: new Map(),
    faults: new Map(),
    collections: new Map(),
    log: [],
  };
}

/** The mock's API over its state; `reset()` goes back to `initialOverrides` and the collections in `options`. */
function mockApi<Ops>(state: MockState, options: MockApiOptions<unknown>, initialOverrides: ReadonlyMap<string, MockOverride<unknown>>): MockApi<Ops> {
  const { basePath, limits, maxRequestBytes } = state;
  const respond = (request: MockRequestView, requestBasePath: string = basePath): Promise<Reply> => respondTo(state, request, requestBasePath);

  const handle = async (request: Request, handleOptions?: { readonly basePath?: string }): Promise<Response> =>
    untilAborted(request, async () => {
      const reply = await respond(request, handleOptions?.basePath ?? basePath);
      if (reply === RESET) throw fetchFailed();
      return toResponse(reply);
    });

  const mock: MockApi<Ops> & { [CORE]: MockCore } = {
    [CORE]: { respond },
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await handle(request);
      // As fetch's own answers carry it (and MSW's mocked ones): the URL the request was made to.
      Object.defineProperty(response, 'url', { value: request.url });
      return response;
    },
    handle,
    listen: (listenOptions) =>
      state.facts.listen(
        {
          respond: (request) => respond(request),
          basePath,
          maxRequestBytes,
          allowHeaders: allowedHeaders(state.facts),
          allowMethods: allowedMethods(state.facts),
        },
        listenOptions,
      ),
    override(operationId, override) {
      state.operationFor(operationId);
      checkOverride(override, `override of ${operationId}`);
      state.overrides.set(operationId, override as MockOverride<unknown>);
    },
    fault(operationId, fault) {
      const operation = state.operationFor(operationId);
      const times = checkFault(operationId, fault);
      state.faults.set(operation.operationId, { ...fault, remaining: times });
    },
    collection(operationId, items) {
      setCollection(state, operationId, items);
    },
    reset() {
      state.overrides = new Map(initialOverrides);
      state.faults = new Map();
      state.limiter = limits && new LimitSimulator(limits);
      state.log = [];
      setInitialCollections(state, options);
    },
    get requests() {
      return state.log.slice(-REQUEST_LOG_LIMIT).map((seen) => redacted(state.credentials, seen));
    },
  };
  return mock;
}

/** The options a mock is made with, checked: a bad one throws before anything is read. */
function checkOptions(
  facts: MockFacts,
  options: MockApiOptions<unknown>,
): { seed: number; basePath: string; limits: Partial<MockLimits> | undefined; maxRequestBytes: number; requireCredentials: boolean } {
  const seed = options.seed ?? 1;
  if (!Number.isSafeInteger(seed)) throw new TypeError('seed must be an integer');
  const environmentNames = Object.keys(facts.environments);
  const environment: string = options.environment ?? environmentNames[0]!;
  if (!Object.hasOwn(facts.environments, environment))
    throw new TypeError(`Unknown environment "${environment}" (expected ${environmentNames.map((n) => JSON.stringify(n)).join(' or ')})`);
  const basePath = trimSlash(options.basePath ?? facts.environments[environment]!.basePath);
  const limits = chooseLimits(facts, environment, options.simulateLimits);
  const maxRequestBytes = options.maxRequestBytes ?? DEFAULT_MAX_REQUEST_BYTES;
  if (!(Number.isSafeInteger(maxRequestBytes) && maxRequestBytes >= 0)) throw new TypeError('maxRequestBytes must be an integer >= 0');
  const requireCredentials = options.requireCredentials ?? true;
  if (typeof requireCredentials !== 'boolean') throw new TypeError('requireCredentials must be true or false');
  return { seed, basePath, limits, maxRequestBytes, requireCredentials };
}

/** The operation an id names (as the document writes it, or as openapi-typescript's `operations` key does); an unknown one throws. */
function operationLookup(operations: readonly MockOperation[]): (id: string) => MockOperation {
  const byId = new Map<string, MockOperation>();
  for (const operation of operations) {
    byId.set(operation.operationId, operation);
    // openapi-typescript's `operations` key: `#` cannot stand in it.
    byId.set(operation.operationId.replaceAll('#', '/'), operation);
  }
  return (id) => {
    const operation = byId.get(id);
    if (!operation) throw new TypeError(`Unknown operation "${id}"`);
    return operation;
  };
}

/** The request headers a page may send the HTTP server (CORS): `content-type`, the credential headers of the document's schemes, its header parameters. */
function allowedHeaders(facts: MockFacts): string[] {
  const names = new Set(['content-type']);
  for (const scheme of Object.values(facts.schemes)) {
    if (scheme.type === 'apiKey') {
      if (scheme.in === 'header') names.add(scheme.name.toLowerCase());
    } else if (scheme.type !== 'mutualTLS') names.add('authorization');
  }
  for (const operation of facts.operations)
    for (const parameter of operation.parameters) if (parameter.in === 'header') names.add(parameter.name.toLowerCase());
  return [...names];
}

/** The methods of the document's operations, in a stable order. */
const allowedMethods = (facts: MockFacts): string[] => [...new Set(facts.operations.map((operation) => operation.method.toUpperCase()))].sort();

function credentialsOf(facts: MockFacts): Credentials {
  const query = new Set<string>();
  const cookie = new Set<string>();
  const headers = new Set<string>(['authorization']);
  for (const scheme of Object.values(facts.schemes)) {
    if (scheme.type !== 'apiKey') continue;
    if (scheme.in === 'header') headers.add(scheme.name.toLowerCase());
    else if (scheme.in === 'query') query.add(scheme.name);
    else cookie.add(scheme.name);
  }
  return { query, cookie, headers };
}

/** Sets the collection a paginated operation pages through: its items (each checked), or how many to sample. */
function setCollection(state: MockState, id: string, items: unknown): void {
  const operation = state.operationFor(id);
  if (!isPaginated(operation)) throw new TypeError(`${id} is not a paginated operation`);
  if (typeof items === 'number') {
    if (!(Number.isSafeInteger(items) && items >= 0))
      throw new TypeError(`The collection of ${id} must be an array of items or a number of items to sample (an integer >= 0)`);
    state.collections.set(operation.operationId, items);
    return;
  }
  if (!Array.isArray(items)) throw new TypeError(`The collection of ${id} must be an array of items or a number of items to sample (an integer >= 0)`);
  const problems = state.bodies.itemProblems(operation, items);
  if (problems.length) throw new TypeError(`The collection of ${id} has invalid items:\n${problems.join('\n')}`);
  state.collections.set(operation.operationId, items);
}

/** The collections the mock was made with, in place of any set since. */
function setInitialCollections(state: MockState, options: MockApiOptions<unknown>): void {
  state.collections = new Map();
  for (const [id, items] of Object.entries(options.collections ?? {})) setCollection(state, id, items);
}

/** A fault to inject, checked: how many times it applies. */
function checkFault(operationId: string, fault: MockFault): number {
  if (typeof fault !== 'object' || fault === null)
    throw new TypeError(`fault of ${operationId} must be an object ({ status, headers, latencyMs, reset, times })`);
  checkHeaders(fault.headers, 'fault.headers');
  const times = fault.times ?? Infinity;
  if (!(times >= 0)) throw new TypeError('fault.times must be a number >= 0');
  if (fault.latencyMs !== undefined && !(fault.latencyMs >= 0 && fault.latencyMs <= MAX_TIMER_MS))
    throw new TypeError(`fault.latencyMs must be a number from 0 to ${MAX_TIMER_MS}`);
  if (fault.status !== undefined && !isAnswerStatus(fault.status)) throw new TypeError('fault.status must be an HTTP status from 200 to 599');
  return times;
}

/** A logged request with its credential headers, query parameters and cookies redacted. */
function redacted(credentials: Credentials, { method, headers: seenHeaders, url, operationId, status }: SeenRequest): MockRequestRecord {
  const headers: Record<string, string> = {};
  seenHeaders.forEach((value, name) => {
    if (credentials.headers.has(name)) headers[name] = REDACTED;
    else if (name === 'cookie')
      headers[name] = value
        .split(';')
        .map((pair) => (credentials.cookie.has(pair.split('=')[0]!.trim()) ? `${pair.split('=')[0]!.trim()}=${REDACTED}` : pair.trim()))
        .join('; ');
    else headers[name] = value;
  });
  const query = new URLSearchParams(url.search);
  for (const name of credentials.query) if (query.has(name)) query.set(name, REDACTED);
  const search = query.toString();
  return { method, url: `${url.pathname}${search ? `?${search}` : ''}`, operationId, headers, status };
}

function record(state: MockState, seen: SeenRequest): void {
  state.log.push(seen);
  // Trimmed by halves: amortized constant work per request.
  if (state.log.length >= REQUEST_LOG_LIMIT * 2) state.log = state.log.slice(-REQUEST_LOG_LIMIT);
}

/** The core's `respond`: the operation a request's method and path (under `requestBasePath`) route to answers it, else a 404; the request is logged. */
async function respondTo(state: MockState, request: MockRequestView, requestBasePath: string): Promise<Reply> {
  const url = new URL(request.url);
  const method = request.method.toUpperCase();
  const prefix = trimSlash(requestBasePath);
  const inBase = url.pathname === prefix || url.pathname.startsWith(`${prefix}/`);
  const path = inBase ? url.pathname.slice(prefix.length) || '/' : undefined;
  const route = path === undefined ? undefined : state.router.find(method, path);
  let reply: Reply;
  if (!route) reply = mockError(404, `No operation of the spec matches ${method} ${url.pathname}${prefix ? ` (base path ${prefix})` : ''}`);
  else reply = await throttledAnswer(state, route.operation, route.params, request, url, path!);
  record(state, {
    method: request.method,
    headers: request.headers,
    url,
    operationId: route?.operation.operationId,
    status: reply === RESET ? 'reset' : reply.status,
  });
  return reply;
}

/** A 429 past the simulated limits, else an injected fault, else the answer. */
async function throttledAnswer(
  state: MockState,
  operation: MockOperation,
  params: Readonly<Record<string, string>>,
  request: MockRequestView,
  url: URL,
  path: string,
): Promise<Reply> {
  const wait = state.limiter?.take();
  if (wait !== undefined) return mockError(429, 'Too many requests (simulated limit)', { headers: { 'retry-after': String(wait) } });
  const fault = state.faults.get(operation.operationId);
  if (fault && fault.remaining > 0) {
    fault.remaining--;
    if (fault.latencyMs) await sleep(fault.latencyMs, request.signal);
    if (fault.reset) return RESET;
    if (fault.status !== undefined) return mockError(fault.status, `Injected fault (status ${fault.status})`, { headers: fault.headers ?? {} });
  }
  return answer(state, operation, params, request, url, path);
}

/** A 401 without the credentials, a 413, 415 or 400 for a request the spec refuses, else the override's answer or a generated one. */
async function answer(
  state: MockState,
  operation: MockOperation,
  params: Readonly<Record<string, string>>,
  request: MockRequestView,
  url: URL,
  path: string,
): Promise<MockReply> {
  if (state.requireCredentials && !satisfiesSecurity(operation.security, state.facts.schemes, request, url))
    return mockError(401, `Missing credentials: ${operation.operationId} needs ${describeSecurity(operation)}`);
  const parameters = readParameters(operation, params, request, url, state.credentials);
  const query = parameters.query;
  let bodyText = '';
  if (operation.requestBodyRequired !== undefined) {
    try {
      bodyText = await readRequestText(request, state.maxRequestBytes);
    } catch (err) {
      if (err instanceof RequestTooLarge) return mockError(413, err.message);
      throw err;
    }
  }
  const contentType = request.headers.get('content-type');
  if (bodyText !== '' && unsupportedMediaType(operation, contentType)) {
    return mockError(415, `${operation.operationId} takes ${operation.requestMediaTypes!.join(' or ')}, not ${contentType}`);
  }
  const parameterIssues = parameterProblems(operation, params, query, request, url);
  const problems = [...parameterIssues, ...paginationProblems(operation, query, parameterIssues), ...bodyProblems(operation, bodyText, contentType)];
  if (problems.length) return mockError(400, `The request does not match the spec of ${operation.operationId}`, { problems });
  const override = state.overrides.get(operation.operationId) ?? state.overrides.get(operation.operationId.replaceAll('#', '/'));
  if (override) return overrideAnswer(state, operation, override, request, bodyText, parameters, path);
  return success(state, operation, query, path);
}

/** What an override answers (a function's answer checked as it comes): its status and body, or the generated body with its headers. */
async function overrideAnswer(
  state: MockState,
  operation: MockOperation,
  override: MockOverride<unknown>,
  request: MockRequestView,
  bodyText: string,
  parameters: MockParameters,
  path: string,
): Promise<MockReply> {
  const given = typeof override === 'function' ? await override(fetchRequest(request, bodyText), parameters) : override;
  if (typeof given !== 'object' || given === null)
    return mockError(
      500,
      `The override of ${operation.operationId} answered ${given === null ? 'null' : typeof given}: it must answer an object ({ status, body, headers })`,
    );
  const status = given.status ?? operation.success.status;
  if (!isAnswerStatus(status)) return mockError(500, `The override of ${operation.operationId} answered status ${String(status)}: the mock answers 200 to 599`);
  const badHeader = headerProblem(given.headers, 'headers');
  if (badHeader) return mockError(500, `The override of ${operation.operationId} answered ${badHeader}`);
  if (given.body !== undefined) {
    const text = jsonText(given.body);
    if (typeof text !== 'string') return mockError(500, `The override of ${operation.operationId} answered a body that is not JSON: ${text.problem}`);
    return bodyAnswer(status, text, 'application/json', given.headers);
  }
  if (status !== operation.success.status) return emptyAnswer(status, given.headers);
  return success(state, operation, parameters.query, path, given.headers);
}

async function success(
  state: MockState,
  operation: MockOperation,
  query: Record<string, unknown>,
  path: string,
  headers: Readonly<Record<string, string>> = {},
): Promise<MockReply> {
  const { status, media } = operation.success;
  const result = isPaginated(operation)
    ? await state.bodies.page(operation, query, state.collections.get(operation.operationId))
    : await state.bodies.success(operation, path);
  if (!result.ok) return mockError(500, `${operation.operationId}: ${result.error}`);
  if (result.body === null || !media) return emptyAnswer(status, headers);
  return bodyAnswer(status, result.body, media.type, headers);
}

/**
 * `answer()` settled as fetch settles: rejected with the request signal's reason when it is (or
 * becomes) aborted, the body stream cancelled, whatever the mock was still doing.
 */
function untilAborted(request: Request, answer: () => Promise<Response>): Promise<Response> {
  const { signal } = request;
  const cancelBody = (): void => {
    request.body?.cancel(signal.reason).catch(() => {});
  };
  if (signal.aborted) {
    cancelBody();
    return Promise.reject(signal.reason);
  }
  return new Promise((resolve, reject) => {
    const aborted = (): void => {
      cancelBody();
      reject(signal.reason);
    };
    signal.addEventListener('abort', aborted, { once: true });
    answer()
      .then(resolve, reject)
      .finally(() => signal.removeEventListener('abort', aborted));
  });
}

/** A header name as RFC 9110 allows it (a token). */
const HEADER_NAME = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/**
 * Headers that frame the message: the mock (the HTTP server, or the Response) sets them from the
 * bytes it sends; a stated length it does not match would leave the answer hanging or cut it.
 */
const FRAMING_HEADERS = new Set(['content-length', 'transfer-encoding']);

/** What is wrong with headers given to the mock (`where` names them), or undefined. */
function headerProblem(headers: unknown, where: string): string | undefined {
  if (headers === undefined) return undefined;
  if (typeof headers !== 'object' || headers === null || Array.isArray(headers)) return `${where} must be an object of header names to strings`;
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name)) return `${where}: ${JSON.stringify(name)} is not a valid header name`;
    if (FRAMING_HEADERS.has(name.toLowerCase()))
      return `${where}[${JSON.stringify(name)}]: the mock frames its answers itself (Content-Length, Transfer-Encoding): leave it out`;
    if (typeof value !== 'string' || (value !== '' && !isHeaderValue(value)))
      return `${where}[${JSON.stringify(name)}] must be a header value (a string without line breaks or NUL)`;
  }
  return undefined;
}

function checkHeaders(headers: unknown, where: string): void {
  const problem = headerProblem(headers, where);
  if (problem) throw new TypeError(problem);
}

/** An override's answer, checked when it is given as an object (a function's answers are checked as they come). */
function checkOverride(override: unknown, where: string): void {
  if (typeof override === 'function') return;
  if (typeof override !== 'object' || override === null)
    throw new TypeError(`${where} must be an answer ({ status, body, headers }) or a function returning one`);
  const { status, headers, body } = override as { status?: unknown; headers?: unknown; body?: unknown };
  if (status !== undefined && !isAnswerStatus(status)) throw new TypeError(`${where}.status must be an HTTP status from 200 to 599`);
  checkHeaders(headers, `${where}.headers`);
  // Serialized again for each answer (a body changed since is answered as it is then); refused here when no answer could carry it.
  const text = body === undefined ? '' : jsonText(body);
  if (typeof text !== 'string') throw new TypeError(`${where}.body is not JSON: ${text.problem}`);
}

/** An override's body as JSON text, or why it has none (a cycle, a BigInt, a function, a throwing `toJSON`). */
function jsonText(body: unknown): string | { readonly problem: string } {
  let text: string | undefined;
  try {
    text = JSON.stringify(body);
  } catch (err) {
    return { problem: err instanceof Error ? err.message : String(err) };
  }
  return text === undefined ? { problem: 'JSON.stringify gives no text for it' } : text;
}

/** A request as the mock saw it, kept for the log: its method, URL and headers, never its body. */
interface SeenRequest {
  readonly method: string;
  readonly headers: MockRequestView['headers'];
  readonly url: URL;
  readonly operationId: string | undefined;
  readonly status: number | 'reset';
}

/** The request as a Fetch API `Request` for an override function, its body readable (the mock read it already). */
function fetchRequest(request: MockRequestView, bodyText: string): Request {
  if (request instanceof Request && !request.bodyUsed) return request;
  const headers = new Headers();
  request.headers.forEach((value, name) => {
    headers.append(name, value);
  });
  const hasBody = bodyText !== '' && request.method.toUpperCase() !== 'GET' && request.method.toUpperCase() !== 'HEAD';
  return new Request(request.url, { method: request.method, headers, ...(hasBody && { body: bodyText }) });
}

function describeSecurity(operation: MockOperation): string {
  return operation.security.map((names) => names.join(' + ') || 'nothing').join(' or ');
}
