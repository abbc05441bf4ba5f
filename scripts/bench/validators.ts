/**
 * Validators. Cold start, each in a fresh plain `node` child, timed inside the child from before
 * the first import to the end of the first validation: the precompiled
 * generated/dist/validators.js + one validateProject call, against ajv compiling the same schemas
 * at run time (the repository's createAjv() and componentSchemas(), transpiled beforehand from
 * generator/emit/validators/*.ts with the rest of generator/, over the bundled document's components read from a JSON file; the
 * Redocly bundling and the transpiling are done once, untimed). Then validations per second, in-process.
 * Then the size of a consumer's bundle of one validator (bundle.ts).
 */
import { mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { b2bRemoteProject, skill } from '../../test/spec/cases/fixtures.js';
import { bundleRows } from './bundle.js';
import { median, ms, ROOT, SPEC, tail, tempDir, timeCommand, times, type Measurement, type Options, type Row } from './shared.js';

/** Where ajv's setup (ajv.ts) and the schema conversion (json-schema.ts) live, relative to the repository. */
const VALIDATION = 'generator/emit/validators';
const VALIDATORS = pathToFileURL(path.join(ROOT, 'generated', 'dist', 'validators.js')).href;
const invalidProject = { ...b2bRemoteProject, incentiveAmount: 'a lot', targetNumberOfParticipants: -1 };
const quotaTargets = [{ groupId: 'grp-gender', segmentId: 'seg-female', target: { value: 8 } }];

const report = `if (!valid) throw new Error('the valid project was rejected');
process.stdout.write(JSON.stringify({ ms: performance.now() - started, sinceStart: performance.now() }));`;

const OURS_CHILD = `const project = ${JSON.stringify(b2bRemoteProject)};
const started = performance.now();
const { validateProject } = await import(${JSON.stringify(VALIDATORS)});
const valid = validateProject(project);
${report}`;

const AJV_CHILD = `import { readFileSync } from 'node:fs';
const project = ${JSON.stringify(b2bRemoteProject)};
const started = performance.now();
const { createAjv, registerUnknownFormats } = await import('./${VALIDATION}/ajv.js');
const { componentSchemas, componentId } = await import('./${VALIDATION}/json-schema.js');
const schemas = JSON.parse(readFileSync(new URL('./components.json', import.meta.url), 'utf8'));
const ajv = createAjv();
registerUnknownFormats(ajv, JSON.stringify(schemas).match(/(?<="format":")[^"]+/g) ?? []);
ajv.addSchema(componentSchemas(schemas, { openapi30: false, keepDiscriminator: true }));
const valid = ajv.getSchema(componentId('Project'))(project);
${report}`;

/** Writes both children, the transpiled generator sources and the components into `dir`. */
async function prepare(dir: string): Promise<void> {
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ type: 'module' }));
  // Every module of generator/, in its own folder, so the validators' relative imports (lib/ among
  // them) resolve as in the repository; the child imports only what ajv's setup reaches.
  const compilerOptions = { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: true };
  for (const file of readdirSync(path.join(ROOT, 'generator'), { recursive: true, encoding: 'utf8' })) {
    if (!file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const source = readFileSync(path.join(ROOT, 'generator', file), 'utf8');
    const target = path.join(dir, 'generator', `${file.slice(0, -'.ts'.length)}.js`);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, ts.transpileModule(source, { compilerOptions }).outputText);
  }
  const { loadSpec } = await import('../../generator/load/load.js');
  const { document } = await loadSpec(path.relative(process.cwd(), SPEC));
  writeFileSync(path.join(dir, 'components.json'), JSON.stringify(document.components?.schemas ?? {}));
  writeFileSync(path.join(dir, 'ours.mjs'), OURS_CHILD);
  writeFileSync(path.join(dir, 'ajv.mjs'), AJV_CHILD);
}

/** Validations per second of `fn` over about `budgetMs`. */
function rate(fn: () => unknown, budgetMs: number): number {
  let n = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < budgetMs) {
    for (let i = 0; i < 100; i++) fn();
    n += 100;
    elapsed = performance.now() - started;
  }
  return (n / elapsed) * 1000;
}

const perSecond = (r: number) => `${Math.round(r).toLocaleString('en-US')}/s`;

export async function benchValidators(options: Options): Promise<Measurement> {
  const tmp = tempDir('validators');
  const notes: string[] = [];
  const cold = { ours: [] as number[], ajv: [] as number[], oursProcess: [] as number[], ajvProcess: [] as number[] };
  try {
    await prepare(tmp.dir);
    for (let i = 0; i < options.runs; i++) {
      for (const mode of ['ours', 'ajv'] as const) {
        const run = await timeCommand(process.execPath, [path.join(tmp.dir, `${mode}.mjs`)], { cwd: tmp.dir });
        if (run.code !== 0) throw new Error(`cold start child (${mode}) failed:\n${tail(run)}`);
        const { ms: inside, sinceStart } = JSON.parse(run.stdout) as { ms: number; sinceStart: number };
        cold[mode].push(inside);
        cold[mode === 'ours' ? 'oursProcess' : 'ajvProcess'].push(sinceStart);
      }
    }
  } finally {
    tmp.remove();
  }
  const [o, a] = [median(cold.ours), median(cold.ajv)];
  notes.push(`cold start runs: ${options.runs}; ours ${cold.ours.map(ms).join(', ')}; ajv ${cold.ajv.map(ms).join(', ')}`);
  notes.push(`process start to first result (node start included): ours ${ms(median(cold.oursProcess))}, ajv ${ms(median(cold.ajvProcess))}`);

  const v = (await import(VALIDATORS)) as typeof import('../../generated/dist/validators.js');
  if (
    !v.validateProject(b2bRemoteProject) ||
    v.validateProject(invalidProject) ||
    !v.validateSkill(skill) ||
    !v.validateUpdateQuotaTargetsRequest(quotaTargets)
  ) {
    throw new Error('a throughput fixture is not classified as expected');
  }
  const budget = options.smoke ? 20 : 500;
  const cases: [string, () => unknown][] = [
    ['validateProject (valid)', () => v.validateProject(b2bRemoteProject)],
    ['validateProject (invalid, 2 problems)', () => v.validateProject(invalidProject)],
    ['validateSkill (valid)', () => v.validateSkill(skill)],
    ['validateUpdateQuotaTargetsRequest (valid)', () => v.validateUpdateQuotaTargetsRequest(quotaTargets)],
  ];
  for (const [, fn] of cases) rate(fn, budget / 5); // warm up
  const rates = cases.map(([, fn]) => median(Array.from({ length: options.runs }, () => rate(fn, budget))));

  const rows: Row[] = [
    {
      name: 'validators: cold start (import + first validateProject)',
      ours: ms(o),
      other: `ajv compile at run time ${ms(a)}`,
      ratio: `${times(a / o)} faster`,
      target: '≥ 20× faster',
      met: a / o >= 20,
    },
    ...cases.map(([name], i): Row => ({ name: `throughput: ${name}`, ours: perSecond(rates[i]!), other: '', ratio: '', target: '(reported)', met: undefined })),
  ];
  const bundles = await bundleRows();
  rows.push(...bundles.rows);
  notes.push(...bundles.notes);
  return {
    title: 'Validators (cold start in fresh children, median; validations per second in-process, median; bundles of one validator, esbuild minified)',
    rows,
    notes,
  };
}
