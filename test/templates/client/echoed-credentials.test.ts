/**
 * Issue #29 items 6 and 11: a server that echoes the credential back, spelled as JSON and URL
 * encoding allow (`\/`, `\u0061`, `%2f`), or as a key of a success body, against a real node:http
 * server on 127.0.0.1. Whatever reaches the caller (`{ error }`, `HttpError`, `ResponseValidationError`,
 * `onValidationError`, and their `JSON.stringify`, `util.inspect` and `String`) never holds it.
 */
import { inspect } from 'node:util';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import { HttpError, ResponseValidationError } from '../../../templates/client/errors.js';
import { REDACTED } from '../../../templates/client/redact.js';
import { createValidator } from '../../../templates/client/validation.js';
import { startServer, type TestServer } from './server.js';
import { jsonSpelling, urlSpelling } from './spellings.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const operation = (operationId: string, path: string, paginated: boolean): OperationInfo => ({
  operationId,
  method: 'GET',
  path,
  paginated,
  security: [['apiKey']],
  parameters: [],
  success: { status: 200 },
});

/** A success body of string values only: any other key is a problem (`additionalProperties`). */
const validateThing = createValidator(
  'validateThing',
  new Ajv2020({ allErrors: true }).compile({
    type: 'object',
    properties: { id: { type: 'string' } },
    additionalProperties: false,
    propertyNames: { pattern: '^[a-z]+$' },
  }),
  'test',
);

const facts: SpecFacts<string> = {
  environments: { test: null },
  servers: { test: { url: '', variables: {} } },
  security: { schemes: { apiKey: { option: 'apiKey', type: 'apiKey', in: 'header', name: 'x-api-key' } }, requirements: [['apiKey']] },
  operations: [operation('listThings', '/things', true), operation('getThing', '/thing', false)],
  validators: { getThing: { responses: { '200': validateThing } } },
};

const client = (apiKey: string, extra: Partial<RuntimeClientOptions<string>> = {}): any =>
  createRuntimeClient<any, string>(
    { baseUrl: server.url, apiKey, environment: 'test', rateLimit: false, maxRetries: 0, ...extra } as RuntimeClientOptions<string>,
    facts,
  );

/** Every way the caller may look at what it got. */
const views = (value: unknown): string[] => [JSON.stringify(value) ?? '', inspect(value, { depth: 8, showHidden: true }), String(value)];

// Credentials as a partner might get them (valid header values), with the characters JSON and URLs escape.
const credential = fc
  .string({ minLength: 12, maxLength: 40, unit: fc.constantFrom(...'abcXYZ019-_.~+/=!$&*()"\\ :;,%'.split('')) })
  .filter((s) => s.trim() === s);
const choices = fc.array(fc.nat({ max: 7 }), { minLength: 1, maxLength: 40 });

describe('a credential echoed escaped in an error answer (item 6)', () => {
  it('is scrubbed from { error }, HttpError.body and headers, their JSON and inspection', async () => {
    await fc.assert(
      fc.asyncProperty(credential, choices, async (apiKey, picks) => {
        server.handle((req, res) => {
          const key = String(req.headers['x-api-key']);
          // Hand-written JSON: the key `\/`- and `\u`-escaped, and percent-encoded inside a URL.
          const body = `{"message":"key ${jsonSpelling(key, picks)} refused","next":"https:\\/\\/h.example\\/?key=${jsonSpelling(urlSpelling(key, picks), [...picks].reverse())}"}`;
          res.writeHead(403, { 'content-type': 'application/json', 'x-echo': urlSpelling(key, [...picks].reverse()) }).end(body);
        });
        const api = client(apiKey);
        const { error, response } = await api.GET('/thing');
        expect(server.seen[0]!.headers['x-api-key']).toBe(apiKey);
        expect(error).toEqual({ message: `key ${REDACTED} refused`, next: `https://h.example/?key=${REDACTED}` });
        expect(response.headers.get('x-echo')).toBe(REDACTED);

        const failure = (await api
          .paginate('/things')
          .next()
          .catch((e: unknown) => e)) as HttpError;
        expect(failure).toBeInstanceOf(HttpError);
        expect(failure.body).toEqual(error);
        expect(failure.headers['x-echo']).toBe(REDACTED);
        for (const text of [...views(error), ...views(failure), response.headers.get('x-echo')]) expect(text).not.toContain(apiKey);
      }),
      { numRuns: 40 },
    );
  });

  it('the crafted case: `\\/`, `\\u` escapes and a lower-case %2f header', async () => {
    const apiKey = 'sk/live/0123456789';
    server.handle((_req, res) => {
      res
        .writeHead(401, { 'content-type': 'application/json', 'x-echo': 'sk%2flive%2f0123456789' })
        .end('{"error":"sk\\/live\\/0123456789","again":"\\u0073k/live/0123456789"}');
    });
    const api = client(apiKey);
    const { error, response } = await api.GET('/thing');
    expect(error).toEqual({ error: REDACTED, again: REDACTED });
    expect(response.headers.get('x-echo')).toBe(REDACTED);
    const failure = (await api
      .paginate('/things')
      .next()
      .catch((e: unknown) => e)) as HttpError;
    expect(failure.body).toEqual({ error: REDACTED, again: REDACTED });
    expect(failure.headers['x-echo']).toBe(REDACTED);
    for (const text of [...views(error), ...views(failure)]) expect(text).not.toContain(apiKey);
  });
});

describe('a credential echoed as a key of a success body (item 11)', () => {
  it('is not in ResponseValidationError, thrown or reported', async () => {
    const apiKey = 'sk/live/0123456789';
    server.handle((req, res) => {
      const key = String(req.headers['x-api-key']);
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'x', [key]: true, nested: { [key]: 1 } }));
    });
    const thrown = (await client(apiKey, { validateResponses: 'throw' })
      .GET('/thing')
      .catch((e: unknown) => e)) as ResponseValidationError;
    expect(thrown).toBeInstanceOf(ResponseValidationError);
    const reported: ResponseValidationError[] = [];
    await client(apiKey, { validateResponses: 'report', hooks: { onValidationError: (e: ResponseValidationError) => reported.push(e) } }).GET('/thing');
    expect(reported).toHaveLength(1);
    for (const error of [thrown, reported[0]!]) {
      // The problems still say what is wrong, and where.
      expect(error.problems.map((p) => [p.pointer, p.keyword])).toEqual(
        expect.arrayContaining([
          ['', 'additionalProperties'],
          ['', 'propertyNames'],
        ]),
      );
      expect(error.message).toContain(`must NOT have additional properties: ${REDACTED}`);
      for (const text of [...views(error), error.message, JSON.stringify(error.problems)]) expect(text).not.toContain(apiKey);
    }
  });

  it('nor is one that a JSON pointer escapes (`/` as `~1`), in a problem nested under it', async () => {
    const apiKey = 'sk/live/0123456789';
    const nested = createValidator(
      'validateNested',
      new Ajv2020({ allErrors: true }).compile({ type: 'object', additionalProperties: { type: 'object', properties: { n: { type: 'string' } } } }),
      'test',
    );
    const withNested = { ...facts, validators: { getThing: { responses: { '200': nested } } } };
    server.handle((req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ [String(req.headers['x-api-key'])]: { n: 1 } }));
    });
    const api: any = createRuntimeClient<any, string>(
      { baseUrl: server.url, apiKey, environment: 'test', rateLimit: false, maxRetries: 0, validateResponses: 'throw' } as RuntimeClientOptions<string>,
      withNested,
    );
    const error = (await api.GET('/thing').catch((e: unknown) => e)) as ResponseValidationError;
    expect(error).toBeInstanceOf(ResponseValidationError);
    expect(error.problems.map((p) => p.pointer)).toEqual([`/${REDACTED}/n`]);
    for (const text of [...views(error), error.message]) {
      expect(text).not.toContain(apiKey);
      expect(text).not.toContain('sk~1live~10123456789');
    }
  });
});
