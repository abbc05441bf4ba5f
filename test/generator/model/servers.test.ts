/** The model's environments: servers, their variables and names, with or without `x-environment`. */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../generator/model/model.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const environments = (servers: unknown) =>
  buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, ...(servers !== undefined && { servers }) } as never).environments;

describe('environment names', () => {
  it.each<[string, { given: unknown; want: string[] }]>([
    ['no servers: one environment, default', { given: undefined, want: ['default'] }],
    ['an empty list', { given: [], want: ['default'] }],
    ['one server without x-environment', { given: [{ url: 'https://a.invalid' }], want: ['default'] }],
    ['several without x-environment: by index', { given: [{ url: 'https://a.invalid' }, { url: 'https://b.invalid' }], want: ['server0', 'server1'] }],
    [
      'x-environment names them; untagged ones are left out',
      { given: [{ url: 'https://a.invalid', 'x-environment': 'live' }, { url: 'https://b.invalid' }], want: ['live'] },
    ],
    [
      '__proto__ and constructor are names like others',
      {
        given: [
          { url: 'x', 'x-environment': '__proto__' },
          { url: 'y', 'x-environment': 'constructor' },
        ],
        want: ['__proto__', 'constructor'],
      },
    ],
  ])('%s', (_name, { given, want }) => expect(environments(given).map((e) => e.name)).toEqual(want));
});

describe('server URLs and variables', () => {
  it('an absolute URL is the default base URL', () => {
    expect(environments([{ url: 'https://api.invalid/v1' }])[0]).toMatchObject({
      url: 'https://api.invalid/v1',
      variables: [],
      defaultBaseUrl: 'https://api.invalid/v1',
    });
  });

  it('variables with defaults fill the template; enums are kept', () => {
    const [env] = environments([
      { url: 'https://{region}.api.invalid/{version}', variables: { region: { default: 'eu', enum: ['eu', 'us'] }, version: { default: 'v2' } } },
    ]);
    expect(env).toMatchObject({
      variables: [
        { name: 'region', default: 'eu', enum: ['eu', 'us'] },
        { name: 'version', default: 'v2', enum: undefined },
      ],
      defaultBaseUrl: 'https://eu.api.invalid/v2',
    });
  });

  it.each<[string, unknown]>([
    ['an empty default', { url: '{base}', variables: { base: { default: '' } } }],
    ['an undeclared variable', { url: 'https://{tenant}.invalid' }],
    ['a relative URL', { url: '/api/v3' }],
    ['no servers', undefined],
  ])('no default base URL with %s', (_name, server) => {
    expect(environments(server === undefined ? undefined : [server])[0]!.defaultBaseUrl).toBeUndefined();
  });

  it.each<[string, { given: unknown; want: { pointer: string; message: string } }]>([
    [
      'a default outside the enum',
      {
        given: { url: '{r}', variables: { r: { default: 'x', enum: ['a'] } } },
        want: { pointer: '/servers/0/variables/r/default', message: 'must be one of the enum values' },
      },
    ],
    [
      'an empty enum',
      {
        given: { url: '{r}', variables: { r: { default: 'a', enum: [] } } },
        want: { pointer: '/servers/0/variables/r/enum', message: 'must be a non-empty array of strings' },
      },
    ],
    ['a URL that is not a string', { given: { url: 5 }, want: { pointer: '/servers/0/url', message: 'must be a string' } }],
  ])('refuses %s, located', (_name, { given, want }) => {
    let error: unknown;
    try {
      environments([given]);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).problems).toEqual([want]);
  });

  it('refuses two servers with one name', () => {
    expect(() =>
      environments([
        { url: 'a', 'x-environment': 'x' },
        { url: 'b', 'x-environment': 'x' },
      ]),
    ).toThrow(/environment "x" is declared twice/);
  });
});
