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

  // Issue #29 item 8: fast-check's counterexample (seed 1012181632), as a named case.
  it('never breaks JSON: a secret of a quote and a backslash echoed in a JSON string', () => {
    const text = JSON.stringify({ error: 'invalid key', key: '"\\' });
    expect(text).toBe('{"error":"invalid key","key":"\\"\\\\"}');
    const out = scrub(text, ['"\\']);
    expect(out).toBe(`{"error":"invalid key","key":"${REDACTED}"}`);
    expect(JSON.parse(out)).toEqual({ error: 'invalid key', key: REDACTED });
  });

  it('never breaks JSON: a secret echoed as a number, a key, or across escapes, gives JSON', () => {
    const secret = '123456789012';
    expect(scrub(`{"n":${secret}345,"${secret}":[${secret}]}`, [secret])).toBe(`{"n":"${REDACTED}345","${REDACTED}":["${REDACTED}"]}`);
    // A short secret as a number, a value and a key.
    expect(JSON.parse(scrub('{"k1":[7,"7"],"7":true}', ['7']))).toEqual({ k1: [REDACTED, REDACTED], [REDACTED]: true });
  });

  // Issue #29 item 6: JSON and URL encoding have more than one spelling of a string.
  it.each<[string, string]>([
    ['`\\/` for a slash', '{"key":"abc\\/def\\/ghijkl"}'],
    ['`\\u` escapes, lower-case hex', '{"key":"\\u0061bc/def/ghij\\u006bl"}'],
    ['`\\u` escapes, upper-case hex, and `\\/`', '{"key":"\\u0061\\u0062\\u0063\\u002Fdef\\/ghijkl"}'],
    [
      'every character `\\u`-escaped',
      JSON.stringify({ key: 'abc/def/ghijkl' }).replace(
        /"abc[^"]*"/,
        (s) => `"${[...s.slice(1, -1)].map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`).join('')}"`,
      ),
    ],
    ['in a JSON key', '{"\\u0061bc\\/def/ghijkl":1}'],
    ['in a top-level JSON string', '"abc\\/def\\/ghijkl"'],
  ])('scrubs a JSON echo with %s, keeping JSON', (_name, text) => {
    const out = scrub(text, ['abc/def/ghijkl']);
    expect(JSON.stringify(JSON.parse(out))).not.toContain('abc/def/ghijkl');
    expect(out).toContain(REDACTED);
  });

  it.each<[string, string]>([
    ['lower-case percent-encoding', 'key=abc%2fdef%2fghijkl'],
    ['mixed-case percent-encoding', 'key=abc%2Fdef%2fghijkl'],
    ['percent-encoding of unreserved characters', 'key=%61bc/def%2F%67hijkl'],
    ['`+` for a space', 'key=abc+def+ghijkl'],
    ['`\\u` escapes in text that is not JSON', 'error: {"key":"\\u0061bc\\/def\\/ghijkl" (cut'],
  ])('scrubs a text echo with %s', (_name, text) => {
    const secrets = ['abc/def/ghijkl', 'abc def ghijkl'];
    expect(scrub(text, secrets)).toMatch(/^(key=|error: \{"key":")\[redacted\]/);
    expect(new Redaction({ values: secrets }).scrub(text)).toBe(scrub(text, secrets));
  });

  it('redacts only the escapes that spell the secret, inside a longer run of escapes', () => {
    const secret = 'sk/live/0123456789';
    const escaped = (text: string, as: (code: number) => string) => [...text].map((c) => as(c.charCodeAt(0))).join('');
    const percent = (code: number) => `%${code.toString(16).padStart(2, '0')}`;
    const json = (code: number) => `\\u${code.toString(16).padStart(4, '0')}`;
    for (const as of [percent, json]) {
      const text = `${escaped('ab', as)}${escaped(secret, as)}${escaped('cd', as)}${escaped(secret, as)}${escaped('é', as)}`;
      expect(scrub(text, [secret])).toBe(`${escaped('ab', as)}${REDACTED}${escaped('cd', as)}${REDACTED}${escaped('é', as)}`);
    }
    // A character of four UTF-8 bytes (two UTF-16 units).
    expect(scrub('x %F0%9F%98%80/%f0%9f%98%80 y', ['\u{1F600}'])).toBe(`x ${REDACTED}/${REDACTED} y`);
  });

  it('a secret found only across the structure of a JSON document makes it "[redacted]", still JSON', () => {
    expect(scrub('{"a":"x","b":"y"}', ['x","b'])).toBe(JSON.stringify(REDACTED));
  });

  it('scrubs a header echo with lower-case percent-encoding', () => {
    const headers = new Headers({ 'x-echo': 'abc%2fdef%2fghijkl', 'x-short': 'k%2f1' });
    expect(redactHeaders(headers, new Redaction({ values: ['abc/def/ghijkl', 'k/1'] }))).toEqual({ 'x-echo': REDACTED, 'x-short': REDACTED });
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
