/**
 * Parameters through the whole chain: a document with one operation per row of the OpenAPI
 * specification's style examples (location × style × explode × shape), generated; its client
 * sends `color` (the examples' value) to its mock. The request on the wire must be exactly the
 * specification's example, and the mock must read back the value the client was given.
 */
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stringify } from 'yaml';
import { generateInto, scratchFolder } from '../../generator/support/generate-and-check.js';
import { load } from '../mock/support.js';
import { COLOR, STYLE_EXAMPLES, type Location, type Shape } from './style-examples.js';

const SHAPES: readonly Shape[] = ['primitive', 'array', 'object'];
const SCHEMAS: Record<Shape, object> = {
  primitive: { type: 'string' },
  array: { type: 'array', items: { type: 'string' } },
  object: { type: 'object', properties: { R: { type: 'integer' }, G: { type: 'integer' }, B: { type: 'integer' } } },
};

const CASES = STYLE_EXAMPLES.flatMap(([location, style, explode, wire]) =>
  SHAPES.map((shape) => ({ location, style, explode, shape, wire: wire[shape], operationId: `${location}_${style}_${explode}_${shape}` })),
);

/** The path of a case's operation: the parameter fills the last segment when it is a path parameter. */
const pathOf = (c: (typeof CASES)[number]) => `/${c.operationId}${c.location === 'path' ? '/{color}' : ''}`;

function documentOfCases(): object {
  const paths: Record<string, object> = {};
  for (const c of CASES) {
    const parameter = { name: 'color', in: c.location, required: c.location === 'path', style: c.style, explode: c.explode, schema: SCHEMAS[c.shape] };
    paths[pathOf(c)] = {
      get: { operationId: c.operationId, summary: c.operationId, parameters: [parameter], responses: { '200': { description: 'The parameters as read' } } },
    };
  }
  return { openapi: '3.1.0', info: { title: 'Style examples', version: '1.0.0' }, servers: [{ url: 'https://styles.example' }], paths };
}

/** What the client put on the wire for the parameter, in the form the specification's table shows. */
function wireOf(location: Location, request: Request): string | null {
  const url = new URL(request.url);
  switch (location) {
    case 'path':
      return url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    case 'query':
      return url.search.slice(1);
    case 'header':
      return request.headers.get('color');
    case 'cookie':
      return request.headers.get('cookie');
  }
}

const scratch = scratchFolder('parameter-styles-client-');
let api: any;
const sent: Request[] = [];
beforeAll(async () => {
  const out = scratch.fresh('out');
  const run = await generateInto(scratch.spec(stringify(documentOfCases())), out);
  expect(run.code, run.output).toBe(0);
  const [{ createPartnerClient, environments }, { createMockApi }] = await Promise.all([load(out, 'index'), load(out, 'mock')]);
  const echo = (_request: Request, parameters: unknown) => ({ body: parameters });
  const mock = createMockApi({ overrides: Object.fromEntries(CASES.map((c) => [c.operationId, echo])) });
  const recording = (request: Request) => (sent.push(request.clone()), mock.fetch(request));
  api = createPartnerClient({ environment: Object.keys(environments)[0], fetch: recording, rateLimit: false, maxRetries: 0 });
});
afterAll(() => rmSync(scratch.dir, { recursive: true, force: true }));

describe('client to mock, every style example', () => {
  it.each(CASES.map((c) => [`${c.location} ${c.style} explode=${c.explode} ${c.shape}`, c] as const))('%s', async (_name, c) => {
    const value = COLOR[c.shape];
    sent.length = 0;
    const { data, response } = await api.GET(pathOf(c), { params: { [c.location]: { color: value } } });
    expect(response.status, JSON.stringify(data)).toBe(200);
    expect(sent).toHaveLength(1);
    expect(wireOf(c.location, sent[0]!)).toBe(c.wire);
    expect(data[c.location]).toEqual({ color: value });
  });

  it('a serializer of the caller replaces the document style, as in openapi-fetch', async () => {
    const c = CASES.find((k) => k.location === 'query' && k.style === 'pipeDelimited' && k.shape === 'array')!;
    sent.length = 0;
    await api.GET(pathOf(c), { params: { query: { color: ['a', 'b'] } }, querySerializer: { array: { style: 'form', explode: false } } });
    expect(wireOf('query', sent[0]!)).toBe('color=a,b');
  });
});
