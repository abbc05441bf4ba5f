/**
 * The mock is generated for any document, not written for ours: GitHub's REST description (the
 * scale benchmark's document, 1223 operations) generated into a temporary folder, packed,
 * installed into a consumer project, and one call each of 20 varied operations (lists, gets with
 * path parameters, a search with a required query, posts and a patch with bodies from the spec's
 * examples) answered 2xx by the package's mock, in-process and over HTTP, with bodies that pass
 * the package's own response validators.
 */
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consumerEnv, createConsumerProject, mockPeers, ROOT, run, type ConsumerProject } from './project.js';

/** Where `npm run bench:fetch` puts GitHub's description (scripts/bench/fetch.ts: the same package and member). */
const GITHUB_SPEC = path.join(ROOT, '.cache', 'bench', 'api.github.com.json');
const OCTOKIT = '@octokit/openapi@23.0.2';
const MEMBER = 'package/generated/api.github.com.json';

const OPERATIONS = [
  'meta/root',
  'activity/list-public-events',
  'gists/list',
  'repos/list-for-org',
  'issues/list-for-repo',
  'pulls/list',
  'repos/list-commits',
  'search/repos',
  'repos/get',
  'repos/get-content',
  'issues/get',
  'pulls/get',
  'orgs/get',
  'users/get-by-username',
  'issues/create',
  'issues/update',
  'issues/create-comment',
  'pulls/create',
  'gists/create',
  'git/create-blob',
];

/** The cached document, else fetched into the git-ignored .cache/ as the benchmark does (written atomically). */
async function githubDocument(): Promise<string> {
  if (existsSync(GITHUB_SPEC)) return GITHUB_SPEC;
  mkdirSync(path.dirname(GITHUB_SPEC), { recursive: true });
  const staging = mkdtempSync(path.join(path.dirname(GITHUB_SPEC), 'fetch-'));
  try {
    const { stdout } = await run('npm', ['pack', OCTOKIT, '--prefer-offline', '--pack-destination', staging, '--json'], { cwd: staging, env: consumerEnv });
    const [packed] = JSON.parse(stdout) as { filename: string }[];
    const { stdout: json } = await run('tar', ['-xOzf', path.join(staging, packed!.filename), MEMBER], { maxBuffer: 256 * 2 ** 20, encoding: 'buffer' });
    writeFileSync(path.join(staging, 'api.github.com.json'), json);
    renameSync(path.join(staging, 'api.github.com.json'), GITHUB_SPEC);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return GITHUB_SPEC;
}

interface DriveReport {
  operations: number;
  withResponseValidators: string[];
  results: { operationId: string; status?: number; validated?: boolean; valid?: boolean; problems?: string[]; error?: string; problem?: string }[];
}

let work: string;
let project: ConsumerProject;
let generation: string;

beforeAll(async () => {
  const spec = await githubDocument();
  work = mkdtempSync(path.join(os.tmpdir(), 'github-mock-'));
  const out = path.join(work, 'package');
  const { stdout } = await run('npm', ['run', '--silent', 'generate', '--', '--spec', spec, '--out', out], { cwd: ROOT, maxBuffer: 64 * 2 ** 20 });
  generation = stdout.trim();
  project = await createConsumerProject(out, mockPeers());
  project.addScript('drive-operations.mjs');
}, 300_000);

afterAll(() => {
  project?.dispose();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the mock generated for GitHub's REST description", () => {
  it('generates every operation', () => {
    expect(generation).toMatch(/^wrote \d+ files: 1223 operations,/m);
  });

  it.each(['fetch', 'listen'])('mode %s: 20 varied operations answer 2xx with bodies their validators accept', async (mode) => {
    const report = await project.runScript<DriveReport>('drive-operations.mjs', [project.packed.name, mode, OPERATIONS.join(',')]);
    expect(report.operations).toBe(1223);
    expect(report.results.map((r) => r.operationId).sort()).toEqual([...OPERATIONS].sort());
    // Each has a JSON success body and so a response validator: no empty answer passes unchecked.
    expect([...report.withResponseValidators].sort()).toEqual([...OPERATIONS].sort());
    const failed = report.results.filter((r) => r.problem !== undefined || r.status === undefined || r.status < 200 || r.status > 299 || !r.validated || !r.valid);
    expect(failed.map((r) => `${r.operationId}: ${r.problem ?? `${r.status} ${r.error ?? ''} ${r.problems?.join('; ') ?? ''}`}`)).toEqual([]);
  });
});
