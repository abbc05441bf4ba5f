/**
 * Facts the generator reads from the spec for the mock (one record per operation, the
 * environments' limits) and the types of the mock's public API, generic over openapi-typescript's
 * `operations` interface so that overrides and collections are typed per operation.
 */
import type { OperationValidators } from '../client/validation.js';
import type { CredentialScheme } from '../client/credentials.js';
import type { OperationInfo, OperationPagination, OperationParameter, OperationSuccess } from '../client/operation-info.js';

/** Any JSON value: what an error body or a body the spec does not show may be. */
export type JsonValue = null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** A parameter of an operation: how it is written, whether it is required, and the schema types its strings are read as. */
export type MockParameter = OperationParameter;

/** The request's parameters as the mock read them: each by its style, its strings typed by its schema. */
export interface MockParameters {
  readonly path: Readonly<Record<string, unknown>>;
  readonly query: Readonly<Record<string, unknown>>;
  /** By the names the spec gives the headers. */
  readonly header: Readonly<Record<string, unknown>>;
  readonly cookie: Readonly<Record<string, unknown>>;
}

/** How a paginated operation (its success body is the `page`/`pageSize`/`results` wrapper) pages. */
export type MockPagination = OperationPagination;

/** The answer the mock gives on success: a status the spec allows, and its media object, if any. */
export type MockSuccess = OperationSuccess;

/** An operation of the package's table (src/facts.ts) with its validators. */
export interface MockOperation extends OperationInfo {
  /** The package's validators of the operation (absent when it has none). */
  readonly validators?: OperationValidators | undefined;
}

export interface MockLimits {
  readonly requestsPerSecond: number;
  readonly burst: number;
  readonly dailyQuota: number;
}

export interface MockEnvironment {
  /** Documented limits (`x-rate-limit`), or `null`. */
  readonly limits: MockLimits | null;
  /** The path of the environment's server URL (`/v2`), `''` when the URL has none or is not complete. */
  readonly basePath: string;
}

/** What the mock reads of a request: a Fetch API `Request`, or the HTTP server's lighter view of one. */
export interface MockRequestView {
  /** Upper case for the server's view; as given for a `Request`. */
  readonly method: string;
  /** The absolute URL. */
  readonly url: string;
  readonly headers: { get(name: string): string | null; forEach(callback: (value: string, name: string) => void): void };
  text(): Promise<string>;
  /** Aborted when the caller gives up (the server: the connection closed, or `close()`): a pending `latencyMs` ends with it. */
  readonly signal?: AbortSignal;
}

/** One answer: the body already serialized (`null`: no body, `Content-Length: 0`). */
export interface MockReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: Uint8Array<ArrayBuffer> | string | null;
}

/** What the HTTP server needs of the mock: its core, where it routes, what it reads, and what its CORS answers allow. */
export interface MockServerTarget {
  /** One answer per request, or a symbol for a dropped connection (an injected `reset`). */
  readonly respond: (request: MockRequestView) => Promise<MockReply | symbol>;
  readonly basePath: string;
  readonly maxRequestBytes: number;
  /** The request headers a front end may send (lower case): `content-type`, the credential headers, the documented header parameters. */
  readonly allowHeaders: readonly string[];
  /** The methods of the document's operations (upper case). */
  readonly allowMethods: readonly string[];
}

/** Starts the HTTP server (`./server.ts` under Node, Bun and Deno; `./no-server.ts` elsewhere: a rejection that says so). */
export type MockListen = (target: MockServerTarget, options?: MockListenOptions) => Promise<MockServer>;

/** Everything the generated `mock.ts` hands the runtime. */
export interface MockFacts {
  readonly operations: readonly MockOperation[];
  readonly environments: Readonly<Record<string, MockEnvironment>>;
  readonly schemes: Readonly<Record<string, CredentialScheme>>;
  /** The bundled document, when none is passed (parsed from a module of the package: no file system). */
  readonly loadDocument: () => object;
  /** The HTTP server, through the package's `#mock-server` import (Node's, or one that refuses). */
  readonly listen: MockListen;
  /** The sampler's optional peers and the ranges the package's peerDependencies give them (named when one is missing or does not fit). */
  readonly peers?: Readonly<Record<string, string>>;
}

// ---- Typed answers -------------------------------------------------------------------------

type Digit = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
type ToNumber<S> = S extends `${infer N extends number}` ? N : never;
/** The statuses of one class: `StatusClass<4>` is 400 | 401 | ... | 499. */
type StatusClass<C extends number> = ToNumber<`${C}${Digit}${Digit}`>;
/** Every status the mock can answer: 200 to 599 (a 1xx is not an answer). */
export type HttpStatus = StatusClass<2 | 3 | 4 | 5>;

type NumericKeys<R> = Extract<keyof R, number>;
type RangeStatuses<R> = { [K in keyof R]: K extends `${infer C extends number}XX` ? StatusClass<C> : never }[keyof R];
/** The statuses a response key of `responses` stands for: `200`, `'4XX'`, `'default'` (the others). */
type StatusesOf<K, R> = K extends number
  ? K
  : K extends `${infer C extends number}XX`
    ? Exclude<StatusClass<C>, NumericKeys<R>>
    : K extends 'default'
      ? Exclude<HttpStatus, NumericKeys<R> | RangeStatuses<R>>
      : never;

/** The JSON body of one response object of openapi-typescript; any JSON where the spec shows none. */
export type BodyOf<Response> = Response extends { content: infer C }
  ? [C[keyof C]] extends [never]
    ? JsonValue
    : unknown extends C[keyof C]
      ? JsonValue
      : C[keyof C]
  : JsonValue;

type ResponsesOf<Operation> = Operation extends { responses: infer R } ? R : {};
type SuccessKeys<R> = Extract<keyof R, StatusClass<2> | '2XX'>;

interface AnswerFields<Body> {
  readonly body?: Body;
  readonly headers?: Readonly<Record<string, string>>;
}

/**
 * What an override answers for one operation: a status the operation documents with its typed
 * body, any other status (through `default`/`4XX`) with any JSON, or no status (the success status)
 * with the success body.
 */
export type MockAnswer<Operation> =
  | {
      [K in keyof ResponsesOf<Operation>]: { readonly status: Extract<StatusesOf<K, ResponsesOf<Operation>>, HttpStatus> } & AnswerFields<
        BodyOf<ResponsesOf<Operation>[K]>
      >;
    }[keyof ResponsesOf<Operation>]
  | ({ readonly status?: undefined } & AnswerFields<
      [SuccessKeys<ResponsesOf<Operation>>] extends [never] ? JsonValue : BodyOf<ResponsesOf<Operation>[SuccessKeys<ResponsesOf<Operation>>]>
    >);

/** An answer, or a function of the request (and of its parameters as the mock read them) giving one, sync or async. */
export type MockOverride<Operation> =
  | MockAnswer<Operation>
  | ((request: Request, parameters: MockParameters) => MockAnswer<Operation> | Promise<MockAnswer<Operation>>);

/** The items of a paginated operation's `results`. */
export type PageItemOf<Operation> = BodyOf<ResponsesOf<Operation>[SuccessKeys<ResponsesOf<Operation>>]> extends { results: readonly (infer T)[] } ? T : never;

/** The ids of the paginated operations (success body with `results` items). */
export type PaginatedId<Ops> = { [Id in keyof Ops]: [PageItemOf<Ops[Id]>] extends [never] ? never : Id }[keyof Ops] & string;

export interface MockFault {
  /** Answer this status (body `{ mock: true, status, error }`) instead of the normal answer. */
  readonly status?: number;
  /** Extra headers on the fault's answer (e.g. `Retry-After`). */
  readonly headers?: Readonly<Record<string, string>>;
  /** Wait this long before answering (ms). */
  readonly latencyMs?: number;
  /** Drop the connection: the server resets the socket (TCP RST); `fetch`/`handle` reject like undici (`TypeError('fetch failed')`, cause code `ECONNRESET`); MSW answers a network error. */
  readonly reset?: boolean;
  /** How many requests the fault applies to (default: every one until `reset()` or a new fault). */
  readonly times?: number;
}

export interface MockApiOptions<Ops, Environment extends string = string> {
  /** Seed of the generated data (an integer, default 1): the same seed gives the same bodies. */
  readonly seed?: number;
  /** The environment whose documented limits `simulateLimits` applies (default: the spec's first). */
  readonly environment?: Environment;
  /** `true`: answer 429 past the environment's documented rate, burst and daily quota; or limits of your own (missing fields from the spec). */
  readonly simulateLimits?: boolean | Partial<MockLimits>;
  /** Path prefix stripped before routing (default: the path of the environment's server URL, when complete). */
  readonly basePath?: string;
  /** Answers per operation, instead of generated ones (after the request checks). */
  readonly overrides?: { readonly [Id in keyof Ops]?: MockOverride<Ops[Id]> };
  /**
   * The collections of paginated operations: your items (validated: `TypeError` when invalid), or a
   * number of sampled items. Default: the items of the response's example, else sampled ones.
   */
  readonly collections?: { readonly [Id in PaginatedId<Ops>]?: readonly PageItemOf<Ops[Id]>[] | number };
  /** Most bytes of a request body the mock reads (default 4 MiB): a longer one is answered 413. */
  readonly maxRequestBytes?: number;
  /** The bundled OpenAPI document (default: the package's, the same as its `openapi.json`). */
  readonly document?: object;
  /**
   * `false`: answer without credentials instead of 401 (those sent are still accepted, and redacted
   * in `requests`), as a front end's own backend would, which adds them. Default `true`.
   */
  readonly requireCredentials?: boolean;
}

/** One request as the mock saw it, credentials `[redacted]`. */
export interface MockRequestRecord {
  readonly method: string;
  /** Path and query, credential query parameters redacted. */
  readonly url: string;
  readonly operationId: string | undefined;
  readonly headers: Readonly<Record<string, string>>;
  /** The answer's status, or `'reset'` for a dropped connection. */
  readonly status: number | 'reset';
}

/**
 * Cross-origin access to the HTTP server, for a front end served from another origin: `'*'` (any
 * origin), one origin or a list of them (`'http://localhost:5173'`: only those), or `false` (no
 * CORS headers, preflights routed as any request).
 */
export type MockCors = '*' | string | readonly string[] | false;

export interface MockListenOptions {
  /** Default 0: a free port. */
  readonly port?: number;
  /** Default `'127.0.0.1'`. */
  readonly host?: string;
  /** Default `'*'` on a loopback host (`127.0.0.1`, `::1`, `localhost`), else `false`. */
  readonly cors?: MockCors;
}

export interface MockServer {
  /** The base URL: `http://<host>:<port>` plus the base path. */
  readonly url: string;
  close(): Promise<void>;
}

export interface MockApi<Ops> {
  /** A fetch-compatible function answering from the mock, without network. */
  readonly fetch: (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
  /** The core: one request, one answer. `basePath` overrides the mock's for this request. */
  handle(request: Request, options?: { readonly basePath?: string }): Promise<Response>;
  /**
   * A real `node:http` server (default: a free port on 127.0.0.1, CORS open to any origin on
   * loopback). Node, Bun and Deno only: elsewhere (a browser, a worker) it rejects, saying so.
   */
  listen(options?: MockListenOptions): Promise<MockServer>;
  /** Answer `operationId` with this (typed) answer until `reset()`. */
  override<Id extends keyof Ops & string>(operationId: Id, answer: MockOverride<Ops[Id]>): void;
  /** Inject a fault into `operationId`'s answers. */
  fault(operationId: keyof Ops & string, fault: MockFault): void;
  /** Replace the collection of a paginated operation: your items (validated: `TypeError` naming the operation and the problems), or a number of sampled items. */
  collection<Id extends PaginatedId<Ops>>(operationId: Id, items: readonly PageItemOf<Ops[Id]>[] | number): void;
  /** Clear overrides, faults, collections set by `collection()`, limit counters and the request log. */
  reset(): void;
  /** The last requests (at most 1,000), credentials redacted. */
  readonly requests: readonly MockRequestRecord[];
}
