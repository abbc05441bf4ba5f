/**
 * The YAML alias budget (generator/load/aliases.ts): a document whose aliases expand past 100,000
 * nodes fails fast with a located error, in block and flow YAML, at the root and behind a `$ref`;
 * a document with a few aliases is read, and an alias inside the node it names is refused, located.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, failure, workFolder } from '../support/io.js';
import { TOOL_ROOT } from '../../../generator/generate.js';

const FIXTURES = path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-io');
const MINIMAL = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');
const { folder, tree } = workFolder('aliases');

describe('YAML alias bombs', () => {
  it.each(['alias-bomb-root', 'alias-bomb-ref'])('%s fails fast with a located error', async (name) => {
    const spec = path.relative(process.cwd(), path.join(FIXTURES, name, 'openapi.yaml'));
    const where = name === 'alias-bomb-root' ? `${name}/openapi.yaml:12:10` : `${name}/schemas/thing.yaml:8:10`;
    const started = performance.now();
    const r = await cli(['--spec', spec, '--out', path.join(folder(name), 'out')]);
    expect(performance.now() - started).toBeLessThan(3_000);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain(where);
    expect(r.stderr).toContain('YAML aliases expand to more than 100,000 nodes');
  });

  it('refuses a bomb in JSON-style flow YAML, where an anchor needs no space before it', async () => {
    const level = (i: number) => `"a${i}":&a${i} [${Array.from({ length: 9 }, () => (i === 0 ? '"x"' : `*a${i - 1}`)).join(',')}]`;
    const bomb = `{${Array.from({ length: 9 }, (_, i) => level(i)).join(',')}}`;
    const dir = tree('alias-bomb-flow', {
      'openapi.yaml': readFileSync(MINIMAL, 'utf8').replace('      type: object\n', `      type: object\n      x-bomb: ${bomb}\n`),
    });
    const started = performance.now();
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toMatch(/openapi\.yaml:\d+:\d+: YAML aliases expand to more than 100,000 nodes/);
  });

  it('accepts a document that uses a few aliases', async () => {
    const spec = readFileSync(MINIMAL, 'utf8').replace(
      '      type: object\n',
      '      type: object\n      x-shared: &shared { a: [1, 2], b: { c: 3 } }\n      x-again: *shared\n      x-more: [*shared, *shared]\n',
    );
    const dir = tree('aliases-ok', { 'openapi.yaml': spec });
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(r.code, failure(r)).toBe(0);
  });

  it('refuses an alias inside the node it names', async () => {
    const dir = tree('alias-cycle', {
      'openapi.yaml': readFileSync(MINIMAL, 'utf8').replace('      type: object\n', '      type: object\n      x-loop: &loop { self: *loop }\n'),
    });
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toMatch(/openapi\.yaml:\d+:\d+/);
  });
});
