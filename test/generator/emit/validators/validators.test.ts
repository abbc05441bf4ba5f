/** The validators emitter's helpers and its warnings (generator/emit/validators/validators.ts). */
import { describe, expect, it } from 'vitest';
import { emitValidators, isGapSchema, requiresToImports } from '../../../../generator/emit/validators/validators.js';
import { buildModel } from '../../../../generator/model/model.js';

describe('validators emitter', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ['gap only', { given: { 'x-source-gap': 'Shape not shown.' }, want: true }],
    ['gap with prose', { given: { description: 'd', title: 't', 'x-source-gap': 'g' }, want: true }],
    ['absent', { given: undefined, want: true }],
    ['typed', { given: { type: 'object' }, want: false }],
    ['reference', { given: { $ref: '#/components/schemas/A' }, want: false }],
  ])('isGapSchema: %s', (_name, { given, want }) => expect(isGapSchema(given)).toBe(want));

  it('requiresToImports turns every require into one ESM import per module', () => {
    const given =
      '"use strict";\nconst a = require("ajv-formats/dist/formats").fullFormats.uri;\nconst b = require("ajv/dist/runtime/ucs2length").default;\nconst c = require("ajv-formats/dist/formats").fullFormats["date-time"];';
    const out = requiresToImports(given);
    expect(out).toContain('import * as __dep0ns from "ajv-formats/dist/formats.js";');
    expect(out).toContain('import * as __dep1ns from "ajv/dist/runtime/ucs2length.js";');
    expect(out).toContain('const __dep1 = __cjs(__dep1ns);');
    expect(out).not.toContain('require(');
    expect(out).toContain('const c = __dep0.fullFormats["date-time"]');
  });

  it('skips, with a located warning, a validator whose custom keyword has a malformed value', () => {
    const schemas = { Empty: { type: 'array', 'x-unique-item-properties': [[]] }, Fine: { type: 'array', 'x-unique-item-properties': [['a', 'b']] } };
    const out = emitValidators(buildModel({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths: {}, components: { schemas } } as never));
    expect(out.warnings).toEqual([expect.stringMatching(/^validator skipped: #\/components\/schemas\/Empty: .*x-unique-item-properties/)]);
    expect(out.entries.map((e) => e.name)).toEqual(['validateFine']);
  });
});
