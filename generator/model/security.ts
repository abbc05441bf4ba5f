/**
 * Credentials as the document declares them: each entry of `components.securitySchemes` becomes
 * one client option, and each operation's `security` (or the document's) the alternatives that
 * option set may satisfy. OpenAPI 3.1 §4.8.27 (Security Scheme Object), §4.8.30 (Security
 * Requirement Object).
 */
import { GenerationError, type Problem } from '../lib/problems.js';
import { escapePointer } from '../lib/pointer.js';
import { isObject, own, type Doc } from '../lib/own.js';

/** How the client sends one credential. */
export type CredentialKind =
  /** `type: apiKey`: the value as a header, query parameter or cookie named `name`. */
  | { type: 'apiKey'; in: 'header' | 'query' | 'cookie'; name: string }
  /** `type: http, scheme: basic`: `{ username, password }` as `Authorization: Basic …`. */
  | { type: 'basic' }
  /** `http` bearer, `oauth2`, `openIdConnect`: a token (or a function giving one) as `Authorization: Bearer …`. */
  | { type: 'bearer' }
  /** Any other `http` scheme: the value as `Authorization: <scheme> <value>`. */
  | { type: 'http'; scheme: string }
  /** `mutualTLS`: a client certificate, which the caller's `fetch` presents; no option. */
  | { type: 'mutualTLS' };

export interface SecuritySchemeModel {
  /** The scheme's key in `components.securitySchemes`. */
  name: string;
  /** The client option that carries it (undefined for `mutualTLS`). */
  option: string | undefined;
  pointer: string;
  kind: CredentialKind;
  description: string;
}

/**
 * The alternatives of one `security` list, each the names of the schemes that must all be
 * applied. `[]` (no alternative) means no credentials; an empty alternative (`{}`) means the
 * operation may also be called without credentials.
 */
export type SecurityRequirements = string[][];

/** Option names of the runtime client itself: a credential option never takes one of them. */
export const CLIENT_OPTION_NAMES: readonly string[] = [
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
  'headers',
  'fetch',
  'dangerouslyAllowBrowser',
];

/** Names an options object inherits: `{ constructor: … }` or `{ __proto__: … }` would be a trap. */
const INHERITED_NAMES = [
  '__proto__',
  'constructor',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'toString',
  'valueOf',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
];

/** Words of a name, each capitalized (`APIKey` → `Api`, `Key`; `api_key` → `Api`, `Key`). */
const words = (name: string): string[] =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w[0]!.toUpperCase() + (w === w.toUpperCase() ? w.slice(1).toLowerCase() : w.slice(1)));

/** `api_key` → `apiKey`, `Bearer-Auth` → `bearerAuth`, `ApiKeyAuth` → `apiKeyAuth`, `API_KEY` → `apiKey`. */
export function camelCase(name: string): string {
  const [first = '', ...rest] = words(name);
  return first.toLowerCase() + rest.join('');
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/**
 * The client option of each named scheme, in the order given: the camelCase of the name; when that
 * is empty, starts with a digit, is one of the client's own options or an inherited name, or was
 * taken by an earlier scheme, `credential` + its PascalCase (`fetch` → `credentialFetch`,
 * `2fa` → `credential2fa`). A name still taken is a located error.
 */
export function credentialOptionNames(schemeNames: readonly string[]): Map<string, string> {
  const taken = new Set([...CLIENT_OPTION_NAMES, ...INHERITED_NAMES]);
  const options = new Map<string, string>();
  const problems: Problem[] = [];
  for (const name of schemeNames) {
    const camel = camelCase(name);
    let option = camel;
    if (!IDENTIFIER.test(option) || taken.has(option)) option = `credential${words(name).join('')}`;
    if (taken.has(option)) {
      problems.push({
        pointer: `/components/securitySchemes/${escapePointer(name)}`,
        message: `the client option for scheme "${name}" would be "${option}", which another scheme or option already uses: rename the scheme`,
      });
      continue;
    }
    taken.add(option);
    options.set(name, option);
  }
  if (problems.length) throw new GenerationError('Security schemes give colliding client options:', problems);
  return options;
}

function kindOf(scheme: Doc, pointer: string, problems: Problem[]): CredentialKind | undefined {
  switch (scheme.type) {
    case 'apiKey': {
      const at = own(scheme, 'in');
      const name = own(scheme, 'name');
      if (at !== 'header' && at !== 'query' && at !== 'cookie') problems.push({ pointer: `${pointer}/in`, message: 'must be "header", "query" or "cookie"' });
      else if (typeof name !== 'string' || name === '')
        problems.push({ pointer: `${pointer}/name`, message: 'must name the header, query parameter or cookie' });
      else if (at === 'header' && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
        problems.push({ pointer: `${pointer}/name`, message: 'is not a valid HTTP header name' });
      else if (at === 'cookie' && !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name))
        problems.push({ pointer: `${pointer}/name`, message: 'is not a valid cookie name' });
      else return { type: 'apiKey', in: at, name };
      return undefined;
    }
    case 'http': {
      const name = own(scheme, 'scheme');
      if (typeof name !== 'string' || !/^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/.test(name)) {
        problems.push({ pointer: `${pointer}/scheme`, message: 'must be an HTTP authentication scheme name (basic, bearer, ...)' });
        return undefined;
      }
      const lower = name.toLowerCase();
      return lower === 'basic' ? { type: 'basic' } : lower === 'bearer' ? { type: 'bearer' } : { type: 'http', scheme: name };
    }
    case 'oauth2':
    case 'openIdConnect':
      return { type: 'bearer' };
    case 'mutualTLS':
      return { type: 'mutualTLS' };
    default:
      problems.push({ pointer: `${pointer}/type`, message: 'must be apiKey, http, oauth2, openIdConnect or mutualTLS' });
      return undefined;
  }
}

/** Reads `components.securitySchemes`; `resolve` follows a `$ref` to a scheme. */
export function readSecuritySchemes(doc: Doc, resolve: (node: unknown) => unknown): SecuritySchemeModel[] {
  const raw = own(doc.components, 'securitySchemes');
  if (raw === undefined) return [];
  const names = isObject(raw) ? Object.keys(raw) : [];
  const options = credentialOptionNames(names);
  const problems: Problem[] = [];
  const schemes: SecuritySchemeModel[] = [];
  for (const name of names) {
    const pointer = `/components/securitySchemes/${escapePointer(name)}`;
    const scheme = resolve(raw[name]);
    if (!isObject(scheme)) {
      problems.push({ pointer, message: 'must be a Security Scheme Object' });
      continue;
    }
    const kind = kindOf(scheme, pointer, problems);
    if (!kind) continue;
    schemes.push({
      name,
      option: kind.type === 'mutualTLS' ? undefined : options.get(name)!,
      pointer,
      kind,
      description: typeof scheme.description === 'string' ? scheme.description : '',
    });
  }
  if (problems.length) throw new GenerationError('Security schemes are invalid:', problems);
  return schemes;
}

/**
 * A `security` list as alternatives of scheme names, each checked against the declared schemes.
 * Scopes are the server's business: the client sends the credential, whatever the scopes.
 */
export function readRequirements(list: unknown, pointer: string, declared: ReadonlySet<string>, problems: Problem[]): SecurityRequirements {
  if (!Array.isArray(list)) {
    problems.push({ pointer, message: 'must be an array of Security Requirement Objects' });
    return [];
  }
  return list.map((requirement, i) => {
    if (!isObject(requirement)) {
      problems.push({ pointer: `${pointer}/${i}`, message: 'must be an object' });
      return [];
    }
    const names = Object.keys(requirement);
    for (const name of names) {
      if (!declared.has(name)) problems.push({ pointer: `${pointer}/${i}/${escapePointer(name)}`, message: `names no scheme of components.securitySchemes` });
    }
    return names;
  });
}
