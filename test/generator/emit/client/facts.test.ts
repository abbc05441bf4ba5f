/**
 * One table of operations (src/facts.ts) behind the mock and the package's `operations`, and one
 * module per operation (src/routes/) that the client loads on the first call: its entry holds what
 * the client reads of the table's (no more, so a bundle holds no more), every named function calls
 * its own method and path with its own module, and the mock routes by the same entries.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { operationFunctionName } from '../../../../generator/emit/names.js';
import { GENERATED, load } from '../../../templates/mock/support.js';

interface Entry {
  operationId: string;
  method: string;
  path: string;
  paginated: boolean;
  security: unknown;
  parameters: { name: string; in: string; style: string; explode: boolean; allowReserved: boolean; content?: string; shape?: string }[];
}

type RouteModule = { info: Omit<Entry, 'paginated'> & { paginated?: true } };

const facts = await load<{ operations: readonly Entry[] }>(GENERATED, 'facts');
const index = await load<{ operations: readonly Entry[] }>(GENERATED, 'index');
const named = await load<Record<string, (client: unknown, init?: unknown) => Promise<unknown>>>(GENERATED, 'operations');
const { createMockApi } = await load(GENERATED, 'mock');
const { routes } = await load<{ routes: Record<string, Record<string, () => Promise<{ __route: RouteModule }>>> }>(GENERATED, 'routes/index');
const source = (file: string) => readFileSync(path.join(GENERATED, 'src', file), 'utf8');

/** What the client reads of an entry of the table. */
const clientPart = ({ operationId, method, path, paginated, security, parameters }: Entry) => ({
  operationId,
  method,
  path,
  ...(paginated && { paginated }),
  security,
  parameters: parameters.map(({ name, in: location, style, explode, allowReserved, content, shape }) => ({
    name,
    in: location,
    style,
    explode,
    allowReserved,
    ...(content !== undefined && { content }),
    ...(shape !== undefined && { shape }),
  })),
});

describe('the package holds one table of operations', () => {
  it('the package exports the table; the client and the named operations import no table', () => {
    expect(index.operations).toBe(facts.operations);
    expect(facts.operations.length).toBeGreaterThan(0);
    expect(source('mock.ts')).toContain("from './facts.js'");
    for (const { operationId } of facts.operations) {
      for (const file of ['index.ts', 'mock.ts', 'operations.ts']) expect(source(file), `${file} names ${operationId}`).not.toContain(`"${operationId}"`);
    }
  });

  it("each operation's module, loaded by method and path, holds what the client reads of its entry", async () => {
    const loaded = await Promise.all(facts.operations.map(async (entry) => (await routes[entry.method]![entry.path]!()).__route.info));
    expect(loaded).toEqual(facts.operations.map(clientPart));
    const indexed = Object.values(routes).reduce((count, byPath) => count + Object.keys(byPath).length, 0);
    expect(indexed).toBe(facts.operations.length);
  });

  it('each named function calls its own method and path, handing the client its own module', async () => {
    for (const entry of facts.operations) {
      const calls: unknown[][] = [];
      const recorder = { request: async (...args: unknown[]) => void calls.push(args) };
      await named[operationFunctionName({ operationId: entry.operationId, name: entry.operationId })]!(recorder, {});
      expect(
        calls.map(([method, url]) => [method, url]),
        entry.operationId,
      ).toEqual([[entry.method.toLowerCase(), entry.path]]);
      const init = calls[0]![2] as Record<string | symbol, unknown>;
      // Only the module, under a symbol (which openapi-fetch and fetch ignore).
      expect(Object.keys(init)).toEqual([]);
      const carried = Object.getOwnPropertySymbols(init).map((key) => init[key] as RouteModule);
      expect(
        carried.map((route) => route.info),
        entry.operationId,
      ).toEqual([clientPart(entry)]);
    }
  });

  it('the mock routes by the same entries: each method and path reaches its operationId', async () => {
    const mock = createMockApi();
    for (const entry of facts.operations) {
      const url = `http://mock.test${entry.path.replace(/\{[^}]+\}/g, 'x1')}`;
      await mock.fetch(new Request(url, { method: entry.method }));
    }
    expect(mock.requests.map((r: { operationId?: string }) => r.operationId)).toEqual(facts.operations.map((e) => e.operationId));
  });
});
