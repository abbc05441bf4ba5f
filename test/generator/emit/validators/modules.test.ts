/**
 * Issue #12, item 1: validators as modules. A document with recursion (a tree, two schemas that
 * reference each other), a `$ref` into a component and formats, generated into a temporary folder:
 * a bundler keeps only the modules an imported validator reaches, each compiled function lives in
 * exactly one module, Node loads the one-file build, and both builds judge every value alike.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { build } from 'esbuild';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { withRuntimeInlined } from '../../../../generator/emit/validators/validators.js';
import { bundleValidator } from '../../../../scripts/bench/bundle.js';
import { generateInto } from '../../support/generate-and-check.js';

const run = promisify(execFile);
const PACKAGE = 'modules-fixture';

const DOCUMENT = {
  openapi: '3.1.0',
  info: { title: 'Modules fixture', version: '1.0.0' },
  paths: {
    '/trees': {
      post: {
        operationId: 'plantTree',
        requestBody: { required: true, content: { 'application/json': { schema: { $ref: '#/components/schemas/Tree' } } } },
        responses: { '200': { description: 'planted', content: { 'application/json': { schema: { $ref: '#/components/schemas/Stamp' } } } } },
      },
    },
  },
  components: {
    schemas: {
      Stamp: { type: 'object', required: ['at'], properties: { at: { type: 'string', format: 'date-time' }, by: { type: 'string', pattern: '^[a-z]+$' } } },
      Tree: {
        type: 'object',
        required: ['name'],
        properties: { name: { type: 'string', minLength: 1 }, children: { type: 'array', items: { $ref: '#/components/schemas/Tree' } } },
      },
      Ping: { type: 'object', properties: { pong: { $ref: '#/components/schemas/Pong' }, stamp: { $ref: '#/components/schemas/Stamp' } } },
      Pong: { type: 'object', properties: { ping: { $ref: '#/components/schemas/Ping' } } },
      Label: { type: 'object', properties: { when: { $ref: '#/components/schemas/Stamp/properties/at' }, text: { type: 'string', maxLength: 3 } } },
    },
  },
};

let dir: string;
/** The package, installed under the folder's node_modules. */
let out: string;
/** The function module each export of the modules' index re-exports. */
let moduleOf: Map<string, string>;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'validators-modules-'));
  out = path.join(dir, 'node_modules', PACKAGE);
  writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(DOCUMENT));
  const { code, output } = await generateInto(path.join(dir, 'openapi.json'), out);
  expect(code, output).toBe(0);
  // The package's own dependencies (ajv, ajv-formats) as an installed package finds them.
  symlinkSync(path.join(TOOL_ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  const index = readFileSync(path.join(out, 'dist', 'compiled', 'index.js'), 'utf8');
  moduleOf = new Map([...index.matchAll(/export \{ (\w+) as (\w+) \} from '\.\/(\w+)\.js';/g)].map((m) => [m[2]!, m[3]!]));
  expect(moduleOf.size).toBeGreaterThanOrEqual(7);
}, 60_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The modules under dist/compiled/ an esbuild bundle of `validator` holds (file stems). */
async function bundledModules(validator: string): Promise<string[]> {
  const { files } = await bundleValidator(out, validator);
  return files
    .filter((f) => f.startsWith(`dist${path.sep}compiled${path.sep}`))
    .map((f) => path.basename(f, '.js'))
    .sort();
}

/** The minified code of an esbuild bundle of `validator`, names kept. */
async function bundledCode(validator: string): Promise<string> {
  const result = await build({
    stdin: { contents: `export { ${validator} } from ${JSON.stringify(`${PACKAGE}/validators`)};`, resolveDir: dir, loader: 'js' },
    bundle: true,
    minifyWhitespace: true,
    minifySyntax: true,
    platform: 'node',
    format: 'esm',
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0]!.text;
}

const functionModules = (modules: string[]) => modules.filter((m) => /^validate_[0-9a-f]+$/.test(m));

describe('validators as modules', () => {
  it('bundles only the modules of the imported validator and of what it references', async () => {
    const stamp = await bundleValidator(out, 'validateStamp');
    expect(functionModules(await bundledModules('validateStamp'))).toEqual([moduleOf.get('validateStamp')]);
    expect(stamp.files).not.toContain(path.join('dist', 'validators.compiled.js'));

    const ping = functionModules(await bundledModules('validatePing'));
    expect(ping).toEqual([...new Set(['validatePing', 'validatePong', 'validateStamp'].map((v) => moduleOf.get(v)!))].sort());

    const tree = functionModules(await bundledModules('validateTree'));
    expect(tree).toEqual([moduleOf.get('validateTree')]);

    // A `$ref` to a place inside Stamp reaches that place's function, not Stamp's.
    const label = functionModules(await bundledModules('validateLabel'));
    expect(label).toContain(moduleOf.get('validateLabel'));
    expect(label).not.toContain(moduleOf.get('validateStamp'));
  });

  it("imports ajv's formats and helpers from the package's ES modules: a bundle keeps the formats it uses, and no CommonJS", async () => {
    const { files } = await bundleValidator(out, 'validateStamp');
    expect(files.filter((f) => f.includes('node_modules'))).toEqual([]);
    expect(files).toContain(path.join('dist', 'runtime', 'ajv-formats.js'));
    const code = await bundledCode('validateStamp');
    expect(code).toMatch(/dateTimeValidator/);
    expect(code).not.toMatch(/compareIsoTime|compareIsoDateTime/);
    // ajv-formats' uri and email (regular expressions of hundreds of characters) are left out.
    expect(code).not.toMatch(/\[0-9a-f\]\{1,4\}|a-z0-9!#\$%&/);
    for (const file of ['validators.compiled.js', ...readdirSync(path.join(out, 'dist', 'compiled')).map((f) => `compiled/${f}`)]) {
      expect(readFileSync(path.join(out, 'dist', file), 'utf8'), file).not.toMatch(/from "ajv|from 'ajv|cjs-/);
    }
  });

  it('defines each compiled function in exactly one module, the same functions as the one-file build', () => {
    const compiled = path.join(out, 'dist', 'compiled');
    const defined = readdirSync(compiled)
      .filter((f) => /^validate_[0-9a-f]+\.js$/.test(f))
      .flatMap((f) => [...readFileSync(path.join(compiled, f), 'utf8').matchAll(/^function (validate_[0-9a-f]+)\(/gm)].map((m) => ({ file: f, name: m[1]! })));
    for (const { file, name } of defined) expect(file).toBe(`${name}.js`);
    for (const file of readdirSync(compiled)) expect(readFileSync(path.join(compiled, file), 'utf8'), file).not.toMatch(/\brequire\(/);
    const single = [...readFileSync(path.join(out, 'dist', 'validators.compiled.js'), 'utf8').matchAll(/^function (validate_[0-9a-f]+)\(/gm)].map((m) => m[1]);
    expect(defined.map((d) => d.name).sort()).toEqual(single.sort());
  });

  it('gives Node the one-file build and bundlers the modules, consumers and the client the same wrapper', async () => {
    // Node, by package name from outside and by `#validators` from inside: the wrapper that imports the one file relatively.
    writeFileSync(path.join(dir, 'probe.mjs'), `process.stdout.write(import.meta.resolve('${PACKAGE}/validators'));`);
    writeFileSync(path.join(out, 'probe.mjs'), `process.stdout.write(import.meta.resolve('#validators'));`);
    const wrapper = pathToFileURL(path.join(out, 'dist', 'validators.js')).href;
    expect((await run(process.execPath, [path.join(dir, 'probe.mjs')])).stdout).toBe(wrapper);
    expect((await run(process.execPath, [path.join(out, 'probe.mjs')])).stdout).toBe(wrapper);
    expect(readFileSync(path.join(out, 'dist', 'validators.js'), 'utf8')).toMatch(/^import \* as compiled from '\.\/validators\.compiled\.js';$/m);
    // A bundler, given the client and a validator: one wrapper (the modules'), no one-file build.
    const result = await build({
      stdin: { contents: `export * from '${PACKAGE}';\nexport { validateTree } from '${PACKAGE}/validators';`, resolveDir: dir, loader: 'js' },
      bundle: true,
      platform: 'node',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const inputs = Object.keys(result.metafile.inputs).map((f) => path.relative(out, path.resolve(f)));
    expect(inputs).toContain(path.join('dist', 'validators.modules.js'));
    expect(inputs).not.toContain(path.join('dist', 'validators.js'));
    expect(inputs).not.toContain(path.join('dist', 'validators.compiled.js'));
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')) as { sideEffects: unknown };
    expect(pkg.sideEffects).toBe(false);
  });

  it('judges every value alike in both builds: validity and errors', async () => {
    const modules = (await import(pathToFileURL(path.join(out, 'dist', 'compiled', 'index.js')).href)) as Record<string, (v: unknown) => boolean>;
    const single = (await import(pathToFileURL(path.join(out, 'dist', 'validators.compiled.js')).href)) as Record<string, (v: unknown) => boolean>;
    const names = [...moduleOf.keys()];
    const errors = (f: unknown) => JSON.stringify((f as { errors?: unknown }).errors ?? null);
    const judge = (value: unknown) => {
      for (const name of names) {
        expect(modules[name]!(value), name).toBe(single[name]!(value));
        expect(errors(modules[name]), name).toBe(errors(single[name]));
      }
    };
    const stamp = fc.record(
      {
        at: fc.oneof(
          fc.date({ noInvalidDate: true }).map((d) => d.toISOString()),
          fc.string(),
        ),
        by: fc.stringMatching(/^[a-z]{0,3}1?$/),
      },
      { requiredKeys: [] },
    );
    const tree = fc.letrec((tie) => ({
      node: fc.record({ name: fc.string({ maxLength: 2 }), children: fc.array(tie('node'), { maxLength: 2 }) }, { requiredKeys: [] }),
    })).node;
    const ping = fc.letrec((tie) => ({ ping: fc.record({ pong: fc.record({ ping: tie('ping') }, { requiredKeys: [] }), stamp }, { requiredKeys: [] }) })).ping;
    const label = fc.record({ when: fc.oneof(fc.string(), fc.integer()), text: fc.string({ maxLength: 5 }) }, { requiredKeys: [] });
    fc.assert(
      fc.property(fc.oneof({ depthSize: 'small' }, stamp, tree, ping, label, fc.jsonValue()), (value) => judge(value)),
      { numRuns: 300 },
    );
    // The recursion is followed in the modules' build as in the one file.
    expect(modules.validateTree!({ name: 'a', children: [{ name: 'b', children: [{ name: '' }] }] })).toBe(false);
    expect(modules.validatePing!({ pong: { ping: { stamp: { at: 'yesterday' } } } })).toBe(false);
    expect(modules.validatePing!({ pong: { ping: { stamp: { at: '2026-01-01T00:00:00Z' } } } })).toBe(true);
  });
});

describe('our package', () => {
  it('bundles validateSkill in at most 15 KB, with none of the other components', async () => {
    const { bytes, files } = await bundleValidator(path.join(TOOL_ROOT, 'generated'), 'validateSkill');
    expect(bytes).toBeLessThanOrEqual(15_000);
    expect(files.filter((f) => /validate_[0-9a-f]+\.js$/.test(f))).toHaveLength(1);
  });

  it('bundles validateProject, its ~50 components included, in at most 60 KB', async () => {
    const { bytes } = await bundleValidator(path.join(TOOL_ROOT, 'generated'), 'validateProject');
    expect(bytes).toBeLessThanOrEqual(60_000);
  });
});

describe("Node's one-file build", () => {
  it('holds the runtime helpers it uses instead of importing them, and judges as before', async () => {
    const oneFile = readFileSync(path.join(out, 'dist', 'validators.compiled.js'), 'utf8');
    expect(oneFile).not.toMatch(/^\s*import\b/m);
    expect(oneFile).toMatch(/^const \{ "date-time": __rt\d+ \} = \(\(\) => \{$/m);
    const single = (await import(pathToFileURL(path.join(out, 'dist', 'validators.compiled.js')).href)) as Record<string, (v: unknown) => boolean>;
    const stamp = single.validateStamp!;
    expect(stamp({ at: '2024-02-29T10:00:00Z' })).toBe(true);
    expect(stamp({ at: '2023-02-29T10:00:00Z' })).toBe(false);
    expect(stamp({ at: '2024-01-01T10:00:00Z', by: 'Ab' })).toBe(false);
  });

  it('leaves an import it cannot write in, and refuses an export it does not read', () => {
    const build = 'import { "uri" as __rt0 } from "./runtime/ajv-formats.js";\nconst x = __rt0;\n';
    const modules: Record<string, string> = {
      'dist/runtime/ajv-formats.js': 'const helper = 1;\nexport function uri(s) { return helper + s; }\n',
    };
    const inlined = withRuntimeInlined(build, (file) => modules[file]);
    expect(inlined).toBe(
      'const { "uri": __rt0 } = (() => {\nconst helper = 1;\nfunction uri(s) { return helper + s; }\nreturn { "uri": uri };\n})();\nconst x = __rt0;\n',
    );
    expect(new Function(`${inlined}; return x('a');`)()).toBe('1a');
    expect(withRuntimeInlined(build, () => 'import { a } from "./a.js";\nexport const uri = a;\n')).toBe(build);
    expect(withRuntimeInlined(build, () => undefined)).toBe(build);
    expect(() => withRuntimeInlined(build, () => 'export default function uri() {}\n')).toThrow(/exports in a way/);
    expect(() => withRuntimeInlined(build, () => 'export const url = 1;\n')).toThrow(/does not export it/);
  });
});
