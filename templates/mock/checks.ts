/**
 * What the mock checks before answering: the credentials an operation's `security` requires, then
 * its path, query, header parameters (each read by its style: ../client/params.ts) and JSON body
 * with the package's own validators. Every problem's pointer is rooted at the part of the request
 * it is in: `/path/<name>`, `/query/<name>...`, `/header/<name>`, `/body...`.
 */
import type { CredentialScheme, SecurityRequirements } from '../client/credentials.js';
import { parseCookies, parseHeader, parsePath, parseQuery } from '../client/params.js';
import { escapeToken } from '../client/pointer.js';
import type { MockOperation, MockParameter, MockParameters, MockRequestView } from './types.js';

export interface RequestProblem {
  readonly pointer: string;
  readonly message: string;
}

/** The cookies of a `Cookie` header, by name, as written. */
export function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of (header ?? '').split(';')) {
    const at = pair.indexOf('=');
    if (at > 0) cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
  }
  return cookies;
}

function hasCredential(scheme: CredentialScheme | undefined, request: MockRequestView, url: URL): boolean {
  if (!scheme) return false;
  const authorization = request.headers.get('authorization') ?? '';
  const startsWith = (prefix: string) => authorization.toLowerCase().startsWith(`${prefix.toLowerCase()} `) && authorization.length > prefix.length + 1;
  switch (scheme.type) {
    case 'apiKey':
      if (scheme.in === 'header') return Boolean(request.headers.get(scheme.name));
      if (scheme.in === 'query') return Boolean(url.searchParams.get(scheme.name));
      return Boolean(readCookies(request.headers.get('cookie')).get(scheme.name));
    case 'basic':
      return startsWith('Basic');
    case 'bearer':
      return startsWith('Bearer');
    case 'http':
      return startsWith(scheme.scheme);
    case 'mutualTLS':
      return true;
  }
}

/** Whether some alternative of `security` has all its credentials in the request (no alternative: none needed). */
export function satisfiesSecurity(
  security: SecurityRequirements,
  schemes: Readonly<Record<string, CredentialScheme>>,
  request: MockRequestView,
  url: URL,
): boolean {
  if (security.length === 0) return true;
  return security.some((names) => names.every((name) => hasCredential(Object.hasOwn(schemes, name) ? schemes[name] : undefined, request, url)));
}

/** Decimal numbers as JSON writes them: no hexadecimal, no blanks, no `Infinity`. */
const DECIMAL = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A query string's value as the parameter's schema type reads it; left as is (a string) when it is not one. */
function coerce(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && DECIMAL.test(value) && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'null' && value === '') return null;
  return value;
}

/** A parameter's value as read from the request, its strings coerced by the schema types (a `content` one is as parsed). */
function typed(p: MockParameter, value: unknown): unknown {
  if (p.content !== undefined) return value;
  if (typeof value === 'string') return coerce(value, p.type);
  if (Array.isArray(value)) return value.map((item) => (typeof item === 'string' ? coerce(item, p.type) : item));
  if (value !== null && typeof value === 'object') {
    const types = p.propertyTypes ?? {};
    const object: Record<string, unknown> = Object.create(null);
    for (const [key, item] of Object.entries(value)) {
      const type = Object.hasOwn(types, key) ? types[key] : Object.hasOwn(types, '*') ? types['*'] : undefined;
      object[key] = typeof item === 'string' ? coerce(item, type) : item;
    }
    return object;
  }
  return value;
}

/** Names that belong to no parameter: the credentials of the spec's API-key schemes. */
export interface CredentialNames {
  readonly query: ReadonlySet<string>;
  readonly cookie: ReadonlySet<string>;
}

/** The declared parameters present in the request (`path`: as the router matched them, still encoded), each read by its style and typed. */
export function readParameters(
  operation: MockOperation,
  path: Readonly<Record<string, string>>,
  request: MockRequestView,
  url: URL,
  credentials: CredentialNames,
): MockParameters {
  /** One location's parameters that `parse` finds, typed. */
  const read = (location: MockParameter['in'], parse: (p: MockParameter) => unknown): Record<string, unknown> => {
    const values: Record<string, unknown> = Object.create(null);
    for (const p of operation.parameters) {
      if (p.in !== location) continue;
      const value = parse(p);
      if (value !== undefined) values[p.name] = typed(p, value);
    }
    return values;
  };
  const query = parseQuery(operation.parameters, url.search, credentials.query);
  const cookieHeader = request.headers.get('cookie');
  const cookies = cookieHeader === null ? Object.create(null) : parseCookies(operation.parameters, cookieHeader, credentials.cookie);
  return {
    path: read('path', (p) => (Object.hasOwn(path, p.name) ? parsePath(p, path[p.name]!) : undefined)),
    query: read('query', (p) => query[p.name]),
    header: read('header', (p) => {
      const value = request.headers.get(p.name);
      return value === null ? undefined : parseHeader(p, value);
    }),
    cookie: read('cookie', (p) => cookies[p.name]),
  };
}

/** Problems of the path (`path`: as matched), query (as read by readParameters) and header parameters; a query parameter that is not an array given twice is one. */
export function parameterProblems(
  operation: MockOperation,
  path: Readonly<Record<string, string>>,
  query: Readonly<Record<string, unknown>>,
  request: MockRequestView,
  url: URL,
): RequestProblem[] {
  const problems: RequestProblem[] = [];
  for (const p of operation.parameters) {
    if (p.in === 'query' && p.shape !== 'array' && url.searchParams.getAll(p.name).length > 1)
      problems.push({ pointer: `/query/${escapeToken(p.name)}`, message: 'must be given once' });
    if (p.in === 'path' && !path[p.name]) problems.push({ pointer: `/path/${escapeToken(p.name)}`, message: 'must not be empty' });
    if (p.in === 'header' && p.required && request.headers.get(p.name) === null)
      problems.push({ pointer: `/header/${escapeToken(p.name.toLowerCase())}`, message: 'is required' });
  }
  const validator = operation.validators?.query;
  if (validator) {
    const result = validator.check(query, { maxProblems: Infinity });
    if (!result.valid) problems.push(...result.problems.map((p) => ({ pointer: `/query${p.pointer}`, message: p.message })));
  } else {
    for (const p of operation.parameters) {
      if (p.in === 'query' && p.required && !(p.name in query)) problems.push({ pointer: `/query/${escapeToken(p.name)}`, message: 'is required' });
    }
  }
  return problems;
}

/** The most items a page may hold: the mock builds each page in memory (its own limit, whatever the spec says). */
export const MAX_PAGE_SIZE = 1_000;

const isPositiveInteger = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 1;

/**
 * Problems of a paginated operation's `page` and `pageSize` (positive integers, `pageSize` at most
 * MAX_PAGE_SIZE) that the query validator did not report already (`reported`).
 */
export function paginationProblems(operation: MockOperation, query: Record<string, unknown>, reported: readonly RequestProblem[]): RequestProblem[] {
  if (!operation.pagination) return [];
  const problems: RequestProblem[] = [];
  const add = (name: string, message: string): void => {
    const pointer = `/query/${name}`;
    if (!reported.some((p) => p.pointer === pointer)) problems.push({ pointer, message });
  };
  if ('page' in query && !isPositiveInteger(query['page'])) add('page', 'must be an integer >= 1');
  if ('pageSize' in query && !isPositiveInteger(query['pageSize'])) add('pageSize', 'must be an integer >= 1');
  else if ('pageSize' in query && (query['pageSize'] as number) > MAX_PAGE_SIZE) add('pageSize', `must be at most ${MAX_PAGE_SIZE} (the mock's limit)`);
  return problems;
}

/**
 * The essence of a media type, lower case: `application/json` of `Application/JSON; charset=utf-8`;
 * of a repeated `Content-Type` (values joined by commas), the last, as Fetch's "extract a MIME type" reads it.
 */
const essence = (mediaType: string): string => mediaType.split(',').at(-1)!.split(';')[0]!.trim().toLowerCase();

const isJsonType = (mediaType: string): boolean => /^application\/([^/]+\+)?json$/.test(essence(mediaType));

/** Whether the media range `range` (`application/json`, `application/*`, `*\/*`) covers `mediaType`. */
function covers(range: string, mediaType: string): boolean {
  const [type, subtype] = essence(range).split('/');
  const [actualType, actualSubtype] = essence(mediaType).split('/');
  return (type === '*' || type === actualType) && (subtype === '*' || subtype === actualSubtype);
}

/** Whether a body of `contentType` is one the operation does not take (no `Content-Type`: taken as its first type). */
export function unsupportedMediaType(operation: MockOperation, contentType: string | null): boolean {
  const accepted = operation.requestMediaTypes ?? [];
  return contentType !== null && accepted.length > 0 && !accepted.some((range) => covers(range, contentType));
}

/** Problems of the body (its text): required and absent, not JSON (when its type is JSON), or not what the request validator accepts. */
export function bodyProblems(operation: MockOperation, text: string, contentType: string | null): RequestProblem[] {
  if (operation.requestBodyRequired === undefined) return [];
  if (text === '') return operation.requestBodyRequired ? [{ pointer: '/body', message: 'is required' }] : [];
  const mediaType = contentType ?? operation.requestMediaTypes?.[0] ?? 'application/json';
  if (!isJsonType(mediaType)) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [{ pointer: '/body', message: 'must be JSON' }];
  }
  const validator = operation.validators?.request;
  if (!validator) return [];
  const result = validator.check(body, { maxProblems: Infinity });
  return result.valid ? [] : result.problems.map((p) => ({ pointer: `/body${p.pointer}`, message: p.message }));
}
