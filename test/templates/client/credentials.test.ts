/**
 * Credentials from security schemes, applied by the runtime (templates/client) with hand-built
 * spec facts, against a real node:http server on 127.0.0.1: every scheme kind, alternatives,
 * `security: []`, per-attempt tokens, the refusal before sending, and redaction of each kind.
 */
import { Buffer } from 'node:buffer';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type OperationInfo, type SpecFacts } from '../../../templates/client/client.js';
import { type SecurityRequirements, toBase64 } from '../../../templates/client/credentials.js';
import { ClientError, MissingCredentialsError } from '../../../templates/client/errors.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const op = (operationId: string, path: string, security: SecurityRequirements): OperationInfo => ({
  operationId,
  method: 'GET',
  path,
  paginated: false,
  security,
  parameters: [],
  success: { status: 200 },
});

const facts: SpecFacts<string> = {
  environments: { test: null },
  servers: { test: { url: '{base}', variables: { base: { default: '' } } } },
  validators: {},
  security: {
    schemes: {
      bearer_auth: { option: 'bearerAuth', type: 'bearer' },
      api_key: { option: 'apiKey', type: 'apiKey', in: 'query', name: 'api_key' },
      session: { option: 'session', type: 'apiKey', in: 'cookie', name: 'sid' },
      basic: { option: 'basic', type: 'basic' },
      oauth: { option: 'oauth', type: 'bearer' },
      header_key: { option: 'headerKey', type: 'apiKey', in: 'header', name: 'X-Key' },
      cert: { type: 'mutualTLS' },
    },
    requirements: [['bearer_auth']],
  },
  operations: [
    op('bearer', '/bearer', [['bearer_auth']]),
    op('query', '/query', [['api_key']]),
    op('cookie', '/cookie', [['session']]),
    op('basic', '/basic', [['basic']]),
    op('oauth', '/oauth', [['oauth']]),
    op('alternatives', '/alternatives', [['api_key'], ['session', 'header_key']]),
    op('public', '/public', []),
    op('optional', '/optional', [[], ['header_key']]),
    op('certificate', '/certificate', [['cert']]),
  ],
};

const client = (options: Record<string, unknown>): any =>
  createRuntimeClient<any, string>({ baseUrl: server.url, environment: 'test', rateLimit: false, retryBaseDelayMs: 1, ...options } as never, facts);
const seen = () => server.seen.map((s) => ({ url: s.url, authorization: s.headers.authorization, cookie: s.headers.cookie, key: s.headers['x-key'] }));

describe('each scheme kind, where the scheme says', () => {
  it.each<[string, { options: Record<string, unknown>; path: string; want: Record<string, unknown> }]>([
    ['http bearer', { options: { bearerAuth: 'tok-1' }, path: '/bearer', want: { url: '/bearer', authorization: 'Bearer tok-1' } }],
    ['apiKey in query, after the query', { options: { apiKey: 'k y&=' }, path: '/query?a=1', want: { url: '/query?a=1&api_key=k%20y%26%3D' } }],
    [
      'apiKey in cookie, after the caller’s cookies',
      { options: { session: 's-1', headers: { cookie: 'theme=dark' } }, path: '/cookie', want: { url: '/cookie', cookie: 'theme=dark; sid=s-1' } },
    ],
    [
      'http basic',
      {
        options: { basic: { username: 'ann', password: 'pä:ss' } },
        path: '/basic',
        want: { authorization: `Basic ${Buffer.from('ann:pä:ss').toString('base64')}` },
      },
    ],
    ['oauth2 token as a string', { options: { oauth: 'o-1' }, path: '/oauth', want: { authorization: 'Bearer o-1' } }],
    ['mutualTLS: nothing to send, always satisfied', { options: {}, path: '/certificate', want: { url: '/certificate', authorization: undefined } }],
  ])('%s', async (_name, { options, path, want }) => {
    server.handle((_req, res) => json(res, 200, {}));
    const [route, query] = path.split('?');
    const { response } = await client(options).GET(route, query ? { params: { query: Object.fromEntries(new URLSearchParams(query)) } } : {});
    expect(response.status).toBe(200);
    expect(seen()[0]).toMatchObject(want);
    // The response the caller gets back never carries a query credential.
    expect(response.url).not.toContain('api_key');
  });

  it('credential headers win over the caller’s headers', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ bearerAuth: 'mine', headers: { authorization: 'Bearer other' } }).GET('/bearer');
    expect(seen()[0]!.authorization).toBe('Bearer mine');
  });

  it('query and cookie credentials win over a parameter or cookie of the same name', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ apiKey: 'mine' }).GET('/query', { params: { query: { a: '1', api_key: 'theirs' } } });
    await client({ session: 'mine', headers: { cookie: 'sid=theirs; theme=dark' } }).GET('/cookie');
    expect(seen().map((r) => [r.url, r.cookie])).toEqual([
      ['/query?a=1&api_key=mine', undefined],
      ['/cookie', 'theme=dark; sid=mine'],
    ]);
  });

  it('middleware never sees a credential: not before the attempt, not after it (onResponse, onError)', async () => {
    const views: string[] = [];
    const look =
      (when: string) =>
      ({ request }: { request: Request }) =>
        void views.push(`${when} ${request.headers.get('authorization')} ${request.headers.get('cookie')} ${request.url}`);
    const api = client({ bearerAuth: 'tok-1', session: 's-1', apiKey: 'q-1', headerKey: 'h-1' });
    api.use({ onRequest: look('request'), onResponse: look('response'), onError: look('error') });
    server.handle((_req, res) => json(res, 200, {}));
    await api.GET('/bearer');
    await api.GET('/alternatives');
    server.handle((req) => void req.socket.destroy());
    await api.GET('/bearer', { maxRetries: 0 }).catch(() => {});
    expect(views.join('\n')).not.toMatch(/tok-1|s-1|q-1|h-1/);
    expect(views).toHaveLength(6);
    // What was sent carried them.
    expect(server.seen[0]!.headers.authorization).toBe('Bearer tok-1');
  });
});

describe('which credentials an operation sends', () => {
  const all = { bearerAuth: 'b', apiKey: 'q', session: 's', headerKey: 'h' };

  it('sends only what the operation asks for', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = client(all);
    await api.GET('/bearer');
    await api.GET('/public');
    expect(seen()).toEqual([
      { url: '/bearer', authorization: 'Bearer b', cookie: undefined, key: undefined },
      { url: '/public', authorization: undefined, cookie: undefined, key: undefined },
    ]);
  });

  it('uses the first alternative whose credentials were all given', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client(all).GET('/alternatives');
    await client({ session: 's', headerKey: 'h' }).GET('/alternatives');
    // `session` alone does not satisfy the second alternative: nothing of it is sent.
    await client({ session: 's', apiKey: 'q' }).GET('/alternatives');
    expect(seen()).toEqual([
      { url: '/alternatives?api_key=q', authorization: undefined, cookie: undefined, key: undefined },
      { url: '/alternatives', authorization: undefined, cookie: 'sid=s', key: 'h' },
      { url: '/alternatives?api_key=q', authorization: undefined, cookie: undefined, key: undefined },
    ]);
  });

  it('an empty alternative ({}) is used only when no other can be', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ headerKey: 'h' }).GET('/optional');
    await client({}).GET('/optional');
    expect(seen().map((s) => s.key)).toEqual(['h', undefined]);
  });

  it('a request matching no operation gets the document-wide security', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await client({ bearerAuth: 'b' }).GET('/elsewhere');
    expect(seen()[0]!.authorization).toBe('Bearer b');
  });

  it('refuses before sending when no alternative can be satisfied, naming the options only', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const error = (await client({ session: 'the-session-value' })
      .GET('/alternatives')
      .catch((e: unknown) => e)) as MissingCredentialsError;
    expect(error).toBeInstanceOf(MissingCredentialsError);
    expect(error).toBeInstanceOf(ClientError);
    expect(error.operationId).toBe('alternatives');
    expect(error.missing).toEqual([['apiKey'], ['headerKey']]);
    expect(error.message).toBe('alternatives needs credentials; nothing was sent: give `apiKey`, or `headerKey` when creating the client');
    expect(inspect(error, { depth: 8, showHidden: true })).not.toContain('the-session-value');
    expect(error.request?.headers.cookie).toBeUndefined();
    expect(server.seen).toHaveLength(0);
  });
});

describe('a token function', () => {
  it('is called before every attempt: a retry sends the refreshed token', async () => {
    let calls = 0;
    const oauth = async () => `token-${++calls}`;
    server.handle((_req, res, all) => (all.length === 1 ? json(res, 503, {}) : json(res, 200, { ok: true })));
    const { data } = await client({ oauth, maxRetries: 1 }).GET('/oauth');
    expect(data).toEqual({ ok: true });
    expect(calls).toBe(2);
    expect(seen().map((s) => s.authorization)).toEqual(['Bearer token-1', 'Bearer token-2']);
  });

  it('is not called for an operation that does not use it', async () => {
    let calls = 0;
    server.handle((_req, res) => json(res, 200, {}));
    await client({ oauth: () => `t${++calls}`, bearerAuth: 'b' }).GET('/public');
    expect(calls).toBe(0);
  });

  it('a token that cannot be a header value rejects the call, naming the option only', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const error = (await client({ oauth: () => 'bad\ntoken-value' })
      .GET('/oauth')
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(TypeError);
    expect(error.message).toMatch(/`oauth` gave a token/);
    expect(error.message).not.toContain('token-value');
    expect(server.seen).toHaveLength(0);
  });

  it('a rejection of the function is the call’s rejection; nothing is sent', async () => {
    const reason = new Error('identity provider down');
    await expect(client({ oauth: () => Promise.reject(reason) }).GET('/oauth')).rejects.toBe(reason);
    expect(server.seen).toHaveLength(0);
  });
});

describe('checked at construction, never quoted', () => {
  it.each<[string, Record<string, unknown>, RegExp]>([
    ['an empty token', { bearerAuth: '' }, /`bearerAuth` must be a non-empty string/],
    ['a header-breaking token', { bearerAuth: 'a\r\nx: SECRETVALUE' }, /`bearerAuth` must be a valid HTTP header value/],
    ['a cookie value with a semicolon', { session: 'a; admin=SECRETVALUE' }, /`session` must be a valid cookie value/],
    ['a lone surrogate in a query credential', { apiKey: 'SECRETVALUE\ud800' }, /`apiKey` must be well-formed Unicode/],
    ['basic without a password', { basic: { username: 'SECRETVALUE' } }, /`basic` must be \{ username, password \}/],
    ['basic with a colon in the username', { basic: { username: 'a:SECRETVALUE', password: 'p' } }, /`basic.username` must not contain ":"/],
    ['a number', { apiKey: 42 }, /`apiKey` must be a non-empty string/],
  ])('%s', (_name, options, want) => {
    let error: unknown;
    try {
      client(options);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(TypeError);
    expect((error as Error).message).toMatch(want);
    expect((error as Error).message).not.toContain('SECRETVALUE');
  });

  it('an option every operation needs is required', () => {
    const required: SpecFacts<string> = {
      ...facts,
      operations: [op('a', '/a', [['bearer_auth']]), op('b', '/b', [['bearer_auth', 'api_key'], ['bearer_auth']])],
    };
    expect(() => createRuntimeClient({ baseUrl: server.url, environment: 'test' } as never, required)).toThrow(/`bearerAuth` is required/);
    expect(() => createRuntimeClient({ baseUrl: server.url, environment: 'test', bearerAuth: 'b' } as never, required)).not.toThrow();
  });
});

// Credential values as a provider might issue them; header-safe, so every kind accepts them.
const credential = fc.string({
  minLength: 12,
  maxLength: 40,
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+/=!#$%&*'.split('')),
});

describe('redaction of every scheme kind', () => {
  it('no credential in hooks, errors or error answers, even when the server echoes them', async () => {
    server.handle((req, res) => {
      const echo = `${req.url} ${req.headers.authorization} ${req.headers.cookie} ${req.headers['x-key']}`;
      res.writeHead(500, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(echo) }).end(JSON.stringify({ echo }));
    });
    await fc.assert(
      fc.asyncProperty(
        fc.record({ bearer: credential, key: credential, session: credential, user: credential, password: credential, token: credential, header: credential }),
        async (v) => {
          const secrets = Object.values(v);
          fc.pre(new Set(secrets).size === secrets.length);
          const events: unknown[] = [];
          const hooks = { onRequest: (e: unknown) => events.push(e), onResponse: (e: unknown) => events.push(e), onRetry: (e: unknown) => events.push(e) };
          const api = client({
            bearerAuth: v.bearer,
            apiKey: v.key,
            session: v.session,
            basic: { username: v.user, password: v.password },
            oauth: async () => v.token,
            headerKey: v.header,
            hooks,
            maxRetries: 1,
          });
          const texts = [inspect(api, { depth: 6, showHidden: true })];
          for (const path of ['/bearer', '/query', '/cookie', '/basic', '/oauth', '/alternatives']) {
            const { error, response } = await api.GET(path);
            texts.push(JSON.stringify(error), [...response.headers].join(), response.url);
          }
          const missing = await client({ session: v.session, hooks })
            .GET('/alternatives')
            .catch((e: unknown) => e);
          texts.push(inspect(missing, { depth: 6, showHidden: true }), JSON.stringify(events), inspect(events, { depth: 6 }));
          const all = texts.join('\n');
          for (const secret of [...secrets, Buffer.from(`${v.user}:${v.password}`).toString('base64')]) {
            expect(all).not.toContain(secret);
            expect(all).not.toContain(encodeURIComponent(secret));
          }
          // The summaries name where the credentials went, redacted.
          expect(all).toContain('api_key=[redacted]');
          // Not vacuous: the server saw every credential.
          const sent = server.seen.map((s) => `${s.url} ${s.headers.authorization} ${s.headers.cookie} ${s.headers['x-key']}`).join('\n');
          expect(sent).toContain(`Bearer ${v.token}`);
          expect(sent).toContain(`sid=${v.session}`);
        },
      ),
      { numRuns: 15 },
    );
  });
});

describe('Basic credentials without Node built-ins', () => {
  it("encode the UTF-8 bytes in base64 exactly as Node's Buffer does, whatever the text (lone surrogates too)", () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 64 }), (text) => {
        expect(toBase64(text)).toBe(Buffer.from(text, 'utf8').toString('base64'));
      }),
    );
    expect(toBase64('user:pässwörd 🔑')).toBe('dXNlcjpww6Rzc3fDtnJkIPCflJE=');
  });

  it('credentials.ts imports nothing from node:*', () => {
    const text = readFileSync(path.resolve('templates/client/credentials.ts'), 'utf8');
    expect(text).not.toMatch(/from ['"]node:|require\(['"]node:|\bBuffer\./);
  });
});
