/**
 * Docs from the spec only (issue #9, deliverable 3), on our document, the fixtures and third-party
 * documents from `@readme/oas-examples`: each is generated in-process and its pages are written to
 * a temporary directory, then read as GitHub renders them. Every relative link resolves (file and
 * anchor), and a document that does not say something Partner-specific gets no such wording.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../../../../generator/generate.js';
import { BANNER_TEXT } from '../../../../generator/output/banner.js';
import { brokenLinks, pages, read } from '../../support/markdown-pages.js';
import { mockBinName } from '../../../../generator/emit/names.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const require = createRequire(import.meta.url);
const example = (doc: string) => require.resolve(`@readme/oas-examples/${doc}`);

/** Third-party documents: those of real-world.test.ts and a few that exercise security, servers and webhooks. */
const THIRD_PARTY = [
  '3.1/json/train-travel.json',
  '3.1/json/petstore.json',
  '3.1/json/webhooks.json',
  '3.1/json/security.json',
  '3.0/json/petstore.json',
  '3.0/json/uspto.json',
  '3.0/json/security.json',
  '3.0/json/security-multiple.json',
  '3.0/json/server-variables.json',
  '3.0/json/server-path-level.json',
  '3.0/json/petstore-simple-no-tags.json',
  '3.0/json/callbacks.json',
].map((doc) => ({ name: doc, spec: example(doc) }));

const FIXTURES = ['minimal/openapi.yaml', 'hostile-names/openapi.yaml', 'docs/openapi.yaml', 'docs/odd-records.yaml'].map((file) => ({
  name: `fixtures/${file}`,
  spec: path.join(ROOT, 'test', 'fixtures', file),
}));
const OURS = { name: 'spec/openapi.yaml', spec: path.join(ROOT, 'spec', 'openapi.yaml') };

/**
 * This API's wording, none of which a page may show unless the document itself contains it. The
 * package name (and the mock command named after it) is left out: it is an input of the generator
 * (`packageName`), not the document's.
 */
const PARTNER_PHRASES = [
  'apiKey',
  'apiSecret',
  'Partner',
  'partner',
  'source',
  'staging',
  'production',
  'identical paths',
  'Not shown',
  'not shown',
  'base address',
  'includeCount',
  'x-api-key',
  'createPartnerClient',
  'Recruitment',
];
const PACKAGE_NAME = 'partner-recruitment-client';

let work: string;
const docsDirs = new Map<string, Promise<string>>();

/** The docs folder of `spec`, generated once (in-process) into its own temporary directory. */
function docsOf(name: string, spec: string): Promise<string> {
  let pending = docsDirs.get(name);
  if (!pending) {
    pending = generate({ spec, validatorsInChild: false }).then(({ files }) => {
      const out = path.join(work, name.replace(/[^\w.-]+/g, '_'));
      for (const [file, content] of files) {
        if (!file.startsWith('docs/')) continue;
        mkdirSync(path.dirname(path.join(out, file)), { recursive: true });
        writeFileSync(path.join(out, file), content);
      }
      return path.join(out, 'docs');
    });
    docsDirs.set(name, pending);
  }
  return pending;
}

beforeAll(() => {
  work = mkdtempSync(path.join(os.tmpdir(), 'docs-links-'));
});

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

describe('every relative link of every generated page resolves', () => {
  it.each([OURS, ...FIXTURES, ...THIRD_PARTY].map((d) => [d.name, d.spec]))('%s', async (name, spec) => {
    const docs = await docsOf(name, spec);
    expect(pages(docs)).toContain('index.md');
    expect(brokenLinks(docs)).toEqual([]);
  });
});

describe("a document without this API's wording gets none", () => {
  it.each([...THIRD_PARTY, FIXTURES[0]!].map((d) => [d.name, d.spec]))('%s', async (name, spec) => {
    const source = readFileSync(spec, 'utf8');
    const absent = PARTNER_PHRASES.filter((phrase) => !source.includes(phrase));
    const docs = await docsOf(name, spec);
    const found: string[] = [];
    for (const page of pages(docs)) {
      const text = read(docs, page).replace(`<!-- ${BANNER_TEXT} -->`, '').replaceAll(PACKAGE_NAME, '').replaceAll(mockBinName(PACKAGE_NAME), '');
      for (const phrase of absent) if (text.includes(phrase)) found.push(`${page}: ${phrase}`);
    }
    expect(found).toEqual([]);
  });
});
