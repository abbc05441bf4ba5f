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

/** Replaces every occurrence of each secret (raw, URL-encoded and JSON-escaped) with `[redacted]`. */
export function scrub(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret) continue;
    const forms = new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]);
    for (const form of forms) out = out.split(form).join(REDACTED);
  }
  return out;
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
