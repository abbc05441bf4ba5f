/**
 * Issue #8, client runtime: hostile names, path and query values, answers and option values, each
 * against a real node:http server on 127.0.0.1. The runtime is taken from templates/client with
 * hand-built spec facts, so names the spec generator would never emit can be tried too.
 */
import { execFile } from 'node:child_process';
import { inspect, promisify } from 'node:util';
import path from 'node:path';
import zlib from 'node:zlib';
import fc from 'fast-check';
import { createQuerySerializer } from 'openapi-fetch';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import {
  DecodeError,
  HttpError,
  PaginationError,
  RequestValidationError,
  ResponseTooLargeError,
  ResponseValidationError,
} from '../../../templates/client/errors.js';
import { MAX_TIMER_MS } from '../../../templates/client/options.js';
import { RateLimiter } from '../../../templates/client/rate-limit.js';
import { scrubbedPrefix } from '../../../templates/client/redact.js';
import { sleep } from '../../../templates/client/retry.js';
import { createQuerySerializer as documentQuerySerializer } from '../../../templates/client/params.js';
import { createValidator, type OperationValidators } from '../../../templates/client/validation.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());
beforeEach(() => server.handle((_req, res) => json(res, 500, {})));

const keyPair = [['apiKey', 'apiSecret']] as const;
const op = (operationId: string, method: string, path: string, paginated = false): OperationInfo => ({
  operationId,
  method,
  path,
  paginated,
  security: keyPair,
  parameters: [],
  success: { status: 200 },
});
/** Accepts objects only: an empty body fails it. */
const objectBody = createValidator(
  'validateObject',
  Object.assign((d: unknown) => typeof d === 'object' && d !== null, {
    errors: [{ instancePath: '', keyword: 'type', message: 'must be object', params: { type: 'object' } }],
  }),
  'test',
);

const facts: SpecFacts<string> = {
  factory: 'createHostileClient',
  // Parsed, so `__proto__` is an own key, as the generator must emit it.
  environments: JSON.parse('{"__proto__": null, "staging": {"requestsPerSecond": 50, "burst": 100, "dailyQuota": 200000}}'),
  servers: JSON.parse('{"__proto__": {"url": "https://proto.invalid", "variables": {}}, "staging": {"url": "{base}", "variables": {"base": {"default": ""}}}}'),
  security: {
    schemes: {
      apiKey: { option: 'apiKey', type: 'apiKey', in: 'header', name: 'x-api-key' },
      apiSecret: { option: 'apiSecret', type: 'apiKey', in: 'header', name: 'x-api-secret' },
    },
    requirements: keyPair,
  },
  operations: [
    op('constructor', 'GET', '/things/{id}'),
    op('toString', 'DELETE', '/things/{id}/parts/{part}'),
    op('__proto__', 'GET', '/things'),
    op('hasOwnProperty', 'GET', '/topics'),
    op('listThings', 'GET', '/list', true),
    op('getObject', 'GET', '/object'),
  ],
  validators: JSON.parse('{"__proto__": {"responses": {}}}') as Record<string, OperationValidators>,
};
(facts.validators as Record<string, OperationValidators>)['getObject'] = { responses: { '200': objectBody } };

type Options = Partial<RuntimeClientOptions<string>>;
const client = (extra: Options = {}): any =>
  createRuntimeClient<any, string>(
    {
      baseUrl: server.url,
      apiKey: 'THE-KEY-0123456789',
      apiSecret: 'THE-SECRET-9876543210',
      environment: 'staging',
      rateLimit: false,
      retryBaseDelayMs: 1,
      ...extra,
    } as RuntimeClientOptions<string>,
    facts,
  );
const fail = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable('expected a rejection'),
    (e: unknown) => e,
  );

describe('names like constructor, toString, __proto__', () => {
  it('looks operations, validators and environments up by own property only', async () => {
    server.handle((_req, res) => json(res, 200, { ok: true }));
    const api = client({ validateResponses: 'throw' });
    // `facts.validators.constructor` is Object: an inherited lookup threw "Cannot read properties of undefined".
    await expect(api.GET('/things/{id}', { params: { path: { id: 'a' } } })).resolves.toMatchObject({ data: { ok: true } });
    await expect(api.DELETE('/things/{id}/parts/{part}', { params: { path: { id: 'a', part: 'b' } } })).resolves.toMatchObject({ data: { ok: true } });
    await expect(api.GET('/topics')).resolves.toMatchObject({ data: { ok: true } });
    // An own `__proto__` entry is found, and used.
    await expect(api.GET('/things')).resolves.toMatchObject({ data: { ok: true } });
    expect(client({ environment: '__proto__' }).limits).toBeNull();
    // Its server is an own property too: with no baseUrl, its URL is the default.
    expect(() => client({ environment: '__proto__', baseUrl: undefined as never })).not.toThrow();
    expect(() => client({ environment: 'staging', baseUrl: undefined as never, serverVariables: JSON.parse('{"__proto__": "x"}') })).toThrow(
      /`serverVariables.__proto__` is not a variable/,
    );
    expect(() => client({ environment: 'staging', baseUrl: undefined as never, serverVariables: { constructor: 'x' } as never })).toThrow(
      /`serverVariables.constructor` is not a variable/,
    );
    expect(() => client({ environment: 'constructor' })).toThrow(/`environment` must be one of __proto__, staging/);
    expect(() => client({ environment: 'toString' })).toThrow(TypeError);
  });
});

describe('path parameters', () => {
  const del = (api: any, part: unknown, init: object = {}) => api.DELETE('/things/{id}/parts/{part}', { params: { path: { id: 'P1', part } }, ...init });

  it.each<[string, unknown]>([
    ['..', '..'],
    ['.', '.'],
    ['empty', ''],
    ['an array of ..', ['..']],
    ['an empty array', []],
  ])('refuses %s before sending, naming the parameter, even with validation off', async (_name, part) => {
    server.handle((_req, res) => json(res, 200, {}));
    for (const api of [client(), client({ validateRequests: false })]) {
      const error = (await fail(del(api, part, { validate: false }))) as RequestValidationError;
      expect(error).toBeInstanceOf(RequestValidationError);
      expect(error.part).toBe('path');
      expect(error.operationId).toBe('toString');
      expect(error.problems).toEqual([expect.objectContaining({ pointer: '/part', keyword: 'x-path-segment' })]);
      expect(inspect(error, { depth: 8 })).not.toMatch(/THE-KEY|THE-SECRET/);
    }
    expect(server.seen).toHaveLength(0);
  });

  it('refuses a missing parameter instead of sending the placeholder', async () => {
    const error = (await fail(client().GET('/things/{id}', { params: { path: {} } }))) as RequestValidationError;
    expect(error).toBeInstanceOf(RequestValidationError);
    expect(error.problems[0]).toMatchObject({ keyword: 'required', params: { missingProperty: 'id' } });
    expect(server.seen).toHaveLength(0);
  });

  it('sends encoded dots as data: %2e%2e stays one segment', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await del(client(), '%2e%2e');
    await del(client(), '..a');
    expect(server.seen.map((s) => s.url)).toEqual(['/things/P1/parts/%252e%252e', '/things/P1/parts/..a']);
  });

  it('refuses a value with no UTF-8 form with a TypeError, sending nothing', async () => {
    await expect(del(client(), 'a\uD800')).rejects.toThrow(/path parameter "part" is not well-formed Unicode/);
    await expect(client().GET('/topics', { params: { query: { q: '\uDC00' } } })).rejects.toThrow(/query parameter "q" is not well-formed Unicode/);
    expect(server.seen).toHaveLength(0);
  });
});

describe('the server sees exactly what was given (property)', () => {
  // Characters that mean something in a URL, dots, spaces, percent signs, and any Unicode.
  const tricky = fc.string({ unit: fc.constantFrom(..."./?#%&=+;,[]@:!$'()* \t\\~-_aZ09é€".split(''), '😀', '\u0000') });
  const text = fc.oneof(tricky, fc.string({ unit: 'grapheme' }), fc.constantFrom('', '.', '..', '%2e', '.%2E', '__proto__', 'constructor'));
  const value = fc.oneof(text, fc.integer(), fc.boolean(), fc.array(text, { maxLength: 3 }));

  /** Name-value pairs of a raw query string, decoded exactly (no `+` as space). */
  const pairsOf = (search: string) =>
    search === ''
      ? []
      : search.split('&').map((pair) => {
          const at = pair.indexOf('=');
          return [decodeURIComponent(pair.slice(0, at)), decodeURIComponent(pair.slice(at + 1))];
        });

  it('path values become exactly one segment each, or are refused when they would be a dot segment', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = client();
    await fc.assert(
      fc.asyncProperty(text, text, async (id, part) => {
        server.seen.length = 0;
        const result = await del(api, id, part);
        if (['', '.', '..'].includes(id) || ['', '.', '..'].includes(part)) {
          expect(result).toBeInstanceOf(RequestValidationError);
          expect(server.seen).toHaveLength(0);
          return;
        }
        expect(result).toMatchObject({ response: { status: 200 } });
        const segments = server.seen[0]!.url.split('?')[0]!.split('/');
        expect(segments).toHaveLength(5);
        expect([segments[0], segments[1], segments[3]]).toEqual(['', 'things', 'parts']);
        expect([decodeURIComponent(segments[2]!), decodeURIComponent(segments[4]!)]).toEqual([id, part]);
      }),
      { numRuns: 150 },
    );
    function del(api: any, id: string, part: string) {
      return api.DELETE('/things/{id}/parts/{part}', { params: { path: { id, part } } }).catch((e: unknown) => e);
    }
  });

  it('query keys and values arrive as exactly the given pairs, in order', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = client();
    await fc.assert(
      fc.asyncProperty(fc.dictionary(text, value, { maxKeys: 5 }), async (query) => {
        server.seen.length = 0;
        await api.GET('/topics', { params: { query } });
        const expected = Object.entries(query).flatMap(([k, v]) => (Array.isArray(v) ? v.map((item) => [k, item]) : [[k, String(v)]]));
        const url = server.seen[0]!.url;
        expect(url.split('?')[0]).toBe('/topics');
        expect(pairsOf(url.includes('?') ? url.slice(url.indexOf('?') + 1) : '')).toEqual(expected);
      }),
      { numRuns: 150 },
    );
  });

  it("ordinary queries keep openapi-fetch's wire format", () => {
    const word = fc.string({ unit: fc.constantFrom(...'abcXYZ019_-'.split('')), minLength: 1 });
    const plain = fc.oneof(text, fc.integer(), fc.boolean());
    const ordinary = fc.dictionary(word, fc.oneof(plain, fc.array(plain, { maxLength: 3 }), fc.dictionary(word, plain, { minKeys: 1, maxKeys: 3 })), {
      maxKeys: 5,
    });
    const openapiFetch = createQuerySerializer();
    // Names the document does not declare are written as openapi-fetch writes them.
    const undeclared = documentQuerySerializer([]);
    fc.assert(
      fc.property(ordinary, (query) => {
        expect(undeclared(query)).toBe(openapiFetch(query));
      }),
    );
  });

  it('a key cannot add a parameter', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client().GET('/topics', { params: { query: { 'n&status=CLOSED': 'v', 'a[b]': { 'c]&d': 1 } } } });
    expect(server.seen[0]!.url).toBe('/topics?n%26status%3DCLOSED=v&a%5Bb%5D[c%5D%26d]=1');
  });
});

describe('answer size', () => {
  const bytes = (n: number) => `"${'x'.repeat(n - 2)}"`; // a JSON string of exactly n bytes

  it('refuses a Content-Length above the limit at once, without reading the body', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(10 * 2 ** 30) });
      res.write('"'); // then stalls: only an early refusal ends the call before the timeout
    });
    const started = performance.now();
    const error = (await fail(client({ timeoutMs: 10_000 }).GET('/topics'))) as ResponseTooLargeError;
    expect(error).toBeInstanceOf(ResponseTooLargeError);
    expect(error.limitBytes).toBe(32 * 2 ** 20);
    expect(error.status).toBe(200);
    expect(error.message).toMatch(/^Response 200 to GET http:\/\/127\.0\.0\.1:\d+\/topics exceeds maxResponseBytes/);
    expect(performance.now() - started).toBeLessThan(5000);
    expect(server.seen).toHaveLength(1); // not retried
  });

  it('counts decompressed bytes: a small gzip body that inflates past the limit is refused', async () => {
    const inflated = bytes(64 * 1024);
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(zlib.gzipSync(inflated));
    });
    await expect(client({ maxResponseBytes: 64 * 1024 - 1 }).GET('/topics')).rejects.toBeInstanceOf(ResponseTooLargeError);
    await expect(client({ maxResponseBytes: 64 * 1024 }).GET('/topics')).resolves.toMatchObject({ data: inflated.slice(1, -1) });
  });

  it.each([
    ['with a Content-Length', true],
    ['chunked', false],
  ])('accepts a body of exactly the limit and refuses one byte more (%s)', async (_name, withLength) => {
    server.handle((req, res) => {
      const body = bytes(Number(new URL(req.url!, server.url).searchParams.get('n')));
      res.writeHead(200, { 'content-type': 'application/json', ...(withLength && { 'content-length': String(body.length) }) });
      if (withLength) res.end(body);
      else {
        res.write(body.slice(0, 10));
        res.end(body.slice(10));
      }
    });
    const api = client({ maxResponseBytes: 1000 });
    await expect(api.GET('/topics', { params: { query: { n: 1000 } } })).resolves.toMatchObject({ response: { status: 200 } });
    await expect(api.GET('/topics', { params: { query: { n: 1001 } } })).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it('takes a per-request limit over the client one, both ways; error answers are capped too', async () => {
    server.handle((_req, res) => json(res, 200, 'x'.repeat(5000)));
    await expect(client({ maxResponseBytes: 100 }).GET('/topics', { maxResponseBytes: 10_000 })).resolves.toMatchObject({ response: { status: 200 } });
    const error = (await fail(client().GET('/topics', { maxResponseBytes: 100 }))) as ResponseTooLargeError;
    expect(error.limitBytes).toBe(100);
    server.handle((_req, res) => json(res, 500, 'x'.repeat(5000)));
    await expect(client({ maxResponseBytes: 100, maxRetries: 0 }).GET('/topics')).rejects.toBeInstanceOf(ResponseTooLargeError);
  });

  it.each(['bomb', 'endless'])('%s: a typed error and bounded memory in a fresh process', async (scenario) => {
    const script = path.join(import.meta.dirname, 'body-limit.mjs');
    const { stdout } = await promisify(execFile)(process.execPath, ['--expose-gc', script, scenario], { timeout: 30_000 });
    const out = JSON.parse(stdout.trim());
    expect(out).toMatchObject({ name: 'ResponseTooLargeError', limitBytes: 32 * 2 ** 20 });
    // 200 MiB once inflated (the bomb) or no end at all: the peak stays near the 32 MiB limit.
    expect(out.peakGrowthMiB).toBeLessThan(200);
  });
});

describe('undecodable answers and unsendable credentials', () => {
  it('a 200 in text/html is a DecodeError, scrubbed, not a SyntaxError quoting the body', async () => {
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' }).end(`<html>key ${req.headers['x-api-key']}</html>`);
    });
    const error = (await fail(client().GET('/topics'))) as DecodeError;
    expect(error).toBeInstanceOf(DecodeError);
    // V8's message quotes the body near the fault: cut where the quote starts.
    expect(error.parseError).toBe("Unexpected token '<' (body not quoted)");
    expect(inspect(error, { depth: 8, showHidden: true })).not.toContain('THE-KEY');
  });

  it('the snippet is scrubbed before it is cut: no part of a secret straddling the cut survives', async () => {
    const secret = 'THE-SECRET-9876543210';
    for (let at = 180; at <= 200; at++) {
      const snippet = scrubbedPrefix(`${'x'.repeat(at)}${secret} trailing text`, 200, ['k', secret]);
      expect(snippet.length).toBeLessThanOrEqual(200);
      expect(snippet).not.toContain(secret.slice(0, 4));
    }
    // A secret longer than the replacement: the shortened text must not pull a cut secret in.
    const long = 'S'.repeat(60);
    expect(scrubbedPrefix(`${long}${'y'.repeat(120)}${long}`, 200, [long])).toBe(`[redacted]${'y'.repeat(120)}[redacted]`);
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(`{"x": "${'x'.repeat(185)}${req.headers['x-api-secret']}`);
    });
    const error = (await fail(client().GET('/topics'))) as DecodeError;
    expect(error.parseError).not.toMatch(/THE-S/);
    // V8 cuts its quote of the body inside the secret: nothing of it may remain.
    server.handle((req, res) => void res.writeHead(200, { 'content-type': 'application/json' }).end(`{"bad": ${req.headers['x-api-secret']}}`));
    const cut = (await fail(client().GET('/topics'))) as DecodeError;
    expect(inspect(cut, { depth: 8, showHidden: true })).not.toMatch(/THE-S/);
    expect(inspect(error, { depth: 8, showHidden: true })).not.toMatch(/THE-S/);
  });

  it.each(['key\nx-injected: 1', 'key\r\n', 'key\u0000', ' key', 'key\t', 'ключ'])(
    'refuses the credential %j at construction, naming the option only',
    (bad) => {
      for (const option of ['apiKey', 'apiSecret'] as const) {
        let error: unknown;
        try {
          client({ [option]: bad });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(TypeError);
        expect((error as Error).message).toMatch(new RegExp(`\`${option}\` must be a valid HTTP header value`));
        expect((error as Error).message).not.toContain(bad.trim());
      }
    },
  );

  it('refuses invalid extra headers at construction without quoting them', () => {
    expect(() => client({ headers: { 'x-extra': 'a\nb-value' } })).toThrow(/`headers` must hold valid HTTP header names and values/);
    expect(() => client({ headers: { 'x-extra': 'a\nb-value' } })).not.toThrow(/b-value/);
  });
});

describe('timers', () => {
  it.each<[string, Options]>([
    ['timeoutMs 3e9', { timeoutMs: 3e9 }],
    ['timeoutMs Infinity', { timeoutMs: Infinity }],
    ['timeoutMs 0', { timeoutMs: 0 }],
    ['timeoutMs NaN', { timeoutMs: NaN }],
    ['maxRetryDelayMs 3e9', { maxRetryDelayMs: 3e9 }],
    ['retryBaseDelayMs Infinity', { retryBaseDelayMs: Infinity }],
    ['maxRetries 1.5', { maxRetries: 1.5 }],
    ['maxResponseBytes 0', { maxResponseBytes: 0 }],
    ['maxResponseBytes Infinity', { maxResponseBytes: Infinity }],
  ])('refuses %s at construction', (_name, options) => {
    expect(() => client(options)).toThrow(new RegExp(`^createHostileClient: \`${Object.keys(options)[0]}\` must be`));
  });

  it('refuses the same values per request, before sending', async () => {
    for (const init of [{ timeoutMs: Infinity }, { timeoutMs: 3e9 }, { maxRetries: -1 }, { maxResponseBytes: 1e300 }]) {
      await expect(client().GET('/topics', init)).rejects.toThrow(/^request options: `\w+` must be/);
    }
    expect(server.seen).toHaveLength(0);
  });

  it('the longest timeout does not fire at once', async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { late: true }), 100));
    await expect(client({ timeoutMs: MAX_TIMER_MS }).GET('/topics')).resolves.toMatchObject({ data: { late: true } });
    await expect(client().GET('/topics', { timeoutMs: MAX_TIMER_MS })).resolves.toMatchObject({ data: { late: true } });
  });

  it('a 30-day Retry-After above the longest retry delay ends retrying', async () => {
    server.handle((_req, res) => json(res, 503, {}, { 'retry-after': String(30 * 86_400) }));
    const started = performance.now();
    const { response } = await client({ maxRetryDelayMs: MAX_TIMER_MS }).GET('/topics');
    expect(response.status).toBe(503);
    expect(server.seen).toHaveLength(1);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('sleep longer than a Node timer holds does not end early', async () => {
    const controller = new AbortController();
    const slept = sleep(2 ** 31 + 1000, controller.signal).then(() => 'woke');
    const outcome = await Promise.race([slept, new Promise((resolve) => setTimeout(resolve, 200, 'still asleep'))]);
    controller.abort(new Error('done'));
    await slept.catch(() => {});
    expect(outcome).toBe('still asleep');
  });

  it('a very slow rate limiter waits without a timer overflow, and an abort leaves no timer', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(warning.name);
    process.on('warning', onWarning);
    const limiter = new RateLimiter({ requestsPerSecond: 1e-7, burst: 1 }); // the next token in 116 days
    await limiter.acquire();
    const controller = new AbortController();
    const waiting = limiter.acquire(controller.signal);
    const outcome = await Promise.race([waiting.then(() => 'granted'), new Promise((resolve) => setTimeout(resolve, 100, 'waiting'))]);
    controller.abort(new Error('stop'));
    await waiting.catch(() => {});
    await new Promise((resolve) => setImmediate(resolve));
    process.off('warning', onWarning);
    expect(outcome).toBe('waiting');
    expect(warnings).not.toContain('TimeoutOverflowWarning');
  });

  it('a rate limiter refuses an infinite rate (its refill would be NaN and never grant)', () => {
    expect(() => new RateLimiter({ requestsPerSecond: Infinity, burst: 1 })).toThrow(RangeError);
    expect(() => new RateLimiter({ requestsPerSecond: 1, burst: Infinity })).toThrow(RangeError);
  });
});

describe('paginate, HttpError, empty answers', () => {
  const page = (req: { url?: string | undefined }) => Number(new URL(req.url!, server.url).searchParams.get('page'));

  it.each<[string, unknown]>([
    ['missing', undefined],
    ['not a number', '2'],
  ])('pageSize %s: stops on the first short page', async (_name, pageSize) => {
    server.handle((req, res) => json(res, 200, { page: page(req), pageSize, results: page(req) < 3 ? [1, 2] : [3] }));
    const items = [];
    for await (const item of client().paginate('/list')) items.push(item);
    expect(items).toEqual([1, 2, 1, 2, 3]);
    expect(server.seen).toHaveLength(3);
  });

  it.each<[number, unknown[]]>([
    [0, [1]],
    [-5, [1]],
    [1.5, [1]],
    [1, [1, 2]],
  ])('a page stating pageSize %j with %j ends with PaginationError at once, before its items', async (pageSize, results) => {
    server.handle((req, res) => json(res, 200, { page: page(req), pageSize, results }));
    const pages = client().paginate('/list');
    const error = (await fail(pages.next())) as PaginationError;
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.message).toMatch(
      new RegExp(`^paginate: page 1 states pageSize ${pageSize} and holds ${results.length} results \\(GET http://127\\.0\\.0\\.1:\\d+/list\\?page=1\\)$`),
    );
    expect(error.pages).toBe(0);
    expect(server.seen).toHaveLength(1);
  });

  it('a server that answers full pages forever ends with PaginationError at maxPages', async () => {
    server.handle((req, res) => json(res, 200, { page: page(req), pageSize: 1, results: [1] }));
    const run = async () => {
      for await (const _ of client().paginate('/list', { maxPages: 25 }));
    };
    const error = (await fail(run())) as PaginationError;
    expect(error).toBeInstanceOf(PaginationError);
    expect(error.pages).toBe(25);
    expect(server.seen).toHaveLength(25);
    await expect(client().paginate('/list', { maxPages: 0 }).next()).rejects.toThrow(/`maxPages` must be/);
  });

  it('a server that ignores the page asked for ends with PaginationError at once', async () => {
    server.handle((_req, res) => json(res, 200, { page: 1, pageSize: 1, results: [1] }));
    const it1 = client().paginate('/list');
    await expect(it1.next()).resolves.toMatchObject({ value: 1 });
    await expect(it1.next()).rejects.toThrow(/paginate: asked for page 2, the server answered page 1 \(GET http:\/\/127\.0\.0\.1:\d+\/list\?page=2\)/);
  });

  it('HttpError names the method and the redacted URL', async () => {
    server.handle((_req, res) => json(res, 404, { message: 'nope' }));
    const error = (await fail(
      client()
        .paginate('/list', { params: { query: { token: 'THE-SECRET-9876543210' } } })
        .next(),
    )) as HttpError;
    expect(error).toBeInstanceOf(HttpError);
    expect(error.message).toMatch(/^HTTP 404 for GET http:\/\/127\.0\.0\.1:\d+\/list\?token=\[redacted\]&page=1$/);
  });

  it('an empty 200 where the spec describes a body is a ResponseValidationError (throw) or reported (report)', async () => {
    server.handle((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end();
    });
    const error = (await fail(client({ validateResponses: 'throw' }).GET('/object'))) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.problems[0]).toMatchObject({ pointer: '', keyword: 'type' });
    const reported: ResponseValidationError[] = [];
    const { data } = await client({ validateResponses: 'report', hooks: { onValidationError: (e) => reported.push(e) } }).GET('/object');
    expect(data).toBeUndefined();
    expect(reported).toHaveLength(1);
    // No validator for the status, or validation off: an empty answer is just empty.
    await expect(client({ validateResponses: 'throw' }).GET('/topics')).resolves.toMatchObject({ data: undefined });
    await expect(client().GET('/object')).resolves.toMatchObject({ data: undefined });
  });

  it('the response carries the request URL', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const { response } = await client().GET('/topics', { params: { query: { a: 1 } } });
    expect(response.url).toBe(`${server.url}/topics?a=1`);
  });
});
