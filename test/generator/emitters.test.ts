import { describe, expect, it } from 'vitest';
import { pascalCase, typeName, assertUnique, fileStem, propertyKey, uniqueStems } from '../../generator/lib/names.js';
import { toJsonSchema, refToShared, componentId, componentsWithWriteRules, sentComponentId, type ConvertOptions } from '../../generator/emit/validators/json-schema.js';
import { emitValidators, isGapSchema, requiresToImports } from '../../generator/emit/validators/validators.js';
import { constraints, conditionText, demandText, typeLabel } from '../../generator/emit/docs/schema.js';
import { cell, code, fence, headingText, markdown, text } from '../../generator/emit/docs/markdown.js';
import { buildModel } from '../../generator/model/model.js';
import { withBanner } from '../../generator/output/banner.js';
import { compileSources } from '../../generator/compile/compile.js';
import { commentSafe, GenerationError } from '../../generator/lib/problems.js';

const link = (name: string) => `${name}.md`;

describe('names', () => {
  it.each<[string, { given: string; want: string }]>([
    ['kebab case', { given: 'screener-response_payout', want: 'ScreenerResponsePayout' }],
    ['camel case keeps inner capitals', { given: 'listProjects', want: 'ListProjects' }],
    ['leading digit', { given: '2fa-code', want: '_2faCode' }],
    ['dots', { given: 'api.v1.Thing', want: 'ApiV1Thing' }],
  ])('pascalCase: %s', (_name, { given, want }) => expect(pascalCase(given)).toBe(want));

  it.each<[string, { given: string; want: string }]>([
    ['identifier kept', { given: 'Project', want: 'Project' }],
    ['lower first letter raised', { given: 'project', want: 'Project' }],
    ['not an identifier', { given: 'simple-user', want: 'SimpleUser' }],
  ])('typeName: %s', (_name, { given, want }) => expect(typeName(given)).toBe(want));

  it('assertUnique names both sources of a collision', () => {
    expect(() => assertUnique('type', [{ identifier: 'FooBar', pointer: '/a' }, { identifier: 'FooBar', pointer: '/b' }])).toThrow(/"FooBar" collides with the one generated for #\/a/);
    expect(() => assertUnique('type', [{ identifier: 'A', pointer: '/a' }, { identifier: 'B', pointer: '/b' }])).not.toThrow();
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

describe('markdown escaping', () => {
  it.each<[string, { given: unknown; want: string }]>([
    ['ordinary text kept', { given: 'List projects', want: 'List projects' }],
    ['intraword underscore kept', { given: 'SCREENER_RESPONSES.CREATED', want: 'SCREENER_RESPONSES.CREATED' }],
    ['html as entities', { given: '<img src=x onerror=alert(1)>', want: '&lt;img src=x onerror=alert(1)&gt;' }],
    ['heading and line breaks', { given: 'a\n# b\rc', want: 'a \\# b c' }],
    ['table pipes and backslashes', { given: 'a|b\\', want: 'a\\|b\\\\' }],
    ['emphasis, links, code', { given: '*x* _y_ [z](j:) `w`', want: '\\*x\\* \\_y\\_ \\[z\\](j:) \\`w\\`' }],
    ['list marker at the start', { given: '- item', want: '\\- item' }],
    ['ordered marker at the start', { given: '1. item', want: '1\\. item' }],
    ['version number kept', { given: '1.0', want: '1.0' }],
  ])('text: %s', (_name, { given, want }) => expect(text(given)).toBe(want));

  it.each<[string, { given: string; want: string }]>([
    ['markdown kept', { given: '**bold** and `<T>`', want: '**bold** and `<T>`' }],
    ['allowed inline tags kept', { given: 'a<br>b <b>c</b> <a href="https://x.test">d</a>', want: 'a<br>b <b>c</b> <a href="https://x.test">d</a>' }],
    ['other tags escaped', { given: '<script>x</script><img src=x onerror=y>', want: '&lt;script>x&lt;/script>&lt;img src=x onerror=y>' }],
    ['javascript link escaped', { given: '<a href="javascript:x">d</a>', want: '&lt;a href="javascript:x">d</a>' }],
    ['entity-encoded scheme escaped', { given: '<a href="javascript&#58;x">d</a>', want: '&lt;a href="javascript&#58;x">d</a>' }],
    ['unclosed fence closed', { given: 'a\n\n````js\nx', want: 'a\n\n````js\nx\n````' }],
    ['html inside a fence kept as code', { given: '```\n<script>\n```', want: '```\n<script>\n```' }],
    ['heading shown as text', { given: 'a\n\n## b\n\nc\n===', want: 'a\n\n\\## b\n\nc\n\\===' }],
    ['markdown link to https kept', { given: '[docs](https://x.test) and ![i](img.png)', want: '[docs](https://x.test) and ![i](img.png)' }],
    ['markdown javascript link: no link left', { given: 'see [me](javascript:alert(1))', want: 'see \\[me](javascript:alert(1))' }],
    ['reference-style javascript link: no link left', { given: '[r][1]\n\n[1]: JavaScript:alert(2)', want: '\\[r]\\[1]\n\n\\[1]: JavaScript:alert(2)' }],
    ['javascript image: no image left', { given: '![i](javascript:x)', want: '!\\[i](javascript:x)' }],
    ['code span split by a table pipe: every < escaped', { given: '| `a | <b onclick=x> | c` |\n|---|---|---|', want: '| `a | &lt;b onclick=x> | c` |\n|---|---|---|' }],
  ])('markdown: %s', (_name, { given, want }) => expect(markdown(given)).toBe(want));

  it('cell keeps a description on one line and its table cell', () => {
    expect(cell('a | b\r\n\r\n<script>c</script>\rd')).toBe('a \\| b<br><br>&lt;script>c&lt;/script> d');
    expect(cell('# heading')).toBe('\\# heading');
    expect(cell('[x](vbscript:y)')).toBe('\\[x](vbscript:y)');
  });

  it.each<[string, { given: string; want: string }]>([
    ['spaces and tabs trimmed', { given: ' \tlistItems\t ', want: 'listItems' }],
    ['line breaks folded', { given: 'a\nb\rc', want: 'a b c' }],
    ['a no-break space kept, as CommonMark keeps it (so the anchor matches)', { given: '!\u00a0', want: '!\u00a0' }],
  ])('headingText: %s', (_name, { given, want }) => expect(headingText(given)).toBe(want));

  it('fence is longer than any backtick run inside', () => {
    expect(fence('ts', 'a ``` b')).toBe('````ts\na ``` b\n````');
    expect(fence('json', '{}')).toBe('```json\n{}\n```');
  });
});

describe('toJsonSchema', () => {
  const o31 = { openapi30: false, keepDiscriminator: true };
  const o30 = { openapi30: true, keepDiscriminator: false };
  it.each<[string, { given: unknown; options: ConvertOptions; want: unknown }]>([
    ['component $ref points at the component\'s own $id', { given: { $ref: '#/components/schemas/Project' }, options: o31, want: { $ref: componentId('Project') } }],
    ['x- extensions and annotations dropped, custom keywords kept', { given: { type: 'string', 'x-source-gap': 'g', description: 'd', 'x-unique-item-properties': ['id'] }, options: o31, want: { type: 'string', 'x-unique-item-properties': ['id'] } }],
    ['a write-time keyword dropped from what is returned', { given: { type: 'string', 'x-future-date-time': true }, options: o31, want: { type: 'string' } }],
    ['a write-time keyword kept in what is sent, a $ref to a component reaching one pointed at its sent variant', { given: { properties: { a: { type: 'string', 'x-future-date-time': true }, b: { $ref: '#/components/schemas/D' }, c: { $ref: '#/components/schemas/E/properties/x' } } }, options: { ...o31, sent: new Set(['D']) }, want: { properties: { a: { type: 'string', 'x-future-date-time': true }, b: { $ref: sentComponentId('D') }, c: { $ref: `${componentId('E')}#/properties/x` } } } }],
    ['property named like a keyword survives', { given: { properties: { description: { type: 'string' }, 'x-id': { type: 'number' } } }, options: o31, want: { properties: { description: { type: 'string' }, 'x-id': { type: 'number' } } } }],
    ['discriminator mapping removed', { given: { oneOf: [], discriminator: { propertyName: 'k', mapping: { a: '#/x' } } }, options: o31, want: { oneOf: [], discriminator: { propertyName: 'k' }, type: 'object' } }],
    ['3.0 nullable type', { given: { type: 'string', nullable: true }, options: o30, want: { type: ['string', 'null'] } }],
    ['3.0 nullable enum gains null', { given: { type: 'string', enum: ['a'], nullable: true }, options: o30, want: { type: ['string', 'null'], enum: ['a', null] } }],
    ['3.0 nullable $ref', { given: { $ref: '#/components/schemas/A', nullable: true }, options: o30, want: { anyOf: [{ $ref: componentId('A') }, { type: 'null' }] } }],
    ['3.0 boolean exclusiveMinimum', { given: { type: 'number', minimum: 5, exclusiveMinimum: true }, options: o30, want: { type: 'number', exclusiveMinimum: 5 } }],
    ['3.0 exclusiveMaximum false dropped', { given: { type: 'number', maximum: 5, exclusiveMaximum: false }, options: o30, want: { type: 'number', maximum: 5 } }],
    ['boolean schemas stay', { given: { properties: { a: false } }, options: o31, want: { properties: { a: false } } }],
  ])('%s', (_name, { given, options, want }) => expect(toJsonSchema(given, options)).toEqual(want));

  it('refuses $refs that do not name a component schema', () => {
    expect(() => refToShared('#/paths/~1a')).toThrow(/unsupported \$ref/);
    expect(refToShared('#/components/schemas/a~1b')).toBe(componentId('a/b'));
  });

  it('skips, with a located warning, a validator whose custom keyword has a malformed value', () => {
    const schemas = { Empty: { type: 'array', 'x-unique-item-properties': [[]] }, Fine: { type: 'array', 'x-unique-item-properties': [['a', 'b']] } };
    const out = emitValidators(buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } } as never));
    expect(out.warnings).toEqual([expect.stringMatching(/^validator skipped: #\/components\/schemas\/Empty: .*x-unique-item-properties/)]);
    expect(out.entries.map((e) => e.name)).toEqual(['validateFine']);
  });

  it('finds the components that reach a write-time keyword through $refs, cycles included, and only those', () => {
    const schemas = {
      Deadline: { properties: { endsAt: { type: 'string', 'x-future-date-time': true } } },
      Task: { properties: { deadline: { $ref: '#/components/schemas/Deadline' }, parent: { $ref: '#/components/schemas/Task' } } },
      List: { items: { $ref: '#/components/schemas/Task/properties/deadline' } },
      Loop: { properties: { next: { $ref: '#/components/schemas/Loop' } } },
      Plain: { type: 'string', enum: ['x-future-date-time'] },
    };
    expect([...componentsWithWriteRules(schemas)].sort()).toEqual(['Deadline', 'List', 'Task']);
  });
});

describe('validators emitter helpers', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ['gap only', { given: { 'x-source-gap': 'Shape not shown.' }, want: true }],
    ['gap with prose', { given: { description: 'd', title: 't', 'x-source-gap': 'g' }, want: true }],
    ['absent', { given: undefined, want: true }],
    ['typed', { given: { type: 'object' }, want: false }],
    ['reference', { given: { $ref: '#/components/schemas/A' }, want: false }],
  ])('isGapSchema: %s', (_name, { given, want }) => expect(isGapSchema(given)).toBe(want));

  it('requiresToImports turns every require into one ESM import per module', () => {
    const given = '"use strict";\nconst a = require("ajv-formats/dist/formats").fullFormats.uri;\nconst b = require("ajv/dist/runtime/ucs2length").default;\nconst c = require("ajv-formats/dist/formats").fullFormats["date-time"];';
    const out = requiresToImports(given);
    expect(out).toContain('import * as __dep0ns from "ajv-formats/dist/formats.js";');
    expect(out).toContain('import * as __dep1ns from "ajv/dist/runtime/ucs2length.js";');
    expect(out).toContain('const __dep1 = __cjs(__dep1ns);');
    expect(out).not.toContain('require(');
    expect(out).toContain('const c = __dep0.fullFormats["date-time"]');
  });
});

describe('docs fragments', () => {
  it.each<[string, { given: unknown; want: string }]>([
    ['reference', { given: { $ref: '#/components/schemas/Project' }, want: '[Project](Project.md)' }],
    ['array of reference', { given: { type: 'array', items: { $ref: '#/components/schemas/Skill' } }, want: 'array of [Skill](Skill.md)' }],
    ['nullable string escapes the pipe', { given: { type: ['string', 'null'] }, want: 'string \\| null' }],
    ['gap', { given: { 'x-source-gap': 'not shown' }, want: '_not shown_' }],
    ['const', { given: { const: 'v2' }, want: '`v2`' }],
    ['union', { given: { oneOf: [{ $ref: '#/components/schemas/A' }, { $ref: '#/components/schemas/B' }] }, want: 'one of [A](A.md), [B](B.md)' }],
    ['false schema', { given: false, want: 'not accepted' }],
  ])('typeLabel: %s', (_name, { given, want }) => expect(typeLabel(given, link)).toBe(want));

  it.each<[string, { given: unknown; want: string[] }]>([
    ['string length', { given: { minLength: 3, maxLength: 50 }, want: ['3 to 50 characters'] }],
    ['number range', { given: { minimum: 5, maximum: 1000 }, want: ['5 to 1000'] }],
    ['items max', { given: { type: 'array', maxItems: 30 }, want: ['at most 30 items'] }],
    ['custom keywords', { given: { 'x-future-date-time': true, format: 'date-time' }, want: ['format `date-time`', 'must lie in the future when sent (checked on requests, not on answers)'] }],
    ['unique item property', { given: { 'x-unique-item-properties': ['id'] }, want: ['`id` unique across items'] }],
    ['unique item properties together', { given: { 'x-unique-item-properties': ['id', ['group', 'segment']] }, want: ['`id`, `group` and `segment` together unique across items'] }],
    ['an item with fixed values only last', { given: { 'x-last-item-only': { required: ['end'], properties: { end: { const: true } } } }, want: ['an item with `end` `true` only as the last item'] }],
    ['an item matching any other schema only last', { given: { 'x-last-item-only': { type: 'string' } }, want: ['an item matching `{"type":"string"}` only as the last item'] }],
    ['short enum listed', { given: { enum: ['a', 'b'] }, want: ['one of `a`, `b`'] }],
    ['long enum counted', { given: { enum: Array.from({ length: 20 }, (_, i) => `v${i}`) }, want: ['one of 20 values'] }],
  ])('constraints: %s', (_name, { given, want }) => expect(constraints(given)).toEqual(want));

  it.each<[string, { given: string; want: string }]>([
    ['backticks inside', { given: 'a`b', want: '``a`b``' }],
    ['pipes escaped', { given: 'a|b', want: '`a\\|b`' }],
    ['edge backtick padded', { given: '`x', want: '`` `x ``' }],
    ['line breaks folded', { given: 'a\r\nb\rc', want: '`a b c`' }],
  ])('code: %s', (_name, { given, want }) => expect(code(given)).toBe(want));

  it('cell joins lines and escapes pipes', () => {
    expect(cell('one\ntwo | three\n\nfour')).toBe('one two \\| three<br><br>four');
  });

  it('conditions and demands read as sentences', () => {
    expect(conditionText({ required: ['typeOfResearch'], properties: { typeOfResearch: { const: 'inPerson' } } })).toBe('`typeOfResearch` is `inPerson`');
    expect(conditionText({ properties: { m: { not: { enum: ['a', 'b'] } } } })).toBe('`m` is not one of `a`, `b`');
    expect(demandText({ required: ['x'], properties: { y: false, z: { properties: { w: { const: false } } } } })).toEqual(['requires `x`', 'refuses `y`', '`z.w` must be `false`']);
  });
});

describe('model', () => {
  const doc = (paths: Record<string, unknown>, components: Record<string, unknown> = {}) =>
    ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas: components } }) as never;
  const list = { type: 'object', required: ['page', 'pageSize', 'results'], properties: { page: { type: 'number' }, pageSize: { type: 'number' }, results: { type: 'array', items: {} } } };
  const ok = (schema: unknown) => ({ get: { operationId: 'listThings', responses: { '200': { description: 'x', content: { 'application/json': { schema } } } } } });

  it.each<[string, { given: unknown; want: boolean }]>([
    ['inline wrapper', { given: list, want: true }],
    ['referenced wrapper', { given: { $ref: '#/components/schemas/L' }, want: true }],
    ['results not required', { given: { ...list, required: ['page', 'pageSize'] }, want: false }],
    ['plain array', { given: { type: 'array', items: {} }, want: false }],
  ])('paginated detection: %s', (_name, { given, want }) => {
    expect(buildModel(doc({ '/things': ok(given) }, { L: list })).operations[0]!.paginated).toBe(want);
  });

  it('rejects duplicate operationIds with both pointers', () => {
    const err = (() => {
      try {
        buildModel(doc({ '/a': ok(list), '/b': ok(list) }));
      } catch (e) {
        return e as GenerationError;
      }
      throw new Error('expected an error');
    })();
    expect(err).toBeInstanceOf(GenerationError);
    expect(err.problems[0]).toMatchObject({ pointer: '/paths/~1b/get/operationId' });
    expect(err.message).toContain('also at #/paths/~1a/get');
  });

  it('reads environments and limits from x-environment servers', () => {
    const m = buildModel({ ...(doc({}) as object), servers: [{ url: '{b}', 'x-environment': 'staging', 'x-rate-limit': { requestsPerSecond: 50, burst: 100, dailyQuota: 200000 } }, { url: 'x' }] } as never);
    expect(m.environments).toEqual([
      { name: 'staging', pointer: '/servers/0', description: '', url: '{b}', variables: [{ name: 'b', default: '', enum: undefined }], defaultBaseUrl: undefined, requestsPerSecond: 50, burst: 100, dailyQuota: 200000 },
    ]);
  });
});

describe('banner', () => {
  it.each<[string, { given: string; want: RegExp }]>([
    ['TypeScript', { given: 'src/a.ts', want: /^\/\/ Generated .* Do not edit/ }],
    ['Markdown', { given: 'docs/a.md', want: /^<!-- Generated .* Do not edit.* -->/ }],
  ])('%s', (_name, { given, want }) => expect(withBanner(given, 'x')).toMatch(want));
  it('JSON is left to carry its own "//" key', () => expect(withBanner('package.json', '{}')).toBe('{}'));
});

describe('generated comments', () => {
  it.each<[string, { given: string; want: string }]>([
    ['closing sequence escaped', { given: 'Partner */ API', want: 'Partner *\\/ API' }],
    ['plain text unchanged', { given: 'Partner API', want: 'Partner API' }],
  ])('commentSafe: %s', (_name, { given, want }) => expect(commentSafe(given)).toBe(want));
});

describe('compileSources', () => {
  it('emits JavaScript and declarations; types-only files keep their source as declarations', () => {
    const out = compileSources(new Map([
      ['src/a.ts', 'export const double = (n: number): number => n * 2;\n'],
      ['src/schema.ts', 'export interface paths { a: string }\n'],
    ]));
    expect(out.get('dist/a.js')).toBe('export const double = (n) => n * 2;\n');
    expect(out.get('dist/a.d.ts')).toBe('export declare const double: (n: number) => number;\n');
    expect(out.get('dist/schema.js')).toBe('export {};\n');
    expect(out.get('dist/schema.d.ts')).toBe('export interface paths { a: string }\n');
  });

  it.each<[string, { given: string; want: RegExp }]>([
    ['syntax error', { given: 'export const = 1;', want: /src\/bad\.ts:1:14: .*TS1134/ }],
    ['export without the annotation isolated declarations need', { given: 'export const xs = [1].map((x) => x);', want: /src\/bad\.ts:1:14: .*explicit type annotation.*TS9010/ }],
  ])('reports %s with its place', (_name, { given, want }) => {
    expect(() => compileSources(new Map([['src/bad.ts', given]]))).toThrow(want);
  });
});
