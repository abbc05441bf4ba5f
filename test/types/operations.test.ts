/**
 * Type tests of the named operations (`partner-recruitment-client/operations`), checked by
 * `npm run typecheck`: parameters at the top of the init, required exactly when the path call
 * requires them, typed from the same `paths`, and the path call's own result type. A call marked
 * @ts-expect-error must fail to compile.
 */
import createClient from 'openapi-fetch';
import { describe, expectTypeOf, it } from 'vitest';
import type { PartnerClient } from '../../generated/dist/index.js';
import { getProject, listProjects, listSkills, updateQuotaTargets } from '../../generated/dist/operations.js';
import type { components, paths } from '../../generated/dist/types.js';

describe('named operations', () => {
  it('are checked by the compiler (the functions below are never called)', () => {
    expectTypeOf(initAndResult).toBeFunction();
    expectTypeOf(refusals).toBeFunction();
    expectTypeOf(required).toBeFunction();
    expectTypeOf(parseAs).toBeFunction();
    expectTypeOf(anyClient).toBeFunction();
  });
});

/** The init is optional when nothing in it is required; data is typed as the path call's. */
export async function initAndResult(api: PartnerClient): Promise<void> {
  const all = await listProjects(api);
  expectTypeOf(all.data).not.toBeAny();
  expectTypeOf<NonNullable<typeof all.data>['results'][number]['projectStatus']>().toEqualTypeOf<components['schemas']['ProjectStatus']>();
  const drafts = await listProjects(api, { query: { status: 'DRAFT', page: 2 }, timeoutMs: 5_000, signal: AbortSignal.timeout(1_000) });
  const byPath = await api.GET('/v1/projects', { params: { query: { status: 'DRAFT' } } });
  expectTypeOf<typeof drafts.data>().toEqualTypeOf<typeof byPath.data>();
  expectTypeOf<typeof drafts.error>().toEqualTypeOf<typeof byPath.error>();
  expectTypeOf(drafts.response).toEqualTypeOf<Response>();
}

/** What the path call refuses. */
export function refusals(api: PartnerClient): void {
  // @ts-expect-error not a ProjectStatus
  void listProjects(api, { query: { status: 'NOPE' } });
  // @ts-expect-error parameters go at the top, not under params
  void listProjects(api, { params: { query: { status: 'DRAFT' } } });
  // @ts-expect-error a misspelt group is not a parameter
  void listProjects(api, { qurey: { status: 'DRAFT' } });
  // @ts-expect-error timeoutMs is a number
  void listSkills(api, { timeoutMs: '5s' });
}

/** Path parameters and a required body are required. */
export function required(api: PartnerClient): void {
  void getProject(api, { path: { projectId: 'p1' } });
  // @ts-expect-error the path has a parameter: the init is required
  void getProject(api);
  // @ts-expect-error projectId is required
  void getProject(api, { path: {} });
  void updateQuotaTargets(api, { path: { projectId: 'p1' }, body: [] });
  // @ts-expect-error the body is required
  void updateQuotaTargets(api, { path: { projectId: 'p1' } });
}

/** parseAs types data. */
export async function parseAs(api: PartnerClient): Promise<void> {
  const text = await listSkills(api, { parseAs: 'text' });
  expectTypeOf(text.data).toEqualTypeOf<string | undefined>();
}

/** Any openapi-fetch client of these paths can be given. */
export async function anyClient(): Promise<void> {
  const plain = createClient<paths>({ baseUrl: 'http://127.0.0.1:1' });
  const named = await listProjects(plain, { query: { status: 'PAID' } });
  const byPath = await plain.GET('/v1/projects', { params: { query: { status: 'PAID' } } });
  expectTypeOf<typeof named.data>().toEqualTypeOf<typeof byPath.data>();
  expectTypeOf<typeof named.data>().not.toBeUnknown();
  void getProject(plain, { path: { projectId: 'p1' } });
}
