/** Identifiers and file names (generator/lib/names.ts): types from schema names, collisions named, file stems safe on every file system, keys that never set a prototype. */
import { describe, expect, it } from 'vitest';
import { assertUnique, fileStem, pascalCase, propertyKey, typeName, uniqueStems } from '../../../generator/lib/names.js';

describe('names', () => {
  it.each<[string, { given: string; want: string }]>([
    ['kebab case', { given: 'screener-response_payout', want: 'ScreenerResponsePayout' }],
    ['camel case keeps inner capitals', { given: 'listProjects', want: 'ListProjects' }],
    ['leading digit', { given: '2fa-code', want: '_2faCode' }],
    ['dots', { given: 'api.v1.Thing', want: 'ApiV1Thing' }],
    // Unicode letters are letters (issue #29 item 9): not `CrErProjet`, and not `_` for both of 作成 and 削除.
    ['accented letters', { given: 'créer-projet', want: 'CréerProjet' }],
    ['letters without case', { given: '作成', want: '作成' }],
    ['a decomposed accent is composed', { given: 'cre\u0301er', want: 'Créer' }],
    ['a digit that is not a decimal one separates', { given: 'a①b', want: 'AB' }],
  ])('pascalCase: %s', (_name, { given, want }) => expect(pascalCase(given)).toBe(want));

  it.each<[string, { given: string; want: string }]>([
    ['identifier kept', { given: 'Project', want: 'Project' }],
    ['lower first letter raised', { given: 'project', want: 'Project' }],
    ['not an identifier', { given: 'simple-user', want: 'SimpleUser' }],
    ['a Unicode identifier kept', { given: 'projetCréé', want: 'ProjetCréé' }],
  ])('typeName: %s', (_name, { given, want }) => expect(typeName(given)).toBe(want));

  it('assertUnique names both sources of a collision', () => {
    expect(() =>
      assertUnique('type', [
        { identifier: 'FooBar', pointer: '/a' },
        { identifier: 'FooBar', pointer: '/b' },
      ]),
    ).toThrow(/"FooBar" collides with the one generated for #\/a/);
    expect(() =>
      assertUnique('type', [
        { identifier: 'A', pointer: '/a' },
        { identifier: 'B', pointer: '/b' },
      ]),
    ).not.toThrow();
  });
});

describe('names of files and keys', () => {
  it.each<[string, { given: string; want: string }]>([
    ['ordinary name kept', { given: 'ScreenerQuestion', want: 'ScreenerQuestion' }],
    ['path segments', { given: '../../../../tmp/x', want: 'tmp-x' }],
    ['separators and markup', { given: 'a/b\\c<d>', want: 'a-b-c-d' }],
    ['leading dots', { given: '..hidden', want: 'hidden' }],
    ['unicode letters kept', { given: 'Überblick', want: 'Überblick' }],
    ['nothing usable', { given: '<>', want: '' }],
  ])('fileStem: %s', (_name, { given, want }) => expect(fileStem(given)).toBe(want));

  it('uniqueStems: unique case-insensitively, in order, never reserved or a Windows device name', () => {
    const stems = uniqueStems(['User', 'user', 'users', 'USER', 'index', 'con', '<>'], fileStem, { fallback: 'schema', reserved: ['index'] });
    expect([...stems.values()]).toEqual(['User', 'user-2', 'users', 'USER-3', 'index-2', 'con-2', 'schema']);
  });

  it('uniqueStems: letters equal in upper case collide (ſ and s, ς and σ), and a device name with an extension is avoided', () => {
    const stems = uniqueStems(['status', 'ſtatus', 'σx', 'ςx', 'con.md', 'lpt1.txt'], fileStem, { fallback: 'schema' });
    expect([...stems.values()]).toEqual(['status', 'ſtatus-2', 'σx', 'ςx-2', 'con-2.md', 'lpt1-2.txt']);
  });

  it('propertyKey computes __proto__ (a plain key would set the prototype)', () => {
    expect(propertyKey('__proto__')).toBe('["__proto__"]');
    expect(propertyKey('staging')).toBe('"staging"');
    expect(Object.keys(new Function(`return { ${propertyKey('__proto__')}: 1 }`)())).toEqual(['__proto__']);
  });
});
