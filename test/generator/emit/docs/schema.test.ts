/** How the schema pages state a schema (generator/emit/docs/schema.ts): type labels, constraints, conditions and demands. */
import { describe, expect, it } from 'vitest';
import { conditionText, constraints, demandText, typeLabel } from '../../../../generator/emit/docs/schema.js';

const link = (name: string) => `${name}.md`;

describe('schema fragments of the docs', () => {
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
    [
      'custom keywords',
      {
        given: { 'x-future-date-time': true, format: 'date-time' },
        want: ['format `date-time`', 'must lie in the future when sent (checked on requests, not on answers)'],
      },
    ],
    ['unique item property', { given: { 'x-unique-item-properties': ['id'] }, want: ['`id` unique across items'] }],
    [
      'unique item properties together',
      { given: { 'x-unique-item-properties': ['id', ['group', 'segment']] }, want: ['`id`, `group` and `segment` together unique across items'] },
    ],
    [
      'an item with fixed values only last',
      { given: { 'x-last-item-only': { required: ['end'], properties: { end: { const: true } } } }, want: ['an item with `end` `true` only as the last item'] },
    ],
    [
      'an item matching any other schema only last',
      { given: { 'x-last-item-only': { type: 'string' } }, want: ['an item matching `{"type":"string"}` only as the last item'] },
    ],
    ['short enum listed', { given: { enum: ['a', 'b'] }, want: ['one of `a`, `b`'] }],
    ['long enum counted', { given: { enum: Array.from({ length: 20 }, (_, i) => `v${i}`) }, want: ['one of 20 values'] }],
  ])('constraints: %s', (_name, { given, want }) => expect(constraints(given)).toEqual(want));

  it('conditions and demands read as sentences', () => {
    expect(conditionText({ required: ['typeOfResearch'], properties: { typeOfResearch: { const: 'inPerson' } } })).toBe('`typeOfResearch` is `inPerson`');
    expect(conditionText({ properties: { m: { not: { enum: ['a', 'b'] } } } })).toBe('`m` is not one of `a`, `b`');
    expect(demandText({ required: ['x'], properties: { y: false, z: { properties: { w: { const: false } } } } })).toEqual([
      'requires `x`',
      'refuses `y`',
      '`z.w` must be `false`',
    ]);
  });
});
