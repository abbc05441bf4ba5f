/**
 * Redaction: credentials never leave the client in anything it builds for a caller (errors, hook
 * payloads, summaries). What is secret comes from the spec's security schemes (header, query and
 * cookie names) and from the values given. Server-controlled text is scrubbed too, in case it echoes them.
 */

import { decodeEscapes, writtenRanges } from './escapes.js';
import { escapeToken, unescapeToken } from './pointer.js';
import type { ValidationProblem } from './validation.js';

export const REDACTED = '[redacted]';

/** Headers that carry credentials whatever the spec says, redacted whatever their value. */
const ALWAYS_SECRET_HEADERS = ['authorization', 'proxy-authorization', 'cookie', 'set-cookie'];

/** Tokens from token functions remembered for scrubbing, beyond the values given at start. */
const MAX_REMEMBERED_TOKENS = 64;

/**
 * A secret at least this long is scrubbed wherever it occurs, even inside a longer word: a value
 * of 12 characters is not part of unrelated text by chance. A shorter one (a test key like `a` or
 * `key1`) is scrubbed only where it stands as a whole token, so it never mangles the letters of a
 * URL or a message; it is still never sent anywhere but where its scheme puts it, and header,
 * query and cookie values of the schemes are redacted by name whatever their length.
 */
export const MIN_EMBEDDED_SECRET_LENGTH = 12;

/**
 * The characters of a token: URL-unreserved (RFC 3986). A short secret with one of them right
 * before or after it is part of a longer token, not an echo of the secret.
 */
const TOKEN_CHARACTER = '[A-Za-z0-9._~-]';

/** What to redact: header and query parameter names, and the credential values themselves. */
export class Redaction {
  /** Lower-case header names whose value is always redacted. */
  readonly headers: ReadonlySet<string>;
  /** Query parameter names whose value is always redacted in URLs. */
  readonly query: ReadonlySet<string>;
  readonly #given: readonly string[];
  readonly #remembered: string[] = [];
  #values: readonly string[];
  /** What finds every value in each of its forms (secretPattern), built when a value is added, not per scrub. */
  #pattern: RegExp | undefined;

  constructor({ headers = [], query = [], values = [] }: { headers?: Iterable<string>; query?: Iterable<string>; values?: Iterable<string> } = {}) {
    this.headers = new Set([...ALWAYS_SECRET_HEADERS, ...[...headers].map((h) => h.toLowerCase())]);
    this.query = new Set(query);
    this.#given = [...values].filter(Boolean);
    this.#values = this.#given;
    this.#pattern = secretPattern(this.#values);
  }

  /** Every credential value known: those given and the latest tokens obtained. */
  get values(): readonly string[] {
    return this.#values;
  }

  /** Adds a value obtained later (a refreshed token), keeping the latest MAX_REMEMBERED_TOKENS. */
  remember(value: string): void {
    if (!value || this.#values.includes(value)) return;
    this.#remembered.push(value);
    if (this.#remembered.length > MAX_REMEMBERED_TOKENS) this.#remembered.shift();
    this.#values = [...this.#given, ...this.#remembered];
    this.#pattern = secretPattern(this.#values);
  }

  /** `text` with every known value, however it is spelled, replaced by `[redacted]` (see scrub); a JSON document stays JSON. */
  scrub(text: string): string {
    return replaceSecrets(text, this.#pattern);
  }

  /** Like scrub, for text that is not a document (a header value): never read as JSON. */
  scrubText(text: string): string {
    return this.#pattern ? scrubText(text, this.#pattern) : text;
  }
}

export interface RequestSummary {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** How many characters, at most, one character of a secret is written as (`%F0%9F%98%80`, or two `\uXXXX`). */
const MAX_SPELLING_LENGTH = 12;

/**
 * The forms a secret is looked for in, in the text as written and in the text read with its escapes
 * decoded (decodeEscapes): itself, and itself decoded (a secret holding `%41` or `\n`).
 */
const formsOf = (secret: string): string[] => [secret, decodeEscapes(secret) ?? secret];

/** A form as an expression: its characters literally, a space also as `+` (form encoding). */
const formPattern = (form: string): string => form.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&').replaceAll(' ', '[ +]');

/**
 * One expression finding every form of every secret: a long secret's forms anywhere, a short
 * one's only between non-token characters (MIN_EMBEDDED_SECRET_LENGTH). Longer forms are tried
 * first, so a secret that contains another is replaced whole.
 */
function secretPattern(secrets: readonly string[]): RegExp | undefined {
  const alternation = (list: readonly string[]) =>
    [...new Set(list.filter(Boolean).flatMap(formsOf))]
      .sort((a, b) => b.length - a.length)
      .map(formPattern)
      .join('|');
  const long = alternation(secrets.filter((s) => s.length >= MIN_EMBEDDED_SECRET_LENGTH));
  const short = alternation(secrets.filter((s) => s.length < MIN_EMBEDDED_SECRET_LENGTH));
  const alternatives = [long, short && `(?<!${TOKEN_CHARACTER})(?:${short})(?!${TOKEN_CHARACTER})`].filter(Boolean);
  return alternatives.length ? new RegExp(alternatives.join('|'), 'g') : undefined;
}

/**
 * `text` with every secret replaced by `[redacted]`, wherever it appears as written or once its
 * escapes are decoded: JSON and URL encoding can spell a string in many ways (`\/`, `\u0061`,
 * `%2f`, `%2F`, `%61`, mixed freely), and a reader decodes them all. A short secret's token
 * boundaries are read in the decoded text too (`%20key` holds the token `key`).
 */
function scrubText(text: string, pattern: RegExp): string {
  // The decoded reading first: `\"` is one escaped character, not a `\` and then a `"`.
  const decoded = decodeEscapes(text);
  const found = decoded === undefined ? [] : [...decoded.matchAll(pattern)].map((match) => [match.index, match.index + match[0].length] as const);
  let out = '';
  let last = 0;
  for (const [start, end] of found.length ? writtenRanges(text, found) : []) {
    // Two matches inside one escaped character: it is redacted once.
    if (start < last) continue;
    out += text.slice(last, start) + REDACTED;
    last = end;
  }
  return (out + text.slice(last)).replace(pattern, REDACTED);
}

/** The tokens of a JSON text: string literals, and numbers, `true`, `false` and `null`. Only applied to a text JSON.parse accepts. */
const JSON_TOKEN = /"[^"\\]*(?:\\.[^"\\]*)*"|[^\s"[\]{}:,]+/g;

/** Whether `text` is a JSON document that holds strings: an object, an array, or a string. */
function isJsonDocument(text: string): boolean {
  if (!/^[\t\n\r ]*["[{]/.test(text)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a secret may be in `text`: as written, or with its escapes decoded once or twice (a
 * string holding a percent-encoded URL, JSON-escaped). Most texts hold none, and are returned
 * as they are after these three searches.
 */
function mayHoldSecret(text: string, pattern: RegExp): boolean {
  let reading: string | undefined = text;
  for (let decodings = 0; reading !== undefined && decodings <= 2; decodings++, reading = decodeEscapes(reading)) {
    if (reading.search(pattern) !== -1) return true;
  }
  return false;
}

/**
 * `text` scrubbed (scrubText), and still JSON when it was a JSON document (an object, an array or
 * a string): each string (key or value) is decoded, scrubbed, and written back only if it changed;
 * a number holding a secret becomes the string it scrubs to. A secret that only appears across
 * the document's structure (a secret holding `","`) turns the whole document into `"[redacted]"`.
 */
function replaceSecrets(text: string, pattern: RegExp | undefined): string {
  if (!pattern || !mayHoldSecret(text, pattern)) return text;
  if (!isJsonDocument(text)) return scrubText(text, pattern);
  const scrubbed = text.replace(JSON_TOKEN, (token) => {
    const value: string = !token.startsWith('"') ? token : token.includes('\\') ? JSON.parse(token) : token.slice(1, -1);
    const clean = scrubText(value, pattern);
    return clean === value ? token : JSON.stringify(clean);
  });
  return scrubbed.search(pattern) === -1 ? scrubbed : JSON.stringify(REDACTED);
}

/**
 * Replaces every echo of each secret, in any spelling JSON and URL encoding give it, with
 * `[redacted]` (see MIN_EMBEDDED_SECRET_LENGTH); a JSON document stays JSON.
 */
export function scrub(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, secretPattern(secrets));
}

/**
 * At most the first `maxLength` characters of `text`, scrubbed as text. The text is scrubbed
 * before it is cut, over a window that holds every echo starting before the cut, however it is
 * spelled, so no part of one survives.
 */
export function scrubbedPrefix(text: string, maxLength: number, secrets: readonly string[]): string {
  const pattern = secretPattern(secrets);
  const longest = Math.max(0, ...secrets.map((secret) => secret.length));
  const window = text.slice(0, maxLength + (longest + 1) * MAX_SPELLING_LENGTH);
  return (pattern ? scrubText(window, pattern) : window).slice(0, maxLength);
}

export function redactHeaders(headers: Headers, redaction: Redaction): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redaction.headers.has(name.toLowerCase()) ? REDACTED : redaction.scrubText(value);
  });
  return out;
}

/** The URL with the value of every secret query parameter replaced, then scrubbed of known values. */
export function redactUrl(url: string, redaction: Redaction): string {
  const query = url.indexOf('?');
  let out = url;
  if (query !== -1 && redaction.query.size) {
    const hash = url.indexOf('#', query);
    const end = hash === -1 ? url.length : hash;
    const pairs = url
      .slice(query + 1, end)
      .split('&')
      .map((pair) => {
        const eq = pair.indexOf('=');
        const rawName = eq === -1 ? pair : pair.slice(0, eq);
        let name = rawName;
        try {
          name = decodeURIComponent(rawName.replaceAll('+', ' '));
        } catch {
          // not percent-decodable: compared as written
        }
        return redaction.query.has(name) ? `${rawName}=${REDACTED}` : pair;
      });
    out = `${url.slice(0, query + 1)}${pairs.join('&')}${url.slice(end)}`;
  }
  return redaction.scrubText(out);
}

/** The fields of a system or undici error worth keeping for diagnosis (Node's `SystemError`). */
const DIAGNOSTIC_FIELDS = ['code', 'errno', 'syscall', 'address', 'port', 'hostname'] as const;
/** How deep a `cause` chain is copied (undici nests one or two levels). */
const MAX_CAUSE_DEPTH = 4;

/**
 * A copy of `error` and its `cause` chain for a caller to read: each link keeps its name, message,
 * stack and system-error fields (code, errno, syscall, address, port, hostname), every string
 * scrubbed, and nothing else. An underlying error may quote the URL (a query credential) or hold
 * the request's headers; a copy cannot carry them out.
 */
export function scrubbedError(error: unknown, redaction: Redaction, depth = 0): Error {
  const source = (error !== null && typeof error === 'object' ? error : {}) as Record<string, unknown>;
  const scrubbed = (value: unknown) => (typeof value === 'string' ? redaction.scrub(value) : value);
  const message = typeof source.message === 'string' ? source.message : String(error);
  const copy = new Error(redaction.scrub(message)) as Error & Record<string, unknown>;
  if (typeof source.name === 'string') copy.name = redaction.scrub(source.name);
  copy.stack = typeof source.stack === 'string' ? redaction.scrub(source.stack) : `${copy.name}: ${copy.message}`;
  for (const field of DIAGNOSTIC_FIELDS) {
    const value = source[field];
    if (typeof value === 'string' || typeof value === 'number') copy[field] = scrubbed(value);
  }
  if (source.cause !== undefined && depth < MAX_CAUSE_DEPTH) copy.cause = scrubbedError(source.cause, redaction, depth + 1);
  return copy;
}

export function summarize(method: string, url: string, headers: Headers, redaction: Redaction): RequestSummary {
  return Object.freeze({ method, url: redactUrl(url, redaction), headers: Object.freeze(redactHeaders(headers, redaction)) });
}

/** How deep scrubbedProblems copies a problem's parameters (ajv's are flat, or arrays of values). */
const MAX_PARAMS_DEPTH = 8;

/** `value` with every string in it scrubbed: a copy of arrays and plain objects, other values as they are. */
function scrubbedValue(value: unknown, redaction: Redaction, depth = 0): unknown {
  if (typeof value === 'string') return redaction.scrubText(value);
  if (value === null || typeof value !== 'object' || depth >= MAX_PARAMS_DEPTH) return value;
  if (Array.isArray(value)) return value.map((item) => scrubbedValue(item, redaction, depth + 1));
  if (Object.getPrototypeOf(value) !== Object.prototype) return value;
  const copy: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value))
    Object.defineProperty(copy, redaction.scrubText(key), {
      value: scrubbedValue(item, redaction, depth + 1),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  return copy;
}

/**
 * Problems found in an answer, scrubbed: a key or a value of the body (which may echo a
 * credential) reaches a problem's pointer (each reference token read unescaped, `~1` as `/`), its
 * message (`must NOT have additional properties: <key>`) and its parameters.
 */
export function scrubbedProblems(problems: readonly ValidationProblem[], redaction: Redaction): ValidationProblem[] {
  return problems.map((problem) => ({
    pointer: problem.pointer
      .split('/')
      .map((token) => escapeToken(redaction.scrubText(unescapeToken(token))))
      .join('/'),
    message: redaction.scrubText(problem.message),
    keyword: problem.keyword,
    params: scrubbedValue(problem.params, redaction) as ValidationProblem['params'],
  }));
}
