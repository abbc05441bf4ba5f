/**
 * Each index section, and the per-operation notes, say what the document says and nothing else:
 * test/fixtures/docs states security alternatives, servers with variables, `x-` records and gaps;
 * test/fixtures/minimal states almost nothing, so its pages leave those sections out; odd-records.yaml
 * gives `x-` records of the wrong shape.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { emitDocs } from '../../../../generator/emit/docs/docs.js';
import { DEFAULT_PACKAGE_NAME } from '../../../../generator/emit/package/package.js';
import { headings } from '../../support/markdown-pages.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const TEMPLATES = path.join(ROOT, 'templates');

async function docsFor(fixture: string, packageName = DEFAULT_PACKAGE_NAME): Promise<Map<string, string>> {
  const loaded = await loadSpec(path.join(ROOT, 'test', 'fixtures', fixture));
  const model = buildModel(loaded.document);
  return emitDocs(model, TEMPLATES, emitValidators(model).entries, { packageName });
}

const page = (files: Map<string, string>, name: string) => {
  const text = files.get(`docs/${name}`);
  if (text === undefined) throw new Error(`no page ${name}: ${[...files.keys()].join(', ')}`);
  return text;
};

describe('the index of a document that states every section', async () => {
  const files = await docsFor('docs/openapi.yaml', 'items-client');
  const index = page(files, 'index.md');

  it('lists exactly the sections the document gives, in the contents line too', () => {
    const sections = headings(index).filter((h) => h.level === 2).map((h) => h.text);
    expect(sections).toEqual(['Contents', 'Authentication', 'Environments and rate limits', 'Pagination', 'Versioning', 'Errors', 'What the source does not show']);
    expect(index).toContain('- [Authentication](#authentication) · [Environments and rate limits](#environments-and-rate-limits) · [Pagination](#pagination)');
  });

  it('describes the requirements as alternatives and each scheme by kind, location and client option', () => {
    expect(index).toContain('it requires one of these sets of credentials:\n\n- `bearerAuth`\n- `client_id` and `client_secret`\n');
    expect(index).toContain('| bearerAuth | `http` `bearer` (JWT) | header `Authorization: Bearer …` | `bearerAuth` (a token, or a function returning one) |  |');
    expect(index).toContain('| client_id | `apiKey` | query parameter `cid` | `clientId` (string) |  |');
    expect(index).toContain('| client_secret | `apiKey` | cookie `secret` | `clientSecret` (string) |  |');
    expect(index).toContain('| login | `http` `basic` | header `Authorization: Basic …` | `login` (`{ username, password }`) | Name and password. |');
    expect(index).toContain('| oauth | `oauth2`, flows `clientCredentials` | header `Authorization: Bearer …` | `oauth` (a token, or a function returning one) |  |');
    // The client's rule for a name it uses itself, and a scheme that has no option.
    expect(index).toContain('| fetch | `http` `Digest` | header `Authorization: Digest …` | `credentialFetch` (string) |  |');
    expect(index).toContain('| tls | `mutualTLS` | TLS: a client certificate your `fetch` presents |  |  |');
  });

  it('prints server URLs as written, with variables, defaults, enums and only the gaps the document marks', () => {
    expect(index).toContain('| live | `https://{region}.api.invalid/v2` | The live service. | 3 | 6 | 900 |');
    expect(index).toContain('| sandbox | `{sandbox_url}` |  |  |  |  |');
    expect(index).toContain('| live | `{region}` | `eu` | `eu`, `us` | Where the data lives. |');
    expect(index).toContain('| sandbox | `{sandbox_url}` | `""` |  | _Not shown: Sandbox address not shown._ |');
    // One server URL is complete with its defaults: serverVariables is an option (the types allow it).
    expect(index).toContain("The client's `serverVariables` option sets them");
    // A gap note for each x-source-gap of the page (info, variable, pagination, error response), no other.
    expect(index.match(/Not shown(?: in the source)?:/g)).toHaveLength(4);
  });

  it('renders x-pagination (a 0 included), x-versioning and the shared default response', () => {
    expect(index).toContain('Defaults: `page` 0, `pageSize` 20.');
    expect(index).toContain('- [listItems](operations/items.md#listitems): `GET /items` → [ItemPage](schemas/ItemPage.md)');
    expect(index).toContain('- Every path carries the version prefix `/v2`.\n- `schemaRevision`: `r7`\n\nOld fields stay until the next major version.');
    expect(index).toContain("Every operation's error answer is its `default` response.\n\nAny failure.\n\n> [!NOTE]\n> **Not shown in the source:** Failure bodies not shown.");
  });

  it("shows an operation's own security and servers, an empty schema as any, and the package name given", () => {
    const items = page(files, 'operations/items.md');
    expect(items).toContain('**Security** ([schemes](../index.md#authentication)): none');
    expect(items).toContain('**Servers:** `https://health.api.invalid`');
    expect(items).toContain('| `200` | Any answer. | any |');
    expect(page(files, 'operations/webhooks.md')).toContain('**Security** ([schemes](../index.md#authentication)): `oauth` (scopes `hooks:write`)');
    expect(page(files, 'operations/webhooks.md')).toContain('> **Not shown in the source:** Hook limits not shown.');
    expect(page(files, 'schemas/Item.md')).toContain('**Validator:** `validateItem` from `items-client/validators`.');
    expect(items).toContain('**Validators** (`items-client/validators`)');
  });

  it('shows a webhook payload gap and links the operations of the tag named like the webhooks', () => {
    const webhooks = page(files, 'webhooks.md');
    expect(webhooks).toContain('**Payload:** _not shown_ (Event body not shown.)');
    expect(webhooks).toContain('See also the operations tagged [Webhooks](operations/webhooks.md).');
  });
});

describe('a document that states almost nothing', async () => {
  const files = await docsFor('minimal/openapi.yaml');
  const index = page(files, 'index.md');

  it('leaves out every section it has nothing for', () => {
    expect(headings(index).map((h) => h.text)).toEqual(['Minimal API reference', 'Contents', 'Environments and rate limits']);
    expect(index).not.toMatch(/Authentication|Pagination|Versioning|Errors|Webhooks|not shown/i);
    expect(index).toContain('Version 1.0 · OpenAPI 3.1.0 · 1 operation · 1 schema\n');
    expect(index).toContain('| test | `https://api.invalid` | 5 | 10 | 1000 |');
  });

  it('names the default package when none is given', () => {
    expect(page(files, 'schemas/Thing.md')).toContain('from `partner-recruitment-client/validators`.');
  });
});

describe('x- records and gaps of the wrong shape', async () => {
  const files = await docsFor('docs/odd-records.yaml');
  const index = page(files, 'index.md');

  it('give no empty note, no empty row and no object text', () => {
    expect(index).not.toContain('Not shown');
    expect(index).not.toContain('object Object');
    expect(index).toContain('| Area | Operation | Description |\n|---|---|---|\n|  | Kept |  |\n');
    expect(headings(index).filter((h) => h.level === 2).map((h) => h.text)).toEqual(['Contents', 'Authentication', 'Servers', 'Operations without a path']);
  });

  it('describe optional credentials as such', () => {
    expect(index).toContain('Unless an operation says otherwise, it requires no credentials.');
    expect(page(files, 'operations/t.md')).toContain('**Security** ([schemes](../index.md#authentication)): no credentials, or `k`');
  });
});
