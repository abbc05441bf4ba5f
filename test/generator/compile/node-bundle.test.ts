/**
 * Node's one-file build of the client's entry (generator/compile/node-bundle.ts), as a consumer's
 * Node resolves it: the same exports as the module build, no runtime module of its own imported,
 * and one program's classes and keys shared with the named operations (their own Node build).
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { bundleForNode } from '../../../generator/compile/node-bundle.js';
import { GENERATED } from '../../templates/mock/support.js';

const work = mkdtempSync(path.join(os.tmpdir(), 'node-bundle-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));
mkdirSync(path.join(work, 'node_modules'));
symlinkSync(GENERATED, path.join(work, 'node_modules', 'partner-recruitment-client'), 'dir');

describe("the client's entry for Node", () => {
  it('is what Node resolves, with the exports of the module build', async () => {
    const resolved = import.meta.resolve('partner-recruitment-client', pathToFileURL(path.join(work, 'x.mjs')).href);
    expect(resolved).toMatch(/\/dist\/index-node\.js$/);
    const [one, modules] = await Promise.all([import(resolved), import(pathToFileURL(path.join(GENERATED, 'dist', 'index.js')).href)]);
    expect(Object.keys(one).sort()).toEqual(Object.keys(modules).sort());
  });

  it("imports only what other entries share: openapi-fetch, the table, the package's key, the index of operations", () => {
    const text = readFileSync(path.join(GENERATED, 'dist', 'index-node.js'), 'utf8');
    const imported = [...text.matchAll(/(?:^import [^'"]*|import\()["']([^"']+)["']/gm)].map((m) => m[1]);
    expect(new Set(imported)).toEqual(new Set(['openapi-fetch', './facts.js', './package-key.js', './routes/index.js']));
    expect(text).not.toMatch(new RegExp(os.tmpdir().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  });

  it("shares the program's error classes and route key with the named operations", async () => {
    writeFileSync(
      path.join(work, 'consumer.mjs'),
      `import { createPartnerClient, RequestValidationError } from 'partner-recruitment-client';
import { listProjects } from 'partner-recruitment-client/operations';
let fetched = 0;
const api = createPartnerClient({ environment: 'staging', baseUrl: 'http://api.test', apiKey: 'k', apiSecret: 's', fetch: async () => (fetched++, Response.json({ page: 1, pageSize: 50, results: [] })) });
const error = await listProjects(api, { query: { page: 'one' } }).catch((e) => e);
const { data } = await listProjects(api, { query: { page: 2 } });
export const report = { refused: error instanceof RequestValidationError, part: error.part, fetched, data };
`,
    );
    const { report } = await import(pathToFileURL(path.join(work, 'consumer.mjs')).href);
    expect(report).toEqual({ refused: true, part: 'query', fetched: 1, data: { page: 1, pageSize: 50, results: [] } });
  });
});

describe('bundleForNode', () => {
  /** The package's dist/ as the generator holds it in memory (its banners taken off). */
  const dist = new Map(
    readdirSync(path.join(GENERATED, 'dist'), { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.js'))
      .map((file) => [
        `dist/${file.split(path.sep).join('/')}`,
        readFileSync(path.join(GENERATED, 'dist', file), 'utf8').replace(/^\/\/ Generated[^\n]*\n/, ''),
      ]),
  );

  it('is what generated/ holds, and is kept in the cache folder: the same text from an entry, a new one after a runtime change', async () => {
    const cacheDir = path.join(work, 'cache');
    const first = await bundleForNode(dist, cacheDir);
    expect(readFileSync(path.join(GENERATED, 'dist', 'index-node.js'), 'utf8')).toContain(first);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    expect(await bundleForNode(dist, cacheDir)).toBe(first);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    const errors = dist.get('dist/runtime/errors.js')!;
    expect(errors).toContain("'TransportError'");
    const changed = new Map(dist).set('dist/runtime/errors.js', errors.replace("'TransportError'", "'TransportFailure'"));
    expect(await bundleForNode(changed, cacheDir)).not.toBe(first);
    expect(readdirSync(cacheDir)).toHaveLength(2);
  });
});
