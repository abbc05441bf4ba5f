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

/** What to redact: header and query parameter names, and the credential values themselves. */
export class Redaction {
  /** Lower-case header names whose value is always redacted. */
  readonly headers: ReadonlySet<string>;
  /** Query parameter names whose value is always redacted in URLs. */
  readonly query: ReadonlySet<string>;
  readonly #given: readonly string[];
  readonly #remembered: string[] = [];
  #values: readonly string[];
  /** Every form of every value (formsOf), worked out when a value is added, not per scrub. */
  #forms: readonly string[];

  constructor({ headers = [], query = [], values = [] }: { headers?: Iterable<string>; query?: Iterable<string>; values?: Iterable<string> } = {}) {
    this.headers = new Set([...ALWAYS_SECRET_HEADERS, ...[...headers].map((h) => h.toLowerCase())]);
    this.query = new Set(query);
    this.#given = [...values].filter(Boolean);
    this.#values = this.#given;
    this.#forms = formsOfAll(this.#values);
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
    this.#forms = formsOfAll(this.#values);
  }

  /** `text` with every known value, in each of its forms, replaced by `[redacted]`. */
  scrub(text: string): string {
    return replaceForms(text, this.#forms);
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

function replaceForms(text: string, forms: readonly string[]): string {
  let out = text;
  for (const form of forms) out = out.split(form).join(REDACTED);
  return out;
}

/** Replaces every occurrence of each secret (raw, URL-encoded and JSON-escaped) with `[redacted]`. */
export function scrub(text: string, secrets: readonly string[]): string {
  return replaceForms(text, formsOfAll(secrets));
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
  return replaceForms(text.slice(0, end), forms).slice(0, maxLength);
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
    const pairs = url.slice(query + 1, end).split('&').map((pair) => {
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

export function summarize(method: string, url: string, headers: Headers, redaction: Redaction): RequestSummary {
  return Object.freeze({ method, url: redactUrl(url, redaction), headers: Object.freeze(redactHeaders(headers, redaction)) });
}
