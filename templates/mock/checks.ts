/**
 * What the mock checks before answering: the credentials an operation's `security` requires, then
 * its path, query, header parameters and JSON body with the package's own validators. Every
 * problem's pointer is rooted at the part of the request it is in: `/path/<name>`,
 * `/query/<name>...`, `/header/<name>`, `/body...`.
 */
import type { CredentialScheme, SecurityRequirements } from '../client/credentials.js';
import type { MockOperation, MockParameter, MockRequestView } from './types.js';

export interface RequestProblem {
  readonly pointer: string;
  readonly message: string;
}

const escapeToken = (name: string): string => name.replaceAll('~', '~0').replaceAll('/', '~1');

/** The cookies of a `Cookie` header, by name. */
export function parseCookies(header: string | null): Map<string, string> {
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
      return Boolean(parseCookies(request.headers.get('cookie')).get(scheme.name));
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
export function satisfiesSecurity(security: SecurityRequirements, schemes: Readonly<Record<string, CredentialScheme>>, request: MockRequestView, url: URL): boolean {
  if (security.length === 0) return true;
  return security.some((names) => names.every((name) => hasCredential(Object.hasOwn(schemes, name) ? schemes[name] : undefined, request, url)));
}

/** A query string's value as the parameter's schema type reads it; left as is when it is not one. */
function coerce(value: string, type: string | undefined): unknown {
  if ((type === 'integer' || type === 'number') && value.trim() !== '' && Number.isFinite(Number(value))) return Number(value);
  if (type === 'boolean' && (value === 'true' || value === 'false')) return value === 'true';
  if (type === 'null' && value === '') return null;
  return value;
}

/** The declared query parameters present in the URL, coerced by their schema types. */
export function readQuery(parameters: readonly MockParameter[], url: URL): Record<string, unknown> {
  const query: Record<string, unknown> = Object.create(null);
  for (const p of parameters) {
    if (p.in !== 'query' || !url.searchParams.has(p.name)) continue;
    const values = url.searchParams.getAll(p.name);
    query[p.name] = p.array ? values.map((v) => coerce(v, p.type)) : coerce(values[values.length - 1]!, p.type);
  }
  return query;
}

/** Problems of the path, query (as read by readQuery) and header parameters. */
export function parameterProblems(operation: MockOperation, params: Readonly<Record<string, string>>, query: Record<string, unknown>, request: MockRequestView): RequestProblem[] {
  const problems: RequestProblem[] = [];
  for (const p of operation.parameters) {
    if (p.in === 'path' && !params[p.name]) problems.push({ pointer: `/path/${escapeToken(p.name)}`, message: 'must not be empty' });
    if (p.in === 'header' && p.required && request.headers.get(p.name) === null) problems.push({ pointer: `/header/${escapeToken(p.name.toLowerCase())}`, message: 'is required' });
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

/** Problems of the body (its text): required and absent, not JSON, or not what the request validator accepts. */
export function bodyProblems(operation: MockOperation, text: string): RequestProblem[] {
  if (operation.requestBodyRequired === undefined) return [];
  if (text === '') return operation.requestBodyRequired ? [{ pointer: '/body', message: 'is required' }] : [];
  const validator = operation.validators?.request;
  if (!validator) return [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return [{ pointer: '/body', message: 'must be JSON' }];
  }
  const result = validator.check(body, { maxProblems: Infinity });
  return result.valid ? [] : result.problems.map((p) => ({ pointer: `/body${p.pointer}`, message: p.message }));
}
