/** OpenAPI schemas as JSON Schema 2020-12 for ajv (generator/emit/validators/json-schema.ts). */
import { describe, expect, it } from 'vitest';
import {
  componentId,
  componentsWithWriteRules,
  refToShared,
  sentComponentId,
  toJsonSchema,
  type ConvertOptions,
} from '../../../../generator/emit/validators/json-schema.js';

describe('toJsonSchema', () => {
  const o31 = { openapi30: false, keepDiscriminator: true };
  const o30 = { openapi30: true, keepDiscriminator: false };
  it.each<[string, { given: unknown; options: ConvertOptions; want: unknown }]>([
    [
      "component $ref points at the component's own $id",
      { given: { $ref: '#/components/schemas/Project' }, options: o31, want: { $ref: componentId('Project') } },
    ],
    [
      'x- extensions and annotations dropped, custom keywords kept',
      {
        given: { type: 'string', 'x-source-gap': 'g', description: 'd', 'x-unique-item-properties': ['id'] },
        options: o31,
        want: { type: 'string', 'x-unique-item-properties': ['id'] },
      },
    ],
    ['a write-time keyword dropped from what is returned', { given: { type: 'string', 'x-future-date-time': true }, options: o31, want: { type: 'string' } }],
    [
      'a write-time keyword kept in what is sent, a $ref to a component reaching one pointed at its sent variant',
      {
        given: {
          properties: {
            a: { type: 'string', 'x-future-date-time': true },
            b: { $ref: '#/components/schemas/D' },
            c: { $ref: '#/components/schemas/E/properties/x' },
          },
        },
        options: { ...o31, sent: new Set(['D']) },
        want: {
          properties: {
            a: { type: 'string', 'x-future-date-time': true },
            b: { $ref: sentComponentId('D') },
            c: { $ref: `${componentId('E')}#/properties/x` },
          },
        },
      },
    ],
    [
      'property named like a keyword survives',
      {
        given: { properties: { description: { type: 'string' }, 'x-id': { type: 'number' } } },
        options: o31,
        want: { properties: { description: { type: 'string' }, 'x-id': { type: 'number' } } },
      },
    ],
    [
      'discriminator mapping removed',
      {
        given: { oneOf: [], discriminator: { propertyName: 'k', mapping: { a: '#/x' } } },
        options: o31,
        want: { oneOf: [], discriminator: { propertyName: 'k' }, type: 'object' },
      },
    ],
    ['3.0 nullable type', { given: { type: 'string', nullable: true }, options: o30, want: { type: ['string', 'null'] } }],
    [
      '3.0 nullable enum gains null',
      { given: { type: 'string', enum: ['a'], nullable: true }, options: o30, want: { type: ['string', 'null'], enum: ['a', null] } },
    ],
    [
      '3.0 nullable $ref',
      { given: { $ref: '#/components/schemas/A', nullable: true }, options: o30, want: { anyOf: [{ $ref: componentId('A') }, { type: 'null' }] } },
    ],
    [
      '3.0 boolean exclusiveMinimum',
      { given: { type: 'number', minimum: 5, exclusiveMinimum: true }, options: o30, want: { type: 'number', exclusiveMinimum: 5 } },
    ],
    [
      '3.0 exclusiveMaximum false dropped',
      { given: { type: 'number', maximum: 5, exclusiveMaximum: false }, options: o30, want: { type: 'number', maximum: 5 } },
    ],
    ['boolean schemas stay', { given: { properties: { a: false } }, options: o31, want: { properties: { a: false } } }],
  ])('%s', (_name, { given, options, want }) => expect(toJsonSchema(given, options)).toEqual(want));

  it('refuses $refs that do not name a component schema', () => {
    expect(() => refToShared('#/paths/~1a')).toThrow(/unsupported \$ref/);
    expect(refToShared('#/components/schemas/a~1b')).toBe(componentId('a/b'));
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
