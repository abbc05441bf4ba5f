/**
 * CORS for the HTTP server, so that a front end served from another origin (a Vite dev server on
 * `http://localhost:5173`) can call it: which origins may read its answers, the answer to a
 * preflight, and the headers every answer carries. Pure and Web-only: ./server.ts applies it before
 * the mock's core sees a request, so a preflight is never logged, limited or counted.
 *
 * Never `Access-Control-Allow-Credentials`: a page calling the mock sends no cookies, and the mock
 * echoes no credential.
 */
import { mockError } from './answers.js';
import type { MockCors, MockReply } from './types.js';

/** Who may read the answers: any origin, or only these (serialized origins, as browsers send them). */
export type CorsPolicy = { readonly any: true } | { readonly origins: ReadonlySet<string> };

/** How long a browser may reuse a preflight's answer (seconds; Chromium caps it at 7,200). */
export const PREFLIGHT_MAX_AGE = 600;

/** Response headers a page reads without `Access-Control-Expose-Headers` (Fetch's CORS-safelisted response-header names). */
const SAFELISTED = new Set(['cache-control', 'content-language', 'content-length', 'content-type', 'expires', 'last-modified', 'pragma']);

/** A header name as RFC 9110 allows it (a token). */
const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/;

/** Hosts that only this machine reaches: CORS is on by default there. */
const isLoopback = (host: string): boolean => /^(127(\.\d{1,3}){3}|::1|\[::1\]|localhost)$/i.test(host);

/** The serialized origin `text` names (`http://localhost:5173`, a trailing `/` allowed), or undefined when it is not one. */
export function originOf(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return undefined;
  }
  // Nothing but scheme, host and port: no user, path, query or fragment (an empty `?` or `#` included).
  return url.origin !== 'null' && url.href === `${url.origin}/` ? url.origin : undefined;
}

/**
 * The policy of a `cors` option on `host` (`where` names the option in errors): `'*'`, an origin or
 * a list of them, `false` (none); omitted, `'*'` on a loopback host and none elsewhere.
 */
export function corsPolicy(cors: MockCors | undefined, host: string, where: string): CorsPolicy | undefined {
  if (cors === undefined) return isLoopback(host) ? { any: true } : undefined;
  if (cors === false) return undefined;
  if (cors === '*') return { any: true };
  const given: readonly unknown[] = typeof cors === 'string' ? [cors] : Array.isArray(cors) ? cors : [cors];
  if (given.length === 0) throw new TypeError(`${where} must be '*', an origin, a list of origins or false (an empty list allows none: use false)`);
  const origins = new Set<string>();
  for (const item of given) {
    const origin = typeof item === 'string' ? originOf(item) : undefined;
    if (origin === undefined)
      throw new TypeError(
        `${where}: ${typeof item === 'string' ? JSON.stringify(item) : typeof item} is not an origin (scheme://host[:port], as a browser sends it in Origin): give '*', origins or false`,
      );
    origins.add(origin);
  }
  return { origins };
}

/** The `Access-Control-Allow-Origin` an answer to `origin` carries (`*` or the origin itself), or undefined when it may not read it. */
function allowedOrigin(policy: CorsPolicy, origin: string | null): string | undefined {
  if ('any' in policy) return '*';
  return origin !== null && policy.origins.has(origin) ? origin : undefined;
}

/** Something the request's headers can be read from (a Fetch API `Headers`, or the server's view of Node's). */
interface HeaderSource {
  get(name: string): string | null;
}

/** A CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`. */
export const isPreflight = (method: string, headers: HeaderSource): boolean =>
  method.toUpperCase() === 'OPTIONS' && headers.get('origin') !== null && headers.get('access-control-request-method') !== null;

/** What the mock allows a page to send: the document's methods and the headers it has a use for. */
export interface CorsAllowed {
  readonly methods: readonly string[];
  readonly headers: readonly string[];
}

/**
 * The answer to a preflight: 204 with the methods of the document and the headers it has a use
 * for (plus those the preflight asks for: the mock refuses no header), or a 403 naming an origin
 * the policy does not allow.
 */
export function preflightReply(policy: CorsPolicy, allowed: CorsAllowed, headers: HeaderSource): MockReply {
  const origin = headers.get('origin')!;
  const allowOrigin = allowedOrigin(policy, origin);
  if (allowOrigin === undefined)
    return mockError(403, `CORS: the origin ${JSON.stringify(origin)} is not allowed by the mock's cors setting (listen({ cors }), --cors)`, {
      headers: { vary: 'Origin' },
    });
  const asked = (headers.get('access-control-request-headers') ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => TOKEN.test(name));
  return {
    status: 204,
    headers: {
      'access-control-allow-origin': allowOrigin,
      'access-control-allow-methods': allowed.methods.join(', '),
      'access-control-allow-headers': [...new Set([...allowed.headers, ...asked])].join(', '),
      'access-control-max-age': String(PREFLIGHT_MAX_AGE),
      vary: 'Origin, Access-Control-Request-Headers',
    },
    body: null,
  };
}

/**
 * The CORS headers of an answer to a request from `origin`: `Vary: Origin`, and when the policy
 * allows it, `Access-Control-Allow-Origin` and `Access-Control-Expose-Headers` naming the answer's
 * headers a page could not read otherwise (`Retry-After`, an override's own).
 */
export function corsHeaders(policy: CorsPolicy, origin: string | null, answerHeaders: Readonly<Record<string, string>>): Record<string, string> {
  const headers: Record<string, string> = { vary: 'Origin' };
  const allowOrigin = allowedOrigin(policy, origin);
  if (allowOrigin === undefined) return headers;
  headers['access-control-allow-origin'] = allowOrigin;
  const exposed = Object.keys(answerHeaders)
    .map((name) => name.toLowerCase())
    .filter((name) => !SAFELISTED.has(name) && !name.startsWith('access-control-') && name !== 'vary');
  if (exposed.length > 0) headers['access-control-expose-headers'] = [...new Set(exposed)].join(', ');
  return headers;
}

/** `reply` with `extra` headers: a header it has already (any case) keeps its value, `Vary` joins both. */
export function withHeaders(reply: MockReply, extra: Readonly<Record<string, string>>): MockReply {
  const headers: Record<string, string> = { ...reply.headers };
  const present = new Map(Object.keys(headers).map((name) => [name.toLowerCase(), name]));
  for (const [name, value] of Object.entries(extra)) {
    const existing = present.get(name);
    if (existing === undefined) headers[name] = value;
    else if (name === 'vary') headers[existing] = `${headers[existing]}, ${value}`;
    // An override's own Access-Control-* header wins over the mock's.
  }
  return { ...reply, headers };
}
