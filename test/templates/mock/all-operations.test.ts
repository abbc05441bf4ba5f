/**
 * Every operation of our spec through `mock.handle` with ≥ 50 seeds: each answers its success
 * status, and every JSON body passes the package's own response validator. Paginated operations
 * answer their example's items by default, so they are driven a second time over sampled collections.
 */
import { describe, expect, it } from 'vitest';
import { GENERATED, load, operationCalls, operationCount, readDocument } from './support.js';

const SEEDS = 50;

describe('every operation × seed', () => {
  it(`answers all operations for ${SEEDS} seeds with bodies the response validators accept`, async () => {
    const { createMockApi } = await load(GENERATED, 'mock');
    const { operationValidators } = await load(GENERATED, 'validators');
    const { operations } = await load(GENERATED, 'index');
    const paginated: string[] = operations.filter((o: { paginated: boolean }) => o.paginated).map((o: { operationId: string }) => o.operationId);
    expect(paginated.length).toBeGreaterThan(0);
    const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
    const document = readDocument(GENERATED);
    const sampler = createSampler(document, { direction: 'request' });
    let calls = 0;
    let validated = 0;
    let empty = 0;
    const failures: string[] = [];
    let sampledPages = 0;
    for (let seed = 1; seed <= SEEDS; seed++) {
      const mock = createMockApi({ seed });
      const sampledMock = createMockApi({ seed, collections: Object.fromEntries(paginated.map((id) => [id, 3])) });
      const planned = operationCalls(document, sampler, seed);
      const runs = [
        ...planned.map((call) => ({ call, mock })),
        ...planned.filter((call) => paginated.includes(call.operationId)).map((call) => ({ call, mock: sampledMock })),
      ];
      for (const { call, mock } of runs) {
        const response: Response = await mock.handle(call.request('http://mock.test'));
        calls++;
        const body = await response.text();
        if (response.status >= 300) {
          failures.push(`seed ${seed} ${call.operationId}: ${response.status} ${body}`);
          continue;
        }
        const validator = operationValidators[call.operationId]?.responses[String(response.status)];
        if (!validator) {
          // The spec shows no body for it: the mock answers nothing.
          if (body === '' && response.headers.get('content-length') === '0') empty++;
          else failures.push(`seed ${seed} ${call.operationId}: a body where the spec shows none: ${body.slice(0, 100)}`);
          continue;
        }
        const result = validator.check(JSON.parse(body));
        validated++;
        if (mock === sampledMock) sampledPages++;
        if (!result.valid) failures.push(`seed ${seed} ${call.operationId}: ${JSON.stringify(result.problems)}`);
      }
    }
    console.log(
      `mock: ${calls} operation × seed calls: ${validated} JSON bodies passed the response validators (${sampledPages} of them pages of sampled collections), ${empty} empty answers (body not shown)`,
    );
    expect(failures).toEqual([]);
    expect(calls).toBe((operationCount(document) + paginated.length) * SEEDS);
    expect(sampledPages).toBe(paginated.length * SEEDS);
    expect(validated + empty).toBe(calls);
  });
});
