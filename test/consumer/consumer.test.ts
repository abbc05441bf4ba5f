/**
 * The package as another repository gets it (project.ts: `npm pack` of generated/, installed
 * into a project outside this repository, without the optional peers: a production install): its
 * files and dependencies, the client and a validator run from plain Node ESM, a validator used as
 * Standard Schema by Hono, the mock without its peers, and a TypeScript consumer type-checked
 * (node16 and bundler resolution, strict, skipLibCheck false) with this repository's tsc.
 * mock.test.ts drives the mock with its peers; scripts/matrix runs the same scripts on other
 * runtimes and compilers.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { b2bRemoteProject, industry, skill } from '../spec/cases/fixtures.js';
import { clientFailures, standardSchemaFailures } from './reports.js';
import { createConsumerProject, lockVersion, ROOT, run, typeCheck, type ConsumerProject } from './project.js';

/** What the client needs at run time; the mock's own dependencies and msw are optional peers. */
const DEPENDENCIES = ['openapi-fetch'];
const MOCK_PEERS = ['ajv', 'ajv-formats', 'json-schema-faker'];
/** A library that accepts Standard Schema, as a consumer's server uses it. */
const STANDARD_SCHEMA_USER = ['hono', '@hono/standard-validator', '@standard-schema/spec'];
const CREDENTIALS = JSON.stringify({ apiKey: 'key-123', apiSecret: 'secret-456' });
const INSTALL_HINT = `npm install --save-dev ${MOCK_PEERS.join(' ')}`;

let project: ConsumerProject;
let consumer: string;

beforeAll(async () => {
  // A production install: the package and a library of the consumer's own; none of the optional peers.
  project = await createConsumerProject(
    path.join(ROOT, 'generated'),
    STANDARD_SCHEMA_USER.map((n) => `${n}@${lockVersion(n)}`),
  );
  consumer = project.dir;
  for (const script of ['client.mjs', 'standard-schema.mjs', 'drive-operations.mjs', 'mock-without-peers.mjs']) project.addScript(script);
});

afterAll(() => project?.dispose());

describe('the packed tarball', () => {
  it('holds only package.json, README.md, CHANGELOG.md once there is one, openapi.json, dist/** and docs/**', () => {
    const files = project.packed.files.map((f) => f.path).sort();
    // The first release the spec's change makes writes generated/CHANGELOG.md, which ships (docs/maintaining.md, "Releases").
    const changelog = existsSync(path.join(ROOT, 'generated', 'CHANGELOG.md')) ? ['CHANGELOG.md'] : [];
    const stray = files.filter(
      (f) => !(['package.json', 'README.md', 'openapi.json', ...changelog].includes(f) || f.startsWith('dist/') || f.startsWith('docs/')),
    );
    expect(stray).toEqual([]);
    for (const f of changelog) expect(files).toContain(f);
    expect(files.filter((f) => /(^|\/)(src|test|tests)\/|\.test\.|tsconfig/.test(f))).toEqual([]);
    const expected = ['dist/index.js', 'dist/index.d.ts', 'dist/types.d.ts', 'dist/validators.js', 'dist/validators.d.ts', 'docs/index.md'];
    for (const f of [...expected, 'openapi.json', 'dist/mock.js', 'dist/mock.d.ts', 'dist/mock-msw.js', 'dist/mock-msw.d.ts', 'dist/mock-cli.js'])
      expect(files).toContain(f);
  });

  it("depends on openapi-fetch only, at the locked version; the mock's dependencies and msw are optional peers, none installed", async () => {
    const { stdout } = await run('tar', ['-xOzf', project.tarball, 'package/package.json']);
    const pkg = JSON.parse(stdout) as {
      name: string;
      dependencies: Record<string, string>;
      peerDependencies: Record<string, string>;
      peerDependenciesMeta: Record<string, { optional?: boolean }>;
    };
    expect(pkg.name).toBe('partner-recruitment-client');
    expect(pkg.dependencies).toEqual(Object.fromEntries(DEPENDENCIES.map((n) => [n, lockVersion(n)])));
    for (const n of DEPENDENCIES) {
      const installed = JSON.parse(readFileSync(path.join(consumer, 'node_modules', n, 'package.json'), 'utf8')) as { version: string };
      expect(installed.version, n).toBe(lockVersion(n));
    }
    // Ranges from the tested versions up (json-schema-faker is 0.x: patch releases only); msw 2 and 3 (scripts/matrix tests both).
    expect(pkg.peerDependencies).toEqual({
      ajv: `^${lockVersion('ajv')}`,
      'ajv-formats': `^${lockVersion('ajv-formats')}`,
      'json-schema-faker': `~${lockVersion('json-schema-faker')}`,
      msw: '^2.0.0 || ^3.0.0',
    });
    for (const n of [...MOCK_PEERS, 'msw']) {
      expect(pkg.peerDependenciesMeta[n]?.optional, n).toBe(true);
      // An optional peer is not installed unless the consumer asks for it.
      expect(existsSync(path.join(consumer, 'node_modules', n)), n).toBe(false);
    }
  });
});

describe('a consumer project outside the repository', () => {
  it('runs the client and a validator from plain Node ESM', async () => {
    const answer = { page: 1, pageSize: 50, totalResults: 1, results: [skill] };
    const args = [
      'partner-recruitment-client',
      '/v1/skills',
      JSON.stringify({ query: 'fig', page: 1 }),
      JSON.stringify(answer),
      'validateProject',
      JSON.stringify(b2bRemoteProject),
      JSON.stringify({ id: 42 }),
    ];
    const out = await project.runScript<Record<string, any>>('client.mjs', args, 30_000);
    expect(clientFailures(out, { answer, url: '/v1/skills?query=fig&page=1' })).toEqual([]);
    expect(out.resolved).toBe(`file://${path.join(consumer, 'node_modules', 'partner-recruitment-client', 'dist', 'index-node.js')}`);
    expect(out.problems).toContain('/id must be string');
  });

  it('a library that accepts Standard Schema (Hono) takes a validator: the valid body reaches the handler, the invalid one is a 400 with its issues', async () => {
    const invalid = { ...b2bRemoteProject, id: 42, targetProfessionalIndustries: [industry, { ...industry, id: 7 }] };
    const out = await project.runScript<Record<string, any>>(
      'standard-schema.mjs',
      ['partner-recruitment-client', 'validateProject', JSON.stringify(b2bRemoteProject), JSON.stringify(invalid)],
      30_000,
    );
    expect(standardSchemaFailures(out, b2bRemoteProject)).toEqual([]);
    expect(out.vendor).toBe('partner-recruitment-client');
    // Path segments from the JSON pointer: an array index is a number.
    expect(out.direct.invalid.issues).toEqual([
      { message: 'must be string', path: ['id'] },
      { message: 'must be string', path: ['targetProfessionalIndustries', 1, 'id'] },
    ]);
  });

  it('the mock without its optional peers: answers from the examples, and a body it must sample is a 500 that says what to install', async () => {
    const drive = await project.runScript<{ results: { operationId: string; status?: number; error?: string; problem?: string }[] }>('drive-operations.mjs', [
      'partner-recruitment-client',
      'fetch',
      'all',
      CREDENTIALS,
    ]);
    const wrong = drive.results.filter(
      (r) => !(r.status !== undefined && r.status >= 200 && r.status < 300) && !(r.status === 500 && r.error?.includes(INSTALL_HINT)),
    );
    expect(wrong).toEqual([]);
    expect(drive.results.filter((r) => r.status !== undefined && r.status < 300).length).toBeGreaterThan(0);
    const sampled = await project.runScript<{ operationId: string; status: number; error: { error?: string } }>('mock-without-peers.mjs', [
      'partner-recruitment-client',
      CREDENTIALS,
    ]);
    expect(sampled.status, sampled.operationId).toBe(500);
    // The first peer it misses is named (none of the three is installed here).
    expect(sampled.error.error).toMatch(/(ajv|ajv-formats|json-schema-faker) is not installed: /);
    expect(sampled.error.error).toContain(INSTALL_HINT);
  });

  it.each(['node16', 'bundler'] as const)(
    'type-checks a TypeScript consumer (client, types, validators as Standard Schema with Hono, the mock) with moduleResolution %s, strict, skipLibCheck false',
    async (resolution) => {
      const result = await typeCheck({ dir: consumer, fixtures: ['check.ts'], resolution });
      expect(result.output).toBe('');
      expect(result.code).toBe(0);
    },
  );
});
