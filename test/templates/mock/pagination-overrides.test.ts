/**
 * Pagination over a seeded collection (pages, totals, the caller's items, bad items refused),
 * typed overrides (static, per request, error bodies of any JSON) and `reset()`.
 */
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, load, operationCalls, readDocument } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');
const { validateListProjectsResponse, validateProject } = await load(GENERATED, 'validators');

const getJson = async (mock: any, path: string): Promise<any> => {
  const response: Response = await mock.handle(new Request(`http://mock.test${path}`, { headers: CREDENTIALS }));
  return { status: response.status, body: await response.json(), headers: response.headers };
};

/** The `results` of the example of listProjects' 200 answer in the bundled document. */
function exampleResults(): unknown[] {
  const document = readDocument(GENERATED);
  const examples = document.paths['/v1/projects'].get.responses['200'].content['application/json'].examples;
  const [entry] = Object.values<any>(examples);
  const example = entry.$ref ? document.components.examples[entry.$ref.split('/').pop()] : entry;
  return example.value.results;
}

describe('pagination', () => {
  it("pages the spec's example by default: its items, whatever the seed, the count on request", async () => {
    const results = exampleResults();
    expect(results.length).toBeGreaterThan(0);
    for (const seed of [1, 2]) {
      const page = (await getJson(createMockApi({ seed }), '/v1/projects?includeCount=true')).body;
      expect(page).toMatchObject({ page: 1, pageSize: 50, totalResults: results.length });
      expect(page.results).toEqual(results);
      expect(validateListProjectsResponse(page)).toBe(true);
    }
    const second = (await getJson(createMockApi(), '/v1/projects?page=2&pageSize=1')).body;
    expect(second.results).toEqual(results.slice(1, 2));
  });

  it('pages a sampled collection of the size asked for: defaults from x-pagination, a short last page, the count on request', async () => {
    const mock = createMockApi({ seed: 11, collections: { listProjects: 101 } });
    const first = (await getJson(mock, '/v1/projects')).body;
    expect([first.page, first.pageSize, first.results.length, first.totalResults]).toEqual([1, 50, 50, undefined]);
    const pages = [];
    for (let page = 1; page <= 4; page++) pages.push((await getJson(mock, `/v1/projects?page=${page}&pageSize=40&includeCount=true`)).body);
    expect(pages.map((p) => p.results.length)).toEqual([40, 40, 21, 0]);
    expect(pages.every((p) => p.totalResults === 101 && validateListProjectsResponse(p))).toBe(true);
    // The same items whatever the page size: the collection is one sequence.
    const all = pages.flatMap((p) => p.results);
    const byFifty = [...first.results, ...(await getJson(mock, '/v1/projects?page=2')).body.results];
    expect(byFifty).toEqual(all.slice(0, 100));
    expect(all.every((item) => validateProject(item))).toBe(true);
    // A larger sampled collection starts with the same items (each is seeded by its index).
    mock.collection('listProjects', 120);
    const larger = (await getJson(mock, '/v1/projects?page=3&pageSize=50&includeCount=true')).body;
    expect([larger.totalResults, larger.results.length]).toEqual([120, 20]);
    expect(larger.results[0]).toEqual(all[100]);
    expect(() => mock.collection('listProjects', -1)).toThrow('an integer >= 0');
    expect(() => createMockApi({ collections: { listProjects: 1.5 } })).toThrow(TypeError);
  });

  it('pages your own items, given as an option or by collection()', async () => {
    const sample = (await getJson(createMockApi({ seed: 2, collections: { listProjects: 3 } }), '/v1/projects?pageSize=3')).body.results;
    const items = Array.from({ length: 5 }, (_, i) => ({ ...sample[i % 3], id: `own-${i}` }));
    expect(items.every((item) => validateProject(item))).toBe(true);
    const mock = createMockApi({ collections: { listProjects: items } });
    const page = (await getJson(mock, '/v1/projects?page=2&pageSize=2&includeCount=true')).body;
    expect(page.results.map((p: any) => p.id)).toEqual(['own-2', 'own-3']);
    expect(page.totalResults).toBe(5);
    mock.collection('listProjects', items.slice(0, 1));
    expect((await getJson(mock, '/v1/projects?includeCount=true')).body.totalResults).toBe(1);
    mock.reset();
    expect((await getJson(mock, '/v1/projects?includeCount=true')).body.totalResults).toBe(5);
  });

  it('refuses bad items with a TypeError naming the operation and every problem', async () => {
    const good = (await getJson(createMockApi(), '/v1/projects?pageSize=1')).body.results[0];
    const bad = [good, { ...good, id: 42 }, { publicTitle: 'no id' }];
    expect(() => createMockApi({ collections: { listProjects: bad as any } })).toThrow(
      /The collection of listProjects has invalid items:\n\/1\/id must be string[\s\S]*\/2 must have required property/,
    );
    expect(() => createMockApi().collection('listProjects', [{ id: 1 }] as any)).toThrow(TypeError);
    expect(() => createMockApi().collection('getProject' as any, [])).toThrow('getProject is not a paginated operation');
  });
});

describe('overrides', () => {
  it('answers an override instead of the generated body, after the request checks', async () => {
    const mock = createMockApi({ overrides: { getProject: { status: 404, body: { message: 'gone', code: 7 } } } });
    expect(await getJson(mock, '/v1/projects/p1')).toMatchObject({ status: 404, body: { message: 'gone', code: 7 } });
    const unauthorized: Response = await mock.handle(new Request('http://mock.test/v1/projects/p1'));
    expect(unauthorized.status).toBe(401);
    mock.override('listSkills', { body: { page: 9, pageSize: 1, results: [] }, headers: { 'x-mock': 'yes' } });
    const skills = await getJson(mock, '/v1/skills');
    expect(skills.body).toEqual({ page: 9, pageSize: 1, results: [] });
    expect(skills.headers.get('x-mock')).toBe('yes');
    mock.override('listProjects', (request: Request) => ({ status: 503, body: { url: new URL(request.url).search } }));
    expect(await getJson(mock, '/v1/projects?page=2')).toMatchObject({ status: 503, body: { url: '?page=2' } });
    mock.reset();
    expect((await getJson(mock, '/v1/skills')).body.page).toBe(1);
    expect((await getJson(mock, '/v1/projects/p1')).status).toBe(404); // the options' overrides stay
    expect(() => mock.override('noSuchOperation' as any, {})).toThrow('Unknown operation "noSuchOperation"');
  });

  it('hands an override function a readable request (body included), in process and over HTTP', async () => {
    const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
    const document = readDocument(GENERATED);
    const withBody = operationCalls(document, createSampler(document, { direction: 'request' }), 1).find(
      (call) => call.request('http://mock.test').body !== null,
    )!;
    const sent = await withBody.request('http://mock.test').text();
    const seen: unknown[] = [];
    const mock = createMockApi({ overrides: { [withBody.operationId]: async (request: Request) => (seen.push(await request.text()), { status: 202 }) } });
    expect((await mock.handle(withBody.request('http://mock.test'))).status).toBe(202);
    const server = await mock.listen();
    try {
      expect((await fetch(withBody.request(server.url))).status).toBe(202);
    } finally {
      await server.close();
    }
    expect(seen).toEqual([sent, sent]);
  });
});
