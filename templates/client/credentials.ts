/**
 * Credentials as the spec's security schemes say: one client option per scheme, checked once when
 * the client is built, and per operation the first alternative of its `security` whose options
 * were all given, worked out once into a plan (headers, cookies, query suffix, tokens to fetch per
 * attempt). The values stay in this module's closures: nothing a caller receives holds them.
 */
import { invalidOption, isHeaderValue, own } from './options.js';
import { REDACTED, Redaction } from './redact.js';

/** One security scheme as the generator read it, keyed by the scheme's name in the spec. */
export type CredentialScheme =
  /** The option's string as the header, query parameter or cookie `name`. */
  | { readonly option: string; readonly type: 'apiKey'; readonly in: 'header' | 'query' | 'cookie'; readonly name: string }
  /** `{ username, password }` as `Authorization: Basic …`. */
  | { readonly option: string; readonly type: 'basic' }
  /** A token, or a function giving one per attempt, as `Authorization: Bearer …` (http bearer, oauth2, openIdConnect). */
  | { readonly option: string; readonly type: 'bearer' }
  /** Another http scheme: the option's string as `Authorization: <scheme> <value>`. */
  | { readonly option: string; readonly type: 'http'; readonly scheme: string }
  /** A client certificate, presented by the caller's `fetch`: nothing to send, always satisfied. */
  | { readonly type: 'mutualTLS' };

/** Alternatives of scheme names (a `security` list): the first whose credentials were all given is used. */
export type SecurityRequirements = readonly (readonly string[])[];

export interface SecurityFacts {
  readonly schemes: Readonly<Record<string, CredentialScheme>>;
  /** The document-wide `security`, for a request that matches no operation. */
  readonly requirements: SecurityRequirements;
}

/** A bearer token, or a function called before every attempt (retries included) that gives one. */
export type TokenCredential = string | (() => string | Promise<string>);
export interface BasicCredential {
  readonly username: string;
  readonly password: string;
}

/** A token to obtain before each attempt. */
interface TokenStep {
  readonly option: string;
  readonly get: () => string | Promise<string>;
}

/** What one operation sends, worked out once per client. */
export interface AuthPlan {
  /** Header name and value pairs, set on the request. */
  readonly headers: readonly (readonly [string, string])[];
  /** `name=value; ...` appended to the request's Cookie header. */
  readonly cookie: string;
  /** `name=value&...` appended to the URL's query. */
  readonly query: string;
  /** Functions giving a bearer token per attempt (sent as `Authorization`). */
  readonly tokens: readonly TokenStep[];
}

/** No alternative could be satisfied: the options that would satisfy each. */
export interface MissingCredentials {
  readonly missing: readonly (readonly string[])[];
}

export interface Credentials {
  readonly redaction: Redaction;
  /**
   * Identifies the account (a hash input, never shown): the first credential given, in the spec's
   * scheme order (a basic credential's username, a token function by identity). Clients with the
   * same identity and environment share a rate limiter.
   */
  readonly identity: string;
  /** The plan for a `security` list (worked out once per list). */
  planFor(requirements: SecurityRequirements): AuthPlan | MissingCredentials;
  /** The value of `Authorization` for one token step, obtained now and checked. */
  token(step: TokenStep): Promise<string>;
}

/** `cookie-octet` of RFC 6265: no space, quote, comma, semicolon or backslash. */
const COOKIE_VALUE = /^[\x21\x23-\x2b\x2d-\x3a\x3c-\x5b\x5d-\x7e]+$/;

/** Token functions by identity: clients given the same function share a rate limiter. */
const functionIds = new WeakMap<object, number>();
let nextFunctionId = 0;
function functionId(fn: object): number {
  let id = functionIds.get(fn);
  if (id === undefined) functionIds.set(fn, (id = nextFunctionId++));
  return id;
}

const NO_CREDENTIALS: AuthPlan = Object.freeze({ headers: [], cookie: '', query: '', tokens: [] });

function checkString(option: string, value: unknown, rule: 'header' | 'cookie' | 'query'): string {
  if (typeof value !== 'string' || value === '') invalidOption(`\`${option}\` must be a non-empty string`);
  // Named, never shown: the value is a credential.
  if (rule === 'header' && !isHeaderValue(value))
    invalidOption(`\`${option}\` must be a valid HTTP header value (visible characters, no line break, NUL or leading or trailing space)`);
  if (rule === 'cookie' && !COOKIE_VALUE.test(value))
    invalidOption(`\`${option}\` must be a valid cookie value (visible ASCII without space, quote, comma, semicolon or backslash)`);
  if (rule === 'query' && !wellFormed(value)) invalidOption(`\`${option}\` must be well-formed Unicode`);
  return value;
}

/** No lone surrogate (encodeURIComponent refuses exactly those). */
function wellFormed(text: string): boolean {
  try {
    encodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/** Base64 of the text's UTF-8 bytes (RFC 7617's Basic credentials), with Web APIs only: no `Buffer`. */
export function toBase64(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/** How one given credential is applied, and the values that must be scrubbed. */
type Applied =
  | { kind: 'header'; name: string; value: string; secrets: string[] }
  | { kind: 'cookie'; pair: string; secrets: string[] }
  | { kind: 'query'; pair: string; secrets: string[] }
  | { kind: 'token'; step: TokenStep; secrets: string[] }
  | { kind: 'none'; secrets: string[] };

/** mutualTLS has no option: it is given by the caller's `fetch`, never applied. */
function applied(scheme: Exclude<CredentialScheme, { type: 'mutualTLS' }>, value: unknown): Applied {
  const { option } = scheme;
  switch (scheme.type) {
    case 'apiKey': {
      if (scheme.in === 'header') return { kind: 'header', name: scheme.name, value: checkString(option, value, 'header'), secrets: [value as string] };
      if (scheme.in === 'cookie') return { kind: 'cookie', pair: `${scheme.name}=${checkString(option, value, 'cookie')}`, secrets: [value as string] };
      const text = checkString(option, value, 'query');
      return { kind: 'query', pair: `${encodeURIComponent(scheme.name)}=${encodeURIComponent(text)}`, secrets: [text] };
    }
    case 'basic': {
      if (!value || typeof value !== 'object') invalidOption(`\`${option}\` must be { username, password }`);
      const username: unknown = own(value, 'username');
      const password: unknown = own(value, 'password');
      if (typeof username !== 'string' || typeof password !== 'string' || username === '')
        invalidOption(`\`${option}\` must be { username, password } with a non-empty username`);
      if (username.includes(':')) invalidOption(`\`${option}.username\` must not contain ":" (RFC 7617)`);
      if (!wellFormed(username) || !wellFormed(password) || /[\0-\x1f\x7f]/.test(username + password))
        invalidOption(`\`${option}\` must hold well-formed text without control characters`);
      const encoded = toBase64(`${username}:${password}`);
      return { kind: 'header', name: 'authorization', value: `Basic ${encoded}`, secrets: [username, password, encoded].filter(Boolean) };
    }
    case 'bearer':
      if (typeof value === 'function') return { kind: 'token', step: { option, get: value as () => string | Promise<string> }, secrets: [] };
      return { kind: 'header', name: 'authorization', value: `Bearer ${checkString(option, value, 'header')}`, secrets: [value as string] };
    case 'http':
      return { kind: 'header', name: 'authorization', value: `${scheme.scheme} ${checkString(option, value, 'header')}`, secrets: [value as string] };
  }
}

/**
 * Reads and checks every credential option given, and the options every operation needs. With
 * `proxied` (a browser page given no credential: its own backend adds them), nothing is required
 * and every request goes without credentials.
 */
export function createCredentials(
  options: object,
  security: SecurityFacts,
  operationRequirements: readonly SecurityRequirements[],
  proxied = false,
): Credentials {
  const given = new Map<string, Applied>();
  const headers = new Set<string>();
  const query = new Set<string>();
  const secrets: string[] = [];
  let identity: string | undefined;
  for (const name of Object.keys(security.schemes)) {
    const scheme = security.schemes[name]!;
    if (scheme.type === 'apiKey') (scheme.in === 'query' ? query : headers).add(scheme.name);
    if (scheme.type === 'mutualTLS') {
      given.set(name, { kind: 'none', secrets: [] });
      continue;
    }
    const value: unknown = own(options, scheme.option);
    if (value === undefined) continue;
    const apply = applied(scheme, value);
    given.set(name, apply);
    secrets.push(...apply.secrets);
    identity ??= `${scheme.option}\u0000${typeof value === 'function' ? `function ${functionId(value)}` : apply.secrets[0]}`;
  }
  // An option that every alternative of every operation names is required.
  const schemeNames = Object.keys(security.schemes);
  for (const name of schemeNames) {
    const scheme = security.schemes[name]!;
    if (proxied || scheme.type === 'mutualTLS' || given.has(name)) continue;
    const everywhere =
      operationRequirements.length > 0 &&
      operationRequirements.every((alternatives) => alternatives.length > 0 && alternatives.every((names) => names.includes(name)));
    if (everywhere) invalidOption(`\`${scheme.option}\` is required`);
  }

  const redaction = new Redaction({ headers, query, values: secrets });
  const plans = new Map<SecurityRequirements, AuthPlan | MissingCredentials>();

  function plan(names: readonly string[]): AuthPlan {
    const steps = names.map((name) => given.get(name)!);
    const pairs = (kind: 'cookie' | 'query') => steps.flatMap((s) => (s.kind === kind ? [s.pair] : []));
    return Object.freeze({
      headers: steps.flatMap((s) => (s.kind === 'header' ? [[s.name, s.value] as const] : [])),
      cookie: pairs('cookie').join('; '),
      query: pairs('query').join('&'),
      tokens: steps.flatMap((s) => (s.kind === 'token' ? [s.step] : [])),
    });
  }

  function choose(requirements: SecurityRequirements): AuthPlan | MissingCredentials {
    if (proxied || requirements.length === 0) return NO_CREDENTIALS;
    // An empty alternative (`{}`: anonymous access allowed) is the last resort, whatever its place.
    const first = requirements.find((names) => names.length > 0 && names.every((name) => given.has(name)));
    if (first) return plan(first);
    if (requirements.some((names) => names.length === 0)) return NO_CREDENTIALS;
    const optionOf = (name: string) => {
      const scheme: CredentialScheme | undefined = own(security.schemes, name);
      return scheme && scheme.type !== 'mutualTLS' ? scheme.option : name;
    };
    return Object.freeze({ missing: requirements.map((names) => names.filter((name) => !given.has(name)).map(optionOf)) });
  }

  return {
    redaction,
    identity: identity ?? '',
    planFor(requirements) {
      let chosen = plans.get(requirements);
      if (!chosen) plans.set(requirements, (chosen = choose(requirements)));
      return chosen;
    },
    async token(step) {
      const token: unknown = await step.get();
      if (typeof token !== 'string' || token === '' || !isHeaderValue(token)) {
        throw new TypeError(`\`${step.option}\` gave a token that is not a non-empty valid HTTP header value`);
      }
      redaction.remember(token);
      return `Bearer ${token}`;
    },
  };
}

/** Whether a plan was found (else the options that would satisfy the operation). */
export const isPlan = (chosen: AuthPlan | MissingCredentials): chosen is AuthPlan => !('missing' in chosen);

/** Sets a plan's fixed credentials on the request's headers; a token to fetch per attempt is marked `[redacted]` until then. */
export function applyPlan(plan: AuthPlan, headers: Headers): void {
  for (const [name, value] of plan.headers) headers.set(name, value);
  if (plan.cookie) {
    // The credential wins over a cookie of the same name the caller gave, as a header credential does.
    const names = new Set(plan.cookie.split('; ').map(nameOf));
    const existing = headers
      .get('cookie')
      ?.split(/;\s*/)
      .filter((pair) => pair && !names.has(nameOf(pair)))
      .join('; ');
    headers.set('cookie', existing ? `${existing}; ${plan.cookie}` : plan.cookie);
  }
  if (plan.tokens.length) headers.set('authorization', REDACTED);
}

/** The URL with the plan's query credentials appended. */
export function withQuery(url: string, plan: AuthPlan | undefined): string {
  if (!plan?.query) return url;
  const hash = url.indexOf('#');
  const base = hash === -1 ? url : url.slice(0, hash);
  const question = base.indexOf('?');
  if (question === -1) return `${base}?${plan.query}`;
  // The credential wins over a query parameter of the same name; the others stay exactly as written.
  const names = new Set(plan.query.split('&').map(nameOf));
  const kept = base
    .slice(question + 1)
    .split('&')
    .filter((pair) => pair && !names.has(nameOf(pair)));
  return `${base.slice(0, question)}?${[...kept, plan.query].join('&')}`;
}

/** The decoded name of a `name=value` pair (a query or cookie pair). */
function nameOf(pair: string): string {
  const name = pair.slice(0, (pair.indexOf('=') + 1 || pair.length + 1) - 1);
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}
