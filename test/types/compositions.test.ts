/**
 * Issue #10 item 5, "the quota `target` type is as precise as the spec", for any document: a
 * composition branch that only requires properties gets the parent's schemas of them, and `anyOf`
 * beside a schema's own keywords is intersected with them, not united. A crafted document is
 * generated into a temp dir and a consumer file is type-checked strictly against it; the
 * validators keep the document's meaning.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, typeCheck } from '../generator/support/generate-and-check.js';

const SPEC = `openapi: 3.1.0
info: {title: Compositions, version: '1'}
paths:
  /targets:
    patch:
      operationId: setTarget
      requestBody:
        content:
          application/json:
            schema: {$ref: '#/components/schemas/Target'}
      responses:
        '200':
          description: The size, the unit, or both.
          content:
            application/json:
              schema:
                type: object
                properties:
                  size: {type: integer}
                  unit: {type: string}
                oneOf:
                  - required: [size]
                  - required: [unit]
components:
  schemas:
    Target:
      type: object
      properties:
        value: {type: number}
        op: {type: string}
      anyOf:
        - required: [value]
        - required: [op]
          properties: {op: {const: track}}
      examples:
        - anyOf: [{required: [value]}]
    Limits:
      type: object
      properties: {min: {type: integer}, max: {type: integer}}
      allOf:
        - required: [min]
`;

/** Every line marked @ts-expect-error must fail to compile, every other line must compile. */
const CONSUMER = `import type { Limits, Target, paths } from '../dist/types.js';
type Answer = paths['/targets']['patch']['responses'][200]['content']['application/json'];
export const value: Target = { value: 8 };
export const track: Target = { op: 'track' };
export const both: Target = { value: 8, op: 'track' };
// @ts-expect-error a string is not an object
export const word: Target = 'eight';
// @ts-expect-error neither value nor op
export const empty: Target = {};
// @ts-expect-error op must be "track" when value is absent
export const min: Target = { op: 'min' };
export const limits: Limits = { min: 1 };
// @ts-expect-error min is required by the allOf branch
export const noMin: Limits = { max: 1 };
export const size: Answer = { size: 1 };
// @ts-expect-error the answer has a size or a unit
export const none: Answer = {};
`;

let dir: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'type-compositions-'));
  writeFileSync(path.join(dir, 'spec.yaml'), SPEC);
  const { code, output } = await generateInto(path.join(dir, 'spec.yaml'), path.join(dir, 'out'));
  expect(code, output).toBe(0);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('composition branches in the types', () => {
  it('type exactly the objects the schema accepts, strictly type-checked', async () => {
    const out = path.join(dir, 'out');
    writeFileSync(path.join(out, 'src', 'consumer.ts'), CONSUMER);
    expect(await typeCheck(out, ['src/consumer.ts'])).toBe('');
  });

  it('leave examples as written: only schemas are rewritten', () => {
    const schema = readFileSync(path.join(dir, 'out', 'src', 'schema.ts'), 'utf8');
    expect(schema).toMatch(/"anyOf": \[\s*\*\s*\{\s*\*\s*"required": \[\s*\*\s*"value"\s*\*\s*\]\s*\*\s*\}/);
  });

  it('leave the validators to the document as written', async () => {
    const { validateTarget, validateLimits } = await import(pathToFileURL(path.join(dir, 'out', 'dist', 'validators.js')).href);
    expect([{ value: 8 }, { op: 'track' }, { op: 'x', value: 1 }].map((v) => validateTarget(v))).toEqual([true, true, true]);
    expect([{}, { op: 'min' }, 'eight'].map((v) => validateTarget(v))).toEqual([false, false, false]);
    expect([validateLimits({ min: 1 }), validateLimits({ max: 1 })]).toEqual([true, false]);
  });
});
