/**
 * Type tests of the generated package, checked by `npm run typecheck` (tsc, strict,
 * exactOptionalPropertyTypes). The calls with @ts-expect-error must fail to compile; if one
 * compiles, tsc reports the directive as unused and the test run fails.
 */
import { describe, expect, expectTypeOf, it } from 'vitest';
import { createPartnerClient, type PageItem, type PaginatedPath, type PartnerClient } from '../../generated/dist/index.js';
import type { Client } from 'openapi-fetch';
import type { RuntimeClient } from '../../templates/client/client.js';
import type { components, paths, Project, ScreenerQuestion, ScreenerQuestionItem, QuotaRule, Skill } from '../../generated/dist/types.js';
import { validateProject, validateUpdateQuotaTargetsRequest, type ValidationProblem } from '../../generated/dist/validators.js';

describe('generated types', () => {
  it('questionType narrows the screener-question union', () => {
    const label = (q: ScreenerQuestion): string => {
      switch (q.questionType) {
        case 'sliderScale':
          expectTypeOf(q.minValue).toEqualTypeOf<number>();
          return `${q.minValue}..${q.maxValue} step ${q.step}`;
        case 'matrix':
          expectTypeOf(q.matrixRows).toEqualTypeOf<components['schemas']['ScreenerMatrixRow'][]>();
          return q.matrixRows.map((r) => r.text).join();
        case 'radio':
          // @ts-expect-error radio questions have no matrix rows
          return String(q.matrixRows);
        default:
          return q.text;
      }
    };
    expectTypeOf(label).parameter(0).toEqualTypeOf<ScreenerQuestion>();
  });

  it('isEnd separates real questions from the end-of-screener sentinel', () => {
    const real = (item: ScreenerQuestionItem) => (item.isEnd ? null : item);
    expectTypeOf(real).returns.toEqualTypeOf<ScreenerQuestion | null>();
  });

  it('Project aliases components and keeps required fields required', () => {
    expectTypeOf<Project>().toEqualTypeOf<components['schemas']['Project']>();
    expectTypeOf<Project['publicInternalName']>().toEqualTypeOf<string>();
    expectTypeOf<Project['targetMarketType']>().toEqualTypeOf<'b2b' | 'b2c'>();
    expectTypeOf<Project['externalScreenerLink']>().toEqualTypeOf<string | null | undefined>();
    expectTypeOf<Skill['validated']>().toEqualTypeOf<boolean>();
    expectTypeOf<QuotaRule['connector']>().toEqualTypeOf<'AND' | 'OR'>();
  });

  it('conditional rules are not in the types: the validators enforce them', () => {
    // b2b without targetProfessionalIndustries, in person without a location: the type accepts it...
    const project: Project = {
      id: 'p',
      createdAt: '2025-01-01',
      publicTitle: 'Tell us about sprint planning',
      publicInternalName: 'Sprint interviews',
      projectStatus: 'DRAFT',
      projectRecruitingStatus: 'PAUSED',
      targetMarketType: 'b2b',
      typeOfResearch: 'inPerson',
      targetResearchMethodology: 'survey',
      participantTimeRequiredMinutes: 30,
      incentiveAmount: 50,
      targetNumberOfParticipants: 5,
      externalResearcher: { researcherId: 'r1' },
    };
    // ...the validator names each rule the object breaks.
    const result = validateProject.check(project);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    const messages = result.problems.map((p) => `${p.pointer} ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        " must have required property 'targetProfessionalIndustries'",
        " must have required property 'targetLocationRespondentInPerson'",
        '/targetResearchMethodology must be equal to one of the allowed values: "oneOnOne", "focusGroup", "inRespondentHome", "inRespondentOffice"',
      ]),
    );
  });

  it('validators are type guards with located problems', () => {
    const data: unknown = {};
    if (validateProject(data)) expectTypeOf(data).toEqualTypeOf<Project>();
    expectTypeOf(validateProject.problems).toEqualTypeOf<readonly ValidationProblem[]>();
    const body: unknown = [];
    if (validateUpdateQuotaTargetsRequest(body)) expectTypeOf(body).toEqualTypeOf<components['schemas']['QuotaTargetUpdate'][]>();
  });
});

/** Never called: these lines only have to (not) compile. */
export async function compileOnly(api: PartnerClient): Promise<void> {
  const { data } = await api.GET('/v1/projects', { params: { query: { status: 'DRAFT', includeCount: true } } });
  if (data) expectTypeOf(data.results).toExtend<Project[]>();
  // What the client returns is assignable to the schema aliases (openapi-fetch maps response types).
  const first: Project | undefined = data?.results[0];
  const answers = first?.screenerQuestions?.flatMap((q) => (q.isEnd ? [] : q.answers));
  expectTypeOf(answers).toExtend<components['schemas']['ScreenerAnswer'][] | undefined>();
  const skills = await api.GET('/v1/skills', { params: { query: { query: 'figma' } } });
  if (skills.data) expectTypeOf(skills.data.totalResults).toEqualTypeOf<number | undefined>();
  await api.PATCH('/v1/projects/{projectId}/quotas/targets', {
    params: { path: { projectId: 'p' } },
    body: [{ groupId: 'g', segmentId: 's', target: { op: 'track' } }],
  });

  // Per-request runtime options are typed next to params and body.
  await api.POST('/v1/webhooks', { body: {}, retryNonIdempotent: true, timeoutMs: 5_000, maxRetries: 4, validate: false });
  // @ts-expect-error timeoutMs is a number of milliseconds
  await api.GET('/v1/skills', { timeoutMs: '5s' });
  // @ts-expect-error the path does not exist
  await api.GET('/v1/project');
  // @ts-expect-error the path does not exist, with an init too
  await api.GET('/v1/project', { params: { query: {} } });
  // @ts-expect-error status is not one of the ProjectStatus values
  await api.GET('/v1/projects', { params: { query: { status: 'OPEN' } } });
  // @ts-expect-error the path parameter is required
  await api.GET('/v1/webhooks/{webhookId}/event-types', { params: { path: {} } });
  // @ts-expect-error the body must be an array of entries with groupId, segmentId and target
  await api.PUT('/v1/projects/{projectId}/quotas/external-fills', { params: { path: { projectId: 'p' } }, body: [{ groupId: 'g', count: 1 }] });
  // @ts-expect-error GET has no body on this path: wrong method
  await api.DELETE('/v1/skills');
}

expectTypeOf(createPartnerClient).parameter(0).toHaveProperty('baseUrl').toEqualTypeOf<string>();
// Every operation needs both credentials (the document-wide security): both, or none at all (a
// browser page whose backend adds them).
expectTypeOf(createPartnerClient).parameter(0).toHaveProperty('apiKey').toEqualTypeOf<string | undefined>();
expectTypeOf(createPartnerClient).parameter(0).toHaveProperty('apiSecret').toEqualTypeOf<string | undefined>();

/** Never called: the options the spec's security schemes and servers make required. */
export function credentialOptions(): void {
  createPartnerClient({ baseUrl: 'https://x.invalid', apiKey: 'k', apiSecret: 's', environment: 'staging' });
  // @ts-expect-error apiSecret is required: every operation needs it
  createPartnerClient({ baseUrl: 'https://x.invalid', apiKey: 'k', environment: 'staging' });
  // @ts-expect-error an apiKey credential is a string, not a token function
  createPartnerClient({ baseUrl: 'https://x.invalid', apiKey: () => 'k', apiSecret: 's', environment: 'production' });
  // @ts-expect-error baseUrl is required: no server URL of the spec is complete
  createPartnerClient({ apiKey: 'k', apiSecret: 's', environment: 'staging' });
  createPartnerClient({
    baseUrl: 'https://x.invalid',
    apiKey: 'k',
    apiSecret: 's',
    environment: 'staging',
    // @ts-expect-error the server variables cannot replace baseUrl here
    serverVariables: { staging_base_url: 'https://x.invalid' },
  });
}
expectTypeOf<paths['/v1/skills']['get']['parameters']['query']>().toEqualTypeOf<
  { page?: number; pageSize?: number; includeCount?: boolean; query?: string; validated?: boolean } | undefined
>();

/** Never called: `paginate` accepts only the paths whose GET answers with the list wrapper, and types their items. */
export async function paginateTypes(api: PartnerClient): Promise<void> {
  expectTypeOf<PaginatedPath>().toEqualTypeOf<'/v1/projects' | '/v1/skills'>();
  expectTypeOf<PageItem<'/v1/skills'>>().toEqualTypeOf<Skill>();
  for await (const project of api.paginate('/v1/projects', { params: { query: { status: 'DRAFT' } }, maxPages: 3 })) {
    expectTypeOf(project).toEqualTypeOf<Project>();
    // @ts-expect-error a Project has no such property
    void project.publicTitel;
  }
  // @ts-expect-error a path that does not exist
  api.paginate('/v1/anything');
  // @ts-expect-error a GET that does not answer with the list wrapper
  api.paginate('/v1/projects/{projectId}');
  // @ts-expect-error the query is typed from the path's parameters
  api.paginate('/v1/skills', { params: { query: { status: 'DRAFT' } } });
}

// A document without paginated operations: `paginate` still type-checks and accepts no path.
type NoPages = RuntimeClient<{ '/a': { get: { parameters: {}; responses: { 200: { content: { 'application/json': { results: string[] } } } } } } }, 'default'>;
expectTypeOf<Parameters<NoPages['paginate']>[0]>().toEqualTypeOf<never>();
export function noPaginatedPaths(api: NoPages): void {
  // @ts-expect-error no path of this document is paginated
  api.paginate('/a');
}

/**
 * Never called: a wrong path does not compile, with or without an init (the messages, openapi-fetch's
 * own, are checked by test/types/messages.test.ts).
 */
export async function wrongPaths(api: PartnerClient): Promise<void> {
  // @ts-expect-error no such path
  await api.GET('/v1/projets');
  // @ts-expect-error no such path for DELETE
  await api.DELETE('/v1/skills');
  const either = Math.random() > 0.5 ? ('/v1/projects' as const) : ('/v1/skills' as const);
  await api.GET(either);
}

/** Never called: a quota target is `{ value }` or `{ op: 'track' }`, as the spec's `anyOf` says. */
export async function quotaTargets(api: PartnerClient): Promise<void> {
  const edit = (target: components['schemas']['QuotaTargetUpdate']['target']) =>
    api.PATCH('/v1/projects/{projectId}/quotas/targets', { params: { path: { projectId: 'p' } }, body: [{ groupId: 'g', segmentId: 's', target }] });
  await edit({ value: 8 });
  await edit({ op: 'track' });
  // @ts-expect-error a target is an object
  await edit('eight');
  // @ts-expect-error a target has a value or op: 'track'
  await edit({});
  // @ts-expect-error without a value, op must be 'track'
  await edit({ op: 'min' });
}

/** Never called: the client is openapi-fetch's `Client<paths>`, with `data` typed by media type and `parseAs`. */
export async function openapiFetchTypes(api: PartnerClient): Promise<void> {
  const plain: Client<paths> = api;
  void plain;
  const text = await api.GET('/v1/skills', { parseAs: 'text' });
  expectTypeOf(text.data).toEqualTypeOf<string | undefined>();
  const stream = await api.GET('/v1/skills', { parseAs: 'stream' });
  expectTypeOf(stream.data).toEqualTypeOf<Response['body'] | undefined>();
  // As openapi-fetch's `Media` argument: a client for JSON answers only is a Client<paths, 'application/json'>.
  const json: Client<paths, 'application/json'> = createPartnerClient<'application/json'>({
    baseUrl: 'https://x.invalid',
    apiKey: 'k',
    apiSecret: 's',
    environment: 'staging',
  });
  void json;
  // openapi-fetch's per-call Request class and any custom init property are accepted.
  await api.GET('/v1/skills', { Request, cache: 'no-store', keepalive: true, tracing: { span: 1 } });
}
