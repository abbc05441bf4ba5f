/**
 * The model's wire facts of each parameter (generator/model/model.ts `wire`): the document's style,
 * explode, allowReserved and content, defaults resolved by location, the shape read from the
 * schema, and a located refusal of a style its location does not allow.
 */
import type { OpenAPI3 } from 'openapi-typescript';
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../generator/model/model.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const documentWith = (parameters: unknown[], components: Record<string, unknown> = {}): OpenAPI3 =>
  ({
    openapi: '3.1.0',
    info: { title: 't', version: '1' },
    components,
    paths: { '/items/{id}': { get: { operationId: 'getItem', parameters, responses: { '200': { description: 'ok' } } } } },
  }) as unknown as OpenAPI3;

const ID = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };

describe('wire facts', () => {
  it.each<[string, { given: Record<string, unknown>; want: Record<string, unknown> }]>([
    [
      'query: form, exploded',
      { given: { name: 'q', in: 'query', schema: { type: 'string' } }, want: { style: 'form', explode: true, allowReserved: false, shape: 'primitive' } },
    ],
    [
      'cookie: form, exploded',
      { given: { name: 'c', in: 'cookie', schema: { type: 'array', items: {} } }, want: { style: 'form', explode: true, shape: 'array' } },
    ],
    [
      'header: simple, not exploded',
      { given: { name: 'h', in: 'header', schema: { type: 'object' } }, want: { style: 'simple', explode: false, shape: 'object' } },
    ],
    ['path: simple, not exploded', { given: ID, want: { style: 'simple', explode: false, required: true } }],
    [
      'a style other than form: not exploded by default',
      { given: { name: 'q', in: 'query', style: 'deepObject', schema: { type: 'object' } }, want: { style: 'deepObject', explode: false } },
    ],
    ['explode as written', { given: { name: 'q', in: 'query', style: 'form', explode: false, schema: {} }, want: { explode: false } }],
    ['allowReserved in the query', { given: { name: 'q', in: 'query', allowReserved: true, schema: {} }, want: { allowReserved: true } }],
    ['allowReserved elsewhere is ignored', { given: { name: 'h', in: 'header', allowReserved: true, schema: {} }, want: { allowReserved: false } }],
    [
      'content: its media type, the shape of its schema',
      {
        given: { name: 'q', in: 'query', content: { 'application/json': { schema: { type: 'object' } } } },
        want: { content: 'application/json', shape: 'object' },
      },
    ],
    ['nullable type list', { given: { name: 'q', in: 'query', schema: { type: ['array', 'null'] } }, want: { shape: 'array' } }],
    ['several primitive types', { given: { name: 'q', in: 'query', schema: { type: ['string', 'integer'] } }, want: { shape: 'primitive' } }],
    ['items without a type', { given: { name: 'q', in: 'query', schema: { items: { type: 'string' } } }, want: { shape: 'array' } }],
    ['members that agree', { given: { name: 'q', in: 'query', schema: { oneOf: [{ type: 'integer' }, { type: 'string' }] } }, want: { shape: 'primitive' } }],
  ])('%s', (_name, { given, want }) => {
    const operation = buildModel(documentWith(given === ID ? [ID] : [ID, given])).operations[0]!;
    const wire = operation.wire.at(-1)!;
    expect(wire).toMatchObject({ name: given.name, in: given.in, ...want });
  });

  it('leaves the shape out when the schema does not tell', () => {
    const [, wire] = buildModel(documentWith([ID, { name: 'q', in: 'query', schema: { anyOf: [{ type: 'array' }, { type: 'string' }] } }])).operations[0]!.wire;
    expect(wire).not.toHaveProperty('shape');
  });

  it('reads a shared parameter once per operation, the operation overriding the path item', () => {
    const document = documentWith([ID, { $ref: '#/components/parameters/Q' }], {
      parameters: { Q: { name: 'q', in: 'query', style: 'pipeDelimited', schema: { type: 'array' } } },
    });
    expect(buildModel(document).operations[0]!.wire.map((w) => [w.name, w.style])).toEqual([
      ['id', 'simple'],
      ['q', 'pipeDelimited'],
    ]);
  });

  it('refuses a style the location does not allow, at the place it is written (a shared parameter: its component)', () => {
    const document = documentWith([ID, { name: 'h', in: 'header', style: 'form', schema: {} }, { $ref: '#/components/parameters/Q' }], {
      parameters: { Q: { name: 'q', in: 'query', style: 'matrix', schema: {} } },
    });
    let error: unknown;
    try {
      buildModel(document);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as GenerationError).problems).toEqual([
      { pointer: '/paths/~1items~1{id}/get/parameters/1/style', message: `style "form" is not one of header parameters' (simple)` },
      {
        pointer: '/components/parameters/Q/style',
        message: `style "matrix" is not one of query parameters' (form, spaceDelimited, pipeDelimited, deepObject)`,
      },
    ]);
  });
});
