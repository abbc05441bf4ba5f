/** Redaction of credentials in URLs, headers and text (templates/client/redact.ts); the property tests of scrubbing are redact.property.test.ts. */
import { describe, expect, it } from 'vitest';
import { REDACTED, Redaction, redactHeaders, redactUrl, scrub } from '../../../templates/client/redact.js';

describe('redaction', () => {
  it('scrubs raw, URL-encoded and JSON-escaped forms', () => {
    const secret = 'a/b"c d';
    const text = `raw ${secret} url ${encodeURIComponent(secret)} json ${JSON.stringify(secret)}`;
    const out = scrub(text, [secret]);
    expect(out).not.toContain(secret);
    expect(out).not.toContain(encodeURIComponent(secret));
    expect(out).toBe(`raw ${REDACTED} url ${REDACTED} json "${REDACTED}"`);
  });

  it("redacts the schemes' headers and the always-secret ones whatever their value", () => {
    const headers = new Headers({ 'x-api-key': 'k', 'x-api-secret': 's', authorization: 'Bearer t', cookie: 'a=b', 'x-other': 'has k inside' });
    const redaction = new Redaction({ headers: ['X-Api-Key', 'x-api-secret'], values: ['k-secret-value'] });
    expect(redactHeaders(headers, redaction)).toEqual({
      authorization: REDACTED,
      cookie: REDACTED,
      'x-api-key': REDACTED,
      'x-api-secret': REDACTED,
      'x-other': 'has k inside',
    });
    // A header no scheme names is only scrubbed of known values.
    expect(redactHeaders(headers, new Redaction({ values: ['s'] }))['x-api-secret']).toBe(REDACTED);
    expect(redactHeaders(headers, new Redaction())['x-api-key']).toBe('k');
  });

  it.each<[string, { given: string; want: string }]>([
    ['the named parameter', { given: 'https://h/p?a=1&api_key=abc&b=2', want: 'https://h/p?a=1&api_key=[redacted]&b=2' }],
    ['an encoded name', { given: 'https://h/p?api%5Fkey=abc', want: 'https://h/p?api%5Fkey=[redacted]' }],
    ['a repeated parameter', { given: 'https://h/p?api_key=1&api_key=2', want: 'https://h/p?api_key=[redacted]&api_key=[redacted]' }],
    ['no value', { given: 'https://h/p?api_key', want: 'https://h/p?api_key=[redacted]' }],
    ['a fragment after the query', { given: 'https://h/p?api_key=1#api_key=2', want: 'https://h/p?api_key=[redacted]#api_key=2' }],
    ['other parameters left alone', { given: 'https://h/p?key=1', want: 'https://h/p?key=1' }],
    ['a known value anywhere', { given: 'https://h/the-token/p?x=the-token', want: 'https://h/[redacted]/p?x=[redacted]' }],
  ])('redactUrl: %s', (_name, { given, want }) => expect(redactUrl(given, new Redaction({ query: ['api_key'], values: ['the-token'] }))).toBe(want));

  it('remembers refreshed tokens, the latest 64 beside the values given', () => {
    const redaction = new Redaction({ values: ['given'] });
    for (let i = 0; i < 100; i++) redaction.remember(`token-${i}`);
    expect(redaction.values).toHaveLength(65);
    expect(redaction.values).toContain('given');
    expect(redaction.values).toContain('token-99');
    expect(redaction.values).not.toContain('token-35');
  });
});
