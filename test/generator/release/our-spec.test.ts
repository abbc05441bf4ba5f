/**
 * Releases of our spec, edited as a maintainer would: a copy of spec/ and redocly.yaml, plus a
 * small operation of the test's own (`listReleaseProbes`, its tag, schemas and path file, added to
 * the copy), generated once; then each edit of that probe regenerated from that release into a
 * copy of its output (on disk, outside git): a request enum value removed → a major version, an
 * optional response property added → a minor one, a description edited → a patch, each with a
 * matching CHANGELOG.md entry whose links resolve. The edits touch only what the test wrote, so a
 * legitimate edit of spec/ changes nothing here.
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDocument } from 'yaml';
import { BANNER_TEXT } from '../../../generator/output/banner.js';
import { runCli } from '../../../generator/cli/generate-command.js';
import { anchors } from '../support/markdown-pages.js';

const ROOT = path.join(import.meta.dirname, '..', '..', '..');
const BANNER = `<!-- ${BANNER_TEXT} -->\n\n`;

let work: string;
let base: [number, number, number];
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

const PROBE_TAG = 'Release probe';
const PROBE_PATH = '/v1/release-probes';

/** The probe's files, relative to the copy's `spec/`: an enum used by a query parameter and returned, and the operation. */
const PROBE_FILES: Record<string, string> = {
  'components/schemas/ReleaseProbeState.yaml': 'type: string\nenum: [FIRST, SECOND, THIRD]\n',
  'components/schemas/ReleaseProbe.yaml':
    'type: object\nrequired: [state]\nproperties:\n  state:\n    $ref: ./ReleaseProbeState.yaml\n  label:\n    type: string\n',
  'paths/release-probes.yaml': [
    'get:',
    '  operationId: listReleaseProbes',
    `  tags: [${PROBE_TAG}]`,
    '  summary: List release probes',
    '  description: Lists the probes of the release test.',
    '  parameters:',
    '    - name: state',
    '      in: query',
    '      required: false',
    '      schema:',
    '        $ref: ../components/schemas/ReleaseProbeState.yaml',
    '  responses:',
    "    '200':",
    '      description: The probe.',
    '      content:',
    '        application/json:',
    '          schema:',
    '            $ref: ../components/schemas/ReleaseProbe.yaml',
    '',
  ].join('\n'),
};

/** A fresh copy of our spec and redocly.yaml, with the probe added (its tag and path in the root document). */
function copySpec(name: string): string {
  const dir = path.join(work, name);
  cpSync(path.join(ROOT, 'spec'), path.join(dir, 'spec'), { recursive: true });
  cpSync(path.join(ROOT, 'redocly.yaml'), path.join(dir, 'redocly.yaml'));
  for (const [file, text] of Object.entries(PROBE_FILES)) writeFileSync(path.join(dir, 'spec', file), text);
  const root = path.join(dir, 'spec', 'openapi.yaml');
  const document = parseDocument(readFileSync(root, 'utf8'));
  document.addIn(['tags'], document.createNode({ name: PROBE_TAG, description: 'Added by the release test.' }));
  document.setIn(['paths', PROBE_PATH], document.createNode({ $ref: './paths/release-probes.yaml' }));
  writeFileSync(root, document.toString());
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
  const version = JSON.parse(readFileSync(path.join(baseline(), 'package.json'), 'utf8')).version as string;
  base = version.split('.').map(Number) as [number, number, number];
}, 60_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const LIST = '[listReleaseProbes](docs/operations/release-probe.md#listreleaseprobes)';
const STATE = '[ReleaseProbeState](docs/schemas/ReleaseProbeState.md)';

const cases = [
  {
    name: 'a request enum value removed (the probe state)',
    mutate: (spec: string) => edit(path.join(spec, 'components/schemas/ReleaseProbeState.yaml'), 'enum: [FIRST, SECOND, THIRD]', 'enum: [FIRST, THIRD]'),
    bump: 'major',
    counts: '1 breaking, 1 additive',
    entry: [
      '### Breaking changes',
      '',
      `- value "SECOND" no longer accepted \`#/components/schemas/ReleaseProbeState/enum\` (\`request-enum-value-removed\`): ${STATE}, ${LIST}`,
      '',
      '### Non-breaking changes',
      '',
      `- value "SECOND" no longer returned \`#/components/schemas/ReleaseProbeState/enum\` (\`response-enum-value-removed\`): ${STATE}, ${LIST}`,
    ],
  },
  {
    name: 'an optional response property added (the probe)',
    mutate: (spec: string) => edit(path.join(spec, 'components/schemas/ReleaseProbe.yaml'), '\nproperties:\n', '\nproperties:\n  colour:\n    type: string\n'),
    bump: 'minor',
    counts: '1 additive',
    entry: [
      '### Non-breaking changes',
      '',
      `- property "colour" added \`#/components/schemas/ReleaseProbe/properties/colour\` (\`response-property-added\`): [ReleaseProbe](docs/schemas/ReleaseProbe.md), ${LIST}`,
    ],
  },
  {
    name: "a description edited (the probe operation's)",
    mutate: (spec: string) => edit(path.join(spec, 'paths/release-probes.yaml'), 'Lists the probes of the release test.', "Lists the release test's probes."),
    bump: 'patch',
    counts: '1 docs',
    entry: ['### Documentation only', '', `- description changed \`#/paths/~1v1~1release-probes/get/description\` (\`description-changed\`): ${LIST}`],
  },
] as const;

/** The version after `bump` from the baseline's. */
function bumped(bump: 'major' | 'minor' | 'patch'): string {
  const [major, minor, patch] = base;
  return bump === 'major' ? `${major + 1}.0.0` : bump === 'minor' ? `${major}.${minor + 1}.0` : `${major}.${minor}.${patch + 1}`;
}

describe('our spec, edited by hand from its first release', () => {
  it('starts at the version info.version gives, without a changelog', () => {
    const info = parseDocument(readFileSync(path.join(ROOT, 'spec', 'openapi.yaml'), 'utf8')).getIn(['info', 'version']);
    expect(String(info)).toMatch(new RegExp(`^${base[0]}(\\.|$)`));
    expect(existsSync(path.join(baseline(), 'CHANGELOG.md'))).toBe(false);
  });

  it.each(cases)(
    '$name → a $bump version',
    async ({ name, mutate, bump, counts, entry }) => {
      const version = bumped(bump);
      const dir = copySpec(`spec-${bump}`);
      mutate(path.join(dir, 'spec'));
      const out = path.join(work, `out-${bump}`);
      cpSync(baseline(), out, { recursive: true });
      expect(await generate(dir, out), name).toContain(`; version ${base.join('.')} → ${version} (${counts})\n`);
      expect(JSON.parse(readFileSync(path.join(out, 'package.json'), 'utf8')).version).toBe(version);
      const changelog = readFileSync(path.join(out, 'CHANGELOG.md'), 'utf8');
      // Not in git: the entry has no date.
      expect(changelog).toBe(`${BANNER}# Changelog\n\n## ${version}\n\n${entry.join('\n')}\n`);
      for (const target of [...changelog.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!)) {
        const [file, anchor] = target.split('#');
        expect(existsSync(path.join(out, file!)), target).toBe(true);
        if (anchor !== undefined) expect(anchors(readFileSync(path.join(out, file!), 'utf8')), target).toContain(anchor);
      }
    },
    60_000,
  );
});
