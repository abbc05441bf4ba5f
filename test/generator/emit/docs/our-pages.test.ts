/** The committed reference pages of our own document: complete, linked, and as rich as the document allows. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { brokenLinks, headings, pages, read } from '../../support/markdown-pages.js';

const docsDir = path.resolve(import.meta.dirname, '../../../../generated/docs');
const all = pages(docsDir);

describe('generated docs', () => {
  it('has an index, a page per tag, a page per schema and the webhooks page', () => {
    expect(all).toContain('index.md');
    expect(all).toContain('webhooks.md');
    expect(all).toContain('schemas/Project.md');
    expect(all).toContain('operations/projects.md');
    expect(all.filter((f) => f.startsWith('operations/'))).toHaveLength(11);
  });

  it('every internal link and anchor resolves', () => {
    expect(brokenLinks(docsDir)).toEqual([]);
  });

  it('shows gaps as callouts and every enum value of a schema', () => {
    const country = read(docsDir, 'schemas/ProjectCountryCode.md');
    expect(country.match(/^- `[A-Za-z]+`$/gm)).toHaveLength(222);
    const skill = read(docsDir, 'operations/projects.md');
    expect(skill).toContain('> **Not shown in the source:** Request and response shapes, parameters and behavior not shown.');
    const project = read(docsDir, 'schemas/Project.md');
    expect(project).toMatch(/~~`ndaType`~~ .* \*\*Deprecated\.\*\*/);
    expect(project).toContain('When `typeOfResearch` is `inPerson`: requires `targetLocationRespondentInPerson`');
  });

  it("the index has every section our document's x- extensions and standard fields give", () => {
    const index = read(docsDir, 'index.md');
    expect(headings(index).filter((h) => h.level === 2).map((h) => h.text)).toEqual([
      'Contents',
      'Authentication',
      'Environments and rate limits',
      'Pagination',
      'Versioning',
      'Errors',
      'Operations without a path',
      'Deprecation hints',
      'What the source does not show',
    ]);
    expect(index).toContain('it requires `apiKey` and `apiSecret`.');
    expect(index).toContain('| apiKey | `apiKey` | header `x-api-key` | `apiKey` (string) |');
    expect(index).toContain('| apiSecret | `apiKey` | header `x-api-secret` | `apiSecret` (string) |');
    expect(index).toMatch(/^\| staging \| `\{staging_base_url\}` \| .* \| 50 \| 100 \| 200000 \|$/m);
    expect(index).toMatch(/^\| production \| `\{production_base_url\}` \| .* \| 250 \| 500 \| 1000000 \|$/m);
    expect(index).toContain('_Not shown: Staging base address not shown._');
    // As the client's types say: neither URL is complete, so baseUrl is required and serverVariables not offered.
    expect(index).toContain('No server URL is complete with its defaults, so the client needs the whole address as `baseUrl`.');
    expect(index).not.toContain('`serverVariables` option');
    expect(index).toContain('- [listProjects](operations/projects.md#listprojects): `GET /v1/projects` → [ProjectList](schemas/ProjectList.md)');
    expect(index).toContain('- Every path carries the version prefix `/v1`.');
  });
});
