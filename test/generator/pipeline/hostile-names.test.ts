/**
 * Hostile names, titles and texts through the generator (issue #8 items 1, 4, 5, 7, 8, 9, 10):
 * test/fixtures/hostile-names/openapi.yaml is generated once into a temporary directory and every
 * page is read as a code host renders it (markdown-it with raw HTML, as GitHub).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { generateInto, typeCheck } from '../support/generate-and-check.js';
import { brokenLinks, headings, pages, read, tables, unsafeHtml } from '../support/markdown-pages.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');
const FIXTURE = path.join(ROOT, 'test', 'fixtures', 'hostile-names', 'openapi.yaml');

/** What a heading shows for a name: line breaks and other controls become spaces. */
const shown = (name: string) => name.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();

type Json = Record<string, any>;
const document = parse(readFileSync(FIXTURE, 'utf8')) as Json;
const operationIds: string[] = Object.values<Json>(document.paths).flatMap((item) => Object.values<Json>(item).map((op) => op.operationId));

let work: string;
let out: string;
let docs: string;
let run: { code: number | undefined; output: string };

beforeAll(async () => {
  work = mkdtempSync(path.join(os.tmpdir(), 'hostile-names-'));
  out = path.join(work, 'out');
  docs = path.join(out, 'docs');
  run = await generateInto(FIXTURE, out);
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('a document with hostile names', () => {
  it('generates (exit 0) and writes nothing beside --out', () => {
    expect(run.code, run.output).toBe(0);
    expect(readdirSync(work)).toEqual(['out']);
  });

  it('names every page with a safe slug, unique case-insensitively, ordinary names kept', () => {
    const files = pages(docs);
    for (const file of files) expect(path.basename(file), file).toMatch(/^[\p{L}\p{N}_][\p{L}\p{N}_.-]*\.md$/u);
    const lower = files.map((f) => f.toLowerCase());
    expect(new Set(lower).size).toBe(lower.length);
    expect(files).toEqual(
      expect.arrayContaining([
        'schemas/tmp-x.md',
        'schemas/X_y.md',
        'schemas/X_Y-2.md',
        'schemas/index-2.md',
        'schemas/CON-2.md',
        'schemas/__proto__.md',
        'schemas/Tree.md',
      ]),
    );
    expect(files).toEqual(expect.arrayContaining(['operations/users.md', 'operations/users-2.md', 'operations/users-3.md']));
  });

  it('puts every operation on exactly one tag page (Users, users, users! are three pages)', () => {
    const listed = pages(docs)
      .filter((f) => f.startsWith('operations/'))
      .flatMap((f) =>
        headings(read(docs, f))
          .filter((h) => h.level === 2)
          .map((h) => h.text),
      );
    expect(listed.sort()).toEqual(operationIds.map(shown).sort());
  });

  it('resolves every internal link and anchor with the same name mapping', () => {
    expect(brokenLinks(docs)).toEqual([]);
  });

  it('renders no script, event handler, javascript: URL or element outside the allowlist', () => {
    const found = pages(docs).flatMap((page) => unsafeHtml(read(docs, page)).map((tag) => `${page}: ${tag}`));
    expect(found).toEqual([]);
    // The allowlisted inline HTML of a description stays.
    expect(read(docs, 'index.md')).toContain('<b>bold</b>');
    expect(read(docs, 'index.md')).toContain('<a href="https://example.com">good</a>');
  });

  it('adds no heading: each page has its title, its operations or webhooks, and the template sections', () => {
    const OPERATION_PARTS = new Set(['Parameters', 'Request body', 'Responses', 'Validators', 'Calls']);
    const sections = new Set([
      'Contents',
      'Operations',
      'Schemas',
      'Webhook events',
      'Server variables',
      'Authentication',
      'Environments and rate limits',
      'Pagination',
      'Versioning',
      'Errors',
      'Fields',
      'Values',
      'Variants',
      'Rules',
      'Example',
      'Used by',
      // docs/mock.md's fixed sections (no value from the document goes into them)
      'Where it runs',
      'Options of createMockApi',
      'What it answers',
      'Query parameters',
      'Overrides, faults, reset',
      'CORS',
      'Where the data comes from',
      'Identifiers',
    ]);
    for (const page of pages(docs)) {
      const [title, ...rest] = headings(read(docs, page));
      expect(title?.level, page).toBe(1);
      if (page.startsWith('operations/')) {
        // Their h2 are the operations (checked above), h3 an operation's parts, h4 the document's examples.
        expect(rest.filter((h) => h.level === 3 && !OPERATION_PARTS.has(h.text)).map((h) => h.text)).toEqual([]);
        expect(rest.filter((h) => h.level === 4 && !h.text.startsWith('Example ')).map((h) => h.text)).toEqual([]);
        expect(rest.every((h) => h.level >= 2 && h.level <= 4)).toBe(true);
        continue;
      }
      expect(rest.every((h) => h.level === 2 || h.level === 3)).toBe(true);
      const texts = rest.map((h) => h.text);
      const webhooks = page === 'webhooks.md' ? Object.keys(document.webhooks).map(shown) : [];
      expect(
        texts.filter((t) => !sections.has(t) && !webhooks.includes(t)),
        page,
      ).toEqual([]);
    }
    expect(headings(read(docs, 'index.md'))[0]!.text).toBe(`${shown(document.info.title)} reference`);
  });

  it('keeps every table row at the header column count', () => {
    for (const page of pages(docs)) {
      for (const table of tables(read(docs, page))) expect(table.lines, page).toEqual(table.lines.map(() => table.header));
    }
    const user = tables(read(docs, 'schemas/User.md'))[0]!;
    expect(user.rows).toBe(Object.keys(document.components.schemas.User.properties).length);
  });

  it('lists __proto__, constructor and toString as fields, schemas and operations', () => {
    expect(read(docs, 'schemas/User.md')).toMatch(/^\| `__proto__` \|.*\n\| `constructor` \|.*\n\| `toString` \|/m);
    expect(read(docs, 'schemas/constructor.md')).toMatch(/^\| `__proto__` \| string \| yes \|/m);
    expect(headings(read(docs, 'schemas/__proto__.md'))[0]!.text).toBe('__proto__');
  });

  it('closes a description left inside a code fence, and makes fences longer than the backticks inside', () => {
    const index = read(docs, 'index.md');
    expect(index).toMatch(/an unclosed fence <script>alert\(1\)<\/script>\n```\n/);
    expect(headings(index).map((h) => h.text)).toContain('Authentication');
    expect(read(docs, 'operations/scriptalert1script.md')).toMatch(/^````ts\n[\s\S]*"a`b```c"[\s\S]*\n````$/m);
  });

  it('type-checks under strict (recursive schemas, list#things, __proto__)', async () => {
    expect(run.code, run.output).toBe(0);
    expect(await typeCheck(out)).toBe('');
    const schema = readFileSync(path.join(out, 'src', 'schema.ts'), 'utf8');
    expect(schema).toContain('Tree: unknown[];');
    expect(schema).toMatch(/Node: \{\s*children\?: components\["schemas"\]\["Node"\]\[\];/);
  });

  it('defines the __proto__ environment as a property, not as the prototype', async () => {
    const { environments } = (await import(pathToFileURL(path.join(out, 'dist', 'index.js')).href)) as { environments: object };
    expect(Object.getPrototypeOf(environments)).toBe(Object.prototype);
    expect(Object.keys(environments)).toEqual(['__proto__', '<img src=x onerror=alert(1)>', 'constructor']);
    expect(Object.getOwnPropertyDescriptor(environments, '<img src=x onerror=alert(1)>')?.value).toEqual({
      requestsPerSecond: 0.5,
      burst: 10,
      dailyQuota: 1000,
    });
  });

  it('gives the same bytes for the same document', async () => {
    const again = path.join(os.tmpdir(), `${path.basename(work)}-again`);
    try {
      expect((await generateInto(FIXTURE, again)).code).toBe(0);
      for (const page of pages(docs)) expect(read(path.join(again, 'docs'), page), page).toBe(read(docs, page));
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});

describe('x-rate-limit', () => {
  const spec = (limit: string) => `openapi: 3.1.0
info: { title: Limits, version: '1' }
servers:
  - url: https://api.invalid
    x-environment: staging
    x-rate-limit: ${limit}
paths: {}
`;

  it.each([
    ['zero rate', '{ requestsPerSecond: 0, burst: 1, dailyQuota: 1 }', 'requestsPerSecond: must be a positive number'],
    ['negative rate', '{ requestsPerSecond: -5, burst: 1, dailyQuota: 1 }', 'requestsPerSecond: must be a positive number'],
    ['NaN rate', '{ requestsPerSecond: .nan, burst: 1, dailyQuota: 1 }', 'requestsPerSecond: must be a positive number'],
    ['infinite rate', '{ requestsPerSecond: .inf, burst: 1, dailyQuota: 1 }', 'requestsPerSecond: must be a positive number'],
    ['string rate', "{ requestsPerSecond: '50', burst: 1, dailyQuota: 1 }", 'requestsPerSecond: must be a positive number'],
    ['fractional burst', '{ requestsPerSecond: 1, burst: 1.5, dailyQuota: 1 }', 'burst: must be a positive integer'],
    ['zero quota', '{ requestsPerSecond: 1, burst: 1, dailyQuota: 0 }', 'dailyQuota: must be a positive integer'],
    ['not an object', '50', 'x-rate-limit: must be an object'],
  ])('refuses a %s with a located error', async (_name, limit, message) => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'rate-limit-'));
    try {
      writeFileSync(path.join(dir, 'openapi.yaml'), spec(limit));
      const result = await generateInto(path.join(dir, 'openapi.yaml'), path.join(dir, 'out'));
      expect(result.code, result.output).toBe(1);
      expect(result.output).toMatch(new RegExp(`openapi\\.yaml:6:\\d+ #/servers/0/x-rate-limit[^:]*: ${message.split(': ')[1]}`));
      expect(result.output).toContain(message);
      expect(result.output).not.toMatch(/^\s+at /m);
      expect(existsSync(path.join(dir, 'out'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('$ref fragments', () => {
  it('refuses a bare "%" with a located error instead of crashing the type generator', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'bad-ref-'));
    try {
      const spec = {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {
          '/p': { get: { responses: { '200': { description: 'd', content: { 'application/json': { schema: { $ref: '#/components/schemas/100%' } } } } } } },
        },
        components: { schemas: { '100%': { type: 'object' } } },
      };
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec, null, 2));
      const result = await generateInto(path.join(dir, 'openapi.json'), path.join(dir, 'out'));
      expect(result.code, result.output).toBe(1);
      expect(result.output).toMatch(
        /openapi\.json:\d+:\d+ #\/paths\/~1p\/get\/responses\/200\/content\/application~1json\/schema\/\$ref: is not a URI fragment/,
      );
      expect(result.output).not.toMatch(/unexpectedly|^\s+at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('a "%" in a name', () => {
  it('is refused, located, where openapi-typescript cannot decode it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'percent-name-'));
    try {
      const spec = {
        openapi: '3.1.0',
        info: { title: 't', version: '1' },
        paths: {},
        components: { schemas: { '50% off': { type: 'object', properties: { id: { type: 'string' } } } } },
      };
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(spec, null, 2));
      const result = await generateInto(path.join(dir, 'openapi.json'), path.join(dir, 'out'));
      expect(result.code, result.output).toBe(1);
      expect(result.output).toMatch(/openapi\.json:\d+:\d+ #\/components\/schemas\/50% off: a "%" in a name must start a percent-encoding/);
      expect(result.output).not.toMatch(/unexpectedly|^\s+at /m);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
