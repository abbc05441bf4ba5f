/**
 * Redaction: the API key and secret never leave the client in anything it builds for a caller
 * (errors, hook payloads, summaries). Server-controlled text is scrubbed too, in case it echoes them.
 */

export const REDACTED = '[redacted]';

/** Headers that carry credentials, redacted whatever their value. */
const SECRET_HEADERS = new Set(['x-api-key', 'x-api-secret', 'authorization', 'proxy-authorization', 'cookie', 'set-cookie']);

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

/** Replaces every occurrence of each secret (raw, URL-encoded and JSON-escaped) with `[redacted]`. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    for (const form of formsOf(secret)) out = out.split(form).join(REDACTED);
  }
  return out;
}

/**
 * At most the first `maxLength` characters of `text`, scrubbed. The text is scrubbed before it is
 * cut, over a window that ends outside every occurrence of a secret, so no part of one survives.
 */
export function scrubbedPrefix(text: string, maxLength: number, secrets: readonly string[]): string {
  const forms = secrets.filter(Boolean).flatMap((secret) => [...formsOf(secret)]);
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
  return scrub(text.slice(0, end), secrets).slice(0, maxLength);
}

export function redactHeaders(headers: Headers, secrets: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  headers.forEach((value, name) => {
    out[name] = SECRET_HEADERS.has(name.toLowerCase()) ? REDACTED : scrub(value, secrets);
  });
  return out;
}

export function summarize(method: string, url: string, headers: Headers, secrets: readonly string[]): RequestSummary {
  return Object.freeze({ method, url: scrub(url, secrets), headers: Object.freeze(redactHeaders(headers, secrets)) });
}
