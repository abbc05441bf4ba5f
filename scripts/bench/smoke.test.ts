/**
 * `npm run bench -- --smoke`: every benchmark once with tiny counts (a small stand-in for GitHub's
 * document), so a broken measurement shows here rather than in the next real run. The figures
 * themselves are not checked. The same run writes its report (`--write`, as docs/benchmarks.md is
 * written): its header names the date, commit and machine, and its summary is the printed one.
 * Run by `npm run bench:smoke` (CI runs it after `npm test`).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, expect, it } from 'vitest';
import { headings, md, tables } from '../../test/generator/support/markdown-pages.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const scale = 'stand-in petstore (--smoke)';
const ROWS = [
  'generate our spec',
  'watch: regenerate after a one-line edit',
  `${scale}: generate, time`,
  `${scale}: generate, peak RSS`,
  `${scale}: vs @hey-api/openapi-ts`,
  `${scale}: type-check of our dist/*.d.ts`,
  'validators: cold start (import + first validateProject)',
  'throughput: validateProject (valid)',
  'throughput: validateProject (invalid, 2 problems)',
  'throughput: validateSkill (valid)',
  'throughput: validateUpdateQuotaTargetsRequest (valid)',
  'validators: bundle of validateSkill alone (esbuild, minified)',
  'validators: bundle of validateProject alone (esbuild, minified)',
  'browser bundle: createPartnerClient + listProjects, code splitting (esbuild, minified)',
  'browser bundle: createPartnerClient + listProjects, one file (esbuild, minified)',
  'browser bundle: createPartnerClient + createProject, code splitting (esbuild, minified)',
  'browser bundle: createPartnerClient + createProject, one file (esbuild, minified)',
  'start-up: import + createPartnerClient in a fresh process',
  "start-up: first call's extra cost (first GET /v1/projects minus steady state)",
  'client: createPartnerClient vs fetch, per request',
  'client: defaults vs openapi-fetch alone, per request',
  'type-check: consumer file vs empty program',
  'mock: start-up until the first listProjects answer',
  'mock: listProjects requests/s',
];

const work = mkdtempSync(path.join(os.tmpdir(), 'bench-smoke-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
const REPORT = path.join(work, 'benchmarks.md');

/** The cells of each body row of a Markdown or printed table starting at the line `| row |`. */
const summaryCells = (text: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| row '))
    .map((l) =>
      l
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((c) => c.trim()),
    );

it('prints every row of the summary with a figure, and writes them with the date, commit and machine (--write)', { timeout: 300_000 }, async () => {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench/index.ts', '--smoke', '--write', REPORT], {
    cwd: ROOT,
    maxBuffer: 16 * 2 ** 20,
  });
  const { stdout } = await run.catch((err: { code?: number; stdout?: string; stderr?: string }) => {
    // A measurement that threw exits 1 and prints why: show it.
    throw new Error(`bench --smoke exited ${err.code}:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  const summary = stdout.slice(stdout.indexOf('## Summary'));
  const cells = summaryCells(summary);
  expect(cells.map((c) => c[0])).toEqual(ROWS);
  for (const [name, ours, , , , met] of cells) {
    expect(ours, name).toMatch(/\d/);
    expect(ours, name).not.toMatch(/failed|FAIL/);
    expect(met, name).toMatch(/^(yes|NO|—)$/);
  }
  expect(stdout).toMatch(/\d+ targets met, \d+ missed/);

  // The report: its header says when, where and how it ran; its summary is the printed one.
  const report = readFileSync(REPORT, 'utf8');
  expect(headings(report).map((h) => h.text)).toEqual(expect.arrayContaining(['Benchmark results', 'Summary']));
  expect(report).toMatch(/^Written by `npm run bench -- --smoke --write .+` at (commit [0-9a-f]{7,}.*|unknown commit), \d{4}-\d\d-\d\dT[\d:.]+Z to /m);
  expect(report).toContain('**A smoke run**');
  const machine = Object.fromEntries(summaryCells(report.slice(0, report.indexOf('## Summary'))).map(([k, v]) => [k, v]));
  expect(machine.OS).toBe(`${os.type()} ${os.release()} (${os.arch()})`);
  expect(machine.CPU).toMatch(new RegExp(`, ${os.availableParallelism()} cores$`));
  expect(machine.Node).toBe(process.version);
  const written = report.slice(report.indexOf('## Summary'), report.indexOf('\n## ', report.indexOf('## Summary') + 1));
  expect(summaryCells(written)).toEqual(cells);
  // Every table of the page renders as one (its lines have the header's cell count).
  const pageTables = tables(report);
  expect(pageTables.length).toBeGreaterThanOrEqual(2);
  for (const table of pageTables) expect(table.lines.every((n) => n === table.header)).toBe(true);
  expect(md.render(report)).toContain('<th>compared with</th>');
});
