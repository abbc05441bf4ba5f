/**
 * `npm run generate` releases in a temporary git repository: the first generation is 1.0.0, a
 * committed spec change moves the version and writes a dated CHANGELOG.md entry, regenerating
 * changes nothing (before and after committing, and `--check` agrees), and an uncommitted edit
 * moves the version once from the last committed release however often one regenerates.
 * Real git, real child processes, the generator's own command line.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_TEXT } from '../../../generator/output/banner.js';
import { runCli } from '../../../generator/cli/generate-command.js';
import { anchors, pages } from '../support/markdown-pages.js';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'release', 'spec');
const TSX = path.join(ROOT, 'node_modules', '.bin', 'tsx');
const BANNER = `<!-- ${BANNER_TEXT} -->\n\n`;

let repo: string;
const out = () => path.join(repo, 'generated');
const git = (args: string[], date = '2026-01-02T10:00:00Z') =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], {
    cwd: repo,
    env: { ...process.env, GIT_COMMITTER_DATE: date, GIT_AUTHOR_DATE: date },
  }).toString();
const edit = (file: string, from: string, to: string) => {
  const at = path.join(repo, file);
  const text = readFileSync(at, 'utf8');
  expect(text).toContain(from);
  writeFileSync(at, text.replace(from, to));
};
/** The generator's command line in this process (the first generation runs it as a child process). */
async function generate(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const { code } = await runCli(['--spec', path.join(repo, 'spec', 'openapi.yaml'), '--out', out(), ...args], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}
const read = (file: string) => readFileSync(path.join(out(), file), 'utf8');
const version = () => (JSON.parse(read('package.json')) as { version: string }).version;
/** Every generated file's text, to compare two generations byte for byte. */
const tree = () => new Map([...pages(out()), 'package.json', 'openapi.json'].map((file) => [file, read(file)] as const));

beforeAll(() => {
  repo = mkdtempSync(path.join(os.tmpdir(), 'release-generate-'));
  cpSync(FIXTURE, path.join(repo, 'spec'), { recursive: true });
  git(['init', '-q']);
  git(['add', '.']);
  git(['commit', '-qm', 'first spec'], '2026-01-01T10:00:00Z');
});

afterAll(() => rmSync(repo, { recursive: true, force: true }));

describe('npm run generate in a git repository', () => {
  it('starts at 1.0.0 without a changelog', () => {
    const r = spawnSync(TSX, [path.join(ROOT, 'generator', 'cli', 'generate.ts'), '--spec', 'spec/openapi.yaml', '--out', 'generated'], {
      cwd: repo,
      encoding: 'utf8',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^wrote \d+ files: .* to generated\/ in [\d.]+s\n$/);
    expect(version()).toBe('1.0.0');
    expect(existsSync(path.join(out(), 'CHANGELOG.md'))).toBe(false);
    git(['add', '.']);
    git(['commit', '-qm', 'first package'], '2026-01-01T11:00:00Z');
  });

  it('moves to 2.0.0 for a committed breaking change, with an entry dated by that commit', async () => {
    edit('spec/schemas/Status.yaml', 'enum: [OPEN, CLOSED]', 'enum: [OPEN]');
    edit('spec/schemas/Item.yaml', "description: The item's name.", "description: The item's display name.");
    edit('spec/schemas/Tree.yaml', 'value:\n    type: string', 'value:\n    type: string\n  height:\n    type: number');
    git(['commit', '-qam', 'second spec'], '2026-01-02T10:00:00Z');

    const r = await generate();
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/ to \S+\/generated\/ in [\d.]+s; version 1\.0\.0 → 2\.0\.0 \(1 breaking, 2 additive, 1 docs\)\n$/);
    expect(version()).toBe('2.0.0');
    expect(read('CHANGELOG.md')).toBe(
      BANNER +
        [
          '# Changelog',
          '',
          '## 2.0.0 (2026-01-02)',
          '',
          '### Breaking changes',
          '',
          '- value "CLOSED" no longer accepted `#/components/schemas/Status/enum` (`request-enum-value-removed`): [Status](docs/schemas/Status.md), [createItem](docs/operations/items.md#createitem), [listItems](docs/operations/items.md#listitems)',
          '',
          '### Non-breaking changes',
          '',
          '- value "CLOSED" no longer returned `#/components/schemas/Status/enum` (`response-enum-value-removed`): [Status](docs/schemas/Status.md), [createItem](docs/operations/items.md#createitem), [listItems](docs/operations/items.md#listitems)',
          '- property "height" added `#/components/schemas/Tree/properties/height` (`response-property-added`): [Tree](docs/schemas/Tree.md), [listTrees](docs/operations/trees.md#listtrees)',
          '',
          '### Documentation only',
          '',
          '- description changed `#/components/schemas/Item/properties/name/description` (`description-changed`): [Item](docs/schemas/Item.md), [createItem](docs/operations/items.md#createitem), [listItems](docs/operations/items.md#listitems)',
          '',
        ].join('\n'),
    );
    const pkg = JSON.parse(read('package.json')) as { files: string[] };
    expect(pkg.files).toContain('CHANGELOG.md');
    expect(read('README.md')).toContain('[CHANGELOG.md](CHANGELOG.md)');
    expectLinksResolve(read('CHANGELOG.md'));
  });

  it('changes nothing when regenerated, before and after committing; --check agrees', async () => {
    const before = tree();
    // Still the move from the last committed release: the same version, the same entry.
    expect((await generate()).stdout).toContain('; version 1.0.0 → 2.0.0 (1 breaking, 2 additive, 1 docs)\n');
    expect(tree()).toEqual(before);
    expect((await generate('--check')).code).toBe(0);
    git(['add', '.']);
    git(['commit', '-qm', 'second package'], '2026-01-03T10:00:00Z');
    expect(await generate('--check')).toMatchObject({ code: 0, stdout: expect.stringContaining('is up to date') });
    expect((await generate()).stdout).not.toContain('version');
    expect(tree()).toEqual(before);
    expect(git(['status', '--porcelain'])).toBe('');
  });

  it('moves an uncommitted edit once from the committed release, undated, however often one regenerates', async () => {
    const committed = read('CHANGELOG.md');
    edit('spec/openapi.yaml', 'summary: List trees', 'summary: List all trees');
    const first = await generate();
    expect(first.stdout).toContain('; version 2.0.0 → 2.0.1 (1 docs)');
    const changelog = read('CHANGELOG.md');
    expect(changelog).toBe(
      committed.replace(
        '# Changelog\n\n',
        '# Changelog\n\n## 2.0.1\n\n### Documentation only\n\n- summary changed `#/paths/~1trees/get/summary` (`summary-changed`): [listTrees](docs/operations/trees.md#listtrees)\n\n',
      ),
    );
    edit('spec/openapi.yaml', 'summary: List all trees', 'summary: List every tree');
    expect((await generate()).stdout).toContain('; version 2.0.0 → 2.0.1 (1 docs)');
    expect(version()).toBe('2.0.1');
    expect(read('CHANGELOG.md')).toBe(changelog);
    expect((await generate('--check')).code).toBe(0);
  });
});

describe('a previous release that cannot be followed', () => {
  it('is named, generated/ is left unchanged, and no stack is printed', async () => {
    git(['checkout', '-q', '--', '.']);
    const head = git(['rev-parse', 'HEAD']).trim();
    try {
      const pkg = JSON.parse(read('package.json')) as Record<string, unknown>;
      writeFileSync(path.join(out(), 'package.json'), `${JSON.stringify({ ...pkg, version: 'banana' }, null, 2)}\n`);
      git(['commit', '-qam', 'hand-edited version']);
      edit('spec/openapi.yaml', 'summary: List trees', 'summary: List all trees');
      const before = tree();
      const bad = await generate();
      expect(bad.code).toBe(1);
      expect(bad.stderr).toBe(
        `error: The previous package version is not a release version:\n  HEAD:generated/package.json #/version: expected MAJOR.MINOR.PATCH, found "banana"\n${out()}/ was left unchanged.\n`,
      );
      expect(tree()).toEqual(before);

      // A version npm accepts, but would refuse once moved (past 2^53 − 1): refused, not written.
      writeFileSync(path.join(out(), 'package.json'), `${JSON.stringify({ ...pkg, version: '1.2.9007199254740991' }, null, 2)}\n`);
      git(['commit', '-qam', 'a version at the limit']);
      const atLimit = tree();
      const unsafe = await generate();
      expect(unsafe.code).toBe(1);
      expect(unsafe.stderr).toBe(
        `error: The next package version would be one npm refuses:\n  HEAD:generated/package.json #/version: "1.2.9007199254740991" moved by its docs changes would be "1.2.9007199254740992": expected each number at most 9007199254740991 (Number.MAX_SAFE_INTEGER), as npm requires\n${out()}/ was left unchanged.\n`,
      );
      expect(tree()).toEqual(atLimit);

      writeFileSync(path.join(out(), 'openapi.json'), '{ "openapi": ');
      git(['commit', '-qam', 'broken bundle']);
      const broken = await generate('--check');
      expect(broken.code).toBe(1);
      expect(broken.stderr).toContain('HEAD:generated/openapi.json: not a JSON object; restore it or delete the output directory to start again\n');
      expect(broken.stderr).not.toMatch(/\n\s+at /);
    } finally {
      git(['reset', '-q', '--hard', head]);
    }
  });
});

describe('a changelog that earlier releases wrote', () => {
  /** The banner an earlier version of the toolkit wrote (banner.ts still recognises it). */
  const EARLIER_BANNER =
    '<!-- Generated by the Partner Recruitment toolkit from spec/. Do not edit: change spec/ or templates/ and run `npm run generate`. -->\n\n';
  const OLDER_ENTRY = '## 1.0.1\n\n### Documentation only\n\n- a summary changed\n';
  const count = (text: string, what: string) => text.split(what).length - 1;

  // Each: the file as committed (from the entries the release above wrote), and the entries it holds.
  it.each<[string, (entries: string) => [string, string]]>([
    ['the earlier banner under the current one', (entries) => [`${BANNER}${EARLIER_BANNER}# Changelog\n\n${entries}`, entries]],
    [
      'older entries under a stale banner and title',
      (entries) => [`${BANNER}# Changelog\n\n${entries}\n${EARLIER_BANNER}# Changelog\n\n${OLDER_ENTRY}`, `${entries}\n${OLDER_ENTRY}`],
    ],
  ])('comes out with one banner and one title (%s), regenerated and released again', async (_name, committed) => {
    git(['checkout', '-q', '--', '.']);
    const head = git(['rev-parse', 'HEAD']).trim();
    try {
      const [written, entries] = committed(read('CHANGELOG.md').replace(`${BANNER}# Changelog\n\n`, ''));
      expect(entries).toMatch(/^## 2\.0\.0 /);
      writeFileSync(path.join(out(), 'CHANGELOG.md'), written);
      git(['commit', '-qam', 'a changelog from earlier releases']);
      const expectOne = (changelog: string) => {
        expect(count(changelog, '<!-- Generated by'), changelog).toBe(1);
        expect(count(changelog, '# Changelog'), changelog).toBe(1);
        expect(changelog.startsWith(`${BANNER}# Changelog\n\n## `), changelog).toBe(true);
        expect(changelog.endsWith(`\n${entries}`) || changelog === `${BANNER}# Changelog\n\n${entries}`, changelog).toBe(true);
      };
      // Regenerated with no change: the file is tidied, and --check then agrees.
      expect((await generate()).code).toBe(0);
      expect(read('CHANGELOG.md')).toBe(`${BANNER}# Changelog\n\n${entries}`);
      expect((await generate('--check')).code).toBe(0);
      edit('spec/openapi.yaml', 'summary: List trees', 'summary: List all trees');
      expect((await generate()).code).toBe(0);
      expectOne(read('CHANGELOG.md'));
      expect(read('CHANGELOG.md')).toContain(`${BANNER}# Changelog\n\n## 2.0.1\n\n### Documentation only\n\n- summary changed`);
    } finally {
      git(['reset', '-q', '--hard', head]);
    }
  });
});

/** Every link of the changelog names a generated file, and its anchor a heading of that page. */
function expectLinksResolve(changelog: string): void {
  const targets = [...changelog.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
  expect(targets.length).toBeGreaterThan(0);
  for (const target of targets) {
    const [file, anchor] = target.split('#');
    expect(existsSync(path.join(out(), file!)), target).toBe(true);
    if (anchor !== undefined) expect(anchors(read(file!)), target).toContain(anchor);
  }
}
