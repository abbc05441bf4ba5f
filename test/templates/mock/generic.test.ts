/**
 * The mock generated for a crafted document that exercises what ours does not: a server URL with
 * a path (the base path), responses shared through `$ref`, several 2xx statuses, `2XX`, an
 * example-only media type, alternatives of bearer and query-key security, `security: []`.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, typeCheck } from '../../generator/support/generate-and-check.js';
import { GENERATED, load, ROOT, writeMockDocExamples } from './support.js';

const SPEC = `openapi: 3.1.0
info: { title: Crafted, version: '1' }
servers: [{ url: 'https://api.example.com/v2' }]
security: [{ bearer: [] }, { key: [] }]
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
    key: { type: apiKey, in: query, name: api_key }
  schemas:
    Thing:
      type: object
      required: [id, size]
      properties:
        id: { type: string, minLength: 3 }
        size: { type: integer, minimum: 10, maximum: 12 }
  responses:
    OneThing:
      description: A thing
      content: { application/json: { schema: { $ref: '#/components/schemas/Thing' } } }
paths:
  /things/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      operationId: getThing
      responses:
        '200': { $ref: '#/components/responses/OneThing' }
        '404':
          description: Not found
          content: { application/json: { schema: { type: object, properties: { reason: { type: string } } } } }
    put:
      operationId: putThing
      requestBody: { required: true, content: { application/merge-patch+json: { schema: { $ref: '#/components/schemas/Thing' } } } }
      responses:
        '202': { description: Accepted }
        '201': { $ref: '#/components/responses/OneThing' }
  /health:
    get:
      operationId: health
      security: []
      responses:
        '2XX':
          description: Healthy
          content: { application/json: { example: { ok: true } } }
  /impossible:
    get:
      operationId: impossible
      responses:
        '200':
          description: No value can pass this schema
          content: { application/json: { schema: { type: integer, minimum: 5, maximum: 4 } } }
  /things/mine:
    get:
      operationId: getMine
      responses: { '204': { description: Nothing } }
`;

let work: string;
let mock: any;
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'mock-generic-'));
  writeFileSync(path.join(work, 'openapi.yaml'), SPEC);
  const run = await generateInto(path.join(work, 'openapi.yaml'), path.join(work, 'out'));
  expect(run.code, run.output).toBe(0);
  // The mock's sampler imports its optional peers, which a consumer installs beside the package.
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'out', 'node_modules'), 'dir');
  const { createMockApi } = await load(path.join(work, 'out'), 'mock');
  mock = createMockApi({ seed: 5 });
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

const call = (path: string, init: RequestInit = {}): Promise<Response> => mock.handle(new Request(`https://api.example.com${path}`, init));
const BEARER = { authorization: 'Bearer t' };

describe('mock of a crafted document', () => {
  it("routes under the server URL's path only", async () => {
    expect((await call('/v2/things/abc', { headers: BEARER })).status).toBe(200);
    expect((await call('/things/abc', { headers: BEARER })).status).toBe(404);
  });

  it('samples a body through a shared response, passing its schema', async () => {
    const thing = await (await call('/v2/things/abc', { headers: BEARER })).json();
    expect(thing.id.length).toBeGreaterThanOrEqual(3);
    expect([10, 11, 12]).toContain(thing.size);
  });

  it('answers the lowest explicit 2xx (201 before 202), 200 for 2XX with its example, an empty 204', async () => {
    const put = await call('/v2/things/abc?api_key=k', {
      method: 'PUT',
      headers: { 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ id: 'abcd', size: 11 }),
    });
    expect(put.status).toBe(201);
    const health = await call('/v2/health');
    expect([health.status, await health.json()]).toEqual([200, { ok: true }]);
    const mine = await call('/v2/things/mine', { headers: BEARER });
    expect([mine.status, await mine.text()]).toEqual([204, '']);
    expect(mock.requests.at(-1).operationId).toBe('getMine');
  });

  it('accepts either security alternative, refuses neither, and needs none for security: []', async () => {
    expect((await call('/v2/things/abc?api_key=k')).status).toBe(200);
    expect((await call('/v2/things/abc', { headers: { authorization: 'Basic dTpw' } })).status).toBe(401);
    expect((await call('/v2/things/abc', { headers: { authorization: 'Bearer ' } })).status).toBe(401);
    expect((await call('/v2/health')).status).toBe(200);
    expect(JSON.stringify(mock.requests)).toContain('api_key=%5Bredacted%5D');
  });

  it('answers an honest 500 naming the operation when no valid body can be produced, never an invalid one', async () => {
    const response = await call('/v2/impossible', { headers: BEARER });
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body).toMatchObject({ mock: true, status: 500 });
    expect(body.error).toMatch(
      /^impossible: no body passing the response validator could be produced \(at #\/paths\/~1impossible\/get\/responses\/200\/content\/application~1json/,
    );
  });

  it('checks the body against the request schema with pointers', async () => {
    const bad = await call('/v2/things/abc', {
      method: 'PUT',
      headers: { ...BEARER, 'content-type': 'application/merge-patch+json' },
      body: JSON.stringify({ id: 'a', size: 99 }),
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).problems.map((p: any) => p.pointer).sort()).toEqual(['/body/id', '/body/size']);
  });

  it("reads a body of the operation's JSON media type as JSON, and answers 415 to another type", async () => {
    const put = (contentType: string, body: string) => call('/v2/things/abc', { method: 'PUT', headers: { ...BEARER, 'content-type': contentType }, body });
    const notJson = await put('application/merge-patch+json', '{not json');
    expect([notJson.status, (await notJson.json()).problems]).toEqual([400, [{ pointer: '/body', message: 'must be JSON' }]]);
    const otherType = await put('application/json', JSON.stringify({ id: 'abcd', size: 11 }));
    expect([otherType.status, (await otherType.json()).error]).toEqual([415, 'putThing takes application/merge-patch+json, not application/json']);
  });

  it("writes docs/mock.md's examples with the document's own operations, and they compile as pasted", async () => {
    const out = path.join(work, 'out');
    const files = writeMockDocExamples(out);
    const examples = files.map((file) => readFileSync(path.join(out, file), 'utf8')).join('\n');
    expect(examples).toContain("mock.override('getThing', { status: 404 }); // the body of that status is typed");
    expect(await typeCheck(out, files)).toBe('');
  }, 60_000);

  it("does so for this repository's spec too (a copy of generated/: its paginated operation, its default error)", async () => {
    const copy = path.join(work, 'copy');
    for (const part of ['package.json', 'docs/mock.md', 'dist']) cpSync(path.join(GENERATED, part), path.join(copy, part), { recursive: true });
    const files = writeMockDocExamples(copy);
    expect(files.length).toBeGreaterThanOrEqual(3);
    expect(await typeCheck(copy, files)).toBe('');
  }, 60_000);
});
