/**
 * The repository type-checks (`tsc -p tsconfig.json`: generator, templates, tests, scripts, and the
 * compile-time tests of the generated types in test/types/), as one test beside the others rather
 * than a step before them: the compiler's output, with file:line for each error, is the failure.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { TSC } from './tsc.js';

const ROOT = path.resolve(import.meta.dirname, '..');

it('type-checks the repository (npm run typecheck)', { timeout: 180_000 }, async () => {
  const tsc = TSC;
  const output = await promisify(execFile)(process.execPath, [tsc, '-p', path.join(ROOT, 'tsconfig.json')], { cwd: ROOT, maxBuffer: 16 * 2 ** 20 }).then(
    ({ stdout, stderr }) => stdout + stderr,
    (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}` || String(err),
  );
  expect(output).toBe('');
});
