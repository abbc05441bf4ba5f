/**
 * Patterns that backtrack catastrophically (`^(a+)+$`): generation warns at the pattern's file,
 * line and JSON pointer, and the package's validators, client and mock match such a pattern with
 * the linear-time engine (re2js), so a crafted string is judged at once (28 characters: seconds
 * for JavaScript's engine, each one more doubling it; the 33 took minutes). The RE2 form
 * of a pattern must match exactly what JavaScript's engine matches.
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import fc from 'fast-check';
import { RE2JS } from 're2js';
import { afterAll, describe, expect, it } from 'vitest';
import { toRe2, unsafePatterns } from '../../../../generator/emit/validators/patterns.js';
import { generateInto } from '../../support/generate-and-check.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'patterns-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const SPEC = `openapi: 3.1.0
info:
  title: Patterns
  version: '1'
paths:
  /words:
    get:
      operationId: listWords
      parameters:
        - name: q
          in: query
          schema:
            type: string
            pattern: '^(a+)+$'
      responses:
        '200':
          description: Words.
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Word'
components:
  schemas:
    Word:
      type: object
      properties:
        text:
          type: string
          pattern: '^(\\w+\\s?)*$'
        code:
          type: string
          pattern: '^[A-Z]{2}-\\d+$'
        echo:
          type: string
          pattern: '^(a+)+\\1$'
        smile:
          type: string
          pattern: '^((\\uD83D\\uDE00)+)+$'
      example:
        text: 'an example holding pattern: (x+)+ is data'
`;

describe('unsafe patterns', () => {
  it('are found with their pointers, in schemas and patternProperties, not in examples; safe ones are left alone', () => {
    const doc = {
      components: {
        schemas: {
          A: { type: 'string', pattern: '^(a+)+$' },
          B: { type: 'object', patternProperties: { '^(x|y+)*$': {} }, example: { pattern: '^(a+)+$' } },
          C: { type: 'string', pattern: '^[a-z]+(-[a-z]+)?$' },
          E: { type: 'string', pattern: '^(?:[0-9a-f]{4}(?:-?[0-9a-f]{4}){7})+$' },
          D: { type: 'string', pattern: '^(a+)+$' },
        },
      },
    };
    expect(unsafePatterns(doc)).toEqual([
      { pattern: '^(a+)+$', pointers: ['/components/schemas/A/pattern', '/components/schemas/D/pattern'], re2: '\\A(?:\\x{61}+)+\\z' },
      { pattern: '^(x|y+)*$', pointers: ['/components/schemas/B/patternProperties/^(x|y+)*$'], re2: '\\A(?:\\x{78}|\\x{79}+)*\\z' },
    ]);
  });

  it('with a backreference keep the backtracking engine, and say so', () => {
    const [found] = unsafePatterns({ pattern: '^(a+)+\\1$' });
    expect(found).toMatchObject({ pattern: '^(a+)+\\1$', reason: expect.stringContaining('\\1') });
    expect(found!.re2).toBeUndefined();
  });

  it('are written for RE2 with the meaning JavaScript gives them', () => {
    const patterns = [
      '^(a+)+$',
      '^(\\w+\\s?)*$',
      '^(.+)*x$',
      '^(\\S+\\s)*\\u00e9$',
      '^([^\\s]+,?)+$',
      '^(\\u{1F600}|a+)+$',
      '^(\\d+\\.)+\\d+$',
      '^([a-z]+-?)*$',
    ];
    const alphabet = fc.constantFrom('a', 'b', 'x', '1', '.', ',', '-', ' ', '\t', '\n', '\r', '\u00a0', '\u2028', '\ufeff', '\u000b', 'é', '😀', '_');
    for (const pattern of patterns) {
      const native = new RegExp(pattern, 'u');
      const linear = RE2JS.compile(toRe2(pattern));
      fc.assert(
        fc.property(fc.string({ unit: alphabet, maxLength: 12 }), (s) => native.test(s) === linear.test(s)),
        { numRuns: 400 },
      );
    }
    expect(() => toRe2('^(a+)+(?=b)')).toThrow(/\(\?=b\) has no RE2 equivalent/);
    expect(() => toRe2('^(.+\\-)+$')).toThrow(/without the u flag \. matches half a surrogate pair/);
  });
});

describe('a document with them, generated', () => {
  it('warns at each pattern’s place, depends on re2js, and validates a crafted 28-character string at once in validators and mock', async () => {
    const spec = path.join(work, 'openapi.yaml');
    writeFileSync(spec, SPEC);
    const out = path.join(work, 'out');
    const run = await generateInto(spec, out);
    expect(run.code, run.output).toBe(0);
    const line = (text: string) => SPEC.split('\n').findIndex((l) => l.includes(text)) + 1;
    expect(run.output).toContain(`openapi.yaml:${line("pattern: '^(a+)+$'")}:`);
    expect(run.output).toMatch(
      /#\/paths\/~1words\/get\/parameters\/0\/schema\/pattern: pattern "\^\(a\+\)\+\$" can backtrack catastrophically \(a quantifier inside a quantified group\): its validators match it in linear time with re2js/,
    );
    expect(run.output).toMatch(/#\/components\/schemas\/Word\/properties\/text\/pattern: pattern .* can backtrack catastrophically/);
    expect(run.output).toMatch(
      /#\/components\/schemas\/Word\/properties\/echo\/pattern: pattern .* no linear-time engine can run it with JavaScript's meaning \(\\1 has no RE2 equivalent\): it keeps JavaScript's engine, and a long input may take very long to validate/,
    );
    expect(run.output).not.toMatch(/\/code\/pattern|example/);
    const pkg = JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8'));
    expect(pkg.dependencies.re2js).toBe(
      JSON.parse(readFileSync(path.join(import.meta.dirname, '..', '..', '..', '..', 'package.json'), 'utf8')).devDependencies.re2js,
    );

    const { validateWord } = await import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href);
    const crafted = `${'a'.repeat(27)}!`;
    let started = performance.now();
    const result = validateWord.check({ text: `${'a'.repeat(27)}!`, code: 'AB-12' });
    expect(performance.now() - started).toBeLessThan(500);
    expect(result.valid).toBe(false);
    expect(result.problems.map((p: { pointer: string }) => p.pointer)).toEqual(['/text']);
    expect(validateWord.check({ text: 'two words', code: 'AB-12' }).valid).toBe(true);
    // A surrogate pair escape is one code point, as JavaScript reads it with the u flag (#29).
    expect(validateWord.check({ smile: '😀😀' }).valid).toBe(true);
    expect(validateWord.check({ smile: '\uD83D' }).valid).toBe(false);

    // The mock's sampler imports its optional peers, which a consumer installs beside the package.
    symlinkSync(path.join(import.meta.dirname, '..', '..', '..', '..', 'node_modules'), path.join(out, 'node_modules'), 'dir');
    const { createMockApi } = await import(pathToFileURL(path.join(out, 'dist', 'mock.js')).href);
    const mock = createMockApi();
    started = performance.now();
    const response = await mock.fetch(`http://mock.test/words?q=${crafted}`);
    expect(performance.now() - started).toBeLessThan(1_000);
    expect(response.status).toBe(400);
    expect((await mock.fetch('http://mock.test/words?q=aaaa')).status).toBe(200);
  });
});
