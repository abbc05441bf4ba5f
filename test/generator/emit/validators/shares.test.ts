/**
 * Issue #12, item 2: a large document's validators compile in shares, one per child process, and
 * the merged shares are exactly what one ajv compiling everything gives: byte-identical files for
 * any number of shares (so the output does not depend on the machine's cores), on documents with
 * recursion, mutual references (ajv then calls through a `wrapper` indirection whose side depends
 * on which schema it compiled first), `$ref`s into another component's properties from several
 * schemas, formats and patterns.
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { compiledEntries, compileShare, emitValidators, mergeShares, validatorEntries } from '../../../../generator/emit/validators/validators.js';
import { partitionEntries } from '../../../../generator/emit/validators/shares.js';
import { emitValidatorsInChildren } from '../../../../generator/emit/validators/process.js';
import type { OpenAPI3 } from 'openapi-typescript';

const CYCLES = {
  openapi: '3.1.0',
  info: { title: 'Shares fixture', version: '1.0.0' },
  paths: {
    '/pings': {
      post: {
        operationId: 'sendPing',
        requestBody: { content: { 'application/json': { schema: { $ref: '#/components/schemas/Ping' } } } },
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pong' } } } } },
        },
      },
    },
    '/labels': {
      get: {
        operationId: 'listLabels',
        parameters: [{ name: 'since', in: 'query', schema: { $ref: '#/components/schemas/Stamp/properties/at' } }],
        responses: {
          '200': { description: 'ok', content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Label' } } } } },
        },
      },
    },
  },
  components: {
    schemas: {
      Label: { type: 'object', properties: { when: { $ref: '#/components/schemas/Stamp/properties/at' }, text: { type: 'string', maxLength: 3 } } },
      Ping: { type: 'object', required: ['pong'], properties: { pong: { $ref: '#/components/schemas/Pong' }, stamp: { $ref: '#/components/schemas/Stamp' } } },
      Pong: { type: 'object', properties: { ping: { $ref: '#/components/schemas/Ping' }, when: { $ref: '#/components/schemas/Stamp/properties/at' } } },
      Stamp: { type: 'object', required: ['at'], properties: { at: { type: 'string', format: 'date-time' }, by: { type: 'string', pattern: '^[a-z]+$' } } },
      Tree: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      },
      Zone: { type: 'object', properties: { tree: { $ref: '#/components/schemas/Tree' }, label: { $ref: '#/components/schemas/Label/properties/text' } } },
    },
  },
};

const require = createRequire(import.meta.url);
const example = (doc: string) => require.resolve(`@readme/oas-examples/${doc}`);

/** The validators' files compiled in `count` shares (1: one ajv compiles everything). */
function inShares(document: OpenAPI3, count: number): Map<string, string> {
  const model = buildModel(document);
  const entries = validatorEntries(model);
  const shares = partitionEntries(model, entries, count).map((share) => compileShare(model, entries, share));
  return emitValidators(model, shares).files;
}

const bundled = async (file: string) => (await loadSpec(file)).document;

describe('validators compiled in shares', () => {
  const documents: [string, () => Promise<OpenAPI3> | OpenAPI3][] = [
    ['recursion and mutual references', () => structuredClone(CYCLES) as unknown as OpenAPI3],
    ['spec/openapi.yaml', () => bundled(path.join(TOOL_ROOT, 'spec', 'openapi.yaml'))],
    ['train-travel (3.1)', () => bundled(example('3.1/json/train-travel.json'))],
    ['petstore (3.0)', () => bundled(example('3.0/json/petstore-expanded.json'))],
  ];

  it.each(documents)('%s: 2, 3 and 7 shares give byte-identical files to one', async (_name, load) => {
    const document = await load();
    const one = inShares(document, 1);
    expect(one.size).toBeGreaterThan(3);
    for (const count of [2, 3, 7]) {
      const split = inShares(document, count);
      expect([...split.keys()].sort()).toEqual([...one.keys()].sort());
      for (const [file, text] of one) expect(split.get(file), `${file} with ${count} shares`).toBe(text);
    }
  });

  it('merges the same functions whichever schema of a cycle a share compiled first', () => {
    const model = buildModel(structuredClone(CYCLES) as unknown as OpenAPI3);
    const entries = validatorEntries(model);
    const index = (name: string) => entries.findIndex((e) => e.name === name);
    // Ping first: Pong is compiled while Ping is, and calls Ping through ajv's indirection; and the other way round.
    const pingFirst = compileShare(model, entries, [index('validatePing')]);
    const pongFirst = compileShare(model, entries, [index('validatePong')]);
    const names = (share: typeof pingFirst) => share.functions.map((f) => f.name).sort();
    expect(names(pingFirst)).toEqual(names(pongFirst));
    for (const fn of pingFirst.functions) {
      expect(pongFirst.functions.find((f) => f.name === fn.name)!.code).toBe(fn.code);
      expect(fn.code).not.toMatch(/\b(?:wrapper|root)\d+\b/);
    }
    const merged = mergeShares(entries, [pongFirst, pingFirst]);
    expect([...merged.exports.keys()]).toEqual(['validatePing', 'validatePong']);
  });

  it('refuses to merge one name given to two different functions or values (a hash collision)', () => {
    const model = buildModel(structuredClone(CYCLES) as unknown as OpenAPI3);
    const entries = validatorEntries(model);
    const share = compileShare(model, entries, [entries.findIndex((e) => e.name === 'validateStamp')]);
    const withFunction = structuredClone(share);
    withFunction.functions[0]!.code += '\n// other';
    expect(() => mergeShares(entries, [share, withFunction])).toThrow(/compiled to different code by two shares/);
    const withValue = structuredClone(share);
    const fn = withValue.functions.find((f) => f.values.length)!;
    fn.values[0]!.code = `${fn.values[0]!.code} `;
    expect(() => mergeShares(entries, [share, withValue])).toThrow(/hash to the same name/);
    expect(mergeShares(entries, [share, structuredClone(share)]).exports.get('validateStamp')).toBe(share.exports[0]![1]);
  });

  it('names a function by what it validates: editing one schema renames no other', () => {
    const before = buildModel(structuredClone(CYCLES) as unknown as OpenAPI3);
    const edited = structuredClone(CYCLES);
    edited.components.schemas.Label.properties.text.maxLength = 4;
    const after = buildModel(edited as unknown as OpenAPI3);
    const files = (model: typeof before) => {
      const entries = validatorEntries(model);
      return emitValidators(model, [compileShare(model, entries, compiledEntries(entries))]).files;
    };
    const [a, b] = [files(before), files(after)];
    const modules = (files: Map<string, string>) => [...files.keys()].filter((f) => /^dist\/compiled\/validate_/.test(f)).sort();
    expect(modules(b)).toEqual(modules(a));
    const changed = modules(a).filter((f) => a.get(f) !== b.get(f));
    // Label's own function, and the function for `Label/properties/text` that Zone calls.
    expect(changed).toHaveLength(2);
  });

  it('compiles in one share when ajv writes a schema differently by what it compiled first (unevaluatedProperties in a cycle)', async () => {
    const schema = (ref: string) => ({ type: 'object', properties: { b: { $ref: ref } } });
    const document = {
      openapi: '3.1.0',
      info: { title: 'Order', version: '1.0.0' },
      paths: Object.fromEntries(
        ['A', 'B'].map((name) => [
          `/${name}`,
          {
            post: {
              operationId: `post${name}`,
              requestBody: { content: { 'application/json': { schema: schema(`#/components/schemas/${name}`) } } },
              responses: { '204': { description: 'ok' } },
            },
          },
        ]),
      ),
      components: {
        schemas: {
          A: { allOf: [{ $ref: '#/components/schemas/B' }], properties: { x: { type: 'string' } }, unevaluatedProperties: false },
          B: { type: 'object', properties: { y: { type: 'integer' }, a: { $ref: '#/components/schemas/A' } } },
        },
      },
    } as unknown as OpenAPI3;
    const model = buildModel(document);
    const entries = validatorEntries(model);
    // Two ajv instances compiling A and B in opposite orders write A differently: merging them is refused...
    const [aFirst, bFirst] = [['validatePostARequest'], ['validatePostBRequest']].map((names) =>
      compileShare(
        model,
        entries,
        names.map((n) => entries.findIndex((e) => e.name === n)),
      ),
    );
    expect(() => mergeShares(entries, [aFirst!, bFirst!])).toThrow(/different code/);
    // ...so such a document compiles in one share, whatever the count asked for.
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'shares-'));
    const saved = process.env.TMPDIR;
    process.env.TMPDIR = tmp;
    try {
      const inChildren = await emitValidatorsInChildren(document, model, 3);
      expect(inChildren.files).toEqual(emitValidators(model).files);
      // The document handed to the children is gone once they have read it (tsx, which runs them here, keeps its cache there).
      expect(readdirSync(tmp).filter((f) => !f.startsWith('tsx-'))).toEqual([]);
    } finally {
      if (saved === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = saved;
      rmSync(tmp, { recursive: true, force: true });
    }
  });

  it('compiles in child processes to the same files as in this one', async () => {
    const document = structuredClone(CYCLES) as unknown as OpenAPI3;
    const model = buildModel(document);
    const inChildren = await emitValidatorsInChildren(document, model, 3);
    expect(inChildren.files).toEqual(inShares(document, 1));
    expect(inChildren.entries.map((e) => e.name)).toEqual(emitValidators(model).entries.map((e) => e.name));
  });
});
