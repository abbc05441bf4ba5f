/**
 * The mock is generated for any document, not written for ours: GitHub's REST description (the
 * scale benchmark's document) cut to 20 varied operations (lists, gets with path parameters, a
 * search with a required query, posts and a patch with bodies from the spec's examples) and the
 * components they reach, generated into a temporary folder, packed, installed into a consumer
 * project, and each operation answered 2xx by the package's mock, in-process and over HTTP, with
 * bodies that pass the package's own response validators. (Generating all 1223 operations is the
 * scale benchmark's measurement, `npm run bench`; here it would cost a minute of the suite.)
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escapePointer, refSegments } from '../../generator/lib/pointer.js';
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

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

/**
 * GitHub's document with only the operations in OPERATIONS (their path items' shared parameters
 * kept) and the components those reach, transitively. Written to `file`; resolves to the number of
 * operations the full document has.
 */
function cutDocument(full: string, file: string): number {
  const document = JSON.parse(readFileSync(full, 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
    components: Record<string, Record<string, unknown>>;
  };
  let total = 0;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [route, item] of Object.entries(document.paths)) {
    const kept = Object.entries(item).filter(([key, op]) => {
      if (!METHODS.includes(key)) return false;
      total++;
      return OPERATIONS.includes(op.operationId ?? '');
    });
    if (kept.length) paths[route] = { ...Object.fromEntries(Object.entries(item).filter(([key]) => !METHODS.includes(key))), ...Object.fromEntries(kept) };
  }
  // Every `#/components/<kind>/<name>` reached from the kept paths, following references inside components too.
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) {
      node.forEach(visit);
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string' && value.startsWith('#/components/') && !reached.has(value)) {
        reached.add(value);
        const [, kind, name] = refSegments(value);
        visit(document.components[kind!]?.[name!]);
      } else visit(value);
    }
  };
  visit(paths);
  const components = Object.fromEntries(
    Object.entries(document.components).map(([kind, entries]) => [
      kind,
      Object.fromEntries(Object.entries(entries).filter(([name]) => reached.has(`#/components/${kind}/${escapePointer(name)}`))),
    ]),
  );
  // Webhooks (`webhooks`, GitHub's `x-webhooks`) are left out with the operations: they reach components of their own.
  const rest = Object.fromEntries(Object.entries(document).filter(([key]) => key !== 'webhooks' && key !== 'x-webhooks'));
  writeFileSync(file, JSON.stringify({ ...rest, paths, components }));
  return total;
}

let fullOperations: number;

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
  const cut = path.join(work, 'api.github.com.20.json');
  fullOperations = cutDocument(spec, cut);
  const { stdout } = await run('npm', ['run', '--silent', 'generate', '--', '--spec', cut, '--out', out], { cwd: ROOT, maxBuffer: 64 * 2 ** 20 });
  generation = stdout.trim();
  project = await createConsumerProject(out, mockPeers());
  project.addScript('drive-operations.mjs');
}, 300_000);

afterAll(() => {
  project?.dispose();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the mock generated for GitHub's REST description", () => {
  it('generates the 20 operations cut from the full document', () => {
    expect(fullOperations).toBeGreaterThan(1000);
    expect(generation).toMatch(new RegExp(`^wrote \\d+ files: ${OPERATIONS.length} operations,`, 'm'));
  });

  it.each(['fetch', 'listen'])('mode %s: 20 varied operations answer 2xx with bodies their validators accept', async (mode) => {
    const report = await project.runScript<DriveReport>('drive-operations.mjs', [project.packed.name, mode, OPERATIONS.join(',')]);
    expect(report.operations).toBe(OPERATIONS.length);
    expect(report.results.map((r) => r.operationId).sort()).toEqual([...OPERATIONS].sort());
    // Each has a JSON success body and so a response validator: no empty answer passes unchecked.
    expect([...report.withResponseValidators].sort()).toEqual([...OPERATIONS].sort());
    const failed = report.results.filter(
      (r) => r.problem !== undefined || r.status === undefined || r.status < 200 || r.status > 299 || !r.validated || !r.valid,
    );
    expect(failed.map((r) => `${r.operationId}: ${r.problem ?? `${r.status} ${r.error ?? ''} ${r.problems?.join('; ') ?? ''}`}`)).toEqual([]);
  });
});
