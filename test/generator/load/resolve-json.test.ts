/**
 * A JSON document is parsed with `JSON.parse` (resolve.ts `parseJsonObject`), and must read exactly
 * as Redocly's YAML parser reads it; text YAML would refuse (a name twice in one object) is left to
 * that parser, which says where.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { parseYaml } from '@redocly/openapi-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../generator/load/load.js';
import { parseJsonObject } from '../../../generator/load/resolve.js';

const require = createRequire(import.meta.url);

describe('parseJsonObject', () => {
  it('reads third-party documents exactly as the YAML parser does', () => {
    for (const doc of ['3.0/json/petstore-expanded.json', '3.1/json/train-travel.json', '3.0/json/complex-nesting.json']) {
      const text = readFileSync(require.resolve(`@readme/oas-examples/${doc}`), 'utf8');
      expect(parseJsonObject(text), doc).toEqual(parseYaml(text));
    }
  });

  it('reads any JSON object as the YAML parser does, escapes and `":` inside strings included', () => {
    const key = fc.string({ unit: 'grapheme', maxLength: 6 }).map((k) => (k === '__proto__' ? 'proto' : k));
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.constantFrom('":', '\\":', '{"a":1}'),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.array(tie('node'), { maxLength: 3 }),
        fc.dictionary(key, tie('node'), { maxKeys: 3 }),
      ),
    })).node;
    fc.assert(
      fc.property(fc.dictionary(key, value, { maxKeys: 5 }), fc.boolean(), (object, pretty) => {
        const text = JSON.stringify(object, null, pretty ? 2 : undefined);
        expect(parseJsonObject(text)).toEqual(parseYaml(text));
      }),
      { numRuns: 300 },
    );
  });

  it('leaves a name given twice, YAML, arrays and broken JSON to the YAML parser', () => {
    expect(parseJsonObject('{"a": 1, "b": {"c": 2, "c": 3}}')).toBeUndefined();
    expect(parseJsonObject('{"a": "x\\":", "a": 2}')).toBeUndefined();
    expect(parseJsonObject('openapi: 3.1.0')).toBeUndefined();
    expect(parseJsonObject('[1, 2]')).toBeUndefined();
    expect(parseJsonObject('{"a": 1,}')).toBeUndefined();
    expect(parseJsonObject(' {"a": {"b": [1, {"c": null}]}}')).toEqual({ a: { b: [1, { c: null }] } });
  });

  it('a JSON spec with a name twice is refused where the name repeats', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'resolve-json-'));
    try {
      const spec = path.join(dir, 'openapi.json');
      writeFileSync(spec, '{\n  "openapi": "3.1.0",\n  "info": {"title": "t", "version": "1"},\n  "paths": {},\n  "paths": {}\n}\n');
      await expect(loadSpec(spec)).rejects.toThrow(/openapi.json:5:3: .*Map keys must be unique/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
