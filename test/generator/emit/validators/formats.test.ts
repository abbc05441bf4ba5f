/**
 * Formats whose ajv-formats regular expression is super-linear (`url`: its user info and path both
 * take `@`, so a crafted address backtracks quadratically) are judged in the shipped validators by
 * the package's linear implementation (runtime/ajv-formats.js), imported, not by ajv-formats'
 * expression inlined as a literal, as ajv writes every format that is a RegExp.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LINEAR_FORMATS } from '../../../../generator/emit/validators/ajv.js';
import { generateInto } from '../../support/generate-and-check.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'formats-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SPEC = `openapi: 3.1.0
info:
  title: Formats
  version: '1'
paths:
  /things:
    get:
      operationId: listThings
      responses:
        '200':
          description: Things.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Thing'
components:
  schemas:
    Thing:
      type: object
      properties:
        link:
          type: string
          format: url
        mail:
          type: string
          format: email
`;

const out = path.join(work, 'out');
beforeAll(async () => {
  writeFileSync(path.join(work, 'openapi.yaml'), SPEC);
  const run = await generateInto(path.join(work, 'openapi.yaml'), out);
  expect(run.code, run.output).toBe(0);
}, 120_000);

/** ajv-formats' expression for `name`, as ajv would write it into the code. */
const literal = (name: string) => String((fullFormats as Record<string, unknown>)[name]);

describe('formats with a super-linear expression', () => {
  it('are url alone among ajv-formats’ (recheck found no other), and the package ships a function for each', async () => {
    expect(LINEAR_FORMATS).toEqual(['url']);
    const runtime = await import(pathToFileURL(path.join(out, 'dist', 'runtime', 'ajv-formats.js')).href);
    expect(typeof runtime.url).toBe('function');
  });

  it('are imported from the runtime by the compiled modules, never inlined as ajv-formats’ literal', () => {
    const dir = path.join(out, 'dist', 'compiled');
    const modules = readdirSync(dir).map((file) => readFileSync(path.join(dir, file), 'utf8'));
    const oneFile = readFileSync(path.join(out, 'dist', 'validators.compiled.js'), 'utf8');
    for (const code of [...modules, oneFile]) expect(code).not.toContain(literal('url'));
    const thing = modules.filter((code) => code.includes('"url" as '));
    expect(thing).toHaveLength(1);
    expect(thing[0]).toMatch(/import \{ [^}]*"url" as (__rt\d+)[^}]* \} from "\.\.\/runtime\/ajv-formats\.js";[\s\S]*const (formats\w+) = \1;[\s\S]*\2\(data/);
    // The one-file build has the runtime written in: the same function, bound by its name.
    expect(oneFile).toMatch(/const \{ [^}]*"url": (__rt\d+)[^}]* \} = \(\(\) => \{[\s\S]*const (formats\w+) = \1;[\s\S]*\2\(data/);
    // A format that is linear keeps ajv's literal.
    expect(oneFile).toContain(literal('email'));
  });

  it('judge a crafted address at once, as ajv-formats would (sanity bound: the test timeout)', async () => {
    const { validateThing } = await import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href);
    // ajv-formats' expression: 24,000 pairs took seconds, these minutes.
    for (const link of [`http://a${'::'.repeat(200_000)} `, `http://${'@a.bc/'.repeat(100_000)} `, `ftp://172.30.3.56${'4.1.6.7:155'.repeat(50_000)}\u0000`]) {
      const result = validateThing.check({ link });
      expect(result.valid).toBe(false);
      expect(result.problems.map((p: { keyword: string; pointer: string }) => `${p.pointer} ${p.keyword}`)).toEqual(['/link format']);
    }
    expect(validateThing.check({ link: 'https://user:pw@www.example.com:8080/a@b' }).valid).toBe(true);
  }, 20_000);
});
