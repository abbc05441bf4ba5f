/** The model (generator/model/model.ts): paginated answers, duplicate operationIds, environments and limits. */
import { describe, expect, it } from 'vitest';
import { buildModel } from '../../../generator/model/model.js';
import { GenerationError } from '../../../generator/lib/problems.js';

describe('model', () => {
  const doc = (paths: Record<string, unknown>, components: Record<string, unknown> = {}) =>
    ({ openapi: '3.1.0', info: { title: 't', version: '1' }, paths, components: { schemas: components } }) as never;
  const list = {
    type: 'object',
    required: ['page', 'pageSize', 'results'],
    properties: { page: { type: 'number' }, pageSize: { type: 'number' }, results: { type: 'array', items: {} } },
  };
  const ok = (schema: unknown) => ({
    get: { operationId: 'listThings', responses: { '200': { description: 'x', content: { 'application/json': { schema } } } } },
  });

  it.each<[string, { given: unknown; want: boolean }]>([
    ['inline wrapper', { given: list, want: true }],
    ['referenced wrapper', { given: { $ref: '#/components/schemas/L' }, want: true }],
    ['results not required', { given: { ...list, required: ['page', 'pageSize'] }, want: false }],
    ['plain array', { given: { type: 'array', items: {} }, want: false }],
  ])('paginated detection: %s', (_name, { given, want }) => {
    expect(buildModel(doc({ '/things': ok(given) }, { L: list })).operations[0]!.paginated).toBe(want);
  });

  it('rejects duplicate operationIds with both pointers', () => {
    const err = (() => {
      try {
        buildModel(doc({ '/a': ok(list), '/b': ok(list) }));
      } catch (e) {
        return e as GenerationError;
      }
      throw new Error('expected an error');
    })();
    expect(err).toBeInstanceOf(GenerationError);
    expect(err.problems[0]).toMatchObject({ pointer: '/paths/~1b/get/operationId' });
    expect(err.message).toContain('also at #/paths/~1a/get');
  });

  it('reads environments and limits from x-environment servers', () => {
    const m = buildModel({
      ...(doc({}) as object),
      servers: [{ url: '{b}', 'x-environment': 'staging', 'x-rate-limit': { requestsPerSecond: 50, burst: 100, dailyQuota: 200000 } }, { url: 'x' }],
    } as never);
    expect(m.environments).toEqual([
      {
        name: 'staging',
        pointer: '/servers/0',
        description: '',
        url: '{b}',
        variables: [{ name: 'b', default: '', enum: undefined }],
        defaultBaseUrl: undefined,
        requestsPerSecond: 50,
        burst: 100,
        dailyQuota: 200000,
      },
    ]);
  });
});
