/**
 * docs/mock.md's "Query parameters" table: every documented query parameter of every operation is
 * listed once, and what it states is what the mock does: an ignored parameter leaves the answer as
 * it is (three sampled values) and a value its schema refuses is a 400; `page`, `pageSize` and the
 * count are honoured as stated. Read from the generated package and its document, whatever the spec holds.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GENERATED, load, METHODS, operationCalls, readDocument } from './support.js';

type Doc = Record<string, any>;

const doc = readDocument(GENERATED);
const { createMockApi } = await load(GENERATED, 'mock');
const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
const sampler = createSampler(doc);
const calls = new Map(operationCalls(doc, sampler, 1).map((call) => [call.operationId, call]));

const deref = (node: any): any =>
  node?.$ref
    ? deref(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((o: any, k: string) => o?.[k.replaceAll('~1', '/').replaceAll('~0', '~')], doc),
      )
    : node;

/** Every documented query parameter, in document order: [operationId, parameter object]. */
const documented: [string, Doc][] = Object.values<Doc>(doc.paths).flatMap((item) =>
  METHODS.filter((m) => item[m]).flatMap((m) =>
    [...(item.parameters ?? []), ...(item[m].parameters ?? [])]
      .map(deref)
      .filter((p) => p.in === 'query')
      .map((p): [string, Doc] => [item[m].operationId, p]),
  ),
);

/** The table's rows: [operationId, parameter, what the mock does]. */
function tableRows(): [string, string, string][] {
  const page = readFileSync(path.join(GENERATED, 'docs', 'mock.md'), 'utf8');
  const start = page.indexOf('\n## Query parameters\n');
  expect(start).toBeGreaterThan(0);
  const section = page.slice(start, page.indexOf('\n## ', start + 5));
  let operation = '';
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| Operation') && !/^\|[\s|:-]+\|$/.test(line))
    .map((line) => {
      const [op, name, text] = line
        .slice(1, -1)
        .split(' | ')
        .map((cell) => cell.trim());
      if (op) operation = op.replaceAll('`', '');
      return [operation, name!.replaceAll('`', ''), text!];
    });
}

const rows = tableRows();

/** A value of the parameter's type its schema refuses, when one is plain to write. */
function refused(schema: Doc): string | undefined {
  if (['number', 'integer', 'boolean'].includes(schema.type)) return 'not-a-value';
  if (Array.isArray(schema.enum)) return 'not-one-of-the-values';
  if (typeof schema.minLength === 'number' && schema.minLength >= 2) return 'a';
  return undefined;
}

/** The operation's valid request with the query parameter set (`undefined`: removed), as a Request. */
function withQuery(operationId: string, name: string, value: unknown): Request {
  const base = calls.get(operationId)!.request('http://mock.test');
  const url = new URL(base.url);
  url.searchParams.delete(name);
  if (value !== undefined) for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(item));
  return new Request(url, base);
}

describe('docs/mock.md, query parameters', () => {
  it('lists every documented query parameter of every operation once, in document order, honoured or ignored (or a credential)', () => {
    expect(documented.length).toBeGreaterThan(0);
    expect(rows.map(([op, name]) => `${op} ${name}`)).toEqual(documented.map(([op, p]) => `${op} ${p.name}`));
    for (const [op, name, text] of rows)
      expect(text, `${op} ${name}`).toMatch(
        /^Validated \(.*\), then \*\*(honoured|ignored)\*\*: |^Not read as a parameter: it is an API-key scheme's credential/,
      );
  });

  it('ignored: the answer is the same with three sampled values as without; a refused value is a 400 naming the parameter', async () => {
    let compared = 0;
    let refusals = 0;
    for (const [operationId, p] of documented) {
      const text = rows.find(([op, name]) => op === operationId && name === p.name)![2];
      if (!text.includes('**ignored**')) continue;
      const mock = createMockApi({ seed: 3 });
      const without = await mock.handle(withQuery(operationId, p.name, undefined));
      const expected = { status: without.status, body: await without.text() };
      for (let seed = 1; seed <= 3; seed++) {
        const value = sampler.forSchema(deref(p.schema) ?? {}, seed);
        if (value !== null && typeof value === 'object' && !Array.isArray(value)) continue;
        const answer = await mock.handle(withQuery(operationId, p.name, value));
        expect({ status: answer.status, body: await answer.text() }, `${operationId} ${p.name}=${String(value)}`).toEqual(expected);
        compared++;
      }
      const bad = refused(deref(p.schema) ?? {});
      if (bad === undefined) continue;
      const answer = await mock.handle(withQuery(operationId, p.name, bad));
      expect(answer.status, `${operationId} ${p.name}=${bad}`).toBe(400);
      expect((await answer.json()).problems.map((problem: Doc) => problem.pointer)).toContain(`/query/${p.name}`);
      refusals++;
    }
    expect(compared).toBeGreaterThan(0);
    expect(refusals).toBeGreaterThan(0);
  });

  it('honoured: the page asked for, its size, the count when asked, over a collection of 7 items; out-of-range values are a 400', async () => {
    let checked = 0;
    for (const [operationId, name, text] of rows.filter(([, , text]) => text.includes('**honoured**'))) {
      const mock = createMockApi({ seed: 2 });
      mock.collection(operationId, 7);
      const get = async (query: Record<string, unknown>) => {
        let request = withQuery(operationId, name, undefined);
        for (const [key, value] of Object.entries(query)) {
          const url = new URL(request.url);
          url.searchParams.set(key, String(value));
          request = new Request(url, request);
        }
        const response: Response = await mock.handle(request);
        return { status: response.status, body: (await response.json()) as Doc };
      };
      const all = (await get({ pageSize: 7 })).body.results as unknown[];
      expect(all).toHaveLength(7);
      if (text.includes('which page')) {
        const second = await get({ [name]: 2, pageSize: 3 });
        expect(second.body.page).toBe(2);
        expect(second.body.results).toEqual(all.slice(3, 6));
        expect((await get({ [name]: 0 })).status).toBe(400);
      } else if (text.includes('how many items')) {
        expect((await get({ [name]: 4 })).body.results).toEqual(all.slice(0, 4));
        expect((await get({ [name]: 0 })).status).toBe(400);
        expect((await get({ [name]: 1001 })).status).toBe(400);
      } else {
        const property = /`true` adds `([^`]+)`/.exec(text)?.[1];
        expect(property, text).toBeDefined();
        expect((await get({ [name]: true })).body[property!]).toBe(7);
        expect((await get({ [name]: false })).body).not.toHaveProperty(property!);
        expect((await get({})).body).not.toHaveProperty(property!);
      }
      checked++;
    }
    expect(checked).toBe(rows.filter(([, , text]) => text.includes('**honoured**')).length);
  });
});

describe('operation pages', () => {
  it("say on each operation's page which query parameters the mock honours and which it ignores", () => {
    const dir = path.join(GENERATED, 'docs', 'operations');
    const pages = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8'));
    const lines = new Map<string, string>();
    for (const [operationId] of documented) {
      const page = pages.find((text) => text.includes(`\n## ${operationId}\n`))!;
      const start = page.indexOf(`\n## ${operationId}\n`);
      const end = page.indexOf('\n## ', start + 4);
      const line = page
        .slice(start, end < 0 ? undefined : end)
        .split('\n')
        .find((l) => l.startsWith('**In the mock**'));
      expect(line, operationId).toBeDefined();
      lines.set(operationId, line!);
    }
    for (const [operationId, name, text] of rows) {
      const kind = text.includes('**honoured**') ? 'honours' : 'validates and ignores';
      const clause = lines
        .get(operationId)!
        .split('; ')
        .find((part) => part.includes(kind));
      expect(clause, `${operationId} ${name}`).toContain(`\`${name}\``);
    }
  });
});
