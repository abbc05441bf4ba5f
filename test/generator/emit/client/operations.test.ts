/**
 * Named operations (`generated/dist/operations.js`): every operation of the document called by
 * its name against the in-process mock reaches that operation; a named call sends what the path
 * call sends and returns and throws what it does; any openapi-fetch client can be given.
 */
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { build } from 'esbuild';
import createClient from 'openapi-fetch';
import { afterAll, describe, expect, it } from 'vitest';
import { operationFunctionName } from '../../../../generator/emit/names.js';
import { GENERATED, load, METHODS, operationCount, readDocument } from '../../../templates/mock/support.js';

const { createPartnerClient, RequestValidationError } = await load(GENERATED, 'index');
const { createMockApi } = await load(GENERATED, 'mock');
const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
const operations = await load<Record<string, (client: unknown, init?: unknown) => Promise<{ data?: unknown; error?: unknown; response: Response }>>>(
  GENERATED,
  'operations',
);
const document = readDocument(GENERATED);

type Doc = Record<string, any>;
const deref = (node: Doc): Doc =>
  typeof node?.$ref === 'string'
    ? deref(
        node.$ref
          .slice(2)
          .split('/')
          .reduce((o: Doc, k: string) => o?.[k.replaceAll('~1', '/').replaceAll('~0', '~')], document),
      )
    : node;

function client(mock: { fetch: (request: Request) => Promise<Response> }, options: Record<string, unknown> = {}) {
  return createPartnerClient({
    baseUrl: 'http://mock.test',
    apiKey: 'key',
    apiSecret: 'secret',
    environment: 'staging',
    fetch: mock.fetch,
    maxRetries: 0,
    ...options,
  });
}

/** A named init for each operation: sampled path parameters, required query and header ones, a required JSON body. */
function namedCalls(seed: number): { operationId: string; name: string; init: Record<string, unknown> | undefined }[] {
  const sampler = createSampler(document, { direction: 'request' });
  const calls = [];
  for (const item of Object.values<Doc>(document.paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const init: Record<string, Record<string, unknown>> = {};
      for (const p of [...(item.parameters ?? []), ...(op.parameters ?? [])].map(deref)) {
        if (p.in !== 'path' && !p.required) continue;
        let value = sampler.forSchema(p.schema ?? {}, seed);
        if (p.in === 'path' && (value === '' || value === null || typeof value === 'object')) value = 'x1';
        (init[p.in] ??= {})[p.name] = value;
      }
      const body = deref(op.requestBody ?? {});
      const json = Object.entries<Doc>(body.content ?? {}).find(([type]) => /json/i.test(type));
      const named: Record<string, unknown> = { ...init };
      if (body.required && json) named.body = sampler.forSchema(json[1].schema ?? {}, seed);
      calls.push({
        operationId: op.operationId,
        name: operationFunctionName({ operationId: op.operationId, name: op.operationId }),
        init: Object.keys(named).length ? named : undefined,
      });
    }
  }
  return calls;
}

describe('named operations', () => {
  it('export one function per operation of the document', () => {
    const exported = Object.keys(operations).filter((key) => typeof operations[key] === 'function' && key !== 'callOperation');
    expect(exported).toHaveLength(operationCount(document));
  });

  it('reach every operation of the document by name, answered 2xx by the mock', async () => {
    const mock = createMockApi({ seed: 3 });
    const api = client(mock);
    const calls = namedCalls(3);
    expect(calls).toHaveLength(operationCount(document));
    for (const call of calls) {
      const fn = operations[call.name];
      expect(typeof fn, call.name).toBe('function');
      const { response } = await fn!(api, call.init);
      expect([mock.requests.at(-1).operationId, response.status < 300], call.name).toEqual([call.operationId, true]);
    }
  });

  it('send what the path call sends and return what it returns', async () => {
    const mock = createMockApi({ seed: 5 });
    const sent: string[] = [];
    const api = client({ fetch: (request: Request) => (sent.push(`${request.method} ${request.url}`), mock.fetch(request)) as Promise<Response> });
    const named = await operations.listProjects!(api, { query: { status: 'DRAFT', pageSize: 3 } });
    const byPath = await api.GET('/v1/projects', { params: { query: { status: 'DRAFT', pageSize: 3 } } });
    expect(sent[0]).toBe(sent[1]);
    expect(sent[0]).toMatch(/^GET http:\/\/mock\.test\/v1\/projects\?/);
    expect(named.data).toEqual(byPath.data);
    expect(named.response.status).toBe(byPath.response.status);
  });

  it('throw what the path call throws, before anything is sent', async () => {
    const mock = createMockApi();
    const api = client(mock);
    const named = await operations.listSkills!(api, { query: { query: 'a' } }).catch((error: unknown) => error);
    const byPath = await api.GET('/v1/skills', { params: { query: { query: 'a' } } }).catch((error: unknown) => error);
    expect(named).toBeInstanceOf(RequestValidationError);
    expect((named as Error).message).toBe((byPath as Error).message);
    expect(mock.requests).toEqual([]);
    await expect(operations.getProject!(api, { path: {} })).rejects.toBeInstanceOf(RequestValidationError);
    await expect(operations.listSkills!(api, 'query=a')).rejects.toThrow('the init must be an object, not string');
  });

  it('take a plain openapi-fetch client, its middleware included', async () => {
    const mock = createMockApi();
    const seen: string[] = [];
    const plain = createClient({ baseUrl: 'http://mock.test', fetch: mock.fetch, headers: { 'x-api-key': 'key', 'x-api-secret': 'secret' } });
    plain.use({ onRequest: ({ request }) => void seen.push(new URL(request.url).pathname) });
    const { data, response } = await operations.listSkills!(plain, { query: { query: 'typescript' } });
    expect(response.status).toBe(200);
    expect(Array.isArray((data as { results?: unknown }).results)).toBe(true);
    expect(seen).toEqual(['/v1/skills']);
  });
});

describe('the in-process mock answers as fetch does', () => {
  it("response.url is the request's URL, and an error paginate raises carries the request as sent", async () => {
    const { operations: table } = await load(GENERATED, 'facts');
    const paginated = (table as { operationId: string; method: string; path: string; paginated: boolean; parameters: { in: string }[] }[]).find(
      (o) => o.paginated && o.method === 'GET' && !o.parameters.some((p) => p.in === 'path'),
    );
    expect(paginated).toBeDefined();
    const mock = createMockApi({ seed: 3, collections: { [paginated!.operationId]: 5 } });
    const api = client(mock);
    const { response } = await operations[operationFunctionName({ operationId: paginated!.operationId, name: paginated!.operationId })]!(api, {
      query: { pageSize: 2 },
    });
    expect(response.url).toBe(`http://mock.test${paginated!.path}?pageSize=2`);
    const items: unknown[] = [];
    const error = await (async () => {
      for await (const item of api.paginate(paginated!.path, { params: { query: { pageSize: 2 } }, maxPages: 1 })) items.push(item);
    })().then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(items).toHaveLength(2);
    expect(error).toMatchObject({ name: 'PaginationError', pages: 1 });
    expect((error as { request: unknown }).request).toEqual({
      method: 'GET',
      url: `http://mock.test${paginated!.path}?pageSize=2&page=1`,
      headers: { 'x-api-key': '[redacted]', 'x-api-secret': '[redacted]' },
    });
  });
});

describe('named operations in a bundle', () => {
  // The package as a consumer's bundler sees it: a folder under node_modules (its exports and sideEffects apply).
  const work = mkdtempSync(path.join(os.tmpdir(), 'operations-bundle-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));
  mkdirSync(path.join(work, 'node_modules'));
  symlinkSync(GENERATED, path.join(work, 'node_modules', 'partner-recruitment-client'), 'dir');
  /** A browser bundle split as bundlers split it: per output file, its text and the files it imports, statically and lazily. */
  const bundle = async (contents: string) => {
    writeFileSync(path.join(work, 'entry.js'), contents);
    const result = await build({
      entryPoints: [path.join(work, 'entry.js')],
      outdir: path.join(work, 'out'),
      bundle: true,
      splitting: true,
      minify: true,
      platform: 'browser',
      format: 'esm',
      write: false,
      metafile: true,
      logLevel: 'silent',
    });
    const text = new Map(result.outputFiles.map((f) => [path.relative(process.cwd(), f.path), f.text]));
    const outputs = result.metafile.outputs;
    /** The files loaded with `file`: what it imports statically, and with `lazily`, what those import with `import()`. */
    const reach = (file: string, lazily: boolean, seen = new Set<string>()): Set<string> => {
      if (seen.has(file)) return seen;
      seen.add(file);
      for (const i of outputs[file]!.imports) if (i.kind === 'import-statement' || (lazily && i.kind === 'dynamic-import')) reach(i.path, lazily, seen);
      return seen;
    };
    const entry = Object.keys(outputs).find((file) => outputs[file]!.entryPoint?.endsWith('entry.js'))!;
    const joined = (files: Set<string>) => [...files].map((file) => text.get(file)!).join('\n');
    return { upFront: joined(reach(entry, false)), all: joined(new Set(Object.keys(outputs))), reach, entry, outputs };
  };

  it('bring their own entry up front and none of the others; the client alone holds no operation', async () => {
    const client = await bundle(`export { createPartnerClient } from 'partner-recruitment-client';`);
    expect(client.upFront).not.toContain('"/v1/projects"');
    expect(client.all).toContain('"/v1/projects"');
    const withOne = await bundle(
      `export { createPartnerClient } from 'partner-recruitment-client';\nexport { listProjects } from 'partner-recruitment-client/operations';`,
    );
    expect(withOne.upFront).toContain('"/v1/projects"');
    expect(withOne.upFront).not.toContain('/v1/skills');
    expect(withOne.upFront.length - client.upFront.length).toBeLessThanOrEqual(2 * 1024);
    // Its validators come with its first call: the query's, not another operation's.
    const lazily = [...withOne.reach(withOne.entry, true)].filter((file) => /listProjects\.request/.test(file));
    expect(lazily).toHaveLength(1);
    const alone = await bundle(`export { listProjects } from 'partner-recruitment-client/operations';`);
    expect(alone.upFront).toContain('"/v1/projects"');
    expect(alone.upFront).not.toContain('/v1/skills');
    expect(alone.upFront.length).toBeLessThan(2 * 1024);
  });
});
