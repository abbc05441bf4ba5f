/**
 * `npm run bench -- --smoke`: every benchmark once with tiny counts (a small stand-in for GitHub's
 * document), so a broken measurement shows here rather than in the next real run. The figures
 * themselves are not checked. Run by `npm run bench:smoke` (CI runs it after `npm test`).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';

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
  'client: createPartnerClient vs fetch, per request',
  'type-check: consumer file vs empty program',
  'mock: start-up until the first listProjects answer',
  'mock: listProjects requests/s',
];

it('prints every row of the summary with a figure', { timeout: 300_000 }, async () => {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/bench/index.ts', '--smoke'], { cwd: ROOT, maxBuffer: 16 * 2 ** 20 });
  const { stdout } = await run.catch((err: { code?: number; stdout?: string; stderr?: string }) => {
    // A measurement that threw exits 1 and prints why: show it.
    throw new Error(`bench --smoke exited ${err.code}:\n${err.stdout ?? ''}\n${err.stderr ?? ''}`);
  });
  const summary = stdout.slice(stdout.indexOf('## Summary'));
  const cells = summary
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| row '))
    .map((l) => l.split('|').slice(1, -1).map((c) => c.trim()));
  expect(cells.map((c) => c[0])).toEqual(ROWS);
  for (const [name, ours, , , , met] of cells) {
    expect(ours, name).toMatch(/\d/);
    expect(ours, name).not.toMatch(/failed|FAIL/);
    expect(met, name).toMatch(/^(yes|NO|—)$/);
  }
  expect(stdout).toMatch(/\d+ targets met, \d+ missed/);
});
