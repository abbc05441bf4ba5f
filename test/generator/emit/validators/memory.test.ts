/**
 * Error collection in bounded memory (issue #8, item 16): the compiled validators store at most
 * MAX_COLLECTED_ERRORS errors and only count the rest, without changing any validity ajv computes.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import standaloneCode from 'ajv/dist/standalone/index.js';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { requiresToImports } from '../../../../generator/emit/validators/validators.js';
import { createAjv } from '../../../../generator/emit/validators/ajv.js';
import { collectErrorsLinearly, MAX_COLLECTED_ERRORS } from '../../../../generator/emit/validators/standalone.js';

type Compiled = ((data: unknown) => boolean) & { errors?: unknown[] | null };
const run = promisify(execFile);

/** Alternatives whose failing branch collects errors per item, so a discarded branch can pass the limit. */
const SCHEMAS = [
  { $id: 'https://x.invalid/text', type: 'string' },
  { $id: 'https://x.invalid/count', type: 'integer', minimum: 0 },
  {
    $id: 'https://x.invalid/either',
    oneOf: [
      { type: 'array', items: { $ref: 'https://x.invalid/text' } },
      { type: 'array', items: { $ref: 'https://x.invalid/count' } },
    ],
  },
  { $id: 'https://x.invalid/list', type: 'object', required: ['items'], properties: { items: { type: 'array', items: { $ref: 'https://x.invalid/either' } } } },
];

let dir: string;
let rewritten: Compiled;
let original: Compiled;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'validators-memory-'));
  const load = async (name: string, transform: (code: string) => string): Promise<Compiled> => {
    const ajv = createAjv({ standalone: true });
    for (const s of SCHEMAS) ajv.addSchema(s);
    const file = path.join(dir, `${name}.mjs`);
    writeFileSync(file, requiresToImports(transform(standaloneCode.default(ajv, { validateList: 'https://x.invalid/list' }))));
    return ((await import(pathToFileURL(file).href)) as { validateList: Compiled }).validateList;
  };
  rewritten = await load('rewritten', collectErrorsLinearly);
  original = await load('original', (code) => code);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('bounded error collection', () => {
  it('accepts a value whose discarded alternative failed more often than the limit', () => {
    const numbers = Array.from({ length: 3 * MAX_COLLECTED_ERRORS }, (_, i) => i);
    expect(rewritten({ items: [numbers] })).toBe(true);
    expect(rewritten({ items: [numbers, ['a', 'b']] })).toBe(true);
  });

  it('stores at most the limit and counts the rest', () => {
    const mixed = Array.from({ length: 3 * MAX_COLLECTED_ERRORS }, (_, i) => (i % 2 ? 'a' : -1));
    expect(original({ items: [mixed] })).toBe(false);
    expect(rewritten({ items: [mixed] })).toBe(false);
    const stored = rewritten.errors!.filter((e) => e !== undefined);
    expect(stored.length).toBe(MAX_COLLECTED_ERRORS);
    expect(rewritten.errors!.length).toBe(original.errors!.length);
  });

  it('gives exactly the validity of ajv’s own code on random lists', () => {
    const item = fc.oneof(fc.string(), fc.integer({ min: -2, max: 5 }), fc.constant(null));
    const list = fc.array(
      fc.oneof(fc.array(item, { maxLength: 2500 }), fc.array(fc.integer({ min: 0 }), { maxLength: 2500 }), fc.array(fc.string(), { maxLength: 2500 })),
      { maxLength: 4 },
    );
    fc.assert(
      fc.property(list, (items) => {
        const want = original({ items });
        expect(rewritten({ items })).toBe(want);
        if (!want) expect(rewritten.errors!.length).toBe(original.errors!.length);
      }),
      { numRuns: 150 },
    );
  });

  it('validates a 1,000,000-item invalid list in a 160 MB heap (it needed gigabytes)', async () => {
    const script = `
      import { validateListProjectsResponse as v } from ${JSON.stringify(pathToFileURL(path.join(TOOL_ROOT, 'generated/dist/validators.js')).href)};
      const body = { page: 1, pageSize: 1, results: Array.from({ length: 1_000_000 }, () => ({})) };
      const all = v.check(body, { maxProblems: Infinity });
      console.log(JSON.stringify({ valid: all.valid, problems: all.problems.length, guard: v(body), reported: v.problems.length }));
    `;
    const file = path.join(dir, 'million.mjs');
    writeFileSync(file, script);
    const { stdout } = await run(process.execPath, ['--max-old-space-size=160', file], { timeout: 60_000 });
    expect(JSON.parse(stdout)).toEqual({ valid: false, problems: MAX_COLLECTED_ERRORS, guard: false, reported: 100 });
  });
});
