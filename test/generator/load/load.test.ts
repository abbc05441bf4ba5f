/**
 * The types are emitted while the spec is linted (load.ts `bundled`, emit/types/thread.ts): a document
 * lint refuses fails with its lint errors, however its types would have failed, and a types failure
 * of an accepted document is still reported. In-process (the emitter in this thread) and through
 * generator/cli/launch.mjs (compiled: the emitter in its worker thread), real child processes.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { generate, TOOL_ROOT } from '../../../generator/generate.js';
import { loadSpec } from '../../../generator/load/load.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'load-early-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

let count = 0;
function specFile(document: object): string {
  const file = path.join(work, `doc${count++}.json`);
  writeFileSync(file, JSON.stringify(document, null, 2));
  return file;
}

/** openapi-typescript cannot read a bare "%" in a name: the types refuse this document. */
const typesRefuse = (responseDescription: boolean) => ({
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {
    '/x': {
      get: {
        operationId: 'getX',
        responses: { '200': { ...(responseDescription && { description: 'ok' }), content: { 'application/json': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: { schemas: { '50% off': { type: 'object', properties: { id: { type: 'string' } } } } },
});

/** `npm run generate` as it runs: compiled by generator/cli/launch.mjs, the types in their worker. */
function launch(spec: string) {
  const out = path.join(work, `out${count++}`);
  const child = spawnSync(
    process.execPath,
    [path.join(TOOL_ROOT, 'generator', 'cli', 'launch.mjs'), path.join(TOOL_ROOT, 'generator', 'cli', 'generate.ts'), '--spec', spec, '--out', out],
    { encoding: 'utf8' },
  );
  return { code: child.status, stderr: child.stderr, out };
}

/** Schemas the types rewrite (type-compositions.ts): `anyOf` beside own keywords, a branch that only requires. */
const REWRITTEN = {
  openapi: '3.1.0',
  info: { title: 't', version: '1' },
  paths: {},
  components: {
    schemas: {
      Range: {
        description: 'At least one bound.',
        type: 'object',
        properties: { min: { type: 'number' }, max: { type: 'number' } },
        anyOf: [{ required: ['min'] }, { required: ['max'] }],
      },
    },
  },
};

const LINT_ERROR = /lint error\(s\)[\s\S]*description/;
const TYPES_REFUSAL = /cannot read these names[\s\S]*a "%" in a name must start a percent-encoding/;

describe('types emitted while the spec is linted', () => {
  it('loadSpec hands over the bundled document before linting: also when lint then refuses it', async () => {
    const seen: object[] = [];
    const loaded = await loadSpec(specFile(typesRefuse(true)), { bundled: (document) => seen.push(document) });
    expect(seen).toEqual([loaded.document]);
    expect(seen[0]).toBe(loaded.document);

    const refused: object[] = [];
    await expect(loadSpec(specFile(typesRefuse(false)), { bundled: (document) => refused.push(document) })).rejects.toThrow(LINT_ERROR);
    expect(refused).toHaveLength(1);
  });

  it('in process: lint errors come first; an accepted document still gets its types refusal', async () => {
    const lintFirst = await generate({ spec: specFile(typesRefuse(false)) }).catch((err: unknown) => err);
    expect(lintFirst).toBeInstanceOf(GenerationError);
    expect(String(lintFirst)).toMatch(LINT_ERROR);
    expect(String(lintFirst)).not.toMatch(TYPES_REFUSAL);
    await expect(generate({ spec: specFile(typesRefuse(true)) })).rejects.toThrow(TYPES_REFUSAL);
  });

  it('compiled, with the types worker: the same errors, located', () => {
    const lintFirst = launch(specFile(typesRefuse(false)));
    expect(lintFirst.code).toBe(1);
    expect(lintFirst.stderr).toMatch(LINT_ERROR);
    expect(lintFirst.stderr).not.toMatch(TYPES_REFUSAL);
    const refused = launch(specFile(typesRefuse(true)));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(TYPES_REFUSAL);
    expect(refused.stderr).toMatch(/doc\d+\.json:\d+:\d+ #\/components\/schemas\/50% off/);
  });

  it('the worker rewrites its own copy of the document: the same types as in process, and openapi.json is the bundle as written', async () => {
    const spec = specFile(REWRITTEN);
    const run = launch(spec);
    expect(run.code, run.stderr).toBe(0);
    const inProcess = (await generate({ spec })).files;
    for (const file of ['dist/schema.d.ts', 'dist/types.d.ts', 'openapi.json'])
      expect(readFileSync(path.join(run.out, file), 'utf8')).toBe(inProcess.get(file));
    expect(inProcess.get('dist/schema.d.ts')).toMatch(/min: number/);
    expect(JSON.parse(inProcess.get('openapi.json')!).components.schemas.Range.anyOf).toEqual([{ required: ['min'] }, { required: ['max'] }]);
  });
});
