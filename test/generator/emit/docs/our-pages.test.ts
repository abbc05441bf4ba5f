/**
 * The committed reference pages of our own document: complete, linked, and as rich as the document
 * allows. Pages are read as what they state (support/markdown-pages.ts `pageView`), and the facts
 * compared with the bundled document shipped beside them (generated/openapi.json).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, pages, pageView, read } from '../../support/markdown-pages.js';

const generatedDir = path.resolve(import.meta.dirname, '../../../../generated');
const docsDir = path.join(generatedDir, 'docs');
const all = pages(docsDir);
const doc = JSON.parse(readFileSync(path.join(generatedDir, 'openapi.json'), 'utf8')) as {
  servers: { 'x-environment': string; variables: Record<string, { 'x-source-gap'?: string }> }[];
  paths: Record<string, Record<string, { tags?: string[] }>>;
};
/** The tags the document's operations are filed under (each operation's first, `default` without one): a page each. */
const operationTags = new Set(
  Object.values(doc.paths).flatMap((item) =>
    Object.entries(item)
      .filter(([method]) => ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'].includes(method))
      .map(([, op]) => op.tags?.[0] ?? 'default'),
  ),
);
/** Whether `codes` holds `run` as consecutive entries. */
const holds = (codes: string[], run: string[]) => codes.some((_, i) => run.every((c, j) => codes[i + j] === c));

describe('generated docs', () => {
  it('has an index, a page per tag, a page per schema and the webhooks page', () => {
    expect(all).toContain('index.md');
    expect(all).toContain('webhooks.md');
    expect(all).toContain('schemas/Project.md');
    expect(all).toContain('operations/projects.md');
    // Counted from the document, so an operation under a new tag adds its page here too.
    expect(all.filter((f) => f.startsWith('operations/'))).toHaveLength(operationTags.size);
  });

  it('every internal link and anchor resolves', () => {
    expect(brokenLinks(docsDir)).toEqual([]);
  });

  it('shows gaps as callouts and every enum value of a schema', () => {
    const country = read(docsDir, 'schemas/ProjectCountryCode.md');
    expect(country.match(/^- `[A-Za-z]+`$/gm)).toHaveLength(222);
    const projects = pageView(read(docsDir, 'operations/projects.md'));
    expect(projects.gaps).toContain('Request and response shapes, parameters and behavior not shown.');
    const project = read(docsDir, 'schemas/Project.md');
    expect(project).toMatch(/\| ~~`ndaType`~~ \|/);
    expect(project).toMatch(/^- `ndaType`: \*\*Deprecated\.\*\*/m);
    // The conditional rule names the condition (typeOfResearch, inPerson) and then what it requires.
    const blocks = pageView(project).sections.flatMap((s) => s.blocks);
    expect(blocks.some((b) => holds(b.codes, ['typeOfResearch', 'inPerson', 'targetLocationRespondentInPerson']))).toBe(true);
  });

  it("the index has every section our document's x- extensions and standard fields give", () => {
    const index = pageView(read(docsDir, 'index.md'));
    expect(index.sections.filter((s) => s.level === 2).map((s) => s.heading)).toEqual([
      'Contents',
      'Operations',
      'Schemas',
      'Webhook events',
      'Authentication',
      'Environments and rate limits',
      'Pagination',
      'Versioning',
      'Errors',
      'Operations without a path',
      'Deprecation hints',
      'What the source does not show',
    ]);
    // One set of credentials, both keys, and no alternatives.
    const auth = index.section('Authentication');
    expect(auth.items).toEqual([]);
    expect(auth.blocks[0]!.codes).toEqual(['apiKey', 'apiSecret']);
    expect(index.row('Authentication', 'Scheme', 'apiKey')).toMatchObject({
      Kind: 'apiKey',
      'Sent in': 'header x-api-key',
      'Client option': 'apiKey (string)',
    });
    expect(index.row('Authentication', 'Scheme', 'apiSecret')).toMatchObject({
      Kind: 'apiKey',
      'Sent in': 'header x-api-secret',
      'Client option': 'apiSecret (string)',
    });
    const limits = (Environment: string) => {
      const { URL, 'Requests per second': rps, Burst, 'Daily quota': quota } = index.row('Environments and rate limits', 'Environment', Environment);
      return [URL, rps, Burst, quota];
    };
    expect(limits('staging')).toEqual(['{staging_base_url}', '50', '100', '200000']);
    expect(limits('production')).toEqual(['{production_base_url}', '250', '500', '1000000']);
    const staging = doc.servers.find((s) => s['x-environment'] === 'staging')!;
    expect(index.gaps).toContain(staging.variables.staging_base_url!['x-source-gap']);
    // As the client's types say: neither URL is complete, so baseUrl is required and serverVariables not offered.
    const environments = index.section('Environments and rate limits');
    expect(environments.blocks.at(-1)!.codes).toEqual(['baseUrl']);
    expect(environments.codes).not.toContain('serverVariables');
    const pagination = index.section('Pagination');
    expect(pagination.items).toContain('listProjects: GET /v1/projects → ProjectList');
    expect(pagination.links).toEqual(
      expect.arrayContaining([
        { text: 'listProjects', href: 'operations/projects.md#listprojects' },
        { text: 'ProjectList', href: 'schemas/ProjectList.md' },
      ]),
    );
    expect(index.section('Versioning').blocks[0]!.codes).toEqual(['/v1']);
  });
});
