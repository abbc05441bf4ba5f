/**
 * Generation writes while the validators compile (GenerateOptions.stage, output.ts `openTree`):
 * the docs are emitted before the validators arrive and again when compiling skipped one, and the
 * tree the command line writes is byte for byte the result of a generation that staged nothing.
 * Real files in temporary folders; the validators compile in the child process too.
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generate } from '../../../generator/generate.js';
import { runCapturing, scratchFolder } from '../support/generate-and-check.js';

const scratch = scratchFolder('run-staged');
const work = scratch.dir;
const specFile = scratch.spec;
const cli = (...args: string[]) => runCapturing(args);

/** Every file under `dir`, relative, with its text. */
function readTree(dir: string): Map<string, string> {
  const files = readdirSync(dir, { withFileTypes: true, recursive: true }).filter((e) => e.isFile());
  return new Map(
    files.map((e) => [path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'), readFileSync(path.join(e.parentPath, e.name), 'utf8')]),
  );
}

/** `Strange`'s dialect is unknown: its validator (and UsesStrange's) is skipped when compiling. */
const SKIPS_A_VALIDATOR = `openapi: 3.1.0
info: { title: Skips, version: '1' }
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: the things
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Thing' }
components:
  schemas:
    Thing:
      type: object
      properties:
        name: { type: string }
    Strange:
      $schema: https://example.test/my-dialect
      type: string
    UsesStrange:
      type: object
      properties:
        strange: { $ref: '#/components/schemas/Strange' }
`;

const names = (files: ReadonlyMap<string, string>, pattern: RegExp) => [...files].filter(([, text]) => pattern.test(text)).map(([name]) => name);

describe('staged generation', () => {
  it.each([false, true])(
    'docs emitted before a validator was skipped are emitted again without it (validators in a child process: %s)',
    async (validatorsInChild) => {
      const spec = specFile(SKIPS_A_VALIDATOR);
      const staged: Map<string, string>[] = [];
      const result = await generate({ spec, validatorsInChild, stage: (files) => staged.push(new Map(files)) });
      expect(staged).toHaveLength(1);
      // Staged: every validator the document asks for; the result: only those compiled.
      expect(names(staged[0]!, /validateStrange\b/).filter((name) => name.startsWith('docs/'))).not.toEqual([]);
      expect(names(result.files, /validateStrange\b/).filter((name) => name.startsWith('docs/'))).toEqual([]);
      expect(names(result.files, /validateThing\b/).filter((name) => name.startsWith('docs/'))).not.toEqual([]);
      expect(result.warnings.filter((w) => w.startsWith('validator skipped'))).toHaveLength(2);
      // No staged file is left out of the result under another name: the validators come later.
      for (const name of staged[0]!.keys()) expect(result.files.has(name)).toBe(true);
    },
  );

  it('the command line writes exactly the files of a generation that staged nothing, over a previous output too', async () => {
    const spec = specFile(SKIPS_A_VALIDATOR);
    const out = scratch.fresh('out');
    expect((await cli('--spec', spec, '--out', out)).code).toBe(0);
    const expected = (await generate({ spec, out })).files;
    expect(readTree(out)).toEqual(new Map([...expected].sort(([a], [b]) => a.localeCompare(b))));
    writeFileSync(spec, SKIPS_A_VALIDATOR.replace('name: { type: string }', 'name: { type: string, maxLength: 3 }'));
    const next = (await generate({ spec, out })).files;
    expect((await cli('--spec', spec, '--out', out)).code).toBe(0);
    expect(readTree(out)).toEqual(new Map([...next].sort(([a], [b]) => a.localeCompare(b))));
    expect(readdirSync(work).filter((name) => name.includes('.tmp-') || name.includes('.old-'))).toEqual([]);
  });

  it('a failed generation leaves no trace: no output folder, none of the parent folders --out named', async () => {
    const spec = specFile(SKIPS_A_VALIDATOR.replace("$ref: '#/components/schemas/Thing'", "$ref: '#/components/schemas/Missing'"));
    const top = scratch.fresh('new');
    const run = await cli('--spec', spec, '--out', path.join(top, 'deeper', 'out'));
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/Missing/);
    expect(existsSync(top)).toBe(false);
  });
});
