/**
 * markdownlint-cli2 (the repository's .markdownlint-cli2.jsonc, each rule turned off saying why)
 * finds nothing in the Markdown the generator writes: the committed generated/ pages, and the pages
 * of a fixture that states every section, written to a temporary folder.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { emitDocs } from '../../../../generator/emit/docs/docs.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const CLI = path.join(ROOT, 'node_modules', 'markdownlint-cli2', 'markdownlint-cli2-bin.mjs');

it("markdownlint-cli2 finds nothing in generated/ nor in a fixture document's pages", async () => {
  const loaded = await loadSpec(path.join(ROOT, 'test', 'fixtures', 'docs', 'openapi.yaml'));
  const model = buildModel(loaded.document);
  const dir = mkdtempSync(path.join(tmpdir(), 'docs-lint-'));
  try {
    for (const [file, text] of emitDocs(model, path.join(ROOT, 'templates'), emitValidators(model).entries, { packageName: 'items-client' })) {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), text);
    }
    // From the repository's root: its configuration's globs (generated/) plus the fixture's pages.
    const run = await promisify(execFile)(process.execPath, [CLI, `${dir.split(path.sep).join('/')}/**/*.md`], { cwd: ROOT }).catch(
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(`${run.stdout}${run.stderr}`.split('\n').filter((line) => / MD\d{3}\//.test(line))).toEqual([]);
    expect('code' in run ? run.code : 0).toBe(0);
    expect(run.stdout).toMatch(/Linting: \d+ file/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
