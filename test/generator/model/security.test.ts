/** The model's security: schemes → client options, requirements per operation (document-wide, overridden, `[]`). */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../generator/model/model.js';
import { GenerationError } from '../../../generator/lib/problems.js';
import { camelCase, CLIENT_OPTION_NAMES, credentialOptionNames } from '../../../generator/model/security.js';
import { RUNTIME_OPTIONS } from '../../../templates/client/client.js';

const response = { responses: { '200': { description: 'ok' } } };

function model(extra: Record<string, unknown>) {
  return buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, ...extra } as never);
}

function generationError(build: () => unknown): GenerationError {
  try {
    build();
  } catch (e) {
    if (e instanceof GenerationError) return e;
    throw e;
  }
  throw new Error('expected a GenerationError');
}

describe('client option names', () => {
  it.each<[string, { given: string; want: string }]>([
    ['already camelCase', { given: 'apiKey', want: 'apiKey' }],
    ['snake_case', { given: 'api_key', want: 'apiKey' }],
    ['PascalCase', { given: 'ApiKeyAuth', want: 'apiKeyAuth' }],
    ['kebab-case', { given: 'Bearer-Auth', want: 'bearerAuth' }],
    ['dots and spaces', { given: 'petstore auth.v2', want: 'petstoreAuthV2' }],
    ['capitals', { given: 'API_KEY', want: 'apiKey' }],
    ['an acronym', { given: 'APIKeyHeader', want: 'apiKeyHeader' }],
  ])('camelCase: %s', (_name, { given, want }) => expect(camelCase(given)).toBe(want));

  it.each<[string, { given: string[]; want: string[] }]>([
    ['plain names', { given: ['apiKey', 'api_secret', 'bearer'], want: ['apiKey', 'apiSecret', 'bearer'] }],
    [
      "one of the client's own options",
      { given: ['fetch', 'baseUrl', 'hooks', 'environment'], want: ['credentialFetch', 'credentialBaseUrl', 'credentialHooks', 'credentialEnvironment'] },
    ],
    ['an inherited name', { given: ['constructor', 'toString', '__proto__'], want: ['credentialConstructor', 'credentialToString', 'proto'] }],
    ['a leading digit', { given: ['2fa'], want: ['credential2fa'] }],
    ['nothing usable', { given: ['ключ'], want: ['credential'] }],
    ['a collision with an earlier scheme', { given: ['api_key', 'apiKey'], want: ['apiKey', 'credentialApiKey'] }],
  ])('%s', (_name, { given, want }) => expect([...credentialOptionNames(given).values()]).toEqual(want));

  it('never gives a client option name to a credential', () => {
    const options = credentialOptionNames(CLIENT_OPTION_NAMES);
    for (const option of options.values()) expect(CLIENT_OPTION_NAMES).not.toContain(option);
  });

  it("knows every option the client's runtime takes as its own (templates/client/client.ts)", () => {
    expect(CLIENT_OPTION_NAMES).toEqual(expect.arrayContaining([...RUNTIME_OPTIONS]));
  });

  it('refuses a name that still collides, located at the scheme', () => {
    const error = generationError(() => credentialOptionNames(['api_key', 'apiKey', 'API-KEY']));
    expect(error.problems).toEqual([{ pointer: '/components/securitySchemes/API-KEY', message: expect.stringContaining('would be "credentialApiKey"') }]);
  });
});

describe('security schemes and requirements', () => {
  const schemes = {
    key: { type: 'apiKey', in: 'query', name: 'api_key' },
    session: { type: 'apiKey', in: 'cookie', name: 'sid' },
    bearer_auth: { type: 'http', scheme: 'Bearer' },
    basic: { type: 'http', scheme: 'basic' },
    digest: { type: 'http', scheme: 'Digest' },
    oauth: { type: 'oauth2', flows: {} },
    oidc: { type: 'openIdConnect', openIdConnectUrl: 'https://id.invalid' },
    cert: { type: 'mutualTLS' },
  };

  it('reads each kind with its option', () => {
    const m = model({ components: { securitySchemes: schemes } });
    expect(m.securitySchemes.map((s) => [s.name, s.option, s.kind])).toEqual([
      ['key', 'key', { type: 'apiKey', in: 'query', name: 'api_key' }],
      ['session', 'session', { type: 'apiKey', in: 'cookie', name: 'sid' }],
      ['bearer_auth', 'bearerAuth', { type: 'bearer' }],
      ['basic', 'basic', { type: 'basic' }],
      ['digest', 'digest', { type: 'http', scheme: 'Digest' }],
      ['oauth', 'oauth', { type: 'bearer' }],
      ['oidc', 'oidc', { type: 'bearer' }],
      ['cert', undefined, { type: 'mutualTLS' }],
    ]);
  });

  it('gives each operation its own security, else the document-wide one; [] is none', () => {
    const m = model({
      components: { securitySchemes: schemes },
      security: [{ bearer_auth: [] }],
      paths: {
        '/inherits': { get: response },
        '/overrides': { get: { ...response, security: [{ key: [] }, { session: [], basic: [] }] } },
        '/public': { get: { ...response, security: [] } },
        '/optional': { get: { ...response, security: [{}, { oauth: ['read'] }] } },
      },
    });
    expect(m.security).toEqual([['bearer_auth']]);
    expect(Object.fromEntries(m.operations.map((o) => [o.path, o.security]))).toEqual({
      '/inherits': [['bearer_auth']],
      '/overrides': [['key'], ['session', 'basic']],
      '/public': [],
      '/optional': [[], ['oauth']],
    });
  });

  it('a document without security needs no credentials', () => {
    expect(model({ paths: { '/a': { get: response } } }).operations[0]!.security).toEqual([]);
  });

  it.each<[string, { given: Record<string, unknown>; want: { pointer: string; message: RegExp }[] }]>([
    ['an undeclared scheme, document-wide', { given: { security: [{ nope: [] }] }, want: [{ pointer: '/security/0/nope', message: /names no scheme/ }] }],
    [
      'an undeclared scheme in an operation',
      {
        given: { paths: { '/a': { get: { ...response, security: [{ 'a/b': [] }] } } } },
        want: [{ pointer: '/paths/~1a/get/security/0/a~1b', message: /names no scheme/ }],
      },
    ],
    [
      'apiKey without a place',
      {
        given: { components: { securitySchemes: { k: { type: 'apiKey', name: 'x' } } } },
        want: [{ pointer: '/components/securitySchemes/k/in', message: /header", "query" or "cookie/ }],
      },
    ],
    [
      'apiKey with a bad header name',
      {
        given: { components: { securitySchemes: { k: { type: 'apiKey', in: 'header', name: 'x y' } } } },
        want: [{ pointer: '/components/securitySchemes/k/name', message: /header name/ }],
      },
    ],
    [
      'http without a scheme',
      {
        given: { components: { securitySchemes: { h: { type: 'http' } } } },
        want: [{ pointer: '/components/securitySchemes/h/scheme', message: /scheme name/ }],
      },
    ],
    [
      'an unknown type',
      {
        given: { components: { securitySchemes: { u: { type: 'magic' } } } },
        want: [{ pointer: '/components/securitySchemes/u/type', message: /must be apiKey/ }],
      },
    ],
  ])('refuses %s, located', (_name, { given, want }) => {
    const error = generationError(() => model(given));
    expect(error.problems).toEqual(want.map((w) => ({ pointer: w.pointer, message: expect.stringMatching(w.message) })));
  });
});
