/**
 * The mock's sampler (templates/mock/sample.ts) on real documents, judged by the validators the
 * generator compiled for them (never passed to the sampler as `check`, so they judge only):
 * - our spec: every JSON response that has a validator, and every component schema, × 50 seeds;
 * - determinism: the same seed gives the same value, from a fresh sampler too; seeds differ.
 * Documents of the corpus are sampled in test/generator/pipeline/corpus.test.ts, on that test's own generation.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../../generator/load/load.js';
import { createSampler, SampleError, type Sampler } from '../../../templates/mock/sample.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const SEEDS = Array.from({ length: 50 }, (_, i) => i * 7919 + 1);

type Validator = ((data: unknown) => boolean) & { problems: readonly { pointer: string; message: string }[] };
type OperationValidators = { responses: Record<string, Validator | undefined> };

const escapeToken = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

describe('our spec', () => {
  let document: Record<string, any>;
  let sampler: Sampler;
  let validators: Record<string, unknown> & { operationValidators: Record<string, OperationValidators> };

  beforeAll(async () => {
    document = (await loadSpec(path.join(ROOT, 'spec', 'openapi.yaml'))).document as Record<string, any>;
    sampler = createSampler(document);
    validators = await import(pathToFileURL(path.join(ROOT, 'generated', 'dist', 'validators.js')).href);
  });

  /** Every JSON response of every operation: [operationId, status, media pointer]. */
  const jsonResponses = () =>
    Object.entries<Record<string, any>>(document.paths).flatMap(([route, item]) =>
      METHODS.filter((m) => item[m]).flatMap((method) =>
        Object.keys(item[method].responses ?? {}).map((status) => ({
          operationId: item[method].operationId as string,
          status,
          media: `/paths/${escapeToken(route)}/${method}/responses/${status}/content/application~1json`,
        })),
      ),
    );

  it('answers every operation × 50 seeds with a body its response validator accepts', () => {
    let checked = 0;
    const operations = new Set<string>();
    for (const { operationId, status, media } of jsonResponses()) {
      const validate = validators.operationValidators[operationId]?.responses[status];
      if (!validate) continue;
      operations.add(operationId);
      for (const seed of SEEDS) {
        // The media type (examples first) and its schema alone (examples skipped): both must pass.
        for (const value of [sampler.forMedia(media, seed), sampler.forSchema(`${media}/schema`, seed)]) {
          expect(validate(value), `${operationId} ${status} seed ${seed}: ${JSON.stringify(validate.problems)}`).toBe(true);
          checked++;
        }
      }
    }
    console.log(`sampler: ${checked} operation × seed bodies checked (${operations.size} operations with a response validator, ${SEEDS.length} seeds)`);
    expect(operations.size).toBeGreaterThanOrEqual(4);
  });

  it('gives {} for a "not shown" body (an open schema; the mock answers it as an empty body)', () => {
    let open = 0;
    for (const { operationId, status, media } of jsonResponses()) {
      if (validators.operationValidators[operationId]?.responses[status]) continue;
      // No validator: the body is a gap (`{}` with `x-source-gap`), reached through `$ref`s to components/responses.
      expect(sampler.forMedia(media, 1), `${operationId} ${status}`).toEqual({});
      expect(sampler.forSchema(`${media}/schema`, 2), `${operationId} ${status}`).toEqual({});
      open++;
    }
    expect(open).toBeGreaterThan(60);
  });

  it('samples every component schema × 50 seeds so that its validator accepts it', () => {
    let checked = 0;
    for (const name of Object.keys(document.components.schemas)) {
      const validate = validators[`validate${name}`] as Validator;
      expect(validate, name).toBeTypeOf('function');
      for (const seed of SEEDS) {
        const value = sampler.forSchema(`#/components/schemas/${name}`, seed);
        expect(validate(value), `${name} seed ${seed}: ${JSON.stringify(validate.problems)}\n${JSON.stringify(value)}`).toBe(true);
        checked++;
      }
    }
    console.log(`sampler: ${checked} component schema × seed values checked`);
  });

  it('needs a second candidate rarely: the repairs make the first one valid for ≥ 95% of component schema × seed', () => {
    const once = createSampler(document, { maxAttempts: 1 });
    let first = 0;
    let total = 0;
    for (const name of Object.keys(document.components.schemas)) {
      for (const seed of SEEDS) {
        total++;
        try {
          once.forSchema(`/components/schemas/${name}`, seed);
          first++;
        } catch (error) {
          expect(error).toBeInstanceOf(SampleError);
        }
      }
    }
    console.log(`sampler: first candidate valid for ${first}/${total}`);
    expect(first / total).toBeGreaterThanOrEqual(0.95);
  });

  it('is deterministic: the same seed gives the same value (from a fresh sampler too); different seeds give different values', () => {
    const fresh = createSampler(structuredClone(document));
    for (const name of Object.keys(document.components.schemas)) {
      const pointer = `/components/schemas/${name}`;
      for (const seed of SEEDS.slice(0, 5)) expect(fresh.forSchema(pointer, seed), `${name} seed ${seed}`).toEqual(sampler.forSchema(pointer, seed));
    }
    for (const name of ['Project', 'ScreenerQuestion', 'QuotaSegment', 'Skill']) {
      const distinct = new Set(SEEDS.map((seed) => JSON.stringify(sampler.forSchema(`/components/schemas/${name}`, seed))));
      expect(distinct.size, name).toBeGreaterThanOrEqual(SEEDS.length * 0.9);
    }
  });

  it('never changes the document it was given', () => {
    const before = JSON.stringify(document);
    for (const seed of SEEDS.slice(0, 3)) sampler.forSchema('/components/schemas/Project', seed);
    expect(JSON.stringify(document)).toBe(before);
  });
});
