/**
 * The shipped validators (emit/validators/standalone.ts `shippedCode`: error helpers, the instance path
 * as a parameter, long enums tested with a `Set`, the object test hoisted, unread `missing`
 * variables dropped) judge every value as ajv's own runtime compile of the same schemas: the same
 * validity and the same errors (instance path, keyword, parameters, in order; past
 * MAX_COLLECTED_ERRORS the same count), in both builds (one file, one module per function). The
 * schemas hold what those rewrites touch: failing `if`/`then`/`else`, `oneOf`, `$ref` chains, long
 * and short enums, a required property named `""`, lists with more errors than are stored.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { createAjv } from '../../../../generator/emit/validators/ajv.js';
import { componentId, componentSchemas } from '../../../../generator/emit/validators/json-schema.js';
import { LONG_ENUM, MAX_COLLECTED_ERRORS } from '../../../../generator/emit/validators/standalone.js';
import type { OpenAPI3 } from 'openapi-typescript';

type Compiled = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string; params: unknown }[] | null };

const TAGS = Array.from({ length: LONG_ENUM + 2 }, (_, i) => `tag${i}`);
const SCHEMAS: Record<string, unknown> = {
  Tag: { type: 'string', enum: TAGS },
  Size: { enum: ['s', 'm', 1, null] },
  Item: {
    type: 'object',
    required: ['id', 'tag'],
    properties: {
      id: { type: 'string', minLength: 1, pattern: '^[a-z]+$' },
      tag: { $ref: '#/components/schemas/Tag' },
      size: { $ref: '#/components/schemas/Size' },
      count: { type: 'integer', minimum: 0, maximum: 10 },
      ratio: { type: 'number', exclusiveMaximum: 1 },
      at: { type: ['string', 'null'], format: 'date-time' },
      kinds: { type: 'array', maxItems: 2, items: { type: 'string', enum: TAGS } },
      // A long enum read through a name that is no identifier.
      'we"ird.key': { enum: [...TAGS, 7, null] },
    },
  },
  Alias: { $ref: '#/components/schemas/Chain' },
  Chain: { $ref: '#/components/schemas/Item' },
  Conditional: {
    type: 'object',
    properties: { kind: { enum: ['a', 'b'] }, a: { type: 'array', items: { type: 'string' } }, b: { type: 'integer' } },
    if: { required: ['kind'], properties: { kind: { const: 'a' } } },
    then: { required: ['a'], properties: { a: { minItems: 1 } } },
    else: { required: ['b'] },
    allOf: [
      { if: { required: ['', 'kind'] }, then: { required: ['b'] } },
      { if: { properties: { b: { enum: TAGS } } }, then: { properties: { kind: { const: 'b' } } } },
    ],
  },
  Choice: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'integer' }, { $ref: '#/components/schemas/Alias' }] },
  List: { type: 'object', required: ['items'], properties: { items: { type: 'array', items: { $ref: '#/components/schemas/Alias' } } } },
};
const NAMES = Object.keys(SCHEMAS);

let dir: string;
/** Each validator of each build: ajv's runtime compile, the one-file build, the modules' build. */
const builds: Record<'runtime' | 'single' | 'modules', Record<string, Compiled>> = { runtime: {}, single: {}, modules: {} };

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'validators-equivalence-'));
  const document = { openapi: '3.1.0', info: { title: 'Equivalence', version: '1.0.0' }, paths: {}, components: { schemas: SCHEMAS } };
  const out = emitValidators(buildModel(document as unknown as OpenAPI3));
  expect(out.warnings).toEqual([]);
  for (const [file, text] of out.files) {
    if (!file.endsWith('.js')) continue;
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  // The package's runtime modules the compiled code imports (ajv's helpers as ES modules).
  mkdirSync(path.join(dir, 'dist', 'runtime'));
  for (const name of ['ajv-formats', 'ajv-runtime']) {
    const source = readFileSync(path.join(TOOL_ROOT, 'templates', 'client', `${name}.ts`), 'utf8');
    writeFileSync(
      path.join(dir, 'dist', 'runtime', `${name}.js`),
      ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText,
    );
  }
  writeFileSync(path.join(dir, 'package.json'), '{"type":"module"}');
  const load = async (file: string) => (await import(pathToFileURL(path.join(dir, file)).href)) as Record<string, Compiled>;
  const [single, modules] = [await load('dist/validators.compiled.js'), await load('dist/compiled/index.js')];
  const ajv = createAjv();
  ajv.addSchema(componentSchemas(SCHEMAS, { openapi30: false, keepDiscriminator: true }));
  for (const name of NAMES) {
    builds.runtime[name] = ajv.getSchema(componentId(name)) as unknown as Compiled;
    builds.single[name] = single[`validate${name}`]!;
    builds.modules[name] = modules[`validate${name}`]!;
  }
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** What a validation said: validity, the error count, and each stored error without ajv's message and schema path. */
function verdict(validate: Compiled, value: unknown) {
  const valid = validate(value);
  const errors = validate.errors ?? [];
  const stored = Math.min(errors.length, MAX_COLLECTED_ERRORS);
  return { valid, count: errors.length, errors: errors.slice(0, stored).map((e) => ({ instancePath: e.instancePath, keyword: e.keyword, params: e.params })) };
}

function judgeAlike(value: unknown): void {
  for (const name of NAMES) {
    const want = verdict(builds.runtime[name]!, value);
    expect(verdict(builds.single[name]!, value), `${name} (one file) on ${JSON.stringify(value)?.slice(0, 200)}`).toEqual(want);
    expect(verdict(builds.modules[name]!, value), `${name} (modules) on ${JSON.stringify(value)?.slice(0, 200)}`).toEqual(want);
  }
}

const item = fc.record(
  {
    id: fc.oneof(fc.constantFrom('abc', '', 'A1'), fc.integer()),
    tag: fc.oneof(fc.constantFrom(...TAGS, 'nope', TAGS[TAGS.length - 1]!), fc.integer()),
    size: fc.constantFrom('s', 'm', 1, null, 'l', 2, true),
    count: fc.oneof(fc.integer({ min: -2, max: 12 }), fc.double({ noNaN: true }), fc.string()),
    ratio: fc.oneof(fc.double({ min: 0, max: 2, noNaN: true }), fc.constant(1)),
    at: fc.oneof(fc.constant(null), fc.constant('2026-01-01T00:00:00Z'), fc.string(), fc.integer()),
    kinds: fc.array(fc.oneof(fc.constantFrom(...TAGS), fc.string(), fc.integer()), { maxLength: 4 }),
    'we"ird.key': fc.constantFrom(TAGS[4], 7, null, '7', 0, false),
  },
  { requiredKeys: [] },
);
const conditional = fc.record(
  {
    kind: fc.constantFrom('a', 'b', 'c', 1),
    a: fc.oneof(fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }), fc.string()),
    b: fc.oneof(fc.integer(), fc.constantFrom(...TAGS)),
    '': fc.constant(0),
  },
  { requiredKeys: [] },
);
const value = fc.oneof(
  item,
  conditional,
  fc.record({ items: fc.array(fc.oneof(item, fc.jsonValue()), { maxLength: 5 }) }),
  fc.jsonValue(),
  fc.string({ maxLength: 5 }),
  fc.integer(),
);

describe('the shipped validators judge as ajv compiling the same schemas at run time', () => {
  it('are compiled with every rewrite this compares', () => {
    const single = readFileSync(path.join(dir, 'dist', 'validators.compiled.js'), 'utf8');
    expect(single).toMatch(/function \w+\(data, instancePath="\w*"\)/);
    expect(single).toMatch(/__error_type_type\$3d\$string\(vErrors, instancePath\)/);
    expect(single).toMatch(/const (\w+) = new Set\(\w+\.(?:properties\.kinds\.items\.)?enum\);[\s\S]*\b\1\.has\(data\d*\)/);
    expect(single).toMatch(/const __dataIsObject = /);
    // `if: {required: [kind]}` notes no missing property; `['', 'kind']` keeps its note of `""`.
    expect(single).toMatch(/if\(\(data\.kind === undefined\)\)/);
    expect(single).toMatch(/missing\d+ = ""/);
    expect(single).not.toMatch(/\{instancePath[:=]|__error\(vErrors/);
  });

  it('on random values of every shape the schemas test: validity and every error, in order', () => {
    fc.assert(
      fc.property(value, (v) => judgeAlike(v)),
      { numRuns: 400 },
    );
  });

  it('on chosen ones: failing if/then/else, oneOf matching none or two, a property named "", a $ref chain', () => {
    for (const v of [
      { kind: 'a' },
      { kind: 'a', a: [] },
      { kind: 'b' },
      { '': 1, kind: 'b' },
      { '': 1, kind: 'a', a: ['x'], b: TAGS[0] },
      { b: TAGS[3], kind: 'a' },
      'abcd',
      'ab',
      { id: 'x', tag: TAGS[0] },
      { id: 'x', tag: 'nope', kinds: ['a', 'b', 'c'], at: 'yesterday', count: 11, ratio: 1, size: 'l' },
      null,
    ]) {
      judgeAlike(v);
    }
  });

  it(`on lists with more errors than the ${MAX_COLLECTED_ERRORS} stored: the same first errors and the same count`, () => {
    const items = Array.from({ length: 700 }, (_, i) => (i % 3 === 0 ? { id: 'ok', tag: TAGS[1] } : { id: '', tag: 'nope', kinds: [1] }));
    const verdicts = verdict(builds.single.List!, { items });
    expect(verdicts.count).toBeGreaterThan(MAX_COLLECTED_ERRORS);
    judgeAlike({ items });
  });
});
