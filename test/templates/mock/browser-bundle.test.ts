/**
 * The mock runs where fetch does (issue #28): a browser bundle of `<package>/mock` and
 * `<package>/mock/msw`, resolved as a consumer resolves them (the package in a project's
 * node_modules, its peers beside it), builds with no error and no warning and imports no `node:`
 * module: the document is a module, `#mock-server` resolves to the module whose `listen()` refuses,
 * and json-schema-faker and ajv bundle too. The bundle then runs in a context that has only Web
 * globals (no `process`, `Buffer`, `require`): answers from the example, sampled answers, the 401,
 * the handlers, and `listen()`'s clear refusal. A build for Node takes the real server.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import vm from 'node:vm';
import { build, type BuildOptions } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, ROOT } from './support.js';

const NAME = 'partner-recruitment-client';
const project = mkdtempSync(path.join(os.tmpdir(), 'mock-browser-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));
mkdirSync(path.join(project, 'node_modules'));
symlinkSync(GENERATED, path.join(project, 'node_modules', NAME), 'dir');

function entry(name: string, code: string): string {
  const file = path.join(project, name);
  writeFileSync(file, code);
  return file;
}

const IMPORTS = `import { createMockApi } from '${NAME}/mock';\nimport { createMockHandlers } from '${NAME}/mock/msw';\n`;

/** Built as a consumer's bundler does it; the peers (json-schema-faker, ajv, msw) from the repository's node_modules. */
const bundle = (entryPoint: string, options: BuildOptions) =>
  build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    metafile: true,
    logLevel: 'silent',
    absWorkingDir: project,
    nodePaths: [path.join(ROOT, 'node_modules')],
    ...options,
  });

/** A context with a browser's globals and nothing of Node's (MSW's browser build keeps cookies in localStorage). */
function webContext(options?: vm.CreateContextOptions): vm.Context {
  const web = [
    'Request',
    'Response',
    'Headers',
    'URL',
    'URLSearchParams',
    'TextEncoder',
    'TextDecoder',
    'ReadableStream',
    'WritableStream',
    'TransformStream',
    'AbortController',
    'AbortSignal',
    'Event',
    'EventTarget',
    'DOMException',
    'setTimeout',
    'clearTimeout',
    'queueMicrotask',
    'performance',
    'console',
    'structuredClone',
    'atob',
    'btoa',
    'crypto',
    'Blob',
    'FormData',
  ];
  const store = new Map<string, string>();
  return vm.createContext(
    {
      ...Object.fromEntries(web.map((name) => [name, (globalThis as Record<string, unknown>)[name]])),
      localStorage: {
        getItem: (key: string) => store.get(key) ?? null,
        setItem: (key: string, value: string) => void store.set(key, String(value)),
        removeItem: (key: string) => void store.delete(key),
      },
    },
    options,
  );
}

/** `import … from 'node:x'`, `import('node:x')`, `require('node:x')` in any quoting. */
const NODE_SPECIFIER = /(?:from\s*|import\s*\(\s*|require\s*\(\s*|import\s*)["'`]node:/;

describe('the mock in a browser bundle', () => {
  it('bundles for the browser (esm, minified) with no error, no warning and no node: import', async () => {
    const result = await bundle(entry('entry.mjs', `${IMPORTS}export { createMockApi, createMockHandlers };\n`), {
      platform: 'browser',
      format: 'esm',
      minify: true,
    });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
    const output = result.outputFiles![0]!.text;
    expect(output).not.toMatch(NODE_SPECIFIER);
    const inputs = Object.keys(result.metafile!.inputs);
    // #mock-server took its default (no-server), and the sampler's peers are in the bundle.
    expect(inputs.some((file) => file.endsWith('runtime/mock/no-server.js'))).toBe(true);
    expect(inputs.some((file) => file.endsWith('runtime/mock/server.js'))).toBe(false);
    for (const peer of ['json-schema-faker', 'ajv', 'ajv-formats', 'msw'])
      expect(
        inputs.some((file) => file.includes(`node_modules/${peer}/`)),
        peer,
      ).toBe(true);
  });

  it('runs with Web globals only: fetch answers (examples and samples), 401, MSW handlers, and listen() refuses', async () => {
    const code = `${IMPORTS}
globalThis.result = (async () => {
  const mock = createMockApi({ seed: 3 });
  const headers = ${JSON.stringify(CREDENTIALS)};
  const example = await mock.fetch('http://mock.test/v1/projects', { headers });
  mock.collection('listProjects', 3);
  const sampled = await mock.fetch('http://mock.test/v1/projects?pageSize=2', { headers });
  const unauthorized = await mock.fetch('http://mock.test/v1/projects');
  const listen = await mock.listen().then(() => 'listening', (error) => String(error));
  const handlers = createMockHandlers(mock, { baseUrl: 'http://mock.test' });
  return {
    example: [example.status, (await example.json()).results.length > 0],
    sampled: [sampled.status, (await sampled.json()).results.length],
    unauthorized: unauthorized.status,
    listen,
    handlers: handlers.length,
    requests: mock.requests.map((r) => r.headers['x-api-key'] ?? null),
  };
})();
`;
    const result = await bundle(entry('run.mjs', code), { platform: 'browser', format: 'iife', minify: true });
    expect(result.warnings).toEqual([]);
    const context = webContext();
    // Asked outside the bundle: esbuild rewrites a bundle's own `typeof require`.
    expect(vm.runInContext('[typeof process, typeof Buffer, typeof require, typeof setImmediate, typeof global]', context)).toEqual(Array(5).fill('undefined'));
    vm.runInContext(result.outputFiles![0]!.text, context);
    expect(await context.result).toEqual({
      example: [200, true],
      sampled: [200, 2],
      unauthorized: 401,
      listen: expect.stringMatching(/^Error: listen\(\): the mock's HTTP server needs Node, Bun or Deno.*mock\.fetch, mock\.handle, or createMockHandlers/),
      handlers: 2,
      requests: ['[redacted]', '[redacted]', null],
    });
  });

  it("where code generation from strings is refused (CSP without 'unsafe-eval', Cloudflare Workers): examples answer, a sampled body is a 500 saying why", async () => {
    const code = `import { createMockApi } from '${NAME}/mock';
globalThis.result = (async () => {
  const mock = createMockApi({ requireCredentials: false });
  const example = await mock.fetch('http://mock.test/v1/projects');
  mock.collection('listProjects', 3);
  const sampled = await mock.fetch('http://mock.test/v1/projects');
  return { example: example.status, sampled: [sampled.status, (await sampled.json()).error] };
})();
`;
    const result = await bundle(entry('no-eval.mjs', code), { platform: 'browser', format: 'iife' });
    const context = webContext({ codeGeneration: { strings: false } });
    expect(() => vm.runInContext('new Function("return 1")', context)).toThrow(/Code generation from strings disallowed/);
    vm.runInContext(result.outputFiles![0]!.text, context);
    expect(await context.result).toEqual({
      example: 200,
      sampled: [
        500,
        expect.stringMatching(/^listProjects: no item could be sampled: the sampler needs ajv to compile its checks at run time \(new Function\)/),
      ],
    });
  });

  it('a build for Node takes the node:http server (the "node" condition of #mock-server)', async () => {
    const result = await bundle(entry('node.mjs', `${IMPORTS}export { createMockApi, createMockHandlers };\n`), {
      platform: 'node',
      format: 'esm',
      external: ['msw', 'json-schema-faker', 'ajv', 'ajv-formats'],
    });
    const inputs = Object.keys(result.metafile!.inputs);
    expect(inputs.some((file) => file.endsWith('runtime/mock/server.js'))).toBe(true);
    expect(inputs.some((file) => file.endsWith('runtime/mock/no-server.js'))).toBe(false);
    expect(result.outputFiles![0]!.text).toMatch(/from\s*"node:http"/);
  });
});
