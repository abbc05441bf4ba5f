/**
 * Mutating our spec by hand: a copy of spec/ and redocly.yaml generated once (1.0.0), then each
 * mutation regenerated from that release into a copy of its output (on disk, outside git): a
 * request enum value removed → 2.0.0, an optional response property added → 1.1.0, a description
 * edited → 1.0.1, each with a matching CHANGELOG.md entry whose links resolve.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANNER_TEXT } from '../../generator/banner.js';
import { runCli } from '../../generator/run.js';
import { anchors } from '../generator/markdown-pages.js';

const ROOT = path.join(import.meta.dirname, '..', '..');
const BANNER = `<!-- ${BANNER_TEXT} -->\n\n`;

let work: string;
const baseline = () => path.join(work, 'baseline');

/** Generates `<dir>/spec` into `out` as `npm run generate` does; resolves with stdout. */
async function generate(dir: string, out: string): Promise<string> {
  let stdout = '';
  let stderr = '';
  const { code } = await runCli(['--spec', path.join(dir, 'spec', 'openapi.yaml'), '--lint-config', path.join(dir, 'redocly.yaml'), '--out', out], {
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  expect(stderr).toBe('');
  expect(code).toBe(0);
  return stdout;
}

/** A fresh copy of our spec and redocly.yaml. */
function copySpec(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(ROOT, 'spec'), path.join(dir, 'spec'), { recursive: true });
  cpSync(path.join(ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
  return dir;
}

function edit(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  expect(text).toContain(from);
  writeFileSync(file, text.replace(from, to));
}

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'release-our-spec-'));
  const stdout = await generate(copySpec('spec-baseline'), baseline());
  expect(stdout).not.toContain('version');
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const LIST_PROJECTS = '[listProjects](docs/operations/projects.md#listprojects)';

const cases = [
  {
    name: 'a request enum value removed (listProjects status)',
    mutate: (spec: string) => edit(path.join(spec, 'components/schemas/ProjectStatus.yaml'), 'enum: [DRAFT, PAID, ARCHIVED, CLOSED]', 'enum: [DRAFT, PAID, CLOSED]'),
    version: '2.0.0',
    counts: '1 breaking, 1 additive',
    entry: [
      '### Breaking changes',
      '',
      `- value "ARCHIVED" no longer accepted \`#/components/schemas/ProjectStatus/enum\` (\`request-enum-value-removed\`): [ProjectStatus](docs/schemas/ProjectStatus.md), ${LIST_PROJECTS}`,
      '',
      '### Additions',
      '',
      `- value "ARCHIVED" no longer returned \`#/components/schemas/ProjectStatus/enum\` (\`response-enum-value-removed\`): [ProjectStatus](docs/schemas/ProjectStatus.md), ${LIST_PROJECTS}`,
    ],
  },
  {
    name: 'an optional response property added (Project)',
    mutate: (spec: string) => edit(path.join(spec, 'components/schemas/Project.yaml'), '\nproperties:\n', '\nproperties:\n  colour:\n    type: string\n'),
    version: '1.1.0',
    counts: '1 additive',
    entry: ['### Additions', '', `- property "colour" added \`#/components/schemas/Project/properties/colour\` (\`response-property-added\`): [Project](docs/schemas/Project.md), ${LIST_PROJECTS}`],
  },
  {
    name: "a description edited (listProjects')",
    mutate: (spec: string) => edit(path.join(spec, 'paths/projects/projects.yaml'), 'Lists the projects of the organization.', "Lists the organization's projects."),
    version: '1.0.1',
    counts: '1 docs',
    entry: ['### Documentation', '', `- description changed \`#/paths/~1v1~1projects/get/description\` (\`description-changed\`): ${LIST_PROJECTS}`],
  },
];

describe('our spec, mutated by hand from its 1.0.0 release', () => {
  it('starts at 1.0.0 without a changelog', () => {
    expect(JSON.parse(readFileSync(path.join(baseline(), 'package.json'), 'utf8')).version).toBe('1.0.0');
    expect(existsSync(path.join(baseline(), 'CHANGELOG.md'))).toBe(false);
  });

  it.each(cases)('$name → $version', async ({ mutate, version, counts, entry }) => {
    const dir = copySpec(`spec-${version}`);
    mutate(path.join(dir, 'spec'));
    const out = path.join(work, `out-${version}`);
    cpSync(baseline(), out, { recursive: true });
    expect(await generate(dir, out)).toContain(`; version 1.0.0 → ${version} (${counts})\n`);
    expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).version).toBe(version);
    const changelog = readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8');
    // Not in git: the entry has no date.
    expect(changelog).toBe(`${BANNER}# Changelog\n\n## ${version}\n\n${entry.join('\n')}\n`);
    for (const target of [...changelog.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)) {
      const [file, anchor] = target.split('#');
      expect(existsSync(path.join(out, file!)), target).toBe(true);
      if (anchor !== undefined) expect(anchors(readFileSync(path.join(out, file!), 'utf8')), target).toContain(anchor);
    }
  }, 60_000);
});
