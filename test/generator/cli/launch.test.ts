/**
 * generator/cli/launch.mjs (how `npm run generate` and `npm run diff` run): in a copy of the tool with
 * no caches, real child processes build generator/ once into
 * node_modules/.cache/partner-recruitment-toolkit/generator/<hash>/ and run it as plain JavaScript;
 * paths relative to the sources (TOOL_ROOT: spec/, templates/, package.json) still point at the
 * tool, also after the tool is copied or moved with its caches; concurrent first runs share one
 * build, a changed source builds anew, and nothing under the git-ignored .cache/ is used.
 * Compiled, the types are emitted in a worker thread (emit/types/thread.ts): same files, same errors.
 */
import { spawn } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate, TOOL_ROOT } from '../../../generator/generate.js';

const MINIMAL = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');
const BROKEN = path.join(TOOL_ROOT, 'test', 'fixtures', 'broken', 'json-syntax', 'openapi.json');

let dir: string;
let tool: string;
let builds: (root?: string) => string[];
/** The launcher's build folder of a tool. */
const cacheOf = (root: string) => path.join(root, 'node_modules', '.cache', 'partner-recruitment-toolkit', 'generator');

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `node <copy>/generator/cli/launch.mjs <copy>/generator/<entry> ...args`, from a folder outside the copy. */
function launch(entry: string, ...args: string[]): Promise<Run> {
  return launchIn(tool, entry, ...args);
}

function launchIn(root: string, entry: string, ...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [path.join(root, 'generator', 'cli', 'launch.mjs'), path.join(root, 'generator', entry), ...args], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

const failure = (r: Run) => `exit ${r.code}\n${r.stderr}${r.stdout}`;

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'launch-'));
  tool = path.join(dir, 'tool');
  for (const entry of ['generator', 'templates', 'package.json']) cpSync(path.join(TOOL_ROOT, entry), path.join(tool, entry), { recursive: true });
  // The copy's own spec/ and lint configuration: a small document (what is proved is whose spec/
  // and redocly.yaml a run reads, not the size of ours), so each generation takes a second, not four.
  mkdirSync(path.join(tool, 'spec'));
  cpSync(MINIMAL, path.join(tool, 'spec', 'openapi.yaml'));
  writeFileSync(path.join(tool, 'redocly.yaml'), 'apis:\n  main:\n    root: spec/openapi.yaml\nextends:\n  - minimal\n');
  // The tool's packages, each a link to ours; its node_modules/.cache/ is its own.
  mkdirSync(path.join(tool, 'node_modules'));
  for (const name of readdirSync(path.join(TOOL_ROOT, 'node_modules'))) {
    if (name !== '.cache') symlinkSync(path.join(TOOL_ROOT, 'node_modules', name), path.join(tool, 'node_modules', name));
  }
  builds = (root = tool) => (existsSync(cacheOf(root)) ? readdirSync(cacheOf(root)).sort() : []);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('generator/cli/launch.mjs', () => {
  it('two first runs at once build generator/ once, side by side, and generate the same package from the tool’s own spec/', async () => {
    expect(builds()).toEqual([]);
    const [a, b] = await Promise.all([launch('cli/generate.ts', '--out', path.join(dir, 'a')), launch('cli/generate.ts', '--out', path.join(dir, 'b'))]);
    expect(a.code, failure(a)).toBe(0);
    expect(b.code, failure(b)).toBe(0);
    // One build folder, no temporary one left behind.
    expect(builds()).toHaveLength(1);
    expect(builds()[0]).toMatch(/^[0-9a-f]{16}$/);
    const build = path.join(cacheOf(tool), builds()[0]!);
    expect(existsSync(path.join(build, 'cli', 'generate.js'))).toBe(true);
    expect(existsSync(path.join(build, 'emit', 'validators', 'validators.js'))).toBe(true);
    // The default spec is the copy's spec/ (TOOL_ROOT is the copy, not the build's folder).
    const title = /title: (.*)/.exec(readFileSync(path.join(tool, 'spec', 'openapi.yaml'), 'utf8'))![1]!;
    expect(readFileSync(path.join(dir, 'a', 'docs', 'index.md'), 'utf8')).toContain(`# ${title} reference`);
    expect(readFileSync(path.join(dir, 'a', 'docs', 'index.md'), 'utf8')).toBe(readFileSync(path.join(dir, 'b', 'docs', 'index.md'), 'utf8'));
    // The runtime compile cache is the copy's too.
    expect(readdirSync(path.join(tool, 'node_modules', '.cache', 'partner-recruitment-toolkit', 'typescript')).length).toBeGreaterThan(0);
    // No build names the folder it was made in.
    for (const file of readdirSync(build, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.js') || f.endsWith('.map'))) {
      expect(readFileSync(path.join(build, file), 'utf8'), file).not.toContain(dir);
    }
  });

  it('reuses the build; an invalid spec fails as before: located, exit 1, no stack', async () => {
    const before = builds();
    const r = await launch('cli/generate.ts', '--spec', BROKEN, '--out', path.join(dir, 'broken'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: .*openapi\.json/);
    expect(r.stderr).toMatch(/openapi\.json:\d+:\d+/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(path.join(dir, 'broken'))).toBe(false);
    expect(builds()).toEqual(before);
  });

  it('builds anew when a source changes; --debug stacks point at the TypeScript source', async () => {
    const before = builds();
    // An entry point that fails unexpectedly on line 3, in a source file of the copy.
    writeFileSync(path.join(tool, 'generator', 'crash.ts'), `const n: number = 1;\n\nif (process.argv.includes('--debug') && n) throw new Error('boom');\n`);
    const r = await launch('crash.ts', '--debug');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('Error: boom');
    expect(r.stderr).toMatch(/generator[/\\]crash\.ts:3:/);
    expect(builds()).toHaveLength(before.length + 1);
    expect(builds()).toEqual(expect.arrayContaining(before));
  });

  it('writes, with the types from its worker thread, exactly what generate() makes in one thread', async () => {
    const out = path.join(dir, 'minimal');
    const r = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', out);
    expect(r.code, failure(r)).toBe(0);
    const inProcess = await generate({ spec: MINIMAL, out: path.join(dir, 'minimal-in-process'), templatesDir: path.join(tool, 'templates') });
    const written = (file: string) => readFileSync(path.join(out, file), 'utf8');
    expect(inProcess.files.get('src/schema.ts')).toContain('export interface paths');
    for (const [file, text] of inProcess.files) expect(written(file), file).toBe(text);
    expect(readdirSync(out, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())).toHaveLength(inProcess.files.size);
  });

  it('reports a problem the types worker finds, located, as in one thread', async () => {
    const spec = path.join(dir, 'percent.json');
    writeFileSync(
      spec,
      JSON.stringify(
        {
          openapi: '3.1.0',
          info: { title: 't', version: '1' },
          paths: {},
          components: { schemas: { '50% off': { type: 'object', properties: { id: { type: 'string' } } } } },
        },
        null,
        2,
      ),
    );
    const r = await launch('cli/generate.ts', '--spec', spec, '--out', path.join(dir, 'percent'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/percent\.json:\d+:\d+ #\/components\/schemas\/50% off: a "%" in a name must start a percent-encoding/);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('runs npm run diff’s entry point too, and refuses a file outside generator/', async () => {
    const help = await launch('cli/diff.ts', '--help');
    expect(help.code, failure(help)).toBe(0);
    expect(help.stdout).toMatch(/^Usage: npm run diff/);
    const outside = await new Promise<Run>((resolve) => {
      const child = spawn(process.execPath, [path.join(tool, 'generator', 'cli', 'launch.mjs'), MINIMAL], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.on('data', (d: Buffer) => (stderr += d));
      child.on('close', (code) => resolve({ code, stdout: '', stderr }));
    });
    expect(outside.code).toBe(2);
    expect(outside.stderr).toMatch(/usage|not a file of/);
  });

  it('rebuilds a damaged build, keeps builds in use, removes those unused for a week', async () => {
    const cache = cacheOf(tool);
    const first = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'damaged'));
    expect(first.code, failure(first)).toBe(0);
    // The build of the sources as they are now: the one just used.
    const current = builds().sort((a, b) => statSync(path.join(cache, b)).mtimeMs - statSync(path.join(cache, a)).mtimeMs)[0]!;
    // A truncated module: the build is made again, not trusted.
    writeFileSync(path.join(cache, current, 'cli', 'generate-command.js'), '');
    const weekAgo = new Date(Date.now() - 8 * 24 * 60 * 60 * 1000);
    utimesSync(path.join(cache, current), weekAgo, weekAgo);
    const repaired = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'damaged'));
    expect(repaired.code, failure(repaired)).toBe(0);
    expect(readFileSync(path.join(cache, current, 'cli', 'generate-command.js'), 'utf8')).toContain('runCli');
    // Used just now, so kept when another build is made; an abandoned one goes.
    const abandoned = path.join(cache, '0000000000000000');
    mkdirSync(abandoned);
    utimesSync(abandoned, weekAgo, weekAgo);
    writeFileSync(path.join(tool, 'generator', 'crash.ts'), `export {};\n`);
    const other = await launch('crash.ts');
    expect(other.code, failure(other)).toBe(0);
    expect(existsSync(abandoned)).toBe(false);
    expect(statSync(path.join(cache, current)).mtimeMs).toBeGreaterThan(weekAgo.getTime());
    expect(builds()).toContain(current);
  });

  it('builds in a temporary folder when the cache cannot hold the build, with the same output', async () => {
    const cache = cacheOf(tool);
    renameSync(cache, `${cache}.aside`);
    try {
      writeFileSync(cache, 'not a folder');
      const r = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'no-cache'));
      expect(r.code, failure(r)).toBe(0);
      expect(r.stderr).toBe('');
      expect(readFileSync(path.join(dir, 'no-cache', 'docs', 'index.md'), 'utf8')).toBe(readFileSync(path.join(dir, 'minimal', 'docs', 'index.md'), 'utf8'));
    } finally {
      rmSync(cache, { force: true });
      renameSync(`${cache}.aside`, cache);
    }
  });

  it('a copy of the tool, caches and all, generates from its own spec/ into its own generated/; so does a moved one', async () => {
    const warm = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'warm'));
    expect(warm.code, failure(warm)).toBe(0);
    const copy = path.join(dir, 'copy');
    cpSync(tool, copy, { recursive: true, verbatimSymlinks: true });
    const spec = path.join(copy, 'spec', 'openapi.yaml');
    writeFileSync(spec, readFileSync(spec, 'utf8').replace(/^( {2}title: ).*$/m, '$1Copied checkout'));
    const before = builds(copy);
    const r = await launchIn(copy, 'cli/generate.ts');
    expect(r.code, failure(r)).toBe(0);
    expect(r.stdout).toContain(`to ${path.join('copy', 'generated')}/`);
    expect(readFileSync(path.join(copy, 'generated', 'docs', 'index.md'), 'utf8')).toContain('# Copied checkout reference');
    expect(existsSync(path.join(tool, 'generated'))).toBe(false);
    // The copied build was used, not made again.
    expect(builds(copy)).toEqual(before);
    const moved = path.join(dir, 'moved');
    renameSync(copy, moved);
    const again = await launchIn(moved, 'cli/generate.ts', '--check');
    expect(again.code, failure(again)).toBe(0);
    expect(builds(moved)).toEqual(before);
  });

  it('never resolves a package from .cache/, and rebuilds a build whose record was rewritten', async () => {
    const marker = path.join(dir, 'ran-planted-code');
    const planted = `require('node:fs').writeFileSync(${JSON.stringify(marker)}, 'ran');\n`;
    // A package beside the old build folder, named as a dependency the generator imports.
    for (const name of ['yaml', 'ajv', 'esbuild']) {
      const pkg = path.join(tool, '.cache', 'node_modules', name);
      mkdirSync(pkg, { recursive: true });
      writeFileSync(path.join(pkg, 'package.json'), JSON.stringify({ name, main: 'index.js' }));
      writeFileSync(path.join(pkg, 'index.js'), planted);
    }
    const first = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'planted'));
    expect(first.code, failure(first)).toBe(0);
    const cache = cacheOf(tool);
    const current = builds().sort((a, b) => statSync(path.join(cache, b)).mtimeMs - statSync(path.join(cache, a)).mtimeMs)[0]!;
    // A replaced module, and a record that no longer lists any file.
    writeFileSync(
      path.join(cache, current, 'cli', 'generate-command.js'),
      `import { writeFileSync } from 'node:fs';\nwriteFileSync(${JSON.stringify(marker)}, 'ran');\n`,
    );
    writeFileSync(path.join(cache, current, '.complete'), '{}');
    const r = await launch('cli/generate.ts', '--spec', MINIMAL, '--out', path.join(dir, 'planted'));
    expect(r.code, failure(r)).toBe(0);
    expect(existsSync(marker)).toBe(false);
    expect(readFileSync(path.join(cache, current, 'cli', 'generate-command.js'), 'utf8')).toContain('runCli');
  });
});
