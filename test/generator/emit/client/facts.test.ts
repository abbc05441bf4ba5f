/**
 * One table of operations (src/facts.ts) behind the client, the named operations and the mock:
 * the other modules import it and hold no operation facts of their own, every named function calls
 * its own entry, and the mock routes by the same entries.
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
}

const facts = await load<{ operations: readonly Entry[] }>(GENERATED, 'facts');
const index = await load<{ operations: readonly Entry[] }>(GENERATED, 'index');
const named = await load<Record<string, (client: unknown, init?: unknown) => Promise<unknown>>>(GENERATED, 'operations');
const { createMockApi } = await load(GENERATED, 'mock');
const source = (file: string) => readFileSync(path.join(GENERATED, 'src', file), 'utf8');

describe('the package holds one table of operations', () => {
  it('the client exports the table itself, and no other module lists an operation', () => {
    expect(index.operations).toBe(facts.operations);
    expect(facts.operations.length).toBeGreaterThan(0);
    for (const file of ['index.ts', 'mock.ts', 'operations.ts']) expect(source(file)).toContain("from './facts.js'");
    for (const { operationId } of facts.operations) {
      for (const file of ['index.ts', 'mock.ts', 'operations.ts']) expect(source(file), `${file} names ${operationId}`).not.toContain(`"${operationId}"`);
    }
  });

  it('each named function calls its own entry: the method and path of the table', async () => {
    for (const entry of facts.operations) {
      const calls: unknown[][] = [];
      const recorder = { request: async (...args: unknown[]) => void calls.push(args) };
      await named[operationFunctionName({ operationId: entry.operationId, name: entry.operationId })]!(recorder, {});
      expect(calls, entry.operationId).toEqual([[entry.method.toLowerCase(), entry.path, {}]]);
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
