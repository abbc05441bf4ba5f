/**
 * What the generator reads and writes (issue #8, items 1, 2, 3, 4 (aliases), 6): file names that
 * leave the output directory, output directories that must not be deleted, `$ref`s outside the
 * spec's folder or to URLs, YAML alias bombs, components named by the bundler instead of the
 * author, and unexpected failures. Real files in temporary folders, real HTTP on 127.0.0.1, one
 * real child process.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { treeSnapshot } from './support/generate-and-check.js';
import { generate, TOOL_ROOT } from '../../generator/generate.js';
import { SourceLocator } from '../../generator/load/locate.js';
import { BANNER_TEXT, withBanner } from '../../generator/output/banner.js';
import { assertReplaceable, checkTree, MANIFEST_FILE, writeTree } from '../../generator/output/output.js';
import { GenerationError } from '../../generator/lib/problems.js';
import { runCli } from '../../generator/cli/generate-command.js';

const FIXTURES = path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-io');
const MINIMAL = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');

let work: string;
beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'io-boundaries-'));
});
afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A fresh folder under the test's work folder. */
const folder = (name: string) => mkdtempSync(path.join(work, `${name}-`));


interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(args: string[]): Promise<Run> {
  let stdout = '';
  let stderr = '';
  const { code, stop } = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t) });
  stop();
  return { code, stdout, stderr };
}

/** Writes `files` (relative path → text) under a new folder and returns the folder. */
function tree(name: string, files: Record<string, string>): string {
  const dir = folder(name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

/** A minimal document whose one schema `Thing` is `{$ref: <ref>}`. */
const refDocument = (ref: string) => `openapi: 3.1.0
info:
  title: Refs
  version: '1.0'
paths: {}
components:
  schemas:
    Thing:
      $ref: '${ref}'
`;
/** Where `refDocument` puts the `$ref`. */
const REF_AT = 'openapi.yaml:9:7';

const failure = (r: Run) => `exit ${r.code}\n${r.stderr}${r.stdout}`;

describe('file names that could leave the output directory (item 1)', () => {
  const hostile = ['../x.md', '../../../../tmp/x.md', '/etc/x.md', 'docs/../../x.md', 'docs/./x.md', 'docs//x.md', 'docs/', '', 'a\\..\\x.md', 'a\0b.md', 'a\nb.md', 'C:/x.md', '.', '..'];

  it.each(hostile.map((name) => [JSON.stringify(name), name]))('writeTree and checkTree refuse %s and write nothing', (_, name) => {
    const parent = folder('names');
    const out = path.join(parent, 'out');
    const files = new Map([['package.json', '{}'], [name, 'escaped']]);
    const before = treeSnapshot(parent);
    expect(() => writeTree(out, files)).toThrow(GenerationError);
    expect(() => writeTree(out, files)).toThrow(JSON.stringify(name));
    expect(() => checkTree(out, files)).toThrow(GenerationError);
    expect(treeSnapshot(parent)).toEqual(before);
  });

  it('refuses a name that is both a file and a folder', () => {
    const out = path.join(folder('names'), 'out');
    expect(() => writeTree(out, new Map([['docs/a.md', 'x'], ['docs/a.md/b.md', 'y']]))).toThrow('is also a file');
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
    writeFileSync(spec, readFileSync(MINIMAL, 'utf8').replace(/\n {4}Thing:\n/, `\n    ${JSON.stringify(name)}:\n`).replace("'#/components/schemas/Thing'", `'#/components/schemas/${name.replaceAll('~', '~0').replaceAll('/', '~1')}'`));
    const out = path.join(parent, 'out');
    const r = await cli(['--spec', spec, '--out', out]);
    // Either the emitters make the name safe (exit 0) or the run fails (the writer refuses it), but
    // no file lands outside --out.
    expect([0, 1], failure(r)).toContain(r.code);
    expect(readdirSync(victim)).toEqual([]);
    expect(readdirSync(parent).sort()).toEqual(r.code === 0 ? ['out', 'spec', 'victim'] : ['spec', 'victim']);
  });
});

describe('--out is only a new, empty or previously generated folder (item 2)', () => {
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
      [() => writeFileSync(path.join(out, 'openapi.json'), generated.replace('"openapi"', '"x-mine": 1,\n  "openapi"')), () => writeFileSync(path.join(out, 'openapi.json'), generated)],
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
    writeFileSync(path.join(out, MANIFEST_FILE), JSON.stringify({ sha256: { ...manifest.sha256, 'credentials.json': createHash('sha256').update('{"token":"keep me"}').digest('hex') } }));
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
    const child = spawnSync(process.execPath, [path.join(TOOL_ROOT, 'generator', 'cli', 'launch.mjs'), path.join(TOOL_ROOT, 'generator', 'cli', 'generate.ts'), '--spec', 'openapi.yaml', '--out', '.'], {
      cwd: dir,
      encoding: 'utf8',
      timeout: 30_000,
    });
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

describe('$ref reads only the spec folder unless --allow-external-refs (item 3)', () => {
  let requests = 0;
  let server: http.Server;
  let base: string;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      requests++;
      if (req.url === '/thing.yaml') res.end('type: string\n');
      if (req.url === '/huge.yaml') {
        // An answer that never ends: a chunk at a time, for as long as the client reads.
        const more = () => {
          while (res.write(`# ${'x'.repeat(16 * 1024)}\n`));
          res.once('drain', more);
        };
        more();
      }
      // any other path: never answer
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A spec folder `spec/` whose Thing is `$ref: <ref>`, beside `outside/secret.yaml`. */
  function layout(ref: (dir: string) => string): { dir: string; spec: string; out: string } {
    const dir = tree('refs', { 'outside/secret.yaml': 'type: string\ndescription: SECRET-CONTENT\n' });
    mkdirSync(path.join(dir, 'spec'));
    const spec = path.join(dir, 'spec', 'openapi.yaml');
    writeFileSync(spec, refDocument(ref(dir)));
    return { dir, spec, out: path.join(dir, 'out') };
  }

  async function refused(spec: string, out: string, target: string): Promise<void> {
    const r = await cli(['--spec', spec, '--out', out]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain(`${path.relative(process.cwd(), path.dirname(spec))}/${REF_AT}`);
    expect(r.stderr).toContain('refused');
    expect(r.stderr).toContain(target);
    expect(r.stderr).toContain('--allow-external-refs');
    expect(r.stderr).not.toContain('SECRET-CONTENT');
    expect(r.stderr).not.toMatch(/^\s{4}at /m);
    expect(existsSync(out)).toBe(false);
  }

  it('refuses an absolute path', async () => {
    const { spec, out } = layout((dir) => path.join(dir, 'outside', 'secret.yaml'));
    await refused(spec, out, 'outside/secret.yaml');
  });

  it('refuses ../ out of the folder', async () => {
    const { spec, out } = layout(() => '../outside/secret.yaml');
    await refused(spec, out, 'outside/secret.yaml');
  });

  it('refuses a symbolic link inside the folder that leads outside', async () => {
    const { dir, spec, out } = layout(() => './link.yaml');
    symlinkSync(path.join(dir, 'outside', 'secret.yaml'), path.join(dir, 'spec', 'link.yaml'));
    await refused(spec, out, 'symbolic link');
  });

  it('refuses an http URL without a request', async () => {
    const { spec, out } = layout(() => `${base}/thing.yaml`);
    const before = requests;
    await refused(spec, out, `${base}/thing.yaml`);
    expect(requests).toBe(before);
  });

  it('follows a sibling file inside the folder', async () => {
    const { dir, spec, out } = layout(() => './schemas/thing.yaml');
    mkdirSync(path.join(dir, 'spec', 'schemas'));
    writeFileSync(path.join(dir, 'spec', 'schemas', 'thing.yaml'), 'type: string\n');
    const r = await cli(['--spec', spec, '--out', out]);
    expect(r.code, failure(r)).toBe(0);
  });

  it('with --allow-external-refs reads ../ and http(s)', async () => {
    const up = layout(() => '../outside/secret.yaml');
    const r1 = await cli(['--spec', up.spec, '--out', up.out, '--allow-external-refs']);
    expect(r1.code, failure(r1)).toBe(0);
    expect(readFileSync(path.join(up.out, 'src', 'schema.ts'), 'utf8')).toContain('SECRET-CONTENT');

    const url = layout(() => `${base}/thing.yaml`);
    const r2 = await cli(['--spec', url.spec, '--out', url.out, '--allow-external-refs']);
    expect(r2.code, failure(r2)).toBe(0);
  });

  it('with --allow-external-refs a server that never answers fails within the timeout, located', async () => {
    const { spec } = layout(() => `${base}/never.yaml`);
    const started = performance.now();
    const error = await generate({ spec, allowExternalRefs: true, refTimeoutMs: 300 }).catch((e: unknown) => e);
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as Error).message).toContain(REF_AT);
    expect((error as Error).message).toContain(`no complete answer from ${base}/never.yaml within 300 ms`);
  });

  it('with --allow-external-refs an answer that never ends fails at the size limit, located', async () => {
    const { spec } = layout(() => `${base}/huge.yaml`);
    const error = await generate({ spec, allowExternalRefs: true, refMaxBytes: 1024 * 1024 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GenerationError);
    expect((error as Error).message).toContain(REF_AT);
    expect((error as Error).message).toContain(`${base}/huge.yaml: the answer has more than 1048576 bytes`);
  });

  it('refuses file: and other non-http URLs even with --allow-external-refs', async () => {
    const { spec, out } = layout((dir) => `file://${path.join(dir, 'outside', 'secret.yaml')}`);
    const r = await cli(['--spec', spec, '--out', out, '--allow-external-refs']);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toContain('only http(s) URLs');
    expect(r.stderr).not.toContain('SECRET-CONTENT');
  });
});

describe('YAML alias bombs (item 4, first half)', () => {
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
    const dir = tree('alias-bomb-flow', { 'openapi.yaml': readFileSync(MINIMAL, 'utf8').replace('      type: object\n', `      type: object\n      x-bomb: ${bomb}\n`) });
    const started = performance.now();
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(performance.now() - started).toBeLessThan(10_000);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toMatch(/openapi\.yaml:\d+:\d+: YAML aliases expand to more than 100,000 nodes/);
  });

  it('accepts a document that uses a few aliases', async () => {
    const spec = readFileSync(MINIMAL, 'utf8')
      .replace('      type: object\n', '      type: object\n      x-shared: &shared { a: [1, 2], b: { c: 3 } }\n      x-again: *shared\n      x-more: [*shared, *shared]\n');
    const dir = tree('aliases-ok', { 'openapi.yaml': spec });
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(r.code, failure(r)).toBe(0);
  });

  it('refuses an alias inside the node it names', async () => {
    const dir = tree('alias-cycle', { 'openapi.yaml': readFileSync(MINIMAL, 'utf8').replace('      type: object\n', '      type: object\n      x-loop: &loop { self: *loop }\n') });
    const r = await cli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')]);
    expect(r.code, failure(r)).toBe(1);
    expect(r.stderr).toMatch(/openapi\.yaml:\d+:\d+/);
  });
});

describe('components keep the author’s names in a multi-file layout (item 6)', () => {
  const spec = path.join(FIXTURES, 'multi-file', 'openapi.yaml');

  it('names the type, validator and page User, not user', async () => {
    const { files } = await generate({ spec });
    const types = files.get('src/types.ts')!;
    expect(types).toContain(`export type User = components['schemas']["User"];`);
    expect(types).toContain(`export type Team = components['schemas']["Team"];`);
    expect(types).not.toMatch(/["']user["']|["']team["']|user-id/);
    const pages = [...files.keys()].filter((f) => f.startsWith('docs/schemas/') && f !== 'docs/schemas/index.md').sort();
    expect(pages).toEqual(['docs/schemas/Member.md', 'docs/schemas/Team.md', 'docs/schemas/User.md']);
    const schema = files.get('src/schema.ts')!;
    expect(schema).toContain(`id: components["parameters"]["UserId"]`);
    // The author's own alias stays an alias of the author's key.
    expect(schema).toMatch(/Member: components\["schemas"\]\["User"\]/);
  });

  it('locates pointers of the bundled document in the files they come from', () => {
    const locator = new SourceLocator();
    expect(locator.locate(spec, '/components/schemas/User/properties/name')).toMatchObject({ file: expect.stringMatching(/multi-file\/schemas\/user\.yaml$/), line: 7, column: 5 });
    expect(locator.locate(spec, '/components/parameters/UserId/in')).toMatchObject({ file: expect.stringMatching(/parameters\/user-id\.yaml$/), line: 2 });
  });
});

describe('an unexpected failure (item 9.4)', () => {
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
