/**
 * Write-time rules (`x-future-date-time`) hold for what is sent, not for what comes back: a crafted
 * document whose `Deadline` is sent in a request body and a query parameter and returned in
 * answers, generated into a temporary folder. Its request and query validators, the client before
 * sending and the mock on each request refuse a time that has passed; its response and schema
 * validators, the client's response validation and the mock's checks of answers accept one.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto } from '../../support/generate-and-check.js';
import { load } from '../../../templates/mock/support.js';
import { pageView } from '../../support/markdown-pages.js';
import { constraints } from '../../../../generator/emit/docs/schema.js';

const SPEC = `openapi: 3.1.0
info: { title: Tasks, version: '1' }
servers: [{ url: 'https://tasks.invalid/v1' }]
components:
  schemas:
    Deadline:
      type: object
      required: [endsAt]
      properties:
        endsAt: { type: string, format: date-time, x-future-date-time: true }
    Task:
      type: object
      required: [name, deadline]
      properties:
        name: { type: string, minLength: 1 }
        deadline: { $ref: '#/components/schemas/Deadline' }
    TaskPage:
      type: object
      required: [page, pageSize, results]
      properties:
        page: { type: integer }
        pageSize: { type: integer }
        results: { type: array, items: { $ref: '#/components/schemas/Task' } }
paths:
  /tasks:
    get:
      operationId: listTasks
      parameters:
        - { name: page, in: query, schema: { type: integer, minimum: 1 } }
        - { name: pageSize, in: query, schema: { type: integer, minimum: 1 } }
        - { name: dueAfter, in: query, schema: { type: string, format: date-time, x-future-date-time: true } }
      responses:
        '200': { description: Tasks, content: { application/json: { schema: { $ref: '#/components/schemas/TaskPage' } } } }
    post:
      operationId: createTask
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } } }
      responses:
        '200': { description: The task, content: { application/json: { schema: { $ref: '#/components/schemas/Task' } } } }
`;

const HOUR = 3_600_000;
const past = () => new Date(Date.now() - HOUR).toISOString();
const future = () => new Date(Date.now() + HOUR).toISOString();
const task = (endsAt: string) => ({ name: 'Interview', deadline: { endsAt } });

let work: string;
let out: string;
let v: Record<string, any>;
beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'write-time-'));
  out = path.join(work, 'out');
  writeFileSync(path.join(work, 'openapi.yaml'), SPEC);
  const run = await generateInto(path.join(work, 'openapi.yaml'), out);
  expect(run.code, run.output).toBe(0);
  // The mock's sampler imports its optional peers, which a consumer installs beside the package.
  symlinkSync(path.join(import.meta.dirname, '..', '..', '..', '..', 'node_modules'), path.join(out, 'node_modules'), 'dir');
  v = await load(out, 'validators');
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('validators', () => {
  it('refuse a past time in a request body and a query, naming the place', () => {
    expect(v.validateCreateTaskRequest(task(future()))).toBe(true);
    expect(v.validateCreateTaskRequest.check(task(past()))).toMatchObject({
      valid: false,
      problems: [{ pointer: '/deadline/endsAt', keyword: 'x-future-date-time' }],
    });
    expect(v.validateListTasksQuery({ dueAfter: future() })).toBe(true);
    expect(v.validateListTasksQuery.check({ dueAfter: past() })).toMatchObject({
      valid: false,
      problems: [{ pointer: '/dueAfter', message: 'must be a date-time in the future' }],
    });
  });

  it('accept a past time in answers and in the schema validators, and still check everything else there', () => {
    expect(v.validateCreateTaskResponse.check(task(past()))).toMatchObject({ valid: true });
    expect(v.validateListTasksResponse.check({ page: 1, pageSize: 1, results: [task(past())] })).toMatchObject({ valid: true });
    expect(v.validateTask(task(past()))).toBe(true);
    expect(v.validateDeadline({ endsAt: past() })).toBe(true);
    expect(v.validateDeadline.check({ endsAt: 'yesterday' })).toMatchObject({ valid: false, problems: [{ pointer: '/endsAt', keyword: 'format' }] });
    expect(v.validateCreateTaskResponse.check({ name: '', deadline: {} })).toMatchObject({
      valid: false,
      problems: [{ pointer: '/name' }, { pointer: '/deadline', keyword: 'required' }],
    });
  });

  it('say in the docs where the rule applies', () => {
    const page = (file: string) => pageView(readFileSync(path.join(out, file), 'utf8'));
    // The field's constraints give the rule as the docs state x-future-date-time: when sent, on requests.
    const [rule] = constraints({ 'x-future-date-time': true });
    expect(
      page('docs/schemas/Deadline.md')
        .section('Fields')
        .items.find((item) => item.startsWith('endsAt:')),
    ).toContain(rule);
    // A schema that includes one says its "when sent" rules hold for what is sent.
    expect(
      page('docs/schemas/Task.md')
        .sections.flatMap((s) => s.blocks)
        .some((b) => b.text.includes('"when sent"')),
    ).toBe(true);
    // The README's response validation option says such rules never refuse an answer.
    const options = page('README.md')
      .sections.flatMap((s) => s.tables)
      .flatMap((t) => t.rows);
    expect(options.find((r) => r.Option === 'validateResponses')?.['What it does']).toContain('"when sent"');
  });
});

describe('the mock and the client', () => {
  let mock: any;
  let server: { url: string; close(): Promise<void> };
  let client: any;
  beforeAll(async () => {
    const { createMockApi } = await load(out, 'mock');
    mock = createMockApi({ seed: 3, collections: { listTasks: [task(past()), task(future())] } });
    server = await mock.listen({ host: '127.0.0.1', port: 0 });
    const { createPartnerClient } = await load(out, 'index');
    client = createPartnerClient({ environment: 'default', baseUrl: server.url, validateResponses: 'throw', maxRetries: 0 });
  });
  afterAll(() => server?.close());

  it('the mock answers 400 to a past time sent, at its pointer, and serves a collection holding one', async () => {
    const refused = await fetch(`${server.url}/tasks`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(task(past())) });
    expect(refused.status).toBe(400);
    expect((await refused.json()).problems).toEqual([expect.objectContaining({ pointer: '/body/deadline/endsAt' })]);
    const page = await fetch(`${server.url}/tasks?pageSize=5`);
    expect(page.status).toBe(200);
    expect((await page.json()).results.map((t: any) => Date.parse(t.deadline.endsAt) < Date.now())).toEqual([true, false]);
  });

  it('the client refuses to send a past time, and takes an answer holding one under validateResponses: throw', async () => {
    const sent = mock.requests.length;
    await expect(client.POST('/tasks', { body: task(past()) })).rejects.toMatchObject({
      name: 'RequestValidationError',
      problems: [expect.objectContaining({ pointer: '/deadline/endsAt' })],
    });
    expect(mock.requests.length).toBe(sent);
    const { data, response } = await client.GET('/tasks', { params: { query: { pageSize: 5 } } });
    expect(response.status).toBe(200);
    expect(data.results).toHaveLength(2);
  });
});
