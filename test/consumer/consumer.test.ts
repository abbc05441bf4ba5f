/**
 * The package as another repository gets it: `npm pack` of generated/, installed into a
 * project outside this repository, run from plain Node ESM, and type-checked from TypeScript
 * (node16 and bundler resolution, strict, skipLibCheck false) with this repository's tsc.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bRemoteProject, skill } from '../spec/cases/fixtures.js';

const run = promisify(execFile);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const RUNTIME_DEPENDENCIES = ['ajv', 'ajv-formats', 'openapi-fetch'];

// `npm test` exports npm_* variables describing this repository; the consumer's npm must not see them.
const KEEP = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry']);
const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || KEEP.has(k.toLowerCase())));

interface PackResult {
  filename: string;
  files: { path: string }[];
}

let work: string;
let consumer: string;
let packed: PackResult;
let tarball: string;

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'consumer-'));
  // `./generated`, not `generated`: a bare name is looked up in the registry (a package called "generated" exists).
  const { stdout } = await run('npm', ['pack', path.join(ROOT, 'generated'), '--pack-destination', work, '--json'], { cwd: work, env });
  packed = (JSON.parse(stdout) as PackResult[])[0]!;
  tarball = path.join(work, packed.filename);

  consumer = path.join(work, 'app');
  mkdirSync(consumer);
  writeFileSync(path.join(consumer, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  // --prefer-offline: tarballs come from the cache `npm ci` filled; the registry is asked only for the
  // package metadata `npm ci` does not cache (a fresh CI machine has none, so --offline fails there).
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', tarball], { cwd: consumer, env });
  symlinkSync(path.join(ROOT, 'node_modules', 'typescript'), path.join(consumer, 'node_modules', 'typescript'), 'dir');
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

const lockVersion = (name: string): string => {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  return lock.packages[`node_modules/${name}`]!.version;
};

describe('the packed tarball', () => {
  it('holds only package.json, README.md, dist/** and docs/**', () => {
    const files = packed.files.map((f) => f.path).sort();
    const stray = files.filter((f) => !(f === 'package.json' || f === 'README.md' || f.startsWith('dist/') || f.startsWith('docs/')));
    expect(stray).toEqual([]);
    expect(files.filter((f) => /(^|\/)(src|test|tests)\/|\.test\.|tsconfig/.test(f))).toEqual([]);
    for (const f of ['dist/index.js', 'dist/index.d.ts', 'dist/types.d.ts', 'dist/validators.js', 'dist/validators.d.ts', 'docs/index.md']) expect(files).toContain(f);
  });

  it('depends on exactly openapi-fetch, ajv and ajv-formats at the locked versions', async () => {
    const { stdout } = await run('tar', ['-xOzf', tarball, 'package/package.json']);
    const pkg = JSON.parse(stdout) as { name: string; dependencies: Record<string, string> };
    expect(pkg.name).toBe('partner-recruitment-client');
    expect(pkg.dependencies).toEqual(Object.fromEntries(RUNTIME_DEPENDENCIES.map((n) => [n, lockVersion(n)])));
    for (const n of RUNTIME_DEPENDENCIES) {
      const installed = JSON.parse(readFileSync(path.join(consumer, 'node_modules', n, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, n).toBe(lockVersion(n));
    }
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
