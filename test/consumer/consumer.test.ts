/**
 * The package as another repository gets it (project.ts: `npm pack` of generated/, installed
 * into a project outside this repository): its files and dependencies, run from plain Node ESM,
 * and type-checked from TypeScript (node16 and bundler resolution, strict, skipLibCheck false)
 * with this repository's tsc, the mock's typed overrides included. mock.test.ts drives the mock.
 */
import { existsSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bRemoteProject, skill } from '../spec/cases/fixtures.js';
import { consumerEnv as env, createConsumerProject, lockVersion, ROOT, run, type ConsumerProject } from './project.js';

const RUNTIME_DEPENDENCIES = ['ajv', 'ajv-formats', 'json-schema-faker', 'openapi-fetch'];

let project: ConsumerProject;
let consumer: string;

beforeAll(async () => {
  project = await createConsumerProject(path.join(ROOT, 'generated'));
  consumer = project.dir;
  symlinkSync(path.join(ROOT, 'node_modules', 'typescript'), path.join(consumer, 'node_modules', 'typescript'), 'dir');
});

afterAll(() => project?.dispose());

describe('the packed tarball', () => {
  it('holds only package.json, README.md, CHANGELOG.md once there is one, openapi.json, dist/** and docs/**', () => {
    const files = project.packed.files.map((f) => f.path).sort();
    // The first release the spec's change makes writes generated/CHANGELOG.md, which ships (README, "Releases").
    const changelog = existsSync(path.join(ROOT, 'generated', 'CHANGELOG.md')) ? ['CHANGELOG.md'] : [];
    const stray = files.filter((f) => !(['package.json', 'README.md', 'openapi.json', ...changelog].includes(f) || f.startsWith('dist/') || f.startsWith('docs/')));
    expect(stray).toEqual([]);
    for (const f of changelog) expect(files).toContain(f);
    expect(files.filter((f) => /(^|\/)(src|test|tests)\/|\.test\.|tsconfig/.test(f))).toEqual([]);
    const expected = ['dist/index.js', 'dist/index.d.ts', 'dist/types.d.ts', 'dist/validators.js', 'dist/validators.d.ts', 'docs/index.md'];
    for (const f of [...expected, 'openapi.json', 'dist/mock.js', 'dist/mock.d.ts', 'dist/mock-msw.js', 'dist/mock-msw.d.ts', 'dist/mock-cli.js']) expect(files).toContain(f);
  });

  it('depends on exactly its runtime dependencies at the locked versions, msw an optional peer', async () => {
    const { stdout } = await run('tar', ['-xOzf', project.tarball, 'package/package.json']);
    const pkg = JSON.parse(stdout) as { name: string; dependencies: Record<string, string>; peerDependencies: Record<string, string>; peerDependenciesMeta: Record<string, { optional?: boolean }> };
    expect(pkg.name).toBe('partner-recruitment-client');
    expect(pkg.dependencies).toEqual(Object.fromEntries(RUNTIME_DEPENDENCIES.map((n) => [n, lockVersion(n)])));
    for (const n of RUNTIME_DEPENDENCIES) {
      const installed = JSON.parse(readFileSync(path.join(consumer, 'node_modules', n, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, n).toBe(lockVersion(n));
    }
    expect(Object.keys(pkg.peerDependencies)).toEqual(['msw']);
    expect(pkg.peerDependenciesMeta.msw?.optional).toBe(true);
    // An optional peer is not installed unless the consumer asks for it.
    expect(existsSync(path.join(consumer, 'node_modules', 'msw'))).toBe(false);
  });
});

describe('a consumer project outside the repository', () => {
  it('runs the client and a validator from plain Node ESM', async () => {
    const listing = { page: 1, pageSize: 50, totalResults: 1, results: [skill] };
    const script = `import http from 'node:http';
import { createPartnerClient } from 'partner-recruitment-client';
import { validateProject } from 'partner-recruitment-client/validators';

const listing = ${JSON.stringify(listing)};
const seen = [];
const server = http.createServer((req, res) => {
  seen.push({ url: req.url, key: req.headers['x-api-key'], secret: req.headers['x-api-secret'] });
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(listing));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const api = createPartnerClient({ baseUrl: 'http://127.0.0.1:' + server.address().port, apiKey: 'key-123', apiSecret: 'secret-456', environment: 'staging' });
const { data, error, response } = await api.GET('/v1/skills', { params: { query: { query: 'fig', page: 1 } } });
server.close();
const good = validateProject.check(${JSON.stringify(b2bRemoteProject)});
const bad = validateProject.check({ id: 42 });
console.log(JSON.stringify({
  status: response.status, data, error, seen,
  good: good.valid, bad: bad.valid, problems: bad.valid ? [] : bad.problems.map((p) => p.pointer + ' ' + p.message),
  resolved: import.meta.resolve('partner-recruitment-client'),
}));
`;
    writeFileSync(path.join(consumer, 'main.mjs'), script);
    const { stdout } = await run(process.execPath, ['main.mjs'], { cwd: consumer, env, timeout: 30_000 });
    const out = JSON.parse(stdout) as Record<string, any>;
    expect(out.resolved).toBe(`file://${path.join(consumer, 'node_modules', 'partner-recruitment-client', 'dist', 'index.js')}`);
    expect(out.status).toBe(200);
    expect(out.error).toBeUndefined();
    expect(out.data).toEqual(listing);
    expect(out.seen).toEqual([{ url: '/v1/skills?query=fig&page=1', key: 'key-123', secret: 'secret-456' }]);
    expect(out.good).toBe(true);
    expect(out.bad).toBe(false);
    expect(out.problems).toContain('/id must be string');
  });

  describe.each([
    ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
  ])('type-checks a TypeScript consumer with moduleResolution %s', (name, resolution) => {
    it('exits 0 under strict with skipLibCheck false', async () => {
      const source = `import { createPartnerClient, type PartnerClient } from 'partner-recruitment-client';
import type { Project, paths } from 'partner-recruitment-client/types';
import { validateProject } from 'partner-recruitment-client/validators';
import { createMockApi, type JsonValue } from 'partner-recruitment-client/mock';

/** The validator narrows unknown to Project. */
export function title(input: unknown): string | undefined {
  if (!validateProject(input)) return undefined;
  const project: Project = input;
  return project.publicTitle;
}

type SkillsQuery = NonNullable<paths['/v1/skills']['get']['parameters']['query']>;
const query: SkillsQuery = { query: 'fig', page: 1 };

export async function skillNames(api: PartnerClient): Promise<string[] | undefined> {
  const { data } = await api.GET('/v1/skills', { params: { query } });
  return data?.results.map((s) => s.name);
}

export function wrongPath(api: PartnerClient) {
  // @ts-expect-error not a path of the API
  return api.GET('/v1/no-such-path');
}

export const api = createPartnerClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k', apiSecret: 's', environment: 'staging' });

// The mock's overrides: a success body typed from the spec; error and "not shown" bodies any JSON, no casts.
export const mock = createMockApi({ seed: 7, simulateLimits: { requestsPerSecond: 4, burst: 2 } });
mock.override('listSkills', { body: { page: 1, pageSize: 50, results: [] } });
// @ts-expect-error a success body is typed from the spec
mock.override('listSkills', { body: { page: 'one', pageSize: 50, results: [] } });
const anything: JsonValue = { any: ['json', 1, null] };
mock.override('getProject', { status: 404, body: anything });
mock.override('getProject', { body: 'a body the spec does not show takes any JSON' });
export const mocked = createPartnerClient({ baseUrl: 'http://mock.test', fetch: mock.fetch, apiKey: 'k', apiSecret: 's', environment: 'staging' });
export async function mockUrl(): Promise<string> {
  const running = await mock.listen({ port: 0 });
  await running.close();
  return running.url;
}
`;
      writeFileSync(path.join(consumer, 'check.ts'), source);
      const tsconfig = {
        compilerOptions: { ...resolution, target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [], strict: true, skipLibCheck: false, noEmit: true },
        files: ['check.ts'],
      };
      writeFileSync(path.join(consumer, `tsconfig.${name}.json`), JSON.stringify(tsconfig, null, 2));
      const tsc = path.join(consumer, 'node_modules', 'typescript', 'bin', 'tsc');
      const result = await run(process.execPath, [tsc, '-p', `tsconfig.${name}.json`], { cwd: consumer, env }).then(
        () => ({ code: 0, output: '' }),
        (err: { code?: number; stdout?: string }) => ({ code: err.code ?? 1, output: err.stdout ?? String(err) }),
      );
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    });
  });
});
