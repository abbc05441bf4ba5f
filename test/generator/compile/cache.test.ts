/**
 * compile.ts's cache of compiled files (cacheDir): each case runs compileSources in a fresh child
 * process (so nothing is remembered in memory) over six files of the runtime the package ships
 * (they import one another) plus one file of its own, and compares the output byte for byte with compiling without a cache. Whether TypeScript
 * was loaded at all tells a cache hit from a compile.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSources } from '../../../generator/compile/compile.js';
import { TOOL_ROOT } from '../../../generator/generate.js';

const run = promisify(execFile);

let dir: string;
let sourcesFile: string;
let sources: Map<string, string>;
let uncached: Record<string, string>;

/** compileSources(sources, { cacheDir }) in a child: its output, and whether it loaded TypeScript. */
async function compileInChild(cacheDir: string): Promise<{ files: Record<string, string>; loadedTypeScript: boolean }> {
  const script = `
    import { createRequire } from 'node:module';
    import { readFileSync } from 'node:fs';
    import { compileSources } from ${JSON.stringify(path.join(TOOL_ROOT, 'generator', 'compile', 'compile.ts'))};
    const sources = new Map(JSON.parse(readFileSync(process.argv[1], 'utf8')));
    const files = Object.fromEntries(compileSources(sources, { cacheDir: process.argv[2] }));
    const loadedTypeScript = Object.keys(createRequire(import.meta.url).cache).some((f) => /[\\\\/]typescript[\\\\/]lib[\\\\/]typescript\\.js$/.test(f));
    process.stdout.write(JSON.stringify({ files, loadedTypeScript }));
  `;
  const { stdout } = await run(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script, sourcesFile, cacheDir], {
    cwd: TOOL_ROOT,
    maxBuffer: 64 * 2 ** 20,
  });
  return JSON.parse(stdout);
}

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'compile-cache-'));
  const runtime = path.join(TOOL_ROOT, 'templates', 'client');
  // Runtime files that import one another and nothing else: a real program, a fraction of the runtime's compile time.
  const closed = ['abort.ts', 'bytes.ts', 'deadlines.ts', 'options.ts', 'rate-limit.ts', 'retry.ts'];
  sources = new Map(
    readdirSync(runtime)
      .filter((f) => closed.includes(f))
      .map((f) => [`src/runtime/${f}`, readFileSync(path.join(runtime, f), 'utf8')]),
  );
  expect(sources.size).toBe(closed.length);
  sources.set('src/index.ts', `#!/usr/bin/env node\nexport const run = (n: number): number => n + ${Date.now()};\n`);
  sourcesFile = path.join(dir, 'sources.json');
  writeFileSync(sourcesFile, JSON.stringify([...sources]));
  uncached = Object.fromEntries(compileSources(sources));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('compileSources with a cache folder', () => {
  it('cold, then warm: the same bytes as without a cache, and warm needs no TypeScript', async () => {
    expect(Object.keys(uncached).length).toBe(2 * sources.size);
    expect(uncached['dist/index.d.ts']).toBe('export declare const run: (n: number) => number;\n');
    const cacheDir = path.join(dir, 'cache');
    const cold = await compileInChild(cacheDir);
    expect(cold.loadedTypeScript).toBe(true);
    expect(cold.files).toEqual(uncached);
    expect(readdirSync(cacheDir).filter((f) => f.endsWith('.json'))).toHaveLength(sources.size);
    expect(readdirSync(cacheDir).filter((f) => !f.endsWith('.json'))).toEqual([]);
    const warm = await compileInChild(cacheDir);
    expect(warm.loadedTypeScript).toBe(false);
    expect(warm.files).toEqual(uncached);
  });

  it('compiles again, to the same bytes, past corrupt entries and rewrites them', async () => {
    const cacheDir = path.join(dir, 'corrupt');
    await compileInChild(cacheDir);
    const entries = readdirSync(cacheDir);
    // Truncated, valid JSON of another key, and wrong types.
    entries.forEach((f, i) => {
      writeFileSync(
        path.join(cacheDir, f),
        ['{"key":"', JSON.stringify({ key: '0', js: 'x', dts: 'y' }), JSON.stringify({ key: f.slice(0, -5), js: 1, dts: 2 })][i % 3]!,
      );
    });
    const again = await compileInChild(cacheDir);
    expect(again.loadedTypeScript).toBe(true);
    expect(again.files).toEqual(uncached);
    expect((await compileInChild(cacheDir)).loadedTypeScript).toBe(false);
  });

  it('compiles, to the same bytes, when the cache folder cannot be created', async () => {
    const file = path.join(dir, 'a-file');
    writeFileSync(file, 'not a folder');
    const result = await compileInChild(path.join(file, 'cache'));
    expect(result.files).toEqual(uncached);
    expect(readFileSync(file, 'utf8')).toBe('not a folder');
  });

  it('reports a file that does not compile with its place, and caches nothing for it', () => {
    const cacheDir = path.join(dir, 'errors');
    expect(() => compileSources(new Map([['src/bad.ts', 'export const xs = [1].map((x) => x);\n']]), { cacheDir })).toThrow(/src\/bad\.ts:1:14: .*TS9010/);
    expect(() => readdirSync(cacheDir)).toThrow(/ENOENT/);
  });
});
