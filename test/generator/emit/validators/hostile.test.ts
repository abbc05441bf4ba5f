/**
 * Issue #8, validators. Hostile values (items 16, 17, 18) through the committed package and its
 * client; hostile names (items 5, 9) through a document generated into a temporary folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, TOOL_ROOT } from '../../../../generator/generate.js';
import { usesInheritedNames } from '../../../../generator/emit/validators/validators.js';
import { createAjv } from '../../../../generator/emit/validators/ajv.js';
import { collectErrorsLinearly, ownProtoKeys } from '../../../../generator/emit/validators/standalone.js';
import { createPartnerClient, type ResponseValidationError } from '../../../../generated/dist/index.js';
import * as validators from '../../../../generated/dist/validators.js';
import { b2bRemoteProject } from '../../../spec/cases/fixtures.js';
import { json, startServer, type TestServer } from '../../../templates/client/server.js';
import { TSC } from '../../../tsc.js';

const run = promisify(execFile);
const FIXTURE = path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-validators', 'openapi.yaml');

/** The fastest of a few runs of `fn`, in ms. */
function fastest(fn: () => unknown, runs = 3): number {
  let best = Infinity;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    fn();
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

const list = (items: unknown[]) => ({ page: 1, pageSize: 1, results: items });
const emptyItems = (n: number) => Array.from({ length: n }, () => ({}));

describe('validators: problem collection', () => {
  it('validates 40,000 invalid list items about as fast as 40,000 valid ones, reporting the first 100 problems', () => {
    const valid = list(Array.from({ length: 40_000 }, () => b2bRemoteProject));
    const invalid = list(emptyItems(40_000));
    expect(validators.validateListProjectsResponse(valid)).toBe(true);
    const validMs = fastest(() => validators.validateListProjectsResponse.check(valid));
    const invalidMs = fastest(() => validators.validateListProjectsResponse.check(invalid));
    // Quadratic collection took ~58 s here against well under a second for the valid list.
    expect(invalidMs).toBeLessThan(20 * validMs + 50);
    const result = validators.validateListProjectsResponse.check(invalid);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(result.problems).toHaveLength(100);
    expect(result.problems[0]).toMatchObject({ pointer: '/results/0', keyword: 'required' });
    expect(validators.validateListProjectsResponse(invalid)).toBe(false);
    expect(validators.validateListProjectsResponse.problems).toHaveLength(100);
  });

  it('reports as many problems as asked: maxProblems', () => {
    const invalid = list(emptyItems(50));
    const all = validators.validateListProjectsResponse.check(invalid, { maxProblems: Infinity });
    const few = validators.validateListProjectsResponse.check(invalid, { maxProblems: 5 });
    const nonsense = validators.validateListProjectsResponse.check(invalid, { maxProblems: Number.NaN });
    if (all.valid || few.valid || nonsense.valid) throw new Error('accepted an invalid list');
    expect(all.problems.length).toBeGreaterThan(100);
    expect(new Set(all.problems.map((p) => p.pointer)).size).toBe(50);
    expect(few.problems).toEqual(all.problems.slice(0, 5));
    expect(nonsense.problems).toHaveLength(100);
  });

  it("rewrites ajv's error concatenation, and fails generation if ajv's output changes shape", () => {
    const ajv = createAjv({ standalone: true });
    ajv.addSchema({ $id: 'https://x.invalid/item', type: 'object', required: ['id'] });
    ajv.addSchema({ $id: 'https://x.invalid/list', type: 'array', items: { $ref: 'https://x.invalid/item' } });
    const raw = standaloneCode.default(ajv, { validateList: 'https://x.invalid/list' });
    expect(raw).toMatch(/vErrors = vErrors === null \? \S+\.errors : vErrors\.concat\(\S+\.errors\);/);
    const linear = collectErrorsLinearly(raw);
    expect(linear).not.toContain('.concat(');
    expect(linear).toMatch(/vErrors = __appendErrors\(vErrors, [\w$.]+\);/);
    expect(() => collectErrorsLinearly('vErrors = vErrors.concat(validate1.errors);')).toThrow(/collects errors in an unknown way/);
  });
});

describe('validators: a result for every value', () => {
  const hugeLink = `https://a.example/${'a'.repeat(10_000_000)}`;

  it('turns a format check that throws (a 10 MB uri) into an invalid result that says why', () => {
    const project = { ...b2bRemoteProject, externalScreenerLink: hugeLink };
    const result = validators.validateProject.check(project);
    expect(result).toEqual({
      valid: false,
      problems: [
        expect.objectContaining({
          pointer: '',
          keyword: 'validation-aborted',
          message: expect.stringMatching(/^could not be validated: the value is too deeply nested or too large/),
        }),
      ],
    });
    expect(validators.validateProject(project)).toBe(false);
    expect(validators.validateProject.problems[0]!.keyword).toBe('validation-aborted');
    expect(validators.validateProject(b2bRemoteProject)).toBe(true);
  });

  it('turns a value whose getter throws into an invalid result', () => {
    const hostile = Object.defineProperty({ ...b2bRemoteProject }, 'publicTitle', {
      enumerable: true,
      get: () => {
        throw new Error('secret-in-getter');
      },
    });
    const result = validators.validateProject.check(hostile);
    expect(result).toMatchObject({
      valid: false,
      problems: [{ keyword: 'validation-aborted', message: 'could not be validated: the validator failed on this value (Error)' }],
    });
    expect(JSON.stringify(result)).not.toContain('secret-in-getter');
  });

  describe('through the client with response validation', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startServer();
    });
    afterAll(() => server.close());

    const client = (validateResponses: 'report' | 'throw', reported: ResponseValidationError[]) =>
      createPartnerClient({
        baseUrl: server.url,
        apiKey: 'k',
        apiSecret: 's',
        environment: 'staging',
        rateLimit: false,
        validateResponses,
        hooks: { onValidationError: (e) => reported.push(e) },
      });

    it("resolves with the data and reports the validator's failure ('report')", async () => {
      server.handle((_req, res) => json(res, 200, list([{ ...b2bRemoteProject, externalScreenerLink: hugeLink }])));
      const reported: ResponseValidationError[] = [];
      const { data, error } = await client('report', reported).GET('/v1/projects');
      expect(error).toBeUndefined();
      expect(data!.results[0]!.externalScreenerLink).toHaveLength(hugeLink.length);
      expect(reported).toHaveLength(1);
      expect(reported[0]!.problems).toEqual([expect.objectContaining({ keyword: 'validation-aborted' })]);
    });

    it("reports at most 100 problems for 40,000 invalid items ('report'), and 'throw' throws the typed error", async () => {
      server.handle((_req, res) => json(res, 200, list(emptyItems(40_000))));
      const reported: ResponseValidationError[] = [];
      const { data } = await client('report', reported).GET('/v1/projects');
      expect((data as { results: unknown[] }).results).toHaveLength(40_000);
      expect(reported[0]!.problems).toHaveLength(100);
      await expect(client('throw', []).GET('/v1/projects')).rejects.toMatchObject({ name: 'ResponseValidationError' });
    });
  });
});

describe('validators: problems share nothing with the schemas', () => {
  it('a caller changing allowedValues does not change what later validations accept', () => {
    const first = validators.validateProjectCountryCode.check('XX');
    if (first.valid) throw new Error('XX accepted');
    const allowed = first.problems[0]!.params.allowedValues as string[];
    expect(allowed).toContain('DE');
    allowed.push('XX');
    allowed.splice(0, allowed.length - 1);
    expect(validators.validateProjectCountryCode('XX')).toBe(false);
    (validators.validateProjectCountryCode.problems[0]!.params.allowedValues as string[]).push('XX');
    expect(validators.validateProjectCountryCode('XX')).toBe(false);
    expect(validators.validateProjectCountryCode('DE')).toBe(true);
    const again = validators.validateProjectCountryCode.check('XX');
    expect(again.valid ? [] : again.problems[0]!.params.allowedValues).not.toContain('XX');
  });
});

describe('validators of a document with hostile names', () => {
  let dir: string;
  let out: string;
  type Names =
    | 'validateConstructor'
    | 'validate__proto__'
    | 'validateHasOwnProperty'
    | 'validateToString'
    | 'validateListThingsQuery'
    | 'validateTree'
    | 'validateProtoResponse'
    | 'validateConstructorResponse'
    | 'validateOwners';
  type Loose = ((data: unknown) => boolean) & { problems: readonly { pointer: string; keyword: string }[]; check(data: unknown): { valid: boolean } };
  let v: Record<Names, Loose> & { operationValidators: Record<string, { responses: Record<string, unknown> }> };

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'hostile-validators-'));
    out = path.join(dir, 'pkg');
    // The package's own dependencies (ajv, ajv-formats) resolve from the folder above it.
    symlinkSync(path.join(TOOL_ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await run(process.execPath, ['--import', 'tsx', path.join(TOOL_ROOT, 'generator', 'cli', 'generate.ts'), '--spec', FIXTURE, '--out', out], {
      cwd: TOOL_ROOT,
    });
    v = await import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href);
  }, 60_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('counts only own properties as present: constructor, toString, __proto__, hasOwnProperty', () => {
    expect(v.validateConstructor({})).toBe(false);
    expect(v.validateConstructor.problems.map((p) => p.keyword)).toEqual(['required', 'required', 'required', 'required']);
    expect(v.validateConstructor(JSON.parse('{"constructor":"c","toString":"t","__proto__":1,"hasOwnProperty":true}'))).toBe(true);
    expect(v.validateConstructor(JSON.parse('{"constructor":"c","toString":"t","__proto__":"one","hasOwnProperty":true}'))).toBe(false);
    expect(v.validateConstructor.problems).toEqual([expect.objectContaining({ pointer: '/__proto__', keyword: 'type' })]);
    expect(v.validateListThingsQuery({})).toBe(false);
    expect(v.validateListThingsQuery({ constructor: 'c' })).toBe(true);
    // The custom keyword too: items without an own `constructor` do not share Object as its value.
    expect(v.validateOwners([{}, {}])).toBe(true);
    expect(v.validateOwners([{ constructor: 'a' }, { constructor: 'a' }])).toBe(false);
    expect(v.validateOwners.problems).toEqual([expect.objectContaining({ pointer: '', keyword: 'x-unique-item-properties' })]);
  });

  it('keeps a property or a const key named __proto__ in the compiled schemas', () => {
    expect(v.validate__proto__(JSON.parse('{"__proto__":"DE"}'))).toBe(true);
    expect(v.validate__proto__(JSON.parse('{"__proto__":"XX"}'))).toBe(false);
    expect(v.validate__proto__({})).toBe(false);
    expect(v.validateHasOwnProperty(JSON.parse('{"hasOwnProperty":{"__proto__":1,"constructor":2}}'))).toBe(true);
    expect(v.validateHasOwnProperty({ hasOwnProperty: { constructor: 2 } })).toBe(false);
    expect(v.validateToString({ valueOf: 'v' })).toBe(true);
    expect(v.validateToString(JSON.parse('{"__proto__":{}}'))).toBe(false);
  });

  it('keys operationValidators by every operationId in a null-prototype object', () => {
    const ops = v.operationValidators;
    expect(Object.getPrototypeOf(ops)).toBeNull();
    expect(Object.keys(ops)).toEqual(['list#things', 'a.b', 'x-y', '1st', '__proto__', 'constructor', 'toString', 'hasOwnProperty']);
    expect(ops['__proto__']!.responses['200']).toBe(v.validateProtoResponse);
    expect(ops['constructor']!.responses['200']).toBe(v.validateConstructorResponse);
    expect(ops['valueOf']).toBeUndefined();
  });

  it('returns a result for a tree 100,000 levels deep and for a cyclic one', () => {
    const deep = (depth: number) => {
      let tree: { name: string; children?: unknown[] } = { name: 'leaf' };
      for (let i = 0; i < depth; i++) tree = { name: `n${i}`, children: [tree] };
      return tree;
    };
    expect(v.validateTree(deep(1000))).toBe(true);
    expect(v.validateTree.check(deep(100_000))).toMatchObject({ valid: false, problems: [{ keyword: 'validation-aborted' }] });
    const cyclic: { name: string; children: unknown[] } = { name: 'loop', children: [] };
    cyclic.children.push(cyclic);
    expect(v.validateTree(cyclic)).toBe(false);
  });

  it('compiles the same validators in the child process', async () => {
    const inProcess = await generate({ spec: FIXTURE });
    const inChild = await generate({ spec: FIXTURE, validatorsInChild: true });
    const compiled = [...inProcess.files.keys()].filter((f) => f.startsWith('dist/compiled/'));
    expect(compiled.length).toBeGreaterThan(3);
    for (const file of ['dist/validators.compiled.js', 'src/validators.ts', ...compiled]) expect(inChild.files.get(file), file).toBe(inProcess.files.get(file));
  });

  it("types each operation's validators by openapi-typescript's key, and type-checks under strict", async () => {
    const source = readFileSync(path.join(out, 'src', 'validators.ts'), 'utf8');
    expect(source).toContain(`operations["list/things"]`);
    expect(readFileSync(path.join(out, 'src', 'schema.ts'), 'utf8')).toContain(`"list/things": {`);
    const tsconfig = {
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        lib: ['ES2022', 'DOM'],
        types: [],
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        skipDefaultLibCheck: true,
        noEmit: true,
      },
      // The whole package as a consumer compiles it, and the validators' source (the runtime's needs Node's types).
      files: ['pkg/src/validators.ts'],
      include: ['pkg/dist/**/*.d.ts'],
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify(tsconfig));
    const tsc = TSC;
    await expect(run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')])).resolves.toMatchObject({ stdout: '' });
  }, 60_000);
});

describe('ownProtoKeys', () => {
  it('turns every "__proto__" key of an embedded literal into a computed key, and nothing else', () => {
    const code =
      'const schema1 = {"properties":{"__proto__":{"const":{"a":1,"__proto__":2}}},"enum":["{\\"__proto__\\":"]};\nif(data["__proto__"] === "__proto__"){}';
    const rewritten = ownProtoKeys(code);
    expect(rewritten).toBe(
      'const schema1 = {"properties":{["__proto__"]:{"const":{"a":1,["__proto__"]:2}}},"enum":["{\\"__proto__\\":"]};\nif(data["__proto__"] === "__proto__"){}',
    );
    const schema = new Function(`${rewritten.split('\n')[0]} return schema1;`)();
    expect(Object.keys(schema.properties)).toEqual(['__proto__']);
    expect(Object.keys(schema.properties.__proto__.const)).toEqual(['a', '__proto__']);
  });
});

describe('own-property checks only where a name needs them', () => {
  it.each<[string, { given: unknown; want: boolean }]>([
    ['ordinary properties', { given: { type: 'object', required: ['id'], properties: { id: {}, name: {} } }, want: false }],
    ['a property named constructor', { given: { properties: { constructor: { type: 'string' } } }, want: true }],
    ['toString required', { given: { allOf: [{ required: ['toString'] }] }, want: true }],
    ['__proto__ in dependentRequired', { given: { dependentRequired: { a: ['__proto__'] } }, want: true }],
    [
      'hasOwnProperty as a draft-04 dependencies key',
      { given: { $schema: 'http://json-schema.org/draft-04/schema#', dependencies: { hasOwnProperty: ['a'] } }, want: true },
    ],
    ['valueOf in draft-07 dependencies', { given: { dependencies: { a: ['valueOf'] } }, want: true }],
    ['a discriminator on valueOf', { given: { oneOf: [], discriminator: { propertyName: 'valueOf' } }, want: true }],
    ['x-unique-item-properties on hasOwnProperty', { given: { type: 'array', 'x-unique-item-properties': ['hasOwnProperty'] }, want: true }],
    ['an enum value, not a name', { given: { enum: ['constructor'] }, want: false }],
  ])('usesInheritedNames: %s', (_name, { given, want }) => expect(usesInheritedNames(given)).toBe(want));

  it('our package checks presence without hasOwnProperty (full speed), and still refuses an inherited name as present', async () => {
    const dist = path.join(TOOL_ROOT, 'generated', 'dist');
    const modules = readdirSync(path.join(dist, 'compiled')).map((f) => path.join(dist, 'compiled', f));
    // The one-file build also holds ajv's `equal` helper (written in from runtime/ajv-runtime.js), whose object comparison reads own keys: its validators' code is what counts.
    const oneFile = readFileSync(path.join(dist, 'validators.compiled.js'), 'utf8').replace(/^const \{[^\n]*\} = \(\(\) => \{\n[\s\S]*?^\}\)\(\);\n/gm, '');
    expect(oneFile).toMatch(/^function validate_/m);
    expect(oneFile, 'validators.compiled.js').not.toMatch(/hasOwnProperty/);
    for (const file of modules) expect(readFileSync(file, 'utf8'), file).not.toMatch(/hasOwnProperty/);
    expect(validators.validateProject.check({}).valid).toBe(false);
  });
});
