/**
 * Redaction: credentials never leave the client in anything it builds for a caller (errors, hook
 * payloads, summaries). What is secret comes from the spec's security schemes (header, query and
 * cookie names) and from the values given. Server-controlled text is scrubbed too, in case it echoes them.
 */

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

  /** `text` with every known value, in each of its forms, replaced by `[redacted]` (see MIN_EMBEDDED_SECRET_LENGTH). */
  scrub(text: string): string {
    return replaceSecrets(text, this.#pattern);
  }
}

export interface RequestSummary {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
}

/** The forms a secret may take in text: raw, URL-encoded and JSON-escaped. */
function formsOf(secret: string): Set<string> {
  let encoded: string;
  try {
    encoded = encodeURIComponent(secret);
  } catch {
    encoded = secret; // not well-formed Unicode: no URL-encoded form
  }
  return new Set([secret, encoded, JSON.stringify(secret).slice(1, -1)]);
}

const formsOfAll = (secrets: readonly string[]): string[] => secrets.filter(Boolean).flatMap((secret) => [...formsOf(secret)]);

const escapeRegExp = (text: string): string => text.replace(/[\\^$.*+?()[\]{}|/-]/g, '\\$&');

/**
 * One expression finding every form of every secret: a long secret's forms anywhere, a short
 * one's only between non-token characters (MIN_EMBEDDED_SECRET_LENGTH). Longer forms are tried
 * first, so a secret that contains another is replaced whole.
 */
function secretPattern(secrets: readonly string[]): RegExp | undefined {
  const byLength = (forms: string[]) =>
    [...new Set(forms)]
      .sort((a, b) => b.length - a.length)
      .map(escapeRegExp)
      .join('|');
  const long = byLength(formsOfAll(secrets.filter((s) => s.length >= MIN_EMBEDDED_SECRET_LENGTH)));
  const short = byLength(formsOfAll(secrets.filter((s) => s.length < MIN_EMBEDDED_SECRET_LENGTH)));
  const alternatives = [long, short && `(?<!${TOKEN_CHARACTER})(?:${short})(?!${TOKEN_CHARACTER})`].filter(Boolean);
  return alternatives.length ? new RegExp(alternatives.join('|'), 'g') : undefined;
}

const replaceSecrets = (text: string, pattern: RegExp | undefined): string => (pattern ? text.replace(pattern, REDACTED) : text);

/** Replaces every echo of each secret (raw, URL-encoded and JSON-escaped) with `[redacted]` (see MIN_EMBEDDED_SECRET_LENGTH). */
export function scrub(text: string, secrets: readonly string[]): string {
  return replaceSecrets(text, secretPattern(secrets));
}

/**
 * At most the first `maxLength` characters of `text`, scrubbed. The text is scrubbed before it is
 * cut, over a window that ends outside every occurrence of a secret, so no part of one survives.
 */
export function scrubbedPrefix(text: string, maxLength: number, secrets: readonly string[]): string {
  const forms = formsOfAll(secrets);
  let end = Math.min(text.length, maxLength + Math.max(0, ...forms.map((form) => form.length)));
  for (let moved = true; moved; ) {
    moved = false;
    for (const form of forms) {
      const at = text.indexOf(form, Math.max(0, end - form.length + 1));
      if (at !== -1 && at < end && at + form.length > end) {
        end = at + form.length;
        moved = true;
      }
    }
  }
  return replaceSecrets(text.slice(0, end), secretPattern(secrets)).slice(0, maxLength);
}

export function redactHeaders(headers: Headers, redaction: Redaction): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = redaction.headers.has(name.toLowerCase()) ? REDACTED : redaction.scrub(value);
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
  return redaction.scrub(out);
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
