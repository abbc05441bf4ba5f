/**
 * `npm run diff` on a temporary git repository: two commits of a small spec (a request enum value
 * removed, an optional response property added, a description edited), then working-tree edits.
 * Real git, real child processes, run as `npm run diff` runs them (generator/cli/launch.mjs). (The release two commits give: test/generator/release/generate-release.test.ts.)
 */
import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lastCommitDate } from '../../../generator/release/git.js';
import type { Change } from '../../../generator/release/changes.js';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'release', 'spec');
const LAUNCH = path.join(ROOT, 'generator', 'cli', 'launch.mjs');

let repo: string;
const git = (...args: string[]) =>
  execFileSync('git', args, {
    cwd: repo,
    env: { ...process.env, GIT_COMMITTER_DATE: '2026-01-02T10:00:00Z', GIT_AUTHOR_DATE: '2026-01-02T10:00:00Z' },
  }).toString();
const edit = (file: string, from: string, to: string) => {
  const at = path.join(repo, file);
  const text = readFileSync(at, 'utf8');
  expect(text).toContain(from);
  writeFileSync(at, text.replace(from, to));
};
const diff = (...args: string[]) => {
  const r = spawnSync(process.execPath, [LAUNCH, path.join(ROOT, 'generator', 'cli', 'diff.ts'), ...args], {
    cwd: repo,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
};
const rules = (stdout: string) => (JSON.parse(stdout) as { changes: Change[] }).changes.map((c) => `${c.level} ${c.rule}`);

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'release-repo-'));
  cpSync(FIXTURE, path.join(repo, 'spec'), { recursive: true });
  git('init', '-q');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'add', '.');
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', 'first');
  edit('spec/schemas/Status.yaml', 'enum: [OPEN, CLOSED]', 'enum: [OPEN]');
  edit('spec/schemas/Item.yaml', "description: The item's name.", "description: The item's display name.");
  writeFileSync(path.join(repo, 'spec/schemas/Item.yaml'), `${readFileSync(path.join(repo, 'spec/schemas/Item.yaml'), 'utf8')}  color:\n    type: string\n`);
  git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'second');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('npm run diff', () => {
  it('classifies two commits as JSON, and --fail-on breaking fails', () => {
    const r = diff('--base', 'HEAD~1', '--json', '--fail-on', 'breaking');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    expect(out).toMatchObject({ base: 'HEAD~1:spec/openapi.yaml', head: 'spec/openapi.yaml', bump: 'major' });
    expect(rules(r.stdout)).toEqual(
      expect.arrayContaining(['breaking request-enum-value-removed', 'additive response-property-added', 'docs description-changed']),
    );
    expect(out.changes.find((c: Change) => c.rule === 'request-enum-value-removed')).toMatchObject({ pointer: '/components/schemas/Status/enum' });
  });

  it('compares HEAD with the working tree by default, as text; --fail-on additive fails on an additive change only', () => {
    expect(diff('--fail-on', 'additive')).toMatchObject({ code: 0, stdout: expect.stringContaining('no changes') });
    edit('spec/openapi.yaml', 'summary: List trees', 'summary: List all trees');
    try {
      const docsOnly = diff('--fail-on', 'additive');
      expect(docsOnly.code).toBe(0);
      expect(docsOnly.stdout).toContain('HEAD:spec/openapi.yaml → spec/openapi.yaml: 0 breaking, 0 additive, 1 docs (a patch version)');
      expect(docsOnly.stdout).toContain('#/paths/~1trees/get/summary: summary changed (summary-changed) in "listTrees"');
      edit('spec/schemas/Tree.yaml', 'value:\n    type: string', 'value:\n    type: string\n  height:\n    type: number');
      const additive = diff('--fail-on', 'additive');
      expect(additive.code).toBe(1);
      expect(additive.stdout).toContain(
        'additive:\n  #/components/schemas/Tree/properties/height: property "height" added (response-property-added) in "listTrees"',
      );
      expect(diff('--fail-on', 'breaking').code).toBe(0);
    } finally {
      git('checkout', '-q', '--', 'spec');
    }
  });

  it('takes a file as --base', () => {
    const copy = mkdtempSync(path.join(os.tmpdir(), 'release-base-'));
    try {
      cpSync(FIXTURE, copy, { recursive: true });
      const r = diff('--base', path.join(copy, 'openapi.yaml'), '--json');
      expect(r.code).toBe(0);
      expect(JSON.parse(r.stdout).bump).toBe('major');
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('exits 2 on usage errors', () => {
    expect(diff('--fail-on', 'docs')).toMatchObject({ code: 2, stderr: expect.stringContaining('--fail-on must be one of breaking, additive') });
    expect(diff('--base', 'no-such-ref')).toMatchObject({
      code: 2,
      stderr: expect.stringContaining('--base "no-such-ref" is neither a file nor a git commit'),
    });
    expect(diff('--bogus').code).toBe(2);
  });

  it("locates a broken base commit's problem at <ref>:<file>, without a stack", () => {
    edit('spec/schemas/Tree.yaml', 'type: object', 'type: object\n  bad: [');
    git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qam', 'broken');
    try {
      const r = diff('--base', 'HEAD', '--head', path.join(FIXTURE, 'openapi.yaml'));
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/HEAD:spec\/schemas\/Tree\.yaml:\d+:\d+/);
      expect(r.stderr).not.toMatch(/spec-at-|\n\s+at /);
    } finally {
      git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'reset', '-q', '--hard', 'HEAD~1');
    }
  });

  it('reads a base commit whose spec folder holds a file over 64 MiB only as far as the bundle needs it, and names that file when it does', () => {
    const commit = (message: string) => git('-c', 'user.name=t', '-c', 'user.email=t@example.com', 'commit', '-qm', message);
    // 65 MiB that nothing references, then a $ref to it.
    writeFileSync(path.join(repo, 'spec', 'unused dump.yaml'), Buffer.alloc(65 * 2 ** 20, 'x: 1\n'));
    git('add', 'spec');
    commit('a large file nothing references');
    try {
      const unused = diff('--base', 'HEAD', '--json');
      expect(unused.stderr).toBe('');
      expect(unused.code).toBe(0);
      expect(JSON.parse(unused.stdout)).toMatchObject({ bump: 'none' });

      edit('spec/openapi.yaml', 'tags:\n', 'x-dump:\n  $ref: "./unused dump.yaml"\ntags:\n');
      git('add', 'spec');
      commit('a reference to it');
      const id = git('rev-parse', 'HEAD').trim();
      const used = diff('--base', 'HEAD', '--head', path.join(FIXTURE, 'openapi.yaml'));
      expect(used.code).toBe(1);
      expect(used.stderr).toContain(
        `HEAD:spec/unused dump.yaml (commit ${id.slice(0, 12)}) has ${65 * 2 ** 20} bytes, more than the ${64 * 2 ** 20} a spec file may have: not read`,
      );
      expect(used.stderr).not.toMatch(/ENOBUFS|spec-at-|\n\s+at /);
    } finally {
      git('reset', '-q', '--hard', 'HEAD~2');
      rmSync(path.join(repo, 'spec', 'unused dump.yaml'), { force: true });
    }
  });
});

describe('the scriptable command README.md and docs/maintaining.md show', () => {
  // Each command bundles this repository's spec twice: run side by side, with room for a busy machine.
  it('prints JSON and nothing else on stdout, run exactly as shown (in this repository)', { timeout: 180_000 }, async () => {
    const shown = ['README.md', path.join('docs', 'maintaining.md')].flatMap((file) =>
      [
        ...readFileSync(path.join(ROOT, file), 'utf8').matchAll(
          /`((?:npm run --silent diff --|node generator\/cli\/launch\.mjs generator\/cli\/diff\.ts) --json)[^`]*`/g,
        ),
      ].map((m) => m[1]!),
    );
    expect(shown).toContain('npm run --silent diff -- --json');
    const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
    const runs = [...new Set(shown)].map(async (command) => {
      const [bin, ...args] = command.split(' ');
      const { stdout } = await promisify(execFile)(bin!, args, { cwd: ROOT, env, maxBuffer: 64 * 2 ** 20 });
      return [command, stdout] as const;
    });
    for (const [command, stdout] of await Promise.all(runs))
      expect(JSON.parse(stdout), command).toMatchObject({ base: 'HEAD:spec/openapi.yaml', head: 'spec/openapi.yaml', changes: expect.any(Array) });
  });

  it('writes nothing on stdout when --json fails', () => {
    expect(diff('--json', '--base', 'no-such-ref')).toMatchObject({ code: 2, stdout: '' });
    expect(diff('--json', '--head', 'missing.yaml')).toMatchObject({ code: 2, stdout: '' });
  });
});

describe('lastCommitDate', () => {
  it("is the day of the spec's last commit", async () => {
    expect(await lastCommitDate(['spec'], repo)).toBe('2026-01-02');
  });

  it('has no date while the spec has uncommitted changes', async () => {
    edit('spec/openapi.yaml', 'summary: List trees', 'summary: Trees');
    try {
      expect(await lastCommitDate(['spec'], repo)).toBeUndefined();
    } finally {
      git('checkout', '-q', '--', 'spec');
    }
  });
});
