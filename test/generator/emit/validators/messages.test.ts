/**
 * The shipped validators carry no error messages and a shorter error object (emit/validators/standalone.ts,
 * `messages: false`): the runtime builds each message from the keyword and parameters
 * (templates/client/validation.ts `ajvMessage`). For one failing value per keyword, the problems of
 * the shipped code equal those of ajv compiling the same schema at run time with its own messages:
 * same pointers, keywords, parameters and words. A keyword ajv adds in a new version fails the
 * coverage check until it has a case here.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { createAjv, DYNAMIC_KEYWORDS, UNEVALUATED_KEYWORDS, usesKeywords } from '../../../../generator/emit/validators/ajv.js';
import { writeTimeKeywords } from '../../../../generator/emit/validators/keywords.js';
import { ajvMessage, toProblems, type CompiledValidator } from '../../../../templates/client/validation.js';
import type { OpenAPI3 } from 'openapi-typescript';

/** Keyword → a schema and a value failing it (other keywords may fail too: every problem is compared). */
const CASES: Record<string, [schema: Record<string, unknown>, data: unknown][]> = {
  type: [
    [{ type: 'string' }, 1],
    [{ type: ['string', 'null'] }, 1],
    // Dynamic anchors passed along (ajv's `dynamicRef`), in a document that needs them.
    [
      { $dynamicAnchor: 'node', type: 'object', properties: { name: { type: 'string' }, children: { type: 'array', items: { $dynamicRef: '#node' } } } },
      { children: [{ name: 1 }] },
    ],
  ],
  required: [[{ type: 'object', required: ['id', "it's", 'a",schemaPath:"#",keyword:"x'] }, {}]],
  enum: [
    [{ enum: ['a', 'b'] }, 'c'],
    [{ enum: Array.from({ length: 13 }, (_, i) => `v${i}`) }, 'x'],
    // Enums read from the schema literal by a path through names that are not identifiers.
    [{ type: 'object', properties: { 'we"ird.key': { enum: ['x', 'y'] }, schema1: { enum: [1, 2] } } }, JSON.parse('{"we\\"ird.key":"z","schema1":3}')],
  ],
  const: [[{ const: { a: 1 } }, { a: 2 }]],
  additionalProperties: [
    [
      { type: 'object', properties: { a: {} }, additionalProperties: false },
      { a: 1, b: 2 },
    ],
  ],
  unevaluatedProperties: [
    [
      { type: 'object', allOf: [{ properties: { a: {} } }], unevaluatedProperties: false },
      { a: 1, b: 2 },
    ],
  ],
  items: [[{ type: 'array', prefixItems: [{ type: 'string' }], items: false }, ['a', 'b']]],
  unevaluatedItems: [[{ type: 'array', prefixItems: [{}], unevaluatedItems: false }, [1, 2]]],
  maximum: [[{ maximum: 3 }, 4]],
  minimum: [[{ minimum: 3 }, 2]],
  exclusiveMaximum: [[{ exclusiveMaximum: 3 }, 3]],
  exclusiveMinimum: [[{ exclusiveMinimum: 3 }, 3]],
  formatMaximum: [[{ type: 'string', format: 'date', formatMaximum: '2020-01-01' }, '2021-01-01']],
  formatMinimum: [[{ type: 'string', format: 'date', formatMinimum: '2020-01-01' }, '2019-01-01']],
  formatExclusiveMaximum: [[{ type: 'string', format: 'date', formatExclusiveMaximum: '2020-01-01' }, '2020-01-01']],
  formatExclusiveMinimum: [[{ type: 'string', format: 'date', formatExclusiveMinimum: '2020-01-01' }, '2020-01-01']],
  multipleOf: [[{ multipleOf: 0.5 }, 0.3]],
  maxLength: [[{ maxLength: 1 }, 'ab']],
  minLength: [[{ minLength: 3 }, 'ab']],
  pattern: [[{ pattern: '^a"\\d$' }, 'b']],
  format: [
    [{ format: 'date-time' }, 'yesterday'],
    [{ format: 'int32' }, 2 ** 40],
  ],
  maxProperties: [[{ maxProperties: 1 }, { a: 1, b: 2 }]],
  minProperties: [[{ minProperties: 2 }, { a: 1 }]],
  maxItems: [[{ maxItems: 1 }, [1, 2]]],
  minItems: [[{ minItems: 2 }, [1]]],
  uniqueItems: [[{ uniqueItems: true }, [1, 2, 1]]],
  contains: [
    [{ contains: { type: 'string' } }, [1]],
    [{ contains: { type: 'string' }, minContains: 2, maxContains: 3 }, ['a']],
  ],
  dependentRequired: [
    [{ dependentRequired: { a: ['b'] } }, { a: 1 }],
    [{ dependentRequired: { a: ['b', 'c'] } }, { a: 1 }],
  ],
  dependencies: [[{ dependencies: { a: ['b', 'c'] } }, { a: 1 }]],
  propertyNames: [[{ type: 'object', propertyNames: { maxLength: 1 } }, { ab: 1 }]],
  not: [[{ not: { type: 'string' } }, 'a']],
  anyOf: [[{ anyOf: [{ type: 'string' }, { type: 'number' }] }, null]],
  oneOf: [[{ oneOf: [{ type: 'number' }, { type: 'integer' }] }, 1]],
  if: [[{ if: { type: 'string' }, then: { minLength: 2 }, else: { type: 'number' } }, 'a']],
  discriminator: [
    [
      { type: 'object', discriminator: { propertyName: 'kind' }, required: ['kind'], oneOf: [{ type: 'object', properties: { kind: { const: 'a' } } }] },
      { kind: 1 },
    ],
    [
      { type: 'object', discriminator: { propertyName: 'kind' }, required: ['kind'], oneOf: [{ type: 'object', properties: { kind: { const: 'a' } } }] },
      { kind: 'b' },
    ],
  ],
  'x-future-date-time': [[{ type: 'string', 'x-future-date-time': true }, '2000-01-01T00:00:00Z']],
  'x-unique-item-properties': [
    [{ type: 'array', 'x-unique-item-properties': ['id'] }, [{ id: 'a' }, { id: 'b' }, { id: 'a' }]],
    // A pair of properties compared together: only the repeated pair is a problem.
    [
      { type: 'array', 'x-unique-item-properties': [['group', 'segment']] },
      [
        { group: 'g', segment: 's' },
        { group: 'g', segment: 't' },
        { group: 'g', segment: 's' },
      ],
    ],
  ],
  // Each item matching the schema but the last, and nothing of what the others fail.
  'x-last-item-only': [
    [
      { type: 'array', items: { type: 'object' }, 'x-last-item-only': { required: ['end'], properties: { end: { const: true } } } },
      [{ end: true }, { end: false }, 3, { end: true }, { end: true }],
    ],
  ],
};
/** Keywords without a case: they report no error of their own. */
const NO_ERRORS_OF_THEIR_OWN = new Set([
  '$ref',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  '$recursiveAnchor',
  '$comment',
  'id',
  'nullable',
  'allOf',
  'then',
  'else',
  'properties',
  'patternProperties',
  'prefixItems',
  'dependentSchemas',
  'maxContains',
  'minContains',
]);

const flat = Object.entries(CASES).flatMap(([keyword, cases]) =>
  cases.map(([schema, data], i) => ({ name: `Case${keyword.replace(/\W/g, '')}${i}`, keyword, schema, data })),
);

const sentName = (name: string) => `send${name}`;

let dir: string;
let shipped: Record<string, CompiledValidator>;

/**
 * The validators of `cases` as shipped: one document, its one-file build in `dir`. Cases that need
 * evaluated properties or dynamic anchors go in a document of their own, so that the others compile
 * without them, as most documents do.
 */
async function compileShipped(name: string, cases: typeof flat): Promise<Record<string, CompiledValidator>> {
  // A write-time keyword is compiled into what is sent only: a request body of its own.
  const paths = Object.fromEntries(
    cases
      .filter((c) => writeTimeKeywords.has(c.keyword))
      .map((c) => [
        `/${c.name}`,
        {
          post: {
            operationId: sentName(c.name),
            requestBody: { content: { 'application/json': { schema: { $ref: `#/components/schemas/${c.name}` } } } },
            responses: { '204': { description: 'none' } },
          },
        },
      ]),
  );
  const document = {
    openapi: '3.1.0',
    info: { title: 'Messages', version: '1.0.0' },
    paths,
    components: { schemas: Object.fromEntries(cases.map((c) => [c.name, c.schema])) },
  };
  const out = emitValidators(buildModel(document as unknown as OpenAPI3));
  expect(out.warnings).toEqual([]);
  const file = path.join(dir, `${name}.js`);
  writeFileSync(file, out.files.get('dist/validators.compiled.js')!);
  return (await import(pathToFileURL(file).href)) as Record<string, CompiledValidator>;
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'validation-messages-'));
  symlinkSync(path.join(TOOL_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // The package's runtime modules the compiled code imports (ajv's helpers as ES modules).
  mkdirSync(path.join(dir, 'runtime'));
  for (const name of ['ajv-formats', 'ajv-runtime']) {
    const source = readFileSync(path.join(TOOL_ROOT, 'templates', 'client', `${name}.ts`), 'utf8');
    writeFileSync(
      path.join(dir, 'runtime', `${name}.js`),
      ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
    );
  }
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const needsTracking = (c: (typeof flat)[number]) => usesKeywords(new Set([...UNEVALUATED_KEYWORDS, ...DYNAMIC_KEYWORDS]), c.schema);
  shipped = {
    ...(await compileShipped(
      'plain',
      flat.filter((c) => !needsTracking(c)),
    )),
    ...(await compileShipped('tracking', flat.filter(needsTracking))),
  };
  const plain = readFileSync(path.join(dir, 'plain.js'), 'utf8');
  expect(plain).not.toMatch(/evaluated|dynamicAnchors/);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("the shipped validators' problems are ajv's own", () => {
  it('has a case for every keyword ajv reports errors of', () => {
    const ajv = createAjv();
    const keywords = Object.keys(ajv.RULES.all).filter((k) => !NO_ERRORS_OF_THEIR_OWN.has(k));
    expect(keywords.filter((k) => !(k in CASES))).toEqual([]);
  });

  it.each(flat.map((c) => [c.name, c] as const))('%s: same pointers, keywords, parameters and messages', (_name, c) => {
    const runtime = createAjv().compile(c.schema);
    expect(runtime(c.data)).toBe(false);
    const compiled = shipped[writeTimeKeywords.has(c.keyword) ? `validate${sentName(c.name).replace(/^s/, 'S')}Request` : `validate${c.name}`]!;
    expect(compiled(c.data)).toBe(false);
    expect(runtime.errors!.map((e) => e.keyword)).toContain(c.keyword);
    const want = toProblems(runtime.errors, Infinity);
    expect(toProblems(compiled.errors, Infinity)).toEqual(want);
    // The runtime's words, not merely its own: each message is ajv's for that keyword.
    for (const e of runtime.errors ?? []) expect(ajvMessage(e.keyword, e.params)).toBe(e.message);
  });
});
