/** The generate command (generator/cli/generate-command.ts) when generation fails in a way nobody foresaw. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, failure, workFolder } from '../support/io.js';
import { TOOL_ROOT } from '../../../generator/generate.js';

const MINIMAL = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');
const { tree } = workFolder('generate-command');

describe('an unexpected failure', () => {
  it('is one located line, exit 1, no stack unless --debug, output unchanged', async () => {
    const dir = tree('unexpected', { 'file.txt': 'not a folder' });
    const out = path.join(dir, 'file.txt', 'out');
    const r = await cli(['--spec', MINIMAL, '--out', out]);
    expect(r.code, failure(r)).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines, failure(r)).toHaveLength(2);
    expect(lines[0]).toMatch(/^error: .*minimal\/openapi\.yaml: generation failed unexpectedly: \w*Error: .*\(--debug prints the stack\)$/);
    expect(lines[1]).toBe(`${out}/ was left unchanged.`);
    expect(readFileSync(path.join(dir, 'file.txt'), 'utf8')).toBe('not a folder');

    const debug = await cli(['--spec', MINIMAL, '--out', out, '--debug']);
    expect(debug.code).toBe(1);
    expect(debug.stderr).toMatch(/^\s{4}at /m);
  });
});
