/**
 * Issue #10 item 5: scrubbing echoed credentials never mangles unrelated text. A secret shorter
 * than MIN_EMBEDDED_SECRET_LENGTH is scrubbed where it stands as a whole token (no URL-unreserved
 * character right before or after it); a longer one wherever it occurs.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import type { HttpError } from '../../../templates/client/errors.js';
import { isHeaderValue } from '../../../templates/client/options.js';
import { MIN_EMBEDDED_SECRET_LENGTH, REDACTED, Redaction, redactHeaders, scrub, scrubbedPrefix } from '../../../templates/client/redact.js';
import { json, startServer, type TestServer } from './server.js';
import { jsonSpelling, urlSpelling } from './spellings.js';

const TOKEN_CHARACTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._~';
/** The maximal runs of token characters in `text`: what "stands as a whole token" means, independently of the scrubber. */
const tokens = (text: string): string[] => text.split(/[^A-Za-z0-9._~-]+/);
/** `text` with each run of percent-encoded bytes decoded where it is well-formed UTF-8. */
const percentDecoded = (text: string) =>
  text.replace(/(?:%[0-9a-fA-F]{2})+/g, (run) => {
    try {
      return decodeURIComponent(run);
    } catch {
      return run;
    }
  });
/** `text` with each JSON escape decoded. */
const jsonDecoded = (text: string) => text.replace(/\\(?:u[0-9a-fA-F]{4}|["\\/bfnrt])/g, (written) => JSON.parse(`"${written}"`));
/** The tokens of `text` as written and as a reader decoding its JSON and URL escapes reads it (issue #29 item 6). */
const tokensRead = (text: string): string[] =>
  [text, percentDecoded(text), jsonDecoded(text), percentDecoded(jsonDecoded(text)), jsonDecoded(percentDecoded(text))].flatMap(tokens);
const shortSecret = fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength: 1, maxLength: MIN_EMBEDDED_SECRET_LENGTH - 1 });
/** The forms an echo may take: raw, URL-encoded, JSON-escaped. */
const formsOf = (secret: string) => [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];

describe('short secrets leave unrelated text alone', () => {
  it('a URL or a message without the secret as a token, as written or decoded, is unchanged', () => {
    const text = fc.oneof(
      fc.webUrl({ withQueryParameters: true, withFragments: true }),
      fc.string({ maxLength: 200 }),
      fc.string({ unit: 'grapheme', maxLength: 80 }),
    );
    fc.assert(
      fc.property(shortSecret, text, (secret, text) => {
        fc.pre(!tokensRead(text).includes(secret));
        expect(scrub(text, [secret])).toBe(text);
        expect(new Redaction({ values: [secret] }).scrub(text)).toBe(text);
        expect(scrubbedPrefix(text, 50, [secret])).toBe(text.slice(0, 50));
      }),
      { numRuns: 2000 },
    );
  });

  it('a one-letter key does not redact the letters of a URL', () => {
    expect(scrub('https://api.example.com/v1/projects?status=DRAFT&page=2', ['a'])).toBe('https://api.example.com/v1/projects?status=DRAFT&page=2');
    expect(scrub('https://h.example/v1/a/b?k=a&x=1', ['a'])).toBe(`https://h.example/v1/${REDACTED}/b?k=${REDACTED}&x=1`);
  });
});

describe('echoed secrets are always removed', () => {
  /** Where a server may echo a credential: the texts with `as` (the secret, `[redacted]` in its place, or nothing) where it goes. */
  const echoes = (as: string): Record<string, string> => ({
    json: JSON.stringify({ error: 'invalid key', key: as }),
    query: `https://api.example.com/v1/items?key=${as === REDACTED ? as : encodeURIComponent(as)}&page=2`,
    message: `key ${as} rejected`,
    quoted: `'${as}'`,
  });
  const anySecret = fc.oneof(shortSecret, fc.string({ minLength: 1, maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }));

  it('in JSON strings, query values and text, whatever the secret', () => {
    fc.assert(
      fc.property(anySecret, (secret) => {
        const bare = echoes('');
        // The surrounding text itself must not hold the secret, or it is rightly scrubbed too.
        fc.pre(formsOf(secret).every((form) => Object.values(bare).every((text) => !text.includes(form))));
        const want = echoes(REDACTED);
        for (const [where, text] of Object.entries(echoes(secret))) expect(scrub(text, [secret]), where).toBe(want[where]);
      }),
      { numRuns: 2000 },
    );
  });

  it('in header values', () => {
    fc.assert(
      fc.property(anySecret, (secret) => {
        fc.pre(isHeaderValue(secret) && !'Bearer'.includes(secret));
        const headers = new Headers({ 'x-echo': secret, 'www-authenticate': `Bearer ${secret}` });
        expect(redactHeaders(headers, new Redaction({ values: [secret] }))).toEqual({ 'x-echo': REDACTED, 'www-authenticate': `Bearer ${REDACTED}` });
      }),
      { numRuns: 1000 },
    );
  });

  it(`a secret of ${MIN_EMBEDDED_SECRET_LENGTH} characters or more is removed even inside a longer word`, () => {
    const longSecret = fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), minLength: MIN_EMBEDDED_SECRET_LENGTH, maxLength: 40 });
    fc.assert(
      fc.property(longSecret, fc.string({ unit: fc.constantFrom(...TOKEN_CHARACTERS), maxLength: 10 }), (secret, glue) => {
        fc.pre(!glue.includes(secret));
        expect(scrub(`${glue}${secret}${glue}`, [secret])).toBe(`${glue}${REDACTED}${glue}`);
      }),
      { numRuns: 1000 },
    );
    // One character shorter: inside a word it is left alone.
    expect(scrub('xabcdefghijkx', ['abcdefghijk'])).toBe('xabcdefghijkx');
  });
});

// Issue #29 item 6: a reader decodes every spelling, so every spelling is scrubbed.
describe('every spelling JSON and URL encoding give a secret is scrubbed', () => {
  const anySecret = fc.oneof(shortSecret, fc.string({ minLength: 1, maxLength: 40 }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }));
  const choices = fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 50 });
  const url = (key: string) => `https://api.example.com/v1/items?key=${key}&page=2`;
  /** Whether `text` (with `[redacted]` where the secret goes) holds the secret by itself: then it is rightly scrubbed too. */
  const holds = (text: string, secret: string) => text.includes(secret) || inspect(text).includes(secret);

  it('in a JSON string, however escaped: the result is JSON and its values hold [redacted]', () => {
    fc.assert(
      fc.property(anySecret, choices, (secret, picks) => {
        const want = JSON.stringify({ error: 'invalid key', key: REDACTED, url: url(REDACTED) });
        fc.pre(!holds(want, secret));
        const inUrl = jsonSpelling(urlSpelling(secret, picks), [...picks].reverse());
        const text = `{"error":"invalid key","key":"${jsonSpelling(secret, picks)}","url":"${url(inUrl)}"}`;
        const parsedBefore = JSON.parse(text);
        expect(parsedBefore.key).toBe(secret);
        const out = scrub(text, [secret]);
        expect(out).toBe(want);
        expect(new Redaction({ values: [secret] }).scrub(text)).toBe(want);
      }),
      { numRuns: 2000 },
    );
  });

  it('in a URL or text, however percent- or JSON-escaped', () => {
    fc.assert(
      fc.property(anySecret, choices, fc.boolean(), (secret, picks, json) => {
        fc.pre(!holds(url(REDACTED), secret) && !holds(`key ${REDACTED} rejected`, secret));
        const spelled = json ? jsonSpelling(secret, picks) : urlSpelling(secret, picks);
        expect(scrub(url(spelled), [secret])).toBe(url(REDACTED));
        expect(scrub(`key ${spelled} rejected`, [secret])).toBe(`key ${REDACTED} rejected`);
      }),
      { numRuns: 2000 },
    );
  });

  it('in a header value, percent-encoded in either case', () => {
    fc.assert(
      fc.property(anySecret, choices, (secret, picks) => {
        const spelled = urlSpelling(secret, picks);
        fc.pre(isHeaderValue(spelled) && !holds(`Bearer ${REDACTED}`, secret) && spelled.trim() === spelled);
        const headers = new Headers({ 'x-echo': spelled, 'www-authenticate': `Bearer ${spelled}` });
        expect(redactHeaders(headers, new Redaction({ values: [secret] }))).toEqual({ 'x-echo': REDACTED, 'www-authenticate': `Bearer ${REDACTED}` });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('a client with a one-letter test key', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer();
  });
  afterAll(() => server.close());

  const facts: SpecFacts<string> = {
    environments: { test: null },
    servers: { test: { url: '', variables: {} } },
    security: { schemes: { apiKey: { option: 'apiKey', type: 'apiKey', in: 'header', name: 'x-api-key' } }, requirements: [['apiKey']] },
    operations: [
      {
        operationId: 'listParticipants',
        method: 'GET',
        path: '/participants',
        paginated: true,
        security: [['apiKey']],
        parameters: [],
        success: { status: 200 },
      } satisfies OperationInfo,
    ],
    validators: {},
  };

  it('errors and hooks show the URL and headers intact, and the echoed key scrubbed', async () => {
    server.handle((req, res) =>
      json(res, 403, { message: `key ${req.headers['x-api-key']} has no access to participants` }, { 'x-echo': String(req.headers['x-api-key']) }),
    );
    const urls: string[] = [];
    const api: any = createRuntimeClient<any, string>(
      {
        baseUrl: server.url,
        apiKey: 'a',
        environment: 'test',
        rateLimit: false,
        hooks: { onRequest: (e) => urls.push(e.request.url) },
      } as RuntimeClientOptions<string>,
      facts,
    );
    const error = (await api
      .paginate('/participants', { params: { query: { status: 'available' } } })
      .next()
      .catch((e: unknown) => e)) as HttpError;
    expect(server.seen[0]!.headers['x-api-key']).toBe('a');
    expect(error.url).toBe(`${server.url}/participants?status=available&page=1`);
    expect(error.message).toBe(`HTTP 403 for GET ${server.url}/participants?status=available&page=1`);
    expect(urls).toEqual([error.url]);
    expect(error.headers['x-echo']).toBe(REDACTED);
    expect(error.body).toEqual({ message: `key ${REDACTED} has no access to participants` });
  });
});
