/**
 * The one writer (generator/output/output.ts): file names that would leave the output directory are
 * refused; `--out` is only a new, empty or previously generated folder (recognised by its banner,
 * or for openapi.json by the manifest's hash), so nothing else is ever deleted; unchanged files are
 * linked, not rewritten. Real files in temporary folders, one real child process.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { treeSnapshot } from '../support/generate-and-check.js';
import { cli, failure, workFolder } from '../support/io.js';
import { TOOL_ROOT } from '../../../generator/generate.js';
import { BANNER_TEXT, withBanner } from '../../../generator/output/banner.js';
import { assertReplaceable, checkTree, MANIFEST_FILE, writeTree } from '../../../generator/output/output.js';
import { GenerationError } from '../../../generator/lib/problems.js';

const MINIMAL = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');
const { folder, tree } = workFolder('output');

describe('file names that could leave the output directory', () => {
  const hostile = [
    '../x.md',
    '../../../../tmp/x.md',
    '/etc/x.md',
    'docs/../../x.md',
    'docs/./x.md',
    'docs//x.md',
    'docs/',
    '',
    'a\\..\\x.md',
    'a\0b.md',
    'a\nb.md',
    'C:/x.md',
    '.',
    '..',
  ];

  it.each(hostile.map((name) => [JSON.stringify(name), name]))('writeTree and checkTree refuse %s and write nothing', (_, name) => {
    const parent = folder('names');
    const out = path.join(parent, 'out');
    const files = new Map([
      ['package.json', '{}'],
      [name, 'escaped'],
    ]);
    const before = treeSnapshot(parent);
    expect(() => writeTree(out, files)).toThrow(GenerationError);
    expect(() => writeTree(out, files)).toThrow(JSON.stringify(name));
    expect(() => checkTree(out, files)).toThrow(GenerationError);
    expect(treeSnapshot(parent)).toEqual(before);
  });

  it('refuses a name that is both a file and a folder', () => {
    const out = path.join(folder('names'), 'out');
    expect(() =>
      writeTree(
        out,
        new Map([
          ['docs/a.md', 'x'],
          ['docs/a.md/b.md', 'y'],
        ]),
      ),
    ).toThrow('is also a file');
    expect(existsSync(out)).toBe(false);
  });

  it('property: any name is refused or lands inside the output directory', () => {
    const segment = fc.constantFrom('..', '.', '', 'a', 'b.md', '\\', '..\\..', '\0', 'C:', '~', ' ', '%2e%2e');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 5 }), (segments) => {
        const name = segments.join('/');
        const parent = folder('prop');
        const out = path.join(parent, 'out');
        try {
          writeTree(out, new Map([[name, 'x']]));
        } catch (err) {
          expect(err).toBeInstanceOf(GenerationError);
          expect(readdirSync(parent)).toEqual([]);
          return;
        }
        expect(readdirSync(parent)).toEqual(['out']);
        expect(readFileSync(path.join(out, ...name.split('/')), 'utf8')).toBe('x');
      }),
      { numRuns: 60 },
    );
  });

  it('a whole run with a schema named ../../../../<dir>/x writes nothing outside --out', async () => {
    const parent = folder('escape');
    const spec = path.join(parent, 'spec', 'openapi.yaml');
    const victim = path.join(parent, 'victim');
    mkdirSync(victim);
    const name = `${'../'.repeat(20)}${path.relative('/', victim)}/x`;
    mkdirSync(path.dirname(spec));
    writeFileSync(
      spec,
      readFileSync(MINIMAL, 'utf8')
        .replace(/\n {4}Thing:\n/, `\n    ${JSON.stringify(name)}:\n`)
        .replace("'#/components/schemas/Thing'", `'#/components/schemas/${name.replaceAll('~', '~0').replaceAll('/', '~1')}'`),
    );
    const out = path.join(parent, 'out');
    const r = await cli(['--spec', spec, '--out', out]);
    // Either the emitters make the name safe (exit 0) or the run fails (the writer refuses it), but
    // no file lands outside --out.
    expect([0, 1], failure(r)).toContain(r.code);
    expect(readdirSync(victim)).toEqual([]);
    expect(readdirSync(parent).sort()).toEqual(r.code === 0 ? ['out', 'spec', 'victim'] : ['spec', 'victim']);
  });
});

describe('--out is only a new, empty or previously generated folder', () => {
  it('refuses the folder of the spec (--out api beside api/openapi.yaml) and deletes nothing', async () => {
    const dir = tree('out-spec', { 'api/openapi.yaml': readFileSync(MINIMAL, 'utf8') });
    const before = treeSnapshot(dir);
    const r = await cli(['--spec', path.join(dir, 'api', 'openapi.yaml'), '--out', path.join(dir, 'api')]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toMatch(/Refusing to replace .*api\/:/);
    expect(r.stderr).toContain('api/openapi.yaml');
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('refuses an ancestor of the spec, the templates and the repository', async () => {
    const dir = tree('out-ancestor', { 'a/b/openapi.yaml': readFileSync(MINIMAL, 'utf8') });
    const spec = path.join(dir, 'a', 'b', 'openapi.yaml');
    for (const out of [dir, path.join(TOOL_ROOT, 'templates'), TOOL_ROOT, path.dirname(TOOL_ROOT)]) {
      const before = treeSnapshot(dir);
      const r = await cli(['--spec', spec, '--out', out]);
      expect(r.code, failure(r)).toBe(1);
      expect(r.stderr).toContain('Refusing to replace');
      expect(r.stdout).not.toContain('wrote');
      expect(treeSnapshot(dir)).toEqual(before);
    }
    expect(existsSync(path.join(TOOL_ROOT, 'templates', 'client'))).toBe(true);
  });

  it('refuses a folder with files not generated, and a generated folder someone added a file to', async () => {
    const dir = tree('out-foreign', { 'notes/todo.txt': 'mine', 'gen/README.md': 'x' });
    const r1 = await cli(['--spec', MINIMAL, '--out', path.join(dir, 'notes')]);
    expect(r1.code, failure(r1)).toBe(1);
    expect(r1.stderr).toContain('not empty and was not generated');

    const out = path.join(dir, 'gen2');
    expect((await cli(['--spec', MINIMAL, '--out', out])).code).toBe(0);
    writeFileSync(path.join(out, 'docs', 'mine.md'), 'my notes');
    const before = treeSnapshot(dir);
    const r2 = await cli(['--spec', MINIMAL, '--out', out]);
    expect(r2.code, failure(r2)).toBe(1);
    expect(r2.stderr).toContain('docs/mine.md');
    expect(treeSnapshot(dir)).toEqual(before);
  });

  it('refuses a generated folder someone added a JSON file to (JSON carries the banner as its "//" key)', async () => {
    const out = path.join(tree('out-json', {}), 'gen');
    expect((await cli(['--spec', MINIMAL, '--out', out])).code).toBe(0);
    mkdirSync(path.join(out, 'private'));
    writeFileSync(path.join(out, 'private', 'credentials.json'), '{"token":"keep me"}');
    writeFileSync(path.join(out, 'tsconfig.json'), '{}');
    const before = treeSnapshot(out);
    const r = await cli(['--spec', MINIMAL, '--out', out]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain('private/credentials.json');
    expect(r.stderr).toContain('tsconfig.json');
    expect(treeSnapshot(out)).toEqual(before);
  });

  it('recognises openapi.json, which cannot carry the banner, only by the exact hash in the manifest', async () => {
    const out = path.join(tree('out-manifest', {}), 'gen');
    expect((await cli(['--spec', MINIMAL, '--out', out])).code).toBe(0);
    const manifest = JSON.parse(readFileSync(path.join(out, MANIFEST_FILE), 'utf8')) as { sha256: Record<string, string> };
    expect(Object.keys(manifest.sha256)).toEqual(['openapi.json']);
    const generated = readFileSync(path.join(out, 'openapi.json'), 'utf8');

    // Someone's own file in its place, a changed copy, a copy with the manifest deleted: each refused, nothing deleted.
    for (const [change, undo] of [
      [() => writeFileSync(path.join(out, 'openapi.json'), '{"token":"keep me"}'), () => writeFileSync(path.join(out, 'openapi.json'), generated)],
      [
        () => writeFileSync(path.join(out, 'openapi.json'), generated.replace('"openapi"', '"x-mine": 1,\n  "openapi"')),
        () => writeFileSync(path.join(out, 'openapi.json'), generated),
      ],
      [() => rmSync(path.join(out, MANIFEST_FILE)), () => writeFileSync(path.join(out, MANIFEST_FILE), JSON.stringify(manifest))],
    ] as const) {
      change();
      const before = treeSnapshot(out);
      const r = await cli(['--spec', MINIMAL, '--out', out]);
      expect(r.code, failure(r)).toBe(1);
      expect(r.stderr).toMatch(/not generated \(or were changed since\): openapi\.json/);
      expect(treeSnapshot(out)).toEqual(before);
      undo();
    }
    // A manifest that is not the generator's (no banner key) vouches for nothing.
    writeFileSync(path.join(out, 'credentials.json'), '{"token":"keep me"}');
    writeFileSync(
      path.join(out, MANIFEST_FILE),
      JSON.stringify({ sha256: { ...manifest.sha256, 'credentials.json': createHash('sha256').update('{"token":"keep me"}').digest('hex') } }),
    );
    const r = await cli(['--spec', MINIMAL, '--out', out]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain('credentials.json');
    expect(readFileSync(path.join(out, 'credentials.json'), 'utf8')).toBe('{"token":"keep me"}');
  });

  it('recognises a generated script by the banner after its shebang line, and nothing else before it', () => {
    const dir = tree('out-shebang', {
      'package.json': JSON.stringify({ '//': BANNER_TEXT }),
      'dist/cli.js': withBanner('dist/cli.js', '#!/usr/bin/env node\nconsole.log(1);\n'),
    });
    expect(() => assertReplaceable(dir, [])).not.toThrow();
    writeFileSync(path.join(dir, 'dist', 'tool.js'), `#!/bin/sh\n${withBanner('README.md', '')}`);
    expect(() => assertReplaceable(dir, [])).toThrow(/dist\/tool\.js/);
  });

  it('accepts a new folder, an empty folder, and a folder it generated before', async () => {
    const dir = folder('out-ok');
    mkdirSync(path.join(dir, 'empty'));
    for (const out of [path.join(dir, 'new'), path.join(dir, 'empty'), path.join(dir, 'new')]) {
      const r = await cli(['--spec', MINIMAL, '--out', out]);
      expect(r.code, failure(r)).toBe(0);
    }
    expect(treeSnapshot(path.join(dir, 'new'))).toEqual(treeSnapshot(path.join(dir, 'empty')));
  });

  it('replaces a folder an earlier version generated (its banner said "from spec/"), and only that banner besides today\'s', async () => {
    const earlier = 'Generated by the Partner Recruitment toolkit from spec/. Do not edit: change spec/ or templates/ and run `npm run generate`.';
    const dir = tree('out-earlier', {
      'package.json': JSON.stringify({ '//': earlier }),
      'dist/index.js': `// ${earlier}\nexport {};\n`,
      'docs/index.md': `<!-- ${earlier} -->\n\n# Reference\n`,
    });
    expect(() => assertReplaceable(dir, [])).not.toThrow();
    writeFileSync(path.join(dir, 'dist', 'other.js'), `// ${earlier.replace('spec/', 'elsewhere/')}\n`);
    expect(() => assertReplaceable(dir, [])).toThrow(/dist\/other\.js/);
    rmSync(path.join(dir, 'dist', 'other.js'));
    const r = await cli(['--spec', MINIMAL, '--out', dir]);
    expect(r.code, failure(r)).toBe(0);
    expect(readFileSync(path.join(dir, 'dist', 'index.js'), 'utf8').startsWith(`// ${BANNER_TEXT}\n`)).toBe(true);
  });

  it('`--out .` from the command line refuses the working directory (child process)', () => {
    const dir = tree('out-dot', { 'openapi.yaml': readFileSync(MINIMAL, 'utf8'), 'keep.txt': 'keep' });
    const before = treeSnapshot(dir);
    // As `npm run generate` runs it (generator/cli/launch.mjs), from a working directory outside the repository.
    const child = spawnSync(
      process.execPath,
      [path.join(TOOL_ROOT, 'generator', 'cli', 'launch.mjs'), path.join(TOOL_ROOT, 'generator', 'cli', 'generate.ts'), '--spec', 'openapi.yaml', '--out', '.'],
      {
        cwd: dir,
        encoding: 'utf8',
        timeout: 30_000,
      },
    );
    expect(child.status, child.stderr).toBe(1);
    expect(child.stderr).toContain('Refusing to replace ./:');
    expect(treeSnapshot(dir)).toEqual(before);
  });
});

describe('writeTree reuses unchanged files', () => {
  it('links a file with the same bytes and mode, writes one that changed or whose mode was changed, and leaves no old tree', () => {
    const parent = folder('relink');
    const out = path.join(parent, 'out');
    const files = (version: string) =>
      new Map([
        ['package.json', `{"//": ${JSON.stringify(BANNER_TEXT)}, "version": "${version}"}\n`],
        ['src/same.ts', withBanner('src/same.ts', 'export const same = 1;\n')],
        ['src/mode.ts', withBanner('src/mode.ts', 'export const mode = 1;\n')],
        ['src/gone.ts', withBanner('src/gone.ts', 'export {};\n')],
      ]);
    writeTree(out, files('1.0.0'));
    const inode = (file: string) => statSync(path.join(out, file)).ino;
    const before = { same: inode('src/same.ts'), mode: inode('src/mode.ts'), pkg: inode('package.json') };
    const defaultMode = statSync(path.join(out, 'src/mode.ts')).mode & 0o7777;
    chmodSync(path.join(out, 'src/mode.ts'), 0o755);

    const next = files('1.0.1');
    next.delete('src/gone.ts');
    writeTree(out, next);
    expect(inode('src/same.ts')).toBe(before.same);
    expect(inode('package.json')).not.toBe(before.pkg);
    expect(inode('src/mode.ts')).not.toBe(before.mode);
    expect(statSync(path.join(out, 'src/mode.ts')).mode & 0o7777).toBe(defaultMode);
    expect(statSync(path.join(out, 'src/same.ts')).nlink).toBe(1);
    expect(treeSnapshot(out)).toEqual(treeSnapshot(writeFresh(path.join(parent, 'fresh'), next)));
    expect(readdirSync(parent).sort()).toEqual(['fresh', 'out']);
  });
});

function writeFresh(dir: string, files: Map<string, string>): string {
  writeTree(dir, files);
  return dir;
}
