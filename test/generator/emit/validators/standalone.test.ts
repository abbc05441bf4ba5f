/**
 * What the shipped validators leave out of ajv's standalone code (emit/validators/standalone.ts): schema
 * literals pruned to what the code reads, the call context no function reads, `schemaPath`, the
 * source-URL comments; and generation fails instead of shipping code of a shape it does not know.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { safeStringify } from 'ajv/dist/compile/codegen/code.js';
import { describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators, requiresToImports } from '../../../../generator/emit/validators/validators.js';
import { errorHelperName, mergeReadPaths, prunedLiteral, shippedCode, type ReadPaths } from '../../../../generator/emit/validators/standalone.js';
import type { OpenAPI3 } from 'openapi-typescript';

const paths = (code: string, names: string[]): Map<string, ReadPaths> => shippedCode(code, new Set(names)).reads;

describe('schema literals pruned to what the code reads', () => {
  const schema = {
    $id: 'x',
    description: 'long prose',
    properties: { kind: { enum: ['a', 'b'], description: 'more prose' }, 'odd"key': { type: ['string', 'null'] } },
    allOf: [{ title: 't' }, { then: { enum: [1] } }],
  };

  it('keeps exactly the paths read, array items nobody reads as null', () => {
    const code =
      'function v(data){ if (x) f({allowedValues: schema9.properties.kind.enum}); g(schema9.properties["odd\\"key"].type, schema9.allOf[1].then.enum); }';
    const reads = paths(code, ['schema9']).get('schema9')!;
    expect(JSON.parse(prunedLiteral(schema, reads, safeStringify))).toEqual({
      properties: { kind: { enum: ['a', 'b'] }, 'odd"key': { type: ['string', 'null'] } },
      allOf: [null, { then: { enum: [1] } }],
    });
  });

  it('keeps the whole value when the code uses it bare, through a computed index, or past a leaf', () => {
    expect(prunedLiteral(schema, paths('h(schema9);', ['schema9']).get('schema9')!, safeStringify)).toBe(safeStringify(schema));
    expect(JSON.parse(prunedLiteral(schema, paths('h(schema9.allOf[i0]);', ['schema9']).get('schema9')!, safeStringify))).toEqual({ allOf: schema.allOf });
    expect(JSON.parse(prunedLiteral(schema, paths('h(schema9.properties.kind.enum.length);', ['schema9']).get('schema9')!, safeStringify))).toEqual({
      properties: { kind: { enum: ['a', 'b'] } },
    });
  });

  it('reads nothing inside strings, nor other names that start alike', () => {
    expect(paths('h("schema9.description", schema91.x, a.schema9.y);', ['schema9']).size).toBe(0);
  });

  it('merges what several functions read', () => {
    const merged = mergeReadPaths(paths('h(schema9.a.b);', ['schema9']).get('schema9')!, paths('h(schema9.a.c); h(schema9.d);', ['schema9']).get('schema9')!);
    expect(JSON.parse(prunedLiteral({ a: { b: 1, c: 2, e: 3 }, d: 4, f: 5 }, merged, safeStringify))).toEqual({ a: { b: 1, c: 2 }, d: 4 });
  });

  it("leaves no schema's prose in our package's compiled validators", () => {
    const dist = path.join(TOOL_ROOT, 'generated', 'dist');
    const single = readFileSync(path.join(dist, 'validators.compiled.js'), 'utf8');
    expect(single).not.toMatch(/"description":|"\$id":|schemaPath|sourceURL|parentData|rootData|require\(/);
  });
});

describe('shorter statements for what every compiled function repeats', () => {
  const error = (path: string, keyword: string, params: string) =>
    `const err0 = {instancePath:${path},schemaPath:"#/x",keyword:"${keyword}",params:${params}};if(vErrors === null){vErrors = [err0];}else {vErrors.push(err0);}errors++;`;

  it('stores each error through a helper of its shape, a closed-set parameter written in the helper', () => {
    const { code, errorHelpers } = shippedCode(
      `function v(data, {instancePath=""}={}){${error('instancePath+"/a"', 'type', '{type: "string"}')}${error('instancePath', 'required', '{missingProperty: "a b"}')}}`,
      new Set(),
    );
    expect(code).toContain('__error_type_type$3d$string(vErrors, instancePath+"/a");');
    expect(code).toContain('__error_required_missingProperty(vErrors, instancePath, "a b");');
    expect(errorHelpers.get('__error_type_type$3d$string')).toContain('{ instancePath, keyword: "type", params: { type: "string" } }');
    expect(errorHelpers.get('__error_required_missingProperty')).toContain('{ instancePath, keyword: "required", params: { missingProperty: p0 } }');
  });

  it('names one helper per shape, whatever the characters of keywords and parameters', () => {
    expect(errorHelperName('false schema', [])).toBe('__error_false$20$schema');
    expect(errorHelperName('a_b', ['c'])).not.toBe(errorHelperName('a', ['b_c']));
    expect(errorHelperName('a', ['b$5f$c'])).not.toBe(errorHelperName('a', ['b_c']));
  });

  it('keeps the generic call for an error whose parameters it cannot read', () => {
    const { code, errorHelpers } = shippedCode(`function v(data, {instancePath=""}={}){${error('instancePath', 'x-odd', '{value: f(a, b)}')}}`, new Set());
    expect(code).toContain('__error(vErrors, instancePath, "x-odd", {value: f(a, b)});');
    expect(errorHelpers.size).toBe(0);
  });

  it('passes the instance path on its own, other context fields in an object after it', () => {
    const { code } = shippedCode(
      'function v(data, {instancePath="", parentData, parentDataProperty, rootData=data, dynamicAnchors={}}={}){ w(data.a, {instancePath:instancePath+"/a",parentData:data,parentDataProperty:"a",rootData,dynamicAnchors}); w(data, {instancePath}); }',
      new Set(),
    );
    expect(code).toBe('function v(data, instancePath="", {dynamicAnchors={}}={}){ w(data.a, instancePath+"/a", {dynamicAnchors}); w(data, instancePath); }');
  });

  it('refuses a context passed in another shape', () => {
    expect(() => shippedCode('function v(data, {instancePath=""}={}){ w(data, {instancePath:instancePath+"/a",odd:{x:1}}); }', new Set())).toThrow(
      /passes its call context in an unknown way/,
    );
  });

  it("tests a function's value for an object once, unless the function assigns it", () => {
    const test = 'data && typeof data == "object" && !Array.isArray(data)';
    const body = `if(${test}){a();}if(${test}){b();}`;
    expect(shippedCode(`function v(data){let vErrors = null;${body}}`, new Set()).code).toBe(
      'function v(data){let vErrors = null;const __dataIsObject = data && typeof data == "object" && !__isArray(data);if(__dataIsObject){a();}if(__dataIsObject){b();}}',
    );
    expect(shippedCode(`function v(data){let vErrors = null;data = 1;${body}}`, new Set()).code).not.toContain('__dataIsObject');
    // A string that reads like the test is no test.
    expect(shippedCode(`function v(data){let vErrors = null;f("${test.replaceAll('"', '\\"')}");if(${test}){a();}}`, new Set()).code).not.toContain(
      '__dataIsObject',
    );
  });
});

describe("ajv's CommonJS helpers", () => {
  it("come from the package's ES modules where it ships them, else from their CommonJS module", () => {
    const code = [
      'const formats0 = require("ajv-formats/dist/formats").fullFormats["date-time"];',
      'const formats1 = require("ajv-formats/dist/formats").fullFormats.uri;',
      'const formats2 = require("ajv-formats/dist/formats").fullFormats["not-a-format"];',
      'const func0 = require("ajv/dist/runtime/ucs2length").default;',
      'const func1 = require("ajv/dist/runtime/uri").default;',
    ].join('\n');
    const out = requiresToImports(code, { runtime: './runtime/' });
    expect(out).toContain('import { "date-time" as __rt0, "uri" as __rt1 } from "./runtime/ajv-formats.js";');
    expect(out).toContain('import { "ucs2length" as __rt2 } from "./runtime/ajv-runtime.js";');
    expect(out).toContain('const formats2 = __dep0.fullFormats["not-a-format"];');
    expect(out).toContain('import * as __dep1ns from "ajv/dist/runtime/uri.js";');
    expect(out).not.toContain('require(');
  });
});

describe('generation fails on code of an unknown shape', () => {
  it('refuses code that reads the call context it drops', () => {
    expect(() => shippedCode('function v(data, {instancePath="", parentData}={}){ if (parentData) return 1; }', new Set())).toThrow(/reads its call context/);
  });

  it('refuses an error stored another way', () => {
    expect(() => shippedCode('const err0 = {instancePath};\nvErrors.push(err0);', new Set())).toThrow(/collects errors in an unknown way/);
  });

  it('compiles a document with a property named like the context and the error fields', () => {
    const schemas = {
      Odd: { type: 'object', required: ['parentData', 'rootData', 'schemaPath'], properties: { parentData: { type: 'string' }, rootData: { enum: ['x'] } } },
    };
    const document = { openapi: '3.1.0', info: { title: 'Odd', version: '1.0.0' }, paths: {}, components: { schemas } };
    const out = emitValidators(buildModel(document as unknown as OpenAPI3));
    expect(out.warnings).toEqual([]);
    expect(out.files.get('dist/validators.compiled.js')).toContain('"parentData"');
  });
});
