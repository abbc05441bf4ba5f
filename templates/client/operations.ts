/**
 * Named operations: `listProjects(api, { query })` is `api.request('get', '/v1/projects', { params:
 * { query } })`. The generated `operations` module holds one such function per operationId; this
 * is what they share. The init takes the parameters at its top level (`path`, `query`, `header`,
 * `cookie`) beside `body` and every per-call option of the path call; what comes back, and what is
 * thrown, is the path call's own: a name, not a second runtime.
 */
import type { FetchResponse, MaybeOptionalInit } from 'openapi-fetch';
import type { MediaType } from './client.js';
import { ROUTE } from './operation-info.js';
import type { RequestOptions } from './transport.js';

export type HttpMethod = 'get' | 'put' | 'post' | 'delete' | 'options' | 'head' | 'patch' | 'trace';

/** What a named operation calls: any openapi-fetch client (the generated factory's, or `createClient()`'s). */
export interface OperationsClient {
  request(method: any, url: any, init?: any): Promise<any>;
}

/** The parameter groups of a path call's init, spread at the top (required when the path call requires them). */
type Spread<Init> = Omit<Init, 'params'> & (Init extends { params?: infer Params } ? NonNullable<Params> : {});

/** A named operation's init: the path call's init with `params` spread, and the runtime's per-request options. */
export type NamedInit<PathItem extends Record<string, any>, Method extends HttpMethod & keyof PathItem> = Spread<
  NonNullable<MaybeOptionalInit<PathItem, Method>>
> &
  RequestOptions;

type RequiredKeys<T> = { [K in keyof T]-?: {} extends Pick<T, K> ? never : K }[keyof T];

/** The init argument: optional when nothing in it is required. */
export type NamedArgs<Init> = RequiredKeys<Init> extends never ? [init?: Init] : [init: Init];

/** What the path call resolves to: `{ data, error, response }`, `data` typed by `parseAs`. */
export type NamedResult<Operation extends Record<string | number, any>, Init> = Promise<FetchResponse<Operation, Init, MediaType>>;

const GROUPS = ['path', 'query', 'header', 'cookie'] as const;

/**
 * Calls `method` (lower case) and `path` on `client` with the named init turned back into the path
 * call's, carrying the operation's module (`route`) for the package's own client.
 */
export function callOperation(client: OperationsClient, method: HttpMethod, path: string, route: object, init: object | undefined): Promise<any> {
  if (init === undefined || init === null) return client.request(method, path, { [ROUTE]: route });
  // Rejected, not thrown: a named call fails as the path call does, through its promise.
  if (typeof init !== 'object') return Promise.reject(new TypeError(`${method.toUpperCase()} ${path}: the init must be an object, not ${typeof init}`));
  const rest: Record<string, unknown> = { ...(init as Record<string, unknown>) };
  const params: Record<string, unknown> = {};
  for (const group of GROUPS) {
    if (rest[group] !== undefined) params[group] = rest[group];
    delete rest[group];
  }
  return client.request(method, path, Object.keys(params).length ? { ...rest, params, [ROUTE]: route } : { ...rest, [ROUTE]: route });
}
