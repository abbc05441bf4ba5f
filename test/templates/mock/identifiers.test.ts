/**
 * Sampled identifiers are usable as path parameters: never empty, and distinct across the items of
 * one collection, where the schema allows it (templates/mock/identifiers.ts).
 * - our generated mock: every paginated operation, a sampled collection of 120 items × 12 seeds;
 * - a crafted document (test/fixtures/mock-identifiers): plain `type: string` ids, a `$ref`'d id,
 *   a path parameter's name as a property, an integer id, a 24-hex pattern, a UUID, a nested `user_id`,
 *   a bare array body; and ids whose schema pins them (`const: ''`, a one-value enum, `^$`,
 *   `maxLength: 0`), which stay as the schema says.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { createValidator } from '../../../templates/client/validation.js';
import { BodyMaker } from '../../../templates/mock/bodies.js';
import type { MockOperation } from '../../../templates/mock/types.js';
import { CREDENTIALS, GENERATED, load, readDocument, ROOT } from './support.js';

type Doc = Record<string, any>;
const decoder = new TextDecoder();

/** Names a consumer would pass back: `id`, `…Id`, `…Uid`, `…_id`, and the document's path parameter names. */
function idNames(doc: Doc): (name: string) => boolean {
  const pathNames = new Set<string>();
  const deref = (node: any): any =>
    node?.$ref
      ? node.$ref
          .slice(2)
          .split('/')
          .reduce((o: any, k: string) => o?.[k], doc)
      : node;
  for (const item of Object.values<any>(doc.paths ?? {})) {
    for (const holder of [item, ...Object.values<any>(item)]) {
      for (const p of Array.isArray(holder?.parameters) ? holder.parameters : []) if (deref(p)?.in === 'path') pathNames.add(deref(p).name);
    }
  }
  return (name) => name === 'id' || /[a-z0-9](Id|Uid)$/.test(name) || /_id$/.test(name) || pathNames.has(name);
}

/** Every identifier string inside a value, at any depth: [pointer, value]. */
function identifierStrings(value: unknown, isId: (name: string) => boolean, at = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((item, i) => identifierStrings(item, isId, `${at}/${i}`));
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([key, child]) => [
    ...(typeof child === 'string' && isId(key) ? [[`${at}/${key}`, child] as [string, string]] : []),
    ...identifierStrings(child, isId, `${at}/${key}`),
  ]);
}

describe('our generated mock', async () => {
  const { createMockApi } = await load(GENERATED, 'mock');
  const doc = readDocument(GENERATED);
  const isId = idNames(doc);
  const paginated = Object.entries<Doc>(doc.paths).flatMap(([route, item]) =>
    Object.values<Doc>(item)
      .filter((op) => op?.operationId && /"results"/.test(JSON.stringify(op.responses?.['200'] ?? {})) && !route.includes('{'))
      .map((op) => ({ route, operationId: op.operationId as string })),
  );

  it('samples collections of 120 whose ids are non-empty and distinct, every identifier non-empty, for 12 seeds', async () => {
    expect(paginated.length).toBeGreaterThan(0);
    let items = 0;
    for (const { route, operationId } of paginated) {
      for (let seed = 1; seed <= 12; seed++) {
        const mock = createMockApi({ seed });
        mock.collection(operationId, 120);
        const results: Doc[] = [];
        for (let page = 1; page <= 3; page++) {
          const response: Response = await mock.handle(new Request(`http://mock.test${route}?page=${page}&pageSize=50`, { headers: CREDENTIALS }));
          expect(response.status, `${operationId} seed ${seed} page ${page}`).toBe(200);
          results.push(...(await response.json()).results);
        }
        expect(results).toHaveLength(120);
        for (const [pointer, value] of identifierStrings(results, isId)) expect(value, `${operationId} seed ${seed} ${pointer}`).not.toBe('');
        const ids = results.map((item) => item['id']).filter((id) => id !== undefined);
        expect(new Set(ids).size, `${operationId} seed ${seed}: distinct ids`).toBe(ids.length);
        items += results.length;
      }
    }
    expect(items).toBe(paginated.length * 12 * 120);
  });

  it('gives the same collection for the same seed, another for another seed', async () => {
    const { route, operationId } = paginated[0]!;
    const page = async (seed: number) => {
      const mock = createMockApi({ seed });
      mock.collection(operationId, 30);
      return (await mock.handle(new Request(`http://mock.test${route}?pageSize=30`, { headers: CREDENTIALS }))).text();
    };
    expect(await page(5)).toBe(await page(5));
    expect(await page(5)).not.toBe(await page(6));
  });
});

describe('a crafted document', () => {
  const doc = parse(readFileSync(path.join(ROOT, 'test/fixtures/mock-identifiers/openapi.yaml'), 'utf8')) as Doc;
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  ajv.addSchema(doc, 'doc');
  const validatorOf = (pointer: string) => createValidator<unknown>('test', ajv.compile({ $ref: `doc#${pointer}` }), 'test');
  const media = (route: string) => `/paths/${route.replaceAll('/', '~1')}/get/responses/200/content/application~1json`;
  const operation = (operationId: string, route: string, itemsSchema?: string): MockOperation => ({
    operationId,
    method: 'GET',
    path: route,
    paginated: itemsSchema !== undefined,
    parameters: [],
    security: [],
    validators: { responses: { '200': validatorOf(`${media(route)}/schema`) } },
    success: { status: 200, media: { type: 'application/json', pointer: media(route) } },
    ...(itemsSchema && { pagination: { defaultPage: 1, defaultPageSize: 20, itemsPointer: `/components/schemas/${itemsSchema}` } }),
  });
  const shelves = operation('listShelves', '/shelves', 'Shelf') as MockOperation & { pagination: NonNullable<MockOperation['pagination']> };
  const fixed = operation('listFixed', '/fixed', 'Fixed') as MockOperation & { pagination: NonNullable<MockOperation['pagination']> };
  const pageOf = async (maker: BodyMaker, op: typeof shelves, page: number, pageSize: number, size: number): Promise<Doc> => {
    const result = await maker.page(op, { page, pageSize }, size);
    if (!result.ok) throw new Error(result.error);
    return JSON.parse(decoder.decode(result.body!));
  };
  const isId = idNames(doc);

  it('samples plain `type: string` ids (no minLength) non-empty, and distinct across pages, for 20 seeds', async () => {
    for (let seed = 1; seed <= 20; seed++) {
      const maker = new BodyMaker(doc, seed);
      const items = [
        ...(await pageOf(maker, shelves, 1, 40, 100)).results,
        ...(await pageOf(maker, shelves, 2, 40, 100)).results,
        ...(await pageOf(maker, shelves, 3, 40, 100)).results,
      ];
      expect(items).toHaveLength(100);
      for (const [pointer, value] of identifierStrings(items, isId)) expect(value, `seed ${seed} ${pointer}`).not.toBe('');
      for (const name of ['id', 'shelfCode', 'ownerId', 'rowId', 'hexId', 'uuid']) {
        expect(new Set(items.map((item: Doc) => item[name])).size, `seed ${seed}: ${name}`).toBe(100);
      }
      for (const item of items) {
        expect(item.hexId).toMatch(/^[0-9a-f]{24}$/);
        expect(item.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
        expect(Number.isInteger(item.rowId) && item.rowId >= 1).toBe(true);
        expect(item.owner.user_id).not.toBe('');
      }
    }
  });

  it('makes the ids of a bare array body distinct and non-empty within its maxLength', async () => {
    const op = operation('listLabels', '/labels');
    for (let seed = 1; seed <= 20; seed++) {
      const result = await new BodyMaker(doc, seed).success(op, '/labels');
      if (!result.ok) throw new Error(result.error);
      const labels: Doc[] = JSON.parse(decoder.decode(result.body!));
      expect(labels.length).toBeGreaterThanOrEqual(8);
      const ids = labels.map((label) => label['labelId'] as string);
      expect(
        ids.every((id) => id.length >= 1 && id.length <= 12),
        ids.join(),
      ).toBe(true);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('respects a schema that pins the id: const "", a one-value enum, "^$", maxLength 0 stay as the schema says', async () => {
    const page = await pageOf(new BodyMaker(doc, 3), fixed, 1, 5, 5);
    expect(page.results).toHaveLength(5);
    for (const item of page.results) expect(item).toEqual({ id: '', kindId: 'only', emptyId: '', blankId: '' });
    expect(validatorOf(`${media('/fixed')}/schema`)(page)).toBe(true);
  });

  it('is deterministic: the same seed gives the same bytes from a fresh mock, every page passes the response validator', async () => {
    const one = await pageOf(new BodyMaker(doc, 9), shelves, 2, 25, 60);
    const two = await pageOf(new BodyMaker(doc, 9), shelves, 2, 25, 60);
    expect(JSON.stringify(one)).toBe(JSON.stringify(two));
    expect(JSON.stringify(one)).not.toBe(JSON.stringify(await pageOf(new BodyMaker(doc, 10), shelves, 2, 25, 60)));
    expect(validatorOf(`${media('/shelves')}/schema`)(one)).toBe(true);
  });
});
