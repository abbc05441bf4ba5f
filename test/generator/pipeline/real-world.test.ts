/**
 * The generator on third-party documents: OpenAPI 3.0 and 3.1 examples shipped in
 * `@readme/oas-examples`. Each must generate (exit 0), type-check as a strict consumer compiles it,
 * and run: a validator accepts data built from the document's own examples and rejects a
 * wrongly typed value, and `createPartnerClient`, given a credential for each security scheme,
 * returns an openapi-fetch client.
 *
 * Documents run concurrently; each is generated once into its own temporary directory, and one
 * compiler run type-checks them all.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { runCli } from '../../../generator/cli/generate-command.js';
import { typeName } from '../../../generator/lib/names.js';
import { buildModel } from '../../../generator/model/model.js';
import { TSC } from '../../tsc.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const require = createRequire(import.meta.url);

interface Doc {
  /** Path inside @readme/oas-examples. */
  doc: string;
  /** Component schema whose validator is exercised. */
  schema: string;
}

const DOCS: Doc[] = [
  { doc: '3.1/json/train-travel.json', schema: 'Station' },
  { doc: '3.1/json/petstore.json', schema: 'Pet' },
  { doc: '3.1/json/webhooks.json', schema: 'Pet' },
  { doc: '3.0/json/petstore.json', schema: 'Pet' },
  { doc: '3.0/json/uspto.json', schema: 'dataSetList' },
];

const EXPECTED_FILES = ['package.json', 'dist/index.js', 'dist/index.d.ts', 'dist/types.d.ts', 'dist/validators.js', 'docs/index.md'];

/** A consumer's compiler settings, over the generated declarations and sources (a Node package: engines.node). */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: ['node'],
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['dist/**/*.d.ts', 'src/**/*.ts'],
};

interface Run {
  out: string;
  code: number | undefined;
  stdout: string;
  stderr: string;
  thrown: unknown;
}

type Json = Record<string, any>;

let work: string;
const runs = new Map<string, Promise<Run>>();

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'real-world-'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const docFile = (doc: string) => require.resolve(`@readme/oas-examples/${doc}`);

/** Generates `doc` once (every test of the document awaits the same run). */
function generated(doc: string): Promise<Run> {
  let run = runs.get(doc);
  if (!run) {
    run = (async () => {
      const out = path.join(work, doc.replace(/[^A-Za-z0-9.-]+/g, '_'), 'generated');
      const result: Run = { out, code: undefined, stdout: '', stderr: '', thrown: undefined };
      try {
        const { code, stop } = await runCli(['--spec', docFile(doc), '--out', out], {
          stdout: (t) => (result.stdout += t),
          stderr: (t) => (result.stderr += t),
        });
        stop();
        result.code = code;
      } catch (err) {
        result.thrown = err;
      }
      return result;
    })();
    runs.set(doc, run);
  }
  return run;
}

const describeRun = (r: Run) => `exit ${r.code}\n${r.stderr}${r.stdout}${r.thrown ? `\n[runCli threw] ${(r.thrown as Error).stack}` : ''}`;

/** Follows local `$ref`s. */
function deref(doc: Json, node: unknown): Json {
  let cur = node as Json;
  for (let i = 0; cur && typeof cur.$ref === 'string' && i < 16; i++) {
    cur = (cur.$ref as string)
      .slice(2)
      .split('/')
      .reduce((o: Json, k) => o[k.replaceAll('~1', '/').replaceAll('~0', '~')], doc);
  }
  return cur;
}

/** A value for `schema` built from the document's own examples: required properties and every property with an example. */
function sample(doc: Json, schema: unknown, depth = 0): unknown {
  const s = deref(doc, schema);
  if (s.example !== undefined) return s.example;
  if (Array.isArray(s.examples) && s.examples.length) return s.examples[0];
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : (s.type ?? (s.properties ? 'object' : undefined));
  switch (type) {
    case 'object': {
      const props: Json = s.properties ?? {};
      const required: string[] = Array.isArray(s.required) ? s.required : [];
      const hasExample = (p: unknown) => {
        const ps = deref(doc, p);
        return ps.example !== undefined || (Array.isArray(ps.examples) && ps.examples.length > 0) || ps.items?.example !== undefined;
      };
      const keys = Object.keys(props).filter((k) => required.includes(k) || (depth < 2 && hasExample(props[k])));
      return Object.fromEntries(keys.map((k) => [k, sample(doc, props[k], depth + 1)]));
    }
    case 'array':
      return s.items ? [sample(doc, s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return s.minimum ?? 1;
    case 'boolean':
      return true;
    case 'string':
      return 'text';
    default:
      return null;
  }
}

/** The first scalar property of the schema, which a bad value sets to an object. */
function scalarProperty(doc: Json, schema: Json): string {
  const props: Json = schema.properties ?? {};
  const name = Object.keys(props).find((k) => ['string', 'integer', 'number', 'boolean'].includes(deref(doc, props[k]).type));
  if (!name) throw new Error('no scalar property to break');
  return name;
}

// One compiler run over every document's package (each its own folder): an error names the folder.
it('type-checks every package under strict with exactOptionalPropertyTypes', { timeout: 180_000 }, async ({ expect }) => {
  const all = await Promise.all(DOCS.map(({ doc }) => generated(doc)));
  for (const run of all) expect(run.code, describeRun(run)).toBe(0);
  const folders = all.map((run) => path.relative(work, run.out).split(path.sep).join('/'));
  writeFileSync(
    path.join(work, 'tsconfig.json'),
    `${JSON.stringify({ ...TSCONFIG, include: folders.flatMap((f) => TSCONFIG.include.map((pattern) => `${f}/${pattern}`)) }, null, 2)}\n`,
  );
  // openapi-fetch, ajv and ajv-formats resolve from the toolkit's own installation.
  if (!existsSync(path.join(work, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  let output = '';
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [TSC, '-p', path.join(work, 'tsconfig.json')], { cwd: work });
    output = stdout + stderr;
  } catch (err) {
    const e = err as { stdout?: string; stderr?: string };
    output = `${e.stdout ?? ''}${e.stderr ?? ''}` || String(err);
  }
  expect(output, 'tsc output').toBe('');
});

describe.concurrent.each(DOCS)('$doc', ({ doc, schema }) => {
  it('generates the package (exit 0)', async ({ expect }) => {
    const run = await generated(doc);
    expect(run.thrown, describeRun(run)).toBeUndefined();
    expect(run.code, describeRun(run)).toBe(0);
    expect(run.stderr, describeRun(run)).not.toMatch(/^error:/m);
    expect(run.stdout).toMatch(/^wrote \d+ files/);
    for (const file of EXPECTED_FILES) expect(existsSync(path.join(run.out, file)), file).toBe(true);
  });

  it(`validates ${schema} and creates a client`, async ({ expect }) => {
    const run = await generated(doc);
    expect(run.code, describeRun(run)).toBe(0);
    const document = JSON.parse(readFileSync(docFile(doc), 'utf8')) as Json;
    const schemaObject = deref(document, document.components.schemas[schema]);

    const validators = (await import(pathToFileURL(path.join(run.out, 'dist', 'validators.js')).href)) as Json;
    const validate = validators[`validate${typeName(schema)}`];
    expect(typeof validate, `validate${typeName(schema)} is exported`).toBe('function');

    const good = sample(document, schemaObject);
    expect(validate(good), `${JSON.stringify(good)}: ${JSON.stringify(validate.problems)}`).toBe(true);
    expect(validate.problems).toEqual([]);

    const broken = scalarProperty(document, schemaObject);
    const bad = { ...(good as Json), [broken]: { not: 'a scalar' } };
    expect(validate(bad), JSON.stringify(bad)).toBe(false);
    expect(validate.problems.map((p: { pointer: string }) => p.pointer)).toContain(`/${broken}`);
    expect(validate.check(bad).valid).toBe(false);

    const index = (await import(pathToFileURL(path.join(run.out, 'dist', 'index.js')).href)) as Json;
    // One credential option per security scheme of the document (basic: a username and password).
    const credentials = Object.fromEntries(
      buildModel(document as never)
        .securitySchemes.filter((s) => s.option !== undefined)
        .map((s) => [s.option!, s.kind.type === 'basic' ? { username: 'u', password: 'p' } : 'token']),
    );
    const client = index.createPartnerClient({ baseUrl: 'http://127.0.0.1:9', ...credentials, environment: 'default' });
    expect(typeof client.GET).toBe('function');
    expect(client.environment).toBe('default');
    expect(client.limits).toBeNull();
  });
});
