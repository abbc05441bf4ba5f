/** Versions, changelog entries, and that every changelog link resolves to a page and anchor the docs emitter writes. */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { parse, stringify } from 'yaml';
import { firstVersion, nextVersion } from '../../../generator/release/version.js';
import { prependEntry, renderChangelogEntry } from '../../../generator/release/changelog.js';
import { planRelease } from '../../../generator/release/plan.js';
import { docsPages, type DocsLinks } from '../../../generator/emit/docs/docs.js';
import type { Change } from '../../../generator/release/changes.js';
import { generate } from '../../../generator/generate.js';
import { GenerationError } from '../../../generator/lib/problems.js';
import { loadSpec } from '../../../generator/load/load.js';
import { buildModel } from '../../../generator/model/model.js';
import { anchors } from '../support/markdown-pages.js';

const FIXTURE = path.join(import.meta.dirname, '..', '..', 'fixtures', 'release', 'spec', 'openapi.yaml');

const change = (level: Change['level'], rule: string, pointer: string, operation?: string): Change => ({
  level,
  rule,
  pointer,
  ...(operation && { operation }),
  message: `${rule} here`,
});

describe('nextVersion', () => {
  it.each([
    ['1.0.0', [change('breaking', 'r', '/a'), change('docs', 'd', '/b')], '2.0.0'],
    ['1.4.2', [change('additive', 'r', '/a'), change('docs', 'd', '/b')], '1.5.0'],
    ['1.4.2', [change('docs', 'd', '/b')], '1.4.3'],
    ['1.4.2', [], '1.4.2'],
    [undefined, [change('breaking', 'r', '/a')], '1.0.0'],
    // Up to Number.MAX_SAFE_INTEGER, the largest number npm accepts in a version.
    ['9007199254740991.0.0', [change('additive', 'r', '/a')], '9007199254740991.1.0'],
    ['1.2.9007199254740991', [change('breaking', 'r', '/a')], '2.0.0'],
  ] as const)('%s with %j → %s', (previous, changes, want) => {
    expect(nextVersion(previous, [...changes])).toBe(want);
  });

  it('refuses a version it cannot move, naming it, and keeps one it need not move', () => {
    expect(() => nextVersion('1.0', [change('docs', 'd', '/b')])).toThrow(/expected MAJOR.MINOR.PATCH, found "1.0"/);
    for (const previous of ['1.0.0-beta.1', 'v1.2.3', '1.2.3+build'])
      expect(() => nextVersion(previous, [change('docs', 'd', '/b')])).toThrow(/not a release version/);
    expect(nextVersion('1.0.0-beta.1', [])).toBe('1.0.0-beta.1');
  });

  /** The located problem `nextVersion` refuses with. */
  const refusal = (previous: string, changes: Change[]) => {
    try {
      nextVersion(previous, changes);
    } catch (error) {
      expect(error).toBeInstanceOf(GenerationError);
      return (error as GenerationError).problems;
    }
    throw new Error(`${previous} was not refused`);
  };

  // npm refuses a version with a number above 2^53 − 1 (Number.MAX_SAFE_INTEGER): none is moved on or written.
  it.each([
    [
      '9007199254740993.0.0',
      [change('breaking', 'r', '/a')],
      /expected MAJOR\.MINOR\.PATCH, each number at most 9007199254740991 .*found "9007199254740993\.0\.0"/,
    ],
    ['999999999999999999999.0.0', [change('docs', 'd', '/b')], /each number at most 9007199254740991 .*found "999999999999999999999\.0\.0"/],
    ['1.18446744073709551615.7', [change('additive', 'r', '/a')], /each number at most 9007199254740991 .*found "1\.18446744073709551615\.7"/],
    // Valid before, not after: the next version would pass the limit.
    [
      '9007199254740991.0.0',
      [change('breaking', 'r', '/a')],
      /"9007199254740991\.0\.0" moved by its breaking changes would be "9007199254740992\.0\.0": expected each number at most 9007199254740991/,
    ],
    ['1.9007199254740991.0', [change('additive', 'r', '/a')], /would be "1\.9007199254740992\.0"/],
    ['1.2.9007199254740991', [change('docs', 'd', '/b')], /would be "1\.2\.9007199254740992"/],
    // Not moved, and not written back either.
    ['9007199254740993.0.0', [], /expected a semantic version, each number at most 9007199254740991 .*found "9007199254740993\.0\.0"/],
    ['banana', [], /expected a semantic version, .*found "banana"/],
  ] as const)('refuses %s with %j, located at /version', (previous, changes, message) => {
    const problems = refusal(previous, [...changes]);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.pointer).toBe('/version');
    expect(problems[0]!.message).toMatch(message);
  });
});

describe('firstVersion', () => {
  it.each([
    ['1.0.0', '1.0.0'],
    ['23.0.2', '23.0.2'],
    ['2.1', '2.1.0'],
    ['1', '1.0.0'],
    ['v3.2.1', '3.2.1'],
    ['2.0.0-rc.1', '2.0.0'],
    ['2024-05-01', '2024.0.0'],
    ['1.2.3.4', '1.0.0'],
    ['latest', '1.0.0'],
    ['', '1.0.0'],
    ['v3', '3.0.0'],
    ['007.01', '7.1.0'],
    // Only at the start: semver.coerce would find 2.0.0.
    ['release 2', '1.0.0'],
    ['9007199254740991', '9007199254740991.0.0'],
  ])('info.version %j → %s', (info, want) => {
    expect(firstVersion(info)).toBe(want);
  });

  // npm refuses a number above 2^53 − 1: refused at /info/version rather than written (or read as 1.0.0).
  it.each([
    '9007199254740992',
    '9007199254740993.0.0',
    '999999999999999999999.0.0',
    '1.9007199254740992',
    '2.0.99999999999999999999-rc.1',
    '99999999999999999999.9007199254740993',
  ])('refuses info.version %j, located', (info) => {
    expect(() => firstVersion(info)).toThrow(GenerationError);
    expect(() => firstVersion(info)).toThrow(
      /info\.version gives a package version npm refuses:\n {2}#\/info\/version: .*expected each number at most 9007199254740991/,
    );
  });

  it('refuses it at the line of info.version in the spec when generating', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'release-info-version-'));
    try {
      cpSync(path.dirname(FIXTURE), dir, { recursive: true });
      const spec = path.join(dir, 'openapi.yaml');
      const source = readFileSync(spec, 'utf8');
      const line = source.split('\n').findIndex((l) => /^\s+version:/.test(l)) + 1;
      expect(line).toBeGreaterThan(0);
      writeFileSync(spec, source.replace(/^(\s+version:).*$/m, "$1 '999999999999999999999.0.0'"));
      const error = await generate({ spec }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(GenerationError);
      const [problem, ...others] = (error as GenerationError).problems;
      expect(others).toEqual([]);
      expect(problem).toMatchObject({ line, pointer: '/info/version' });
      expect(path.resolve(problem!.file!)).toBe(spec);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

const links: DocsLinks = {
  operation: (id) => (id === 'gone' ? undefined : `docs/operations/items.md#${id.toLowerCase()}`),
  schema: (name) => `docs/schemas/${name}.md`,
  webhook: (name) => `docs/webhooks.md#${name}`,
  servers: 'docs/index.md#environments',
};

describe('renderChangelogEntry', () => {
  const changes = [
    change('breaking', 'request-enum-value-removed', '/components/schemas/Status/enum', 'listItems'),
    change('breaking', 'request-enum-value-removed', '/components/schemas/Status/enum', 'createItem'),
    change('breaking', 'operation-removed', '/paths/~1old/get', 'gone'),
    change('docs', 'description-changed', '/info/description'),
  ];

  it('groups by level, one line per change with its schema and operations linked', () => {
    expect(renderChangelogEntry('2.0.0', '2026-01-02', changes, links)).toBe(
      [
        '## 2.0.0 (2026-01-02)',
        '',
        '### Breaking changes',
        '',
        '- request-enum-value-removed here `#/components/schemas/Status/enum` (`request-enum-value-removed`): [Status](docs/schemas/Status.md), [createItem](docs/operations/items.md#createitem), [listItems](docs/operations/items.md#listitems)',
        '- operation-removed here `#/paths/~1old/get` (`operation-removed`): `gone`',
        '',
        '### Documentation only',
        '',
        '- description-changed here `#/info/description` (`description-changed`)',
        '',
      ].join('\n'),
    );
  });

  it('links a webhook change to its section of the webhooks page, a server change to the environments', () => {
    const entry = renderChangelogEntry(
      '2.0.0',
      undefined,
      [
        { ...change('breaking', 'response-property-removed', '/components/schemas/Item/properties/id', 'onItemCreated'), webhook: 'item.created' },
        change('breaking', 'server-url-changed', '/servers/0/url'),
      ],
      links,
    );
    expect(entry).toContain('(`response-property-removed`): [Item](docs/schemas/Item.md), [onItemCreated](docs/webhooks.md#item.created)\n');
    expect(entry).toContain('(`server-url-changed`): [servers](docs/index.md#environments)\n');
  });

  it('omits the date when there is none, and is the same for the same input', () => {
    const entry = renderChangelogEntry('1.0.1', undefined, changes.slice(3), links);
    expect(entry.split('\n')[0]).toBe('## 1.0.1');
    expect(renderChangelogEntry('1.0.1', undefined, [...changes.slice(3)], links)).toBe(entry);
  });

  it('escapes Markdown in messages from the document', () => {
    const entry = renderChangelogEntry('1.0.1', undefined, [{ ...change('docs', 'd', '/x'), message: 'value "[a](http://x)" <b>' }], links);
    expect(entry).not.toContain('[a](http://x)');
    expect(entry).not.toContain('<b>');
  });

  it('puts the newest entry first', () => {
    const first = prependEntry(undefined, '## 1.0.1\n');
    expect(first).toBe('# Changelog\n\n## 1.0.1\n');
    expect(prependEntry(first, '## 1.1.0\n')).toBe('# Changelog\n\n## 1.1.0\n\n## 1.0.1\n');
  });

  it('keeps one title, whatever titles earlier releases left among the entries', () => {
    const stale = '# Changelog\n\n## 1.1.0\n\n# Changelog\n\n## 1.0.1\n';
    expect(prependEntry(stale, '## 1.2.0\n')).toBe('# Changelog\n\n## 1.2.0\n\n## 1.1.0\n\n## 1.0.1\n');
    expect(prependEntry(stale, '')).toBe('# Changelog\n\n## 1.1.0\n\n## 1.0.1\n');
  });
});

describe('planRelease', () => {
  it('changes nothing when the document did not change, and starts at 1.0.0', async () => {
    const { document } = await loadSpec(FIXTURE);
    const date = vi.fn(() => '2026-01-02');
    const input = {
      previousDocument: document,
      previousVersion: '1.2.3',
      previousChangelog: '# Changelog\n\n## 1.2.3\n',
      nextDocument: structuredClone(document),
      firstVersion: '1.0.0',
      date,
      links,
    };
    expect(planRelease(input)).toEqual({ previousVersion: '1.2.3', version: '1.2.3', changelog: '# Changelog\n\n## 1.2.3\n', changes: [] });
    expect(planRelease({ ...input, previousDocument: undefined, previousVersion: undefined, previousChangelog: undefined })).toEqual({
      previousVersion: undefined,
      version: '1.0.0',
      changelog: undefined,
      changes: [],
    });
    // A previous package without a bundle to compare with (generated before releases) keeps its version.
    expect(planRelease({ ...input, previousDocument: undefined, previousChangelog: undefined }).version).toBe('1.2.3');
    expect(date).not.toHaveBeenCalled();
  });

  // The fixture with a webhook, so webhook changes have a section to link to.
  const withWebhook = mkdtempSync(path.join(os.tmpdir(), 'release-links-'));
  afterAll(() => rmSync(withWebhook, { recursive: true, force: true }));

  it("links every change to a page and anchor of the generated package's docs", async () => {
    cpSync(path.dirname(FIXTURE), withWebhook, { recursive: true });
    const spec = path.join(withWebhook, 'openapi.yaml');
    const source = parse(readFileSync(spec, 'utf8'));
    const payload = { content: { 'application/json': { schema: { $ref: './schemas/Item.yaml' } } } };
    source.webhooks = {
      'item.created': {
        post: { operationId: 'onItemCreated', summary: 'An item was created', requestBody: payload, responses: { '200': { description: 'Acknowledged.' } } },
      },
    };
    writeFileSync(spec, stringify(source));
    const { document: previous } = await loadSpec(spec);
    const next = structuredClone(previous) as Record<string, any>;
    const schemas = next.components.schemas;
    schemas.Status.enum.pop(); // through listItems' parameter and createItem's body
    schemas.Item.properties.color = { type: 'string' };
    schemas.Tree.properties.value.maxLength = 3; // response only: additive
    next.paths['/items'].get.summary = 'All the items';
    next.webhooks['item.created'].post.summary = 'An item exists';
    next.servers[0].url = 'https://staging.example/v2';
    const { files } = await generate({ spec });
    const release = planRelease({
      previousDocument: previous,
      previousVersion: '1.0.0',
      previousChangelog: undefined,
      nextDocument: next,
      firstVersion: '1.0.0',
      date: () => undefined,
      links: docsPages(buildModel(next as never)),
    });
    expect(release.version).toBe('2.0.0');
    const targets = [...release.changelog!.matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1]!);
    expect(targets.length).toBeGreaterThanOrEqual(4);
    for (const target of targets) {
      const [file, anchor] = target.split('#');
      expect(files.has(file!), target).toBe(true);
      if (anchor !== undefined) expect(anchors(files.get(file!)!), target).toContain(anchor);
    }
    expect(targets).toEqual(
      expect.arrayContaining([
        'docs/schemas/Status.md',
        'docs/operations/items.md#listitems',
        'docs/operations/items.md#createitem',
        'docs/schemas/Tree.md',
        'docs/webhooks.md#itemcreated',
        'docs/index.md#environments',
      ]),
    );
  });
});
