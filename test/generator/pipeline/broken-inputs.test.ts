/**
 * Broken inputs: every folder under test/fixtures/broken/ is one bad spec (or bad command line)
 * with an expect.json:
 *
 *   {
 *     "code": 1 | 2,                 exit code of runCli
 *     "stderr": ["substring", ...],  each must appear in the error output
 *     "spec": "openapi.json",        optional: the spec file in the folder (default openapi.yaml)
 *     "args": ["--spec", "{spec}", "--out", "{out}", ...]
 *                                    optional: the command line; {spec}, {out} and {dir} (the
 *                                    fixture folder) are substituted (default --spec {spec} --out {out})
 *   }
 *
 * Each case runs the CLI in-process against a copy of the committed generated/ tree in a
 * temporary directory and checks that the run fails cleanly: the exit code, a located message
 * naming the fixture's file, no stack trace, and an output tree left byte-for-byte as it was.
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeSnapshot } from '../support/generate-and-check.js';
import { runCli } from '../../../generator/cli/generate-command.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'broken');
const GENERATED = path.join(ROOT, 'generated');

interface Expectation {
  code: 1 | 2;
  stderr: string[];
  spec?: string;
  args?: string[];
}

const cases = readdirSync(FIXTURES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name)
  .sort();

let work: string;
let template: string;
let templateSnapshot: Map<string, string>;

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'broken-specs-'));
  // One copy of the committed tree; every case starts from a copy of this copy.
  template = path.join(work, 'template');
  cpSync(GENERATED, template, { recursive: true });
  templateSnapshot = treeSnapshot(template);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('broken specs fail cleanly and leave the output alone', () => {
  it('has the fixtures', () => {
    expect(cases.length).toBeGreaterThanOrEqual(24);
    expect(templateSnapshot.size).toBeGreaterThan(10);
  });

  it.each(cases)('%s', async (name) => {
    const dir = path.join(FIXTURES, name);
    const expected = JSON.parse(readFileSync(path.join(dir, 'expect.json'), 'utf8')) as Expectation;
    // Paths as a user types them (relative to the working directory), which is how the CLI prints them.
    const relDir = path.relative(process.cwd(), dir);
    const spec = path.join(relDir, expected.spec ?? 'openapi.yaml');
    expect(
      ['openapi.yaml', 'openapi.json'].some((f) => existsSync(path.join(dir, f))),
      `${relDir} holds the document`,
    ).toBe(true);

    const parent = mkdtempSync(path.join(work, `${name}-`));
    const out = path.join(parent, 'generated');
    cpSync(template, out, { recursive: true });
    const before = treeSnapshot(out);
    expect(before).toEqual(templateSnapshot);

    const args = (expected.args ?? ['--spec', '{spec}', '--out', '{out}']).map((a) =>
      a.replaceAll('{spec}', spec).replaceAll('{out}', out).replaceAll('{dir}', relDir),
    );
    let stdout = '';
    let stderr = '';
    let code: number | undefined;
    let thrown: unknown;
    try {
      const result = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
      result.stop();
      code = result.code;
    } catch (err) {
      thrown = err;
    }
    const output = `${stderr}${stdout}${thrown ? `\n[runCli threw] ${(thrown as Error).stack ?? String(thrown)}` : ''}`;
    const shown = `\n--- output ---\n${output}\n--------------`;

    expect.soft(thrown, `runCli threw instead of reporting a GenerationError${shown}`).toBeUndefined();
    expect.soft(code, `exit code${shown}`).toBe(expected.code);
    for (const s of expected.stderr) expect.soft(stderr, `stderr mentions ${JSON.stringify(s)}${shown}`).toContain(s);
    if (expected.code === 1) {
      expect.soft(stderr, `the error names a file of the fixture (${relDir}/...)${shown}`).toContain(`${relDir}/`);
      expect.soft(stderr, `the error says the output was kept${shown}`).toContain(`${out}/ was left unchanged.`);
    } else {
      expect.soft(stderr, `a usage error prints the usage${shown}`).toContain('Usage: npm run generate');
    }
    expect.soft(output, `no stack trace${shown}`).not.toMatch(/^\s{4}at /m);
    expect.soft(stdout, `nothing reported as written${shown}`).not.toContain('wrote ');

    expect.soft(treeSnapshot(out), 'the output tree is byte-identical (same files, same hashes)').toEqual(before);
    const leftovers = readdirSync(parent).filter((f) => /\.(tmp|old)-/.test(f));
    expect.soft(leftovers, 'no .tmp-/.old- sibling left behind').toEqual([]);
  });
});
