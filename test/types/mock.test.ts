/**
 * Type tests of the mock's overrides and collections (checked by tsc with the repository's
 * tsconfig: strict, exactOptionalPropertyTypes). Each @ts-expect-error must fail to compile; if
 * one compiles, tsc reports the directive as unused.
 */
import { describe, expectTypeOf, it } from 'vitest';
import { createMockApi, type JsonValue, type MockAnswer, type MockApi } from '../../generated/dist/mock.js';
import { createPartnerClient } from '../../generated/dist/index.js';
import type { operations, Project } from '../../generated/dist/types.js';

// Never called: only compiled.
function overrides(mock: MockApi, project: Project): void {
  mock.override('listProjects', { body: { page: 1, pageSize: 1, results: [project] } });
  mock.override('listProjects', { status: 200, body: { page: 1, pageSize: 1, results: [] } });
  // @ts-expect-error a wrong field in a documented success body
  mock.override('listProjects', { status: 200, body: { page: 1, pageSize: 1, results: [], colour: 'red' } });
  // @ts-expect-error the success body without a status is typed too
  mock.override('listProjects', { body: { page: 'one', pageSize: 1, results: [] } });
  // Error bodies and bodies the spec does not show: any JSON value, no cast.
  mock.override('listProjects', { status: 500, body: { message: 'boom', details: [1, null, { nested: true }] } });
  mock.override('listProjects', { status: 429, body: 'slow down', headers: { 'retry-after': '1' } });
  mock.override('getProject', { body: { anything: ['goes'] } });
  mock.override('deleteProject', { status: 204 });
  // @ts-expect-error a body must be JSON: no functions
  mock.override('getProject', { status: 404, body: { at: () => 1 } });
  // @ts-expect-error an unknown operation
  mock.override('listProjectz', { status: 404 });
  // @ts-expect-error a status is a number
  mock.override('getProject', { status: '404' });
  mock.override('listSkills', async (request) => ({ status: 503, body: { url: request.url } }));
  mock.collection('listProjects', [project]);
  // @ts-expect-error a collection holds the operation's items
  mock.collection('listProjects', [{ id: 1 }]);
  mock.collection('listProjects', 120);
  // @ts-expect-error a count is a number
  mock.collection('listProjects', '120');
  createMockApi({ collections: { listProjects: 120, listSkills: [] } });
  // @ts-expect-error only the operation's items or a count
  createMockApi({ collections: { listProjects: [{ id: 1 }] } });
  mock.fault('listProjects', { status: 503, times: 2, latencyMs: 10 });
  createMockApi({
    seed: 3,
    environment: 'production',
    simulateLimits: { requestsPerSecond: 5 },
    overrides: { getProject: { status: 404, body: { gone: true } } },
  });
  // @ts-expect-error environments come from the spec
  createMockApi({ environment: 'qa' });
  createPartnerClient({ baseUrl: 'http://mock.test', fetch: mock.fetch, apiKey: 'k', apiSecret: 's', environment: 'staging' });
  // @ts-expect-error an overrides entry is typed like override()
  createMockApi({ overrides: { listSkills: { status: 200, body: { page: 1 } } } });
  // @ts-expect-error a 1xx is not an answer (a Response cannot have it)
  mock.override('deleteProject', { status: 101 });
  // @ts-expect-error not even through `default`
  mock.override('getProject', { status: 199, body: null });
  mock.override('deleteProject', { status: 204, body: null });
  mock.override('getProject', { status: 599 });
  // @ts-expect-error collections of paginated operations only
  createMockApi({ collections: { getProject: 3 } });
  // @ts-expect-error collection() too
  mock.collection('getProject', 3);
  createMockApi({ maxRequestBytes: 1024 });
}

describe('mock types', () => {
  it('types overrides from operations and takes any JSON where the spec shows no body', () => {
    expectTypeOf(overrides).toBeFunction();
    expectTypeOf<Extract<MockAnswer<operations['getProject']>, { status?: undefined }>['body']>().toEqualTypeOf<JsonValue | undefined>();
    expectTypeOf<Extract<MockAnswer<operations['listProjects']>, { status: 200 }>['body']>().toEqualTypeOf<
      operations['listProjects']['responses'][200]['content']['application/json'] | undefined
    >();
  });
});
