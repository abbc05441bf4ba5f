/**
 * Node's one-file build of the client's entry (generator/compile/node-bundle.ts), as a consumer's
 * Node resolves it: the same exports as the module build, no runtime module of its own imported,
 * and one program's classes and keys shared with the named operations (their own Node build).
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
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
