/**
 * Each index section, and the per-operation notes, state what the document says and nothing else:
 * test/fixtures/docs states security alternatives, servers with variables, `x-` records and gaps;
 * test/fixtures/minimal states almost nothing, so its pages leave those sections out; odd-records.yaml
 * gives `x-` records of the wrong shape. The pages are parsed (support/markdown-pages.ts `pageView`:
 * sections, table rows, list items, notes, labelled fields, named gaps) and compared with the
 * document, so rewording a sentence of a template fails nothing here.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { emitDocs } from '../../../../generator/emit/docs/docs.js';
import { DEFAULT_PACKAGE_NAME } from '../../../../generator/emit/package/package.js';
import { anchors, headings, pageView, type PageView } from '../../support/markdown-pages.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const TEMPLATES = path.join(ROOT, 'templates');

type Doc = Record<string, any>;

async function docsFor(fixture: string, packageName = DEFAULT_PACKAGE_NAME): Promise<{ files: Map<string, string>; doc: Doc }> {
  const loaded = await loadSpec(path.join(ROOT, 'test', 'fixtures', fixture));
  const model = buildModel(loaded.document);
  return { files: emitDocs(model, TEMPLATES, emitValidators(model).entries, { packageName }), doc: loaded.document as Doc };
}

const page = (files: Map<string, string>, name: string) => {
  const text = files.get(`docs/${name}`);
  if (text === undefined) throw new Error(`no page ${name}: ${[...files.keys()].join(', ')}`);
  return text;
};
const view = (files: Map<string, string>, name: string): PageView => pageView(page(files, name));
const level2 = (v: PageView) => v.sections.filter((s) => s.level === 2).map((s) => s.heading);

describe('the index of a document that states every section', async () => {
  const { files, doc } = await docsFor('docs/openapi.yaml', 'items-client');
  const source = page(files, 'index.md');
  const index = pageView(source);
  const title = index.sections.find((s) => s.level === 1)!.heading;

  it('lists exactly the sections the document gives, and links each from the contents', () => {
    expect(level2(index)).toEqual([
      'Contents',
      'Operations',
      'Schemas',
      'Webhook events',
      'Authentication',
      'Environments and rate limits',
      'Pagination',
      'Versioning',
      'Errors',
      'What the source does not show',
    ]);
    const slugs = anchors(source);
    const inPage = index.section('Contents').links.filter((l) => l.href.startsWith('#'));
    expect(inPage.map((l) => l.text)).toEqual(level2(index).slice(1));
    for (const link of inPage) expect(slugs, link.href).toContain(link.href.slice(1));
  });

  it('gives the requirements as alternatives and each scheme by kind, location and client option', () => {
    const auth = index.section('Authentication');
    expect(auth.items).toEqual(['bearerAuth', 'client_id and client_secret']);
    expect(auth.paragraphs[0]).toMatch(/one of/);
    const scheme = (name: string) => index.row('Authentication', 'Scheme', name);
    const row = (Kind: string, sentIn: string, option: string, Description = '') => ({ Kind, 'Sent in': sentIn, 'Client option': option, Description });
    expect(scheme('bearerAuth')).toMatchObject(row('http bearer (JWT)', 'header Authorization: Bearer …', 'bearerAuth (a token, or a function returning one)'));
    expect(scheme('client_id')).toMatchObject(row('apiKey', 'query parameter cid', 'clientId (string)'));
    expect(scheme('client_secret')).toMatchObject(row('apiKey', 'cookie secret', 'clientSecret (string)'));
    expect(scheme('login')).toMatchObject(
      row('http basic', 'header Authorization: Basic …', 'login ({ username, password })', doc.components.securitySchemes.login.description),
    );
    expect(scheme('oauth')).toMatchObject(
      row('oauth2, flows clientCredentials', 'header Authorization: Bearer …', 'oauth (a token, or a function returning one)'),
    );
    // The client's rule for a name it uses itself, and a scheme that has no option.
    expect(scheme('fetch')).toMatchObject(row('http Digest', 'header Authorization: Digest …', 'credentialFetch (string)'));
    expect(scheme('tls')).toMatchObject({ Kind: 'mutualTLS', 'Client option': '' });
    expect(scheme('tls')['Sent in']).toMatch(/^TLS\b/);
    expect(index.section('Authentication').tables[0]!.rows.map((r) => r.Scheme)).toEqual([
      'bearerAuth',
      'client_id',
      'client_secret',
      'login',
      'fetch',
      'tls',
      'oauth',
    ]);
  });

  it('gives server URLs as written, with variables, defaults, enums and only the gaps the document marks', () => {
    const [live, sandbox] = doc.servers;
    expect(index.row('Environments and rate limits', 'Environment', 'live')).toEqual({
      Environment: 'live',
      URL: live.url,
      Description: live.description,
      'Requests per second': '3',
      Burst: '6',
      'Daily quota': '900',
    });
    expect(index.row('Environments and rate limits', 'Environment', 'sandbox')).toEqual({
      Environment: 'sandbox',
      URL: sandbox.url,
      Description: '',
      'Requests per second': '',
      Burst: '',
      'Daily quota': '',
    });
    const variable = (server: string) => index.row('Environments and rate limits', 'Server', server, 1);
    expect(variable('live')).toEqual({ Server: 'live', Variable: '{region}', Default: 'eu', Values: 'eu, us', Description: live.variables.region.description });
    expect(variable('sandbox')).toMatchObject({ Server: 'sandbox', Variable: '{sandbox_url}', Default: '""', Values: '' });
    expect(index.field('Environments and rate limits', 'Server variables')).toBeDefined();
    // One server URL is complete with its defaults: serverVariables is an option (the types allow it).
    expect(index.section('Environments and rate limits').codes).toContain('serverVariables');
    // A gap note for each x-source-gap of the page (info, variable, pagination, error response), no other.
    expect(index.gaps).toEqual([
      doc.info['x-source-gap'],
      sandbox.variables.sandbox_url['x-source-gap'],
      doc['x-pagination']['x-source-gap'],
      doc.components.responses.Problem['x-source-gap'],
    ]);
    expect(variable('sandbox').Description).toContain(sandbox.variables.sandbox_url['x-source-gap']);
    expect(index.section(title).notes.join(' ')).toContain(doc.info['x-source-gap']);
  });

  it('renders x-pagination (a 0 included), x-versioning and the shared default response', () => {
    const pagination = index.section('Pagination');
    const { defaultPage, defaultPageSize } = doc['x-pagination'];
    expect(pagination.paragraphs[0]).toMatch(new RegExp(`\\bpage ${defaultPage}\\b.*\\bpageSize ${defaultPageSize}\\b`));
    expect(pagination.notes.join(' ')).toContain(doc['x-pagination']['x-source-gap']);
    expect(pagination.items).toEqual(['listItems: GET /items → ItemPage']);
    expect(pagination.links).toEqual([
      { text: 'listItems', href: 'operations/items.md#listitems' },
      { text: 'ItemPage', href: 'schemas/ItemPage.md' },
    ]);

    const versioning = index.section('Versioning');
    const { pathPrefix, schemaRevision, description } = doc['x-versioning'];
    expect(versioning.items).toHaveLength(2);
    expect(versioning.items[0]).toContain(pathPrefix);
    expect(versioning.codes).toContain(pathPrefix);
    expect(versioning.items[1]).toBe(`schemaRevision: ${schemaRevision}`);
    expect(versioning.paragraphs).toEqual([description]);

    const errors = index.section('Errors');
    expect(errors.codes).toEqual(['default']);
    expect(errors.paragraphs).toContain(doc.components.responses.Problem.description);
    expect(errors.notes).toHaveLength(1);
    expect(errors.notes[0]).toContain(doc.components.responses.Problem['x-source-gap']);
  });

  it('lists the gaps the document records without a place (x-source-gaps) by subject', () => {
    expect(index.section('What the source does not show').items).toEqual(doc['x-source-gaps'].map((g: Doc) => `${g.subject}: ${g.gap}`));
  });

  it("shows an operation's own security and servers, an empty schema as any, and the package name given", () => {
    const items = view(files, 'operations/items.md');
    const security = items.field('health', 'Security');
    expect(security.value).toBe('none');
    expect(security.links).toEqual([{ text: 'schemes', href: '../index.md#authentication' }]);
    expect(items.field('health', 'Servers')).toMatchObject({ value: 'https://health.api.invalid', codes: ['https://health.api.invalid'] });
    expect(items.row('health', 'Status', '200')).toEqual({ Status: '200', Body: 'any' });
    // Descriptions go below the table, one item per row, so the table fits a reading column.
    expect(items.section('health').items).toContain('200: Any answer.');
    expect(items.field('listItems', 'Validators').codes[0]).toBe('items-client/validators');

    const webhooks = view(files, 'operations/webhooks.md');
    expect(webhooks.field('registerHook', 'Security')).toMatchObject({ value: 'oauth (scopes hooks:write)', codes: ['oauth', 'hooks:write'] });
    expect(webhooks.gaps).toContain(doc.tags.find((t: Doc) => t.name === 'Webhooks')['x-source-gap']);
    expect(view(files, 'schemas/Item.md').field('Item', 'Validator').codes).toEqual(['validateItem', 'items-client/validators']);
  });

  it('shows a webhook payload gap and links the operations of the tag named like the webhooks', () => {
    const webhooks = view(files, 'webhooks.md');
    const payload = webhooks.field('item.created', 'Payload');
    expect(payload.value).toMatch(/^not shown\b/);
    expect(payload.value).toContain(doc.webhooks['item.created'].post.requestBody.content['application/json'].schema['x-source-gap']);
    expect(webhooks.section('Webhooks').links).toContainEqual({ text: 'Webhooks', href: 'operations/webhooks.md' });
  });
});

describe('a document that states almost nothing', async () => {
  const { files, doc } = await docsFor('minimal/openapi.yaml');
  const source = page(files, 'index.md');
  const index = pageView(source);

  it('leaves out every section it has nothing for', () => {
    expect(headings(source).map((h) => h.text)).toEqual(['Minimal API reference', 'Contents', 'Operations', 'Schemas', 'Environments and rate limits']);
    expect(source).not.toMatch(/Authentication|Pagination|Versioning|Errors|Webhooks|not shown/i);
    expect(index.gaps).toEqual([]);
    expect(index.section('Minimal API reference').paragraphs[0]!.split(' · ')).toEqual([
      `Version ${doc.info.version}`,
      `OpenAPI ${doc.openapi}`,
      '1 operation',
      '1 schema',
    ]);
    expect(index.row('Environments and rate limits', 'Environment', 'test')).toEqual({
      Environment: 'test',
      URL: doc.servers[0].url,
      'Requests per second': '5',
      Burst: '10',
      'Daily quota': '1000',
    });
  });

  it('names the default package when none is given', () => {
    expect(view(files, 'schemas/Thing.md').field('Thing', 'Validator').codes).toContain('partner-recruitment-client/validators');
  });
});

describe('x- records and gaps of the wrong shape', async () => {
  const { files } = await docsFor('docs/odd-records.yaml');
  const source = page(files, 'index.md');
  const index = pageView(source);

  it('give no empty note, no empty row and no object text', () => {
    expect(source).not.toContain('Not shown');
    expect(source).not.toContain('object Object');
    expect(index.gaps).toEqual([]);
    expect(index.section('Operations without a path').tables.map((t) => t.rows)).toEqual([[{ Area: '', Operation: 'Kept', Description: '' }]]);
    expect(level2(index)).toEqual(['Contents', 'Operations', 'Authentication', 'Servers', 'Operations without a path']);
  });

  it('describe optional credentials as such', () => {
    const auth = index.section('Authentication');
    expect(auth.items).toEqual([]);
    expect(auth.paragraphs[0]).toMatch(/no credentials/);
    expect(view(files, 'operations/t.md').field('getA', 'Security')).toMatchObject({ value: 'no credentials, or k', codes: ['k'] });
  });
});
