/**
 * A discriminated `oneOf` judges as the `oneOf` it stands for. ajv's `discriminator` keyword skips
 * any value that is not an object, and with it the `oneOf` it replaces: `1` or `null` passed a
 * union whose members are all objects. The converted schema says `type: object` where that is
 * exactly what the members require, and keeps the plain `oneOf` where it is not.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { createAjv } from '../../../../generator/emit/validators/ajv.js';
import { componentId, componentSchemas } from '../../../../generator/emit/validators/json-schema.js';
import { validateProject, validateScreenerQuestion } from '../../../../generated/dist/validators.js';
import { b2bRemoteProject } from '../../../spec/cases/fixtures.js';
import { generateInto } from '../../support/generate-and-check.js';

const NOT_OBJECTS = [1, 'radio', null, [], true];

const work = mkdtempSync(path.join(os.tmpdir(), 'discriminator-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('discriminated unions', () => {
  it('our ScreenerQuestion refuses every value that is not an object, as its oneOf does', () => {
    for (const value of NOT_OBJECTS) {
      expect(validateScreenerQuestion.check(value), JSON.stringify(value)).toEqual({
        valid: false,
        problems: [expect.objectContaining({ pointer: '', keyword: 'type', message: 'must be object' })],
      });
    }
    const result = validateProject.check({ ...b2bRemoteProject, screenerQuestions: [1] });
    expect(result.valid).toBe(false);
    expect(!result.valid && result.problems.map((p) => p.pointer)).toContain('/screenerQuestions/0');
  });

  const member = (kind: string, typed: boolean) => ({
    ...(typed && { type: 'object' }),
    required: ['kind'],
    properties: { kind: { const: kind }, size: { type: 'integer' } },
  });
  const document = (typed: boolean) => ({
    openapi: '3.1.0',
    info: { title: 'Shapes', version: '1' },
    paths: {},
    components: {
      schemas: {
        Square: member('square', true),
        // Without `type: object`, this member accepts any value that is not an object.
        Circle: member('circle', typed),
        Shape: { oneOf: [{ $ref: '#/components/schemas/Square' }, { $ref: '#/components/schemas/Circle' }], discriminator: { propertyName: 'kind' } },
      },
    },
  });
  const values = [...NOT_OBJECTS, {}, { kind: 'square' }, { kind: 'circle', size: 2 }, { kind: 'circle', size: 'big' }, { kind: 'triangle' }];

  it.each([
    ['every member an object: the discriminator is kept', true],
    ['a member that is not always an object: the plain oneOf is kept', false],
  ])('%s, and each value is judged as JSON Schema judges the oneOf', async (_name, typed) => {
    const dir = path.join(work, String(typed));
    writeFileSync(`${dir}.json`, JSON.stringify(document(typed)));
    const { code, output } = await generateInto(`${dir}.json`, dir);
    expect(code, output).toBe(0);
    const { validateShape } = (await import(
      pathToFileURL(path.join(dir, 'dist', 'validators.js')).href
    )) as typeof import('../../../../generated/dist/validators.js') & { validateShape: typeof validateProject };
    // The reference: ajv with no discriminator, the oneOf as JSON Schema defines it.
    const ajv = createAjv({ discriminator: false });
    ajv.addSchema(componentSchemas(document(typed).components.schemas, { openapi30: false, keepDiscriminator: false }));
    const reference = ajv.getSchema(componentId('Shape'))!;
    for (const value of values) expect(validateShape(value), JSON.stringify(value)).toBe(reference(value));
    // Which form was kept shows in the problems of an unknown tag.
    const problems = validateShape.check({ kind: 'triangle' });
    expect(!problems.valid && problems.problems.map((p) => p.keyword)).toContain(typed ? 'discriminator' : 'oneOf');
  });
});
