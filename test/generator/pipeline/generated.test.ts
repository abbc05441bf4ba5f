import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { generate, TOOL_ROOT, type GenerateResult } from '../../../generator/generate.js';
import { runCli } from '../../../generator/cli/generate-command.js';
import { BANNER_TEXT } from '../../../generator/output/banner.js';
import { MANIFEST_FILE } from '../../../generator/output/output.js';
import { operationCount } from '../../templates/mock/support.js';
import { TSC } from '../../tsc.js';

const spec = path.join(TOOL_ROOT, 'spec', 'openapi.yaml');
const lintConfig = path.join(TOOL_ROOT, 'redocly.yaml');

describe('generated/', () => {
  let first: GenerateResult;
  beforeAll(async () => {
    first = await generate({ spec, lintConfig });
  });

  it('is up to date with spec/ and templates/ (generate --check)', async () => {
    let stderr = '';
    const { code } = await runCli(['--check'], { stdout: () => {}, stderr: (t) => (stderr += t) });
    expect(stderr).toBe('');
    expect(code).toBe(0);
  });

  it('is deterministic: a second run gives byte-identical files', async () => {
    const second = await generate({ spec, lintConfig });
    expect([...second.files.keys()]).toEqual([...first.files.keys()]);
    for (const [file, text] of first.files) expect(second.files.get(file), file).toBe(text);
  });

  it('is the same when the validators compile in a child process (as for large documents)', async () => {
    const child = await generate({ spec, lintConfig, validatorsInChild: true });
    expect([...child.files.keys()]).toEqual([...first.files.keys()]);
    for (const [file, text] of first.files) expect(child.files.get(file), file).toBe(text);
  });

  it('starts every file with the generated banner (after a shebang), or lists it in the manifest with its hash', () => {
    const manifest = JSON.parse(first.files.get(MANIFEST_FILE)!) as { sha256: Record<string, string> };
    expect(Object.keys(manifest.sha256)).toEqual(['openapi.json']);
    for (const [file, text] of first.files) {
      if (Object.hasOwn(manifest.sha256, file)) expect(createHash('sha256').update(text).digest('hex'), file).toBe(manifest.sha256[file]);
      else {
        const head = file.endsWith('.json') ? JSON.parse(text)['//'] : text.split('\n')[text.startsWith('#!') ? 1 : 0];
        expect(head, file).toContain(BANNER_TEXT);
      }
    }
    expect(first.files.get('dist/mock-cli.js')!.split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('is the package partner-recruitment-client with its entry points, the mock command and the bundled document', () => {
    const pkg = JSON.parse(first.files.get('package.json')!);
    expect(pkg.name).toBe('partner-recruitment-client');
    expect(Object.keys(pkg.exports)).toEqual(['.', './types', './validators', './operations', './mock', './mock/msw', './openapi.json', './package.json']);
    for (const entry of ['.', './types', './validators', './operations', './mock', './mock/msw']) {
      expect(first.files.has(pkg.exports[entry].default.replace('./', '')), entry).toBe(true);
      expect(first.files.has(pkg.exports[entry].types.replace('./', '')), entry).toBe(true);
    }
    expect(first.files.has('openapi.json')).toBe(true);
    expect(first.files.has(pkg.bin['partner-recruitment-mock'].replace('./', ''))).toBe(true);
    // The client's dependency; the mock's own and msw are optional peers.
    expect(Object.keys(pkg.dependencies).sort()).toEqual(['openapi-fetch']);
    expect(pkg.peerDependenciesMeta).toEqual({
      ajv: { optional: true },
      'ajv-formats': { optional: true },
      'json-schema-faker': { optional: true },
      msw: { optional: true },
    });
  });

  it('reads the environments and their limits from the spec', () => {
    const index = first.files.get('src/index.ts')!;
    expect(index).toContain('"staging": { requestsPerSecond: 50, burst: 100, dailyQuota: 200000 }');
    expect(index).toContain('"production": { requestsPerSecond: 250, burst: 500, dailyQuota: 1000000 }');
  });

  it('compiles no require() into the ESM validators', () => {
    expect(first.files.get('dist/validators.compiled.js')).not.toMatch(/\brequire\(/);
  });

  it('counts every operation of the document, and a validator per schema and more per known body', () => {
    expect(first.stats.operations).toBe(operationCount(JSON.parse(first.files.get('openapi.json')!)));
    expect(first.stats.validators).toBeGreaterThan(first.stats.schemas);
  });

  it('counts every Markdown page under docs/, as the package README states it', () => {
    const pages = [...first.files.keys()].filter((f) => f.startsWith('docs/') && f.endsWith('.md'));
    expect(pages).toContain('docs/mock.md');
    expect(first.stats.docPages).toBe(pages.length);
    expect(first.files.get('README.md')).toContain(`(${pages.length} pages)`);
  });

  it('type-checks as a consumer compiles it (strict, exactOptionalPropertyTypes, no skipLibCheck)', async () => {
    const tsc = TSC;
    const run = promisify(execFile)(process.execPath, [tsc, '-p', path.join(TOOL_ROOT, 'test', 'generated-types', 'tsconfig.json')]);
    await expect(run).resolves.toMatchObject({ stdout: '' });
  });

  it('ships the runtime verbatim from templates/client', () => {
    const runtime = readFileSync(path.join(TOOL_ROOT, 'templates', 'client', 'client.ts'), 'utf8');
    expect(first.files.get('src/runtime/client.ts')).toContain(runtime);
  });
});
