/**
 * Operations and webhooks, checked against a table transcribed by hand from the source's
 * Endpoints section (not read back from the spec): every method+path, its area, and for the
 * fully specified operations their query parameters and 200 responses. A failure names the
 * source statement and the list here to update (docs/maintaining.md, "Add an operation").
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  at,
  componentSchema,
  deref,
  derefObj,
  findOperation,
  HTTP_METHODS,
  isObject,
  loadBundledSpec,
  obj,
  operationsOf,
  requestBodySchema,
  responseSchema,
  type FoundOperation,
  type HttpMethod,
  type JsonObject,
} from './support/document.js';
import { headings, itWithSource, readSource, section } from './support/source.js';

type Area =
  | 'Reference data'
  | 'Messaging'
  | 'Profiles'
  | 'Projects'
  | 'Screener questions'
  | 'Screener responses'
  | 'Skills'
  | 'Pricing'
  | 'Team respondents'
  | 'Webhooks'
  | 'Audience quotas';

interface SourceOperation {
  method: Uppercase<HttpMethod>;
  path: `/v1/${string}`;
  area: Area;
}

const SR = '/v1/projects/{projectId}/screener-responses/{screenerResponseId}';
/** The 13 PATCH actions on a screener response, in the source's order. */
const SCREENER_RESPONSE_ACTIONS = [
  'invite',
  'schedule',
  'attended',
  'report',
  'favorite',
  'qualify',
  'hide',
  'no-show',
  'reject',
  'cancel-invite',
  'cancel-booking',
  'cancel-booking-reinvite',
  'participant-cancel-booking',
] as const;

/**
 * Source: Endpoints → "Operations listed by method and path" (and the fully specified ones).
 * An operation added to the source goes here, with its area (a new area joins `Area`).
 */
const SOURCE_OPERATIONS: readonly SourceOperation[] = [
  // Reference data
  { method: 'GET', path: '/v1/industries', area: 'Reference data' },
  { method: 'GET', path: '/v1/job-titles', area: 'Reference data' },
  { method: 'GET', path: '/v1/lookups', area: 'Reference data' },
  { method: 'GET', path: '/v1/topics', area: 'Reference data' },
  // Messaging
  { method: 'POST', path: '/v1/messaging/conversations/{conversationUid}/messages', area: 'Messaging' },
  { method: 'GET', path: '/v1/messaging/messages', area: 'Messaging' },
  { method: 'GET', path: '/v1/messaging/messages/inbox', area: 'Messaging' },
  { method: 'GET', path: '/v1/messaging/messages/{messageUid}', area: 'Messaging' },
  { method: 'POST', path: '/v1/messaging/conversations', area: 'Messaging' },
  { method: 'GET', path: '/v1/messaging/conversations', area: 'Messaging' },
  { method: 'GET', path: '/v1/messaging/conversations/{conversationUid}', area: 'Messaging' },
  { method: 'PATCH', path: '/v1/messaging/conversations/{conversationUid}', area: 'Messaging' },
  { method: 'PATCH', path: '/v1/messaging/conversations/{conversationUid}/read', area: 'Messaging' },
  { method: 'POST', path: '/v1/messaging/conversations/{conversationUid}/participants', area: 'Messaging' },
  { method: 'DELETE', path: '/v1/messaging/conversations/{conversationUid}/participants/{participantUserId}', area: 'Messaging' },
  { method: 'POST', path: '/v1/messaging/conversations/{conversationUid}/participants/{participantUserId}', area: 'Messaging' },
  // Profiles
  { method: 'POST', path: '/v1/profiles', area: 'Profiles' },
  { method: 'GET', path: '/v1/profiles/{profileId}', area: 'Profiles' },
  // Projects
  { method: 'GET', path: '/v1/projects', area: 'Projects' },
  { method: 'POST', path: '/v1/projects', area: 'Projects' },
  { method: 'GET', path: '/v1/projects/{projectId}', area: 'Projects' },
  { method: 'PATCH', path: '/v1/projects/{projectId}', area: 'Projects' },
  { method: 'DELETE', path: '/v1/projects/{projectId}', area: 'Projects' },
  { method: 'POST', path: '/v1/projects/{projectId}/copy', area: 'Projects' },
  { method: 'PUT', path: '/v1/projects/{projectId}/files/form-data', area: 'Projects' },
  { method: 'PATCH', path: '/v1/projects/{projectId}/publish', area: 'Projects' },
  { method: 'PATCH', path: '/v1/projects/{projectId}/pause', area: 'Projects' },
  { method: 'PATCH', path: '/v1/projects/{projectId}/close', area: 'Projects' },
  { method: 'GET', path: '/v1/projects/{projectId}/feasibility/audience-size-estimate', area: 'Projects' },
  // Screener questions ("GET, DELETE and PATCH .../{screenerQuestionId}" expanded)
  { method: 'POST', path: '/v1/projects/{projectId}/screener-questions', area: 'Screener questions' },
  { method: 'GET', path: '/v1/projects/{projectId}/screener-questions', area: 'Screener questions' },
  { method: 'PUT', path: '/v1/projects/{projectId}/screener-questions/bulk', area: 'Screener questions' },
  { method: 'GET', path: '/v1/projects/{projectId}/screener-questions/{screenerQuestionId}', area: 'Screener questions' },
  { method: 'DELETE', path: '/v1/projects/{projectId}/screener-questions/{screenerQuestionId}', area: 'Screener questions' },
  { method: 'PATCH', path: '/v1/projects/{projectId}/screener-questions/{screenerQuestionId}', area: 'Screener questions' },
  { method: 'PATCH', path: '/v1/projects/{projectId}/screener-questions/order', area: 'Screener questions' },
  // Screener responses (the 13 PATCH actions expanded, plus POST payouts)
  { method: 'GET', path: '/v1/projects/{projectId}/screener-responses', area: 'Screener responses' },
  { method: 'GET', path: '/v1/projects/{projectId}/screener-responses/payouts', area: 'Screener responses' },
  { method: 'GET', path: SR, area: 'Screener responses' },
  ...SCREENER_RESPONSE_ACTIONS.map((action): SourceOperation => ({ method: 'PATCH', path: `${SR}/${action}`, area: 'Screener responses' })),
  { method: 'POST', path: `${SR}/payouts`, area: 'Screener responses' },
  // Skills
  { method: 'GET', path: '/v1/skills', area: 'Skills' },
  // Pricing
  { method: 'GET', path: '/v1/pricing/balances/summary', area: 'Pricing' },
  // Team respondents
  { method: 'GET', path: '/v1/team-respondents/profiles/{profileId}', area: 'Team respondents' },
  { method: 'GET', path: '/v1/team-respondents', area: 'Team respondents' },
  { method: 'PUT', path: '/v1/team-respondents/batch-invite', area: 'Team respondents' },
  // Webhooks
  { method: 'POST', path: '/v1/webhooks', area: 'Webhooks' },
  { method: 'GET', path: '/v1/webhooks', area: 'Webhooks' },
  { method: 'GET', path: '/v1/webhooks/{webhookId}', area: 'Webhooks' },
  { method: 'DELETE', path: '/v1/webhooks/{webhookId}', area: 'Webhooks' },
  { method: 'GET', path: '/v1/webhooks/{webhookId}/event-types', area: 'Webhooks' },
  { method: 'POST', path: '/v1/webhooks/{webhookId}/simulate', area: 'Webhooks' },
  // Audience quotas
  { method: 'PATCH', path: '/v1/projects/{projectId}/quotas/targets', area: 'Audience quotas' },
  { method: 'PUT', path: '/v1/projects/{projectId}/quotas/external-fills', area: 'Audience quotas' },
];

/** Source: Endpoints → "Fully specified operations", one `#### METHOD /path` heading each. */
const FULLY_SPECIFIED = [
  'GET /v1/projects',
  'GET /v1/skills',
  'GET /v1/webhooks/{webhookId}/event-types',
  'PATCH /v1/projects/{projectId}/quotas/targets',
  'PUT /v1/projects/{projectId}/quotas/external-fills',
] as const;

/** Source: Events. */
const EVENT_TYPES = [
  'PROJECTS.UPDATED',
  'SCREENER_RESPONSES.CREATED',
  'SCREENER_RESPONSES.UPDATED',
  'MESSAGES.CREATED',
  'CONVERSATIONS.CREATED',
  'QUOTAS.SEGMENT_FILLED',
  'QUOTAS.FILLED',
] as const;

const key = (method: string, p: string) => `${method.toUpperCase()} ${p}`;

/** Where a list of this file comes from in the source, and what to do when the spec and the list differ. */
const UPDATE = {
  operations:
    'SOURCE_OPERATIONS in test/spec/operations.test.ts transcribes the source\'s Endpoints → "Operations listed by method and path"; add or remove the operation there (with its area) when the source does, else spec/ departs from the source',
  fullySpecified:
    'FULLY_SPECIFIED in test/spec/operations.test.ts transcribes the source\'s Endpoints → "Fully specified operations" (a #### METHOD /path heading each); an operation there has a 200 answer and no x-source-gap, one listed by method and path only has neither a 200 answer nor a shape',
};

let doc: JsonObject;
let operations: FoundOperation[];

beforeAll(async () => {
  doc = obj((await loadBundledSpec()).document, 'bundled document');
  operations = operationsOf(doc);
});

function found(k: string): FoundOperation {
  const op = operations.find((o) => key(o.method, o.path) === k);
  if (!op) throw new Error(`${k} is not in the bundled document`);
  return op;
}

describe('the source table itself', () => {
  it('lists each operation once, the fully specified ones among them', () => {
    const keys = SOURCE_OPERATIONS.map((o) => key(o.method, o.path));
    expect(
      keys.filter((k, i) => keys.indexOf(k) !== i),
      `listed twice: ${UPDATE.operations}`,
    ).toEqual([]);
    expect(
      FULLY_SPECIFIED.filter((k) => !keys.includes(k)),
      `fully specified but not listed: ${UPDATE.operations}`,
    ).toEqual([]);
  });

  itWithSource('holds exactly the operations the source specifies fully', () => {
    const specified = headings(section(readSource(), 'Fully specified operations'))
      .filter((h) => h.level === 4)
      .map((h) => h.text);
    expect([...FULLY_SPECIFIED].sort(), UPDATE.fullySpecified).toEqual(specified.sort());
  });

  itWithSource("names only paths the source's Endpoints section writes (whole, as `.../<tail>`, or a screener response's action by its name)", () => {
    const endpoints = section(readSource(), 'Endpoints');
    const tails = (p: string) => [...p.matchAll(/\//g)].map((m) => `...${p.slice(m.index)}`);
    const written = (p: string) =>
      endpoints.includes(p) || tails(p).some((tail) => endpoints.includes(tail)) || new RegExp(` ${p.split('/').at(-1)}[,;]`).test(endpoints);
    const unwritten = SOURCE_OPERATIONS.filter((o) => !written(o.path));
    expect(
      unwritten.map((o) => key(o.method, o.path)),
      UPDATE.operations,
    ).toEqual([]);
  });
});

describe('operations (source: Endpoints)', () => {
  it("has exactly the source's method+path pairs, no more and no less", () => {
    const inSpec = operations.map((o) => key(o.method, o.path)).sort();
    const inSource = SOURCE_OPERATIONS.map((o) => key(o.method, o.path)).sort();
    expect(
      inSpec.filter((k) => !inSource.includes(k)),
      `in spec/ but not in the source's list: ${UPDATE.operations}`,
    ).toEqual([]);
    expect(
      inSource.filter((k) => !inSpec.includes(k)),
      `in the source's list but not in spec/: ${UPDATE.operations}`,
    ).toEqual([]);
    expect(inSpec).toHaveLength(SOURCE_OPERATIONS.length);
  });

  it('gives every operation a unique camelCase operationId (webhooks included)', () => {
    const webhookOps = Object.values(obj(doc.webhooks, 'webhooks')).flatMap((item) => Object.values(obj(item, 'webhook item')).filter(isObject));
    const ids = [...operations.map((o) => o.operation.operationId), ...webhookOps.map((o) => o.operationId)];
    for (const id of ids) expect(id).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('declares every tag it uses at the root', () => {
    const declared = (Array.isArray(doc.tags) ? doc.tags : []).map((t) => obj(t, 'tag').name);
    const used = new Set(operations.flatMap((o) => (Array.isArray(o.operation.tags) ? o.operation.tags : [])));
    expect([...used].filter((t) => !declared.includes(t))).toEqual([]);
  });

  describe.each(SOURCE_OPERATIONS.map((o) => [key(o.method, o.path), o] as const))('%s', (k, source) => {
    it(`is tagged with its area "${source.area}" and has a summary`, () => {
      const { operation } = found(k);
      expect(operation.tags, `its tag is its area in the source's Endpoints table (SOURCE_OPERATIONS in test/spec/operations.test.ts)`).toEqual([source.area]);
      expect(typeof operation.summary === 'string' && operation.summary.trim().length > 0).toBe(true);
    });

    it('declares each {param} of its path as a required path parameter, and no other', () => {
      const { path: p, parameters } = found(k);
      const inTemplate = [...p.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]).sort();
      const pathParams = parameters.filter((x) => x.in === 'path');
      expect(pathParams.map((x) => x.name).sort()).toEqual(inTemplate);
      for (const param of pathParams) {
        expect(param.required, String(param.name)).toBe(true);
        expect(isObject(param.schema), String(param.name)).toBe(true);
      }
    });

    it('has a default response (errors are not shown in the source)', () => {
      expect(isObject(at(found(k).operation, '/responses/default'))).toBe(true);
    });

    if ((FULLY_SPECIFIED as readonly string[]).includes(k)) {
      it('is fully specified: a 200 response with a JSON schema and no operation-level x-source-gap', () => {
        const op = found(k);
        expect(op.operation['x-source-gap'], UPDATE.fullySpecified).toBeUndefined();
        expect(isObject(responseSchema(doc, op, '200')), UPDATE.fullySpecified).toBe(true);
      });
    } else {
      it('is listed by method and path only: carries x-source-gap and no 200 response', () => {
        const { operation } = found(k);
        expect(typeof operation['x-source-gap'] === 'string' && operation['x-source-gap'].length > 0, UPDATE.fullySpecified).toBe(true);
        expect(at(operation, '/responses/200'), UPDATE.fullySpecified).toBeUndefined();
      });
    }
  });
});

// ---------------------------------------------------------------------------------------------
// The five fully specified operations
// ---------------------------------------------------------------------------------------------

interface ExpectedParam {
  type: string;
  default?: unknown;
  enum?: readonly string[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

function queryParams(op: FoundOperation): Map<string, JsonObject> {
  return new Map(op.parameters.filter((p) => p.in === 'query').map((p) => [String(p.name), p]));
}

function checkQuery(op: FoundOperation, expected: Record<string, ExpectedParam>): void {
  const params = queryParams(op);
  expect([...params.keys()].sort()).toEqual(Object.keys(expected).sort());
  for (const [name, want] of Object.entries(expected)) {
    const param = params.get(name)!;
    expect(param.required ?? false, `${name} is optional`).toBe(false);
    const schema = derefObj(doc, param.schema, `schema of ${name}`);
    expect(schema.type, `${name} type`).toBe(want.type);
    expect(schema.default, `${name} default`).toEqual(want.default);
    expect(schema.enum, `${name} enum`).toEqual(want.enum);
    expect(schema.minLength, `${name} minLength`).toBe(want.minLength);
    expect(schema.maxLength, `${name} maxLength`).toBe(want.maxLength);
    // No bound the source does not state (the maximum pageSize, for one, is not shown).
    expect(schema.minimum, `${name} minimum`).toBe(want.minimum);
    expect(schema.maximum, `${name} maximum`).toBe(want.maximum);
  }
  const others = op.parameters.filter((p) => p.in !== 'query' && p.in !== 'path');
  expect(others.map((p) => `${String(p.in)}:${String(p.name)}`)).toEqual([]);
}

/** The 200 schema of a list operation: the paginated list wrapper whose results are `item`. */
function checkListWrapper(op: FoundOperation, item: string): void {
  const wrapper = derefObj(doc, responseSchema(doc, op, '200'), '200 schema');
  expect(wrapper.type).toBe('object');
  expect([...(wrapper.required as string[])].sort()).toEqual(['page', 'pageSize', 'results']);
  const props = obj(wrapper.properties, 'properties');
  expect(Object.keys(props).sort()).toEqual(['page', 'pageSize', 'results', 'totalResults']);
  expect(derefObj(doc, props.page, 'page')).toMatchObject({ type: 'number', default: 1 });
  expect(derefObj(doc, props.pageSize, 'pageSize')).toMatchObject({ type: 'number', default: 50 });
  expect(derefObj(doc, props.totalResults, 'totalResults')).toMatchObject({ type: 'number' });
  const results = derefObj(doc, props.results, 'results');
  expect(results.type).toBe('array');
  expect(deref(doc, results.items)).toBe(componentSchema(doc, item));
}

describe('fully specified operations (source: Endpoints, Fully specified operations)', () => {
  it('GET /v1/projects takes exactly page, pageSize, includeCount, externalResearcherId, status (a ProjectStatus)', () => {
    const op = findOperation(doc, 'get', '/v1/projects');
    // The status values themselves are compared with the source's by enums.test.ts.
    const statuses = componentSchema(doc, 'ProjectStatus');
    checkQuery(op, {
      page: { type: 'number', default: 1 },
      pageSize: { type: 'number', default: 50 },
      includeCount: { type: 'boolean', default: false },
      externalResearcherId: { type: 'string' },
      status: { type: 'string', enum: statuses.enum as string[] },
    });
    expect(deref(doc, queryParams(op).get('status')!.schema)).toBe(statuses);
  });

  it('GET /v1/projects answers 200 with the paginated list wrapper of Project', () => {
    checkListWrapper(findOperation(doc, 'get', '/v1/projects'), 'Project');
  });

  it('GET /v1/skills takes exactly page, pageSize, includeCount, query (3 to 100 characters), validated', () => {
    checkQuery(findOperation(doc, 'get', '/v1/skills'), {
      page: { type: 'number', default: 1 },
      pageSize: { type: 'number', default: 50 },
      includeCount: { type: 'boolean', default: false },
      query: { type: 'string', minLength: 3, maxLength: 100 },
      validated: { type: 'boolean' },
    });
  });

  it('GET /v1/skills answers 200 with the paginated list wrapper of Skill', () => {
    checkListWrapper(findOperation(doc, 'get', '/v1/skills'), 'Skill');
  });

  it('GET /v1/webhooks/{webhookId}/event-types takes no query parameter and answers {eventTypes: [event type]}', () => {
    const op = findOperation(doc, 'get', '/v1/webhooks/{webhookId}/event-types');
    checkQuery(op, {});
    const schema = derefObj(doc, responseSchema(doc, op, '200'), '200 schema');
    expect(schema.type).toBe('object');
    expect(Object.keys(obj(schema.properties, 'properties'))).toEqual(['eventTypes']);
    const list = derefObj(doc, at(schema, '/properties/eventTypes'), 'eventTypes');
    expect(list.type).toBe('array');
    const item = derefObj(doc, list.items, 'eventTypes item');
    expect(item.type).toBe('string');
    expect(item.enum).toEqual([...EVENT_TYPES]);
  });

  it('PATCH /v1/projects/{projectId}/quotas/targets takes a required array of {groupId, segmentId, target{value}} and answers the audience quota set', () => {
    const op = findOperation(doc, 'patch', '/v1/projects/{projectId}/quotas/targets');
    checkQuery(op, {});
    expect(derefObj(doc, op.operation.requestBody, 'requestBody').required).toBe(true);
    const body = derefObj(doc, requestBodySchema(doc, op), 'body schema');
    expect(body.type).toBe('array');
    const entry = derefObj(doc, body.items, 'entry');
    expect(entry.type).toBe('object');
    expect([...(entry.required as string[])].sort()).toEqual(['groupId', 'segmentId', 'target']);
    expect(derefObj(doc, at(entry, '/properties/groupId'), 'groupId').type).toBe('string');
    expect(derefObj(doc, at(entry, '/properties/segmentId'), 'segmentId').type).toBe('string');
    const target = derefObj(doc, at(entry, '/properties/target'), 'target');
    expect(target.type).toBe('object');
    expect(derefObj(doc, at(target, '/properties/value'), 'target.value').type).toBe('number');
    expect(deref(doc, responseSchema(doc, op, '200'))).toBe(componentSchema(doc, 'AudienceQuotaSet'));
  });

  it('PUT /v1/projects/{projectId}/quotas/external-fills takes a required array of {groupId, segmentId, count} and answers the audience quota set', () => {
    const op = findOperation(doc, 'put', '/v1/projects/{projectId}/quotas/external-fills');
    checkQuery(op, {});
    expect(derefObj(doc, op.operation.requestBody, 'requestBody').required).toBe(true);
    const body = derefObj(doc, requestBodySchema(doc, op), 'body schema');
    expect(body.type).toBe('array');
    const entry = derefObj(doc, body.items, 'entry');
    expect([...(entry.required as string[])].sort()).toEqual(['count', 'groupId', 'segmentId']);
    expect(derefObj(doc, at(entry, '/properties/groupId'), 'groupId').type).toBe('string');
    expect(derefObj(doc, at(entry, '/properties/segmentId'), 'segmentId').type).toBe('string');
    expect(derefObj(doc, at(entry, '/properties/count'), 'count').type).toBe('number');
    expect(deref(doc, responseSchema(doc, op, '200'))).toBe(componentSchema(doc, 'AudienceQuotaSet'));
  });

  it('answers 200 with application/json only on the fully specified operations', () => {
    const with200 = operations.filter((o) => at(o.operation, '/responses/200') !== undefined).map((o) => key(o.method, o.path));
    expect(with200.sort(), UPDATE.fullySpecified).toEqual([...FULLY_SPECIFIED].sort());
  });
});

describe('webhooks (source: Events)', () => {
  it('has one webhook per event type, named by the event type', () => {
    expect(Object.keys(obj(doc.webhooks, 'webhooks')).sort(), "EVENT_TYPES in test/spec/operations.test.ts transcribes the source's Events").toEqual(
      [...EVENT_TYPES].sort(),
    );
  });

  it.each([...EVENT_TYPES])('%s is a POST with a summary, a tag, a default response and an x-source-gap for its payload', (event) => {
    const item = derefObj(doc, at(doc, `/webhooks/${event}`), event);
    const methods = Object.keys(item).filter((k) => (HTTP_METHODS as readonly string[]).includes(k));
    expect(methods).toEqual(['post']);
    const op = obj(item.post, `${event}.post`);
    expect(typeof op.summary === 'string' && op.summary.length > 0).toBe(true);
    expect(op.tags).toEqual(['Webhooks']);
    expect(isObject(at(op, '/responses/default'))).toBe(true);
    const payload = derefObj(doc, at(derefObj(doc, op.requestBody, 'requestBody'), '/content/application~1json/schema'), 'payload');
    expect(typeof payload['x-source-gap']).toBe('string');
  });

  it.each([...EVENT_TYPES])('%s records its method and media type as assumed (x-assumed), as it declares them', (event) => {
    const op = obj(derefObj(doc, at(doc, `/webhooks/${event}`), event).post, `${event}.post`);
    const assumed = obj(op['x-assumed'], `${event} x-assumed`);
    expect(assumed.method).toBe('POST');
    expect(Object.keys(obj(derefObj(doc, op.requestBody, 'requestBody').content, 'content'))).toEqual([assumed.mediaType]);
    expect(typeof assumed.why === 'string' && assumed.why.length > 0).toBe(true);
  });
});

describe('summaries of the operations known by method and path only (source: Endpoints)', () => {
  const SIMULATE = 'POST /v1/webhooks/{webhookId}/simulate';
  it('say that the summary is read from the method and path', () => {
    const listed = SOURCE_OPERATIONS.map((o) => key(o.method, o.path)).filter((k) => !(FULLY_SPECIFIED as readonly string[]).includes(k) && k !== SIMULATE);
    expect(listed).toHaveLength(SOURCE_OPERATIONS.length - FULLY_SPECIFIED.length - 1);
    const silent = listed.filter(
      (k) => !String(found(k).operation.description).includes('Its summary is read from the method and path, not stated by the source.'),
    );
    expect(
      silent,
      'the source lists these by method and path only (Endpoints → "Operations listed by method and path"): their description says "Its summary is read from the method and path, not stated by the source." unless the source states one (then they belong in FULLY_SPECIFIED, test/spec/operations.test.ts)',
    ).toEqual([]);
  });

  itWithSource('except simulate, whose summary the source states', () => {
    expect(readSource()).toContain('The simulate operation takes one of these types as the event type to simulate.');
    expect(found(SIMULATE).operation.summary).toBe('Simulate a webhook event');
  });
});
