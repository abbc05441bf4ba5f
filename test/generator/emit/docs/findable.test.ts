/**
 * A reader finds every operation, schema and webhook event from the index, sees the document's own
 * examples on each operation, and can paste its curl line into a shell: test/fixtures/docs gives
 * named and unnamed examples, a deprecated operation, schemes of several kinds, and a body whose
 * example holds a quote. The curl line is run by bash against a loopback server that records
 * what arrived.
 */
import { execFile } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { emitDocs } from '../../../../generator/emit/docs/docs.js';
import { pageView } from '../../support/markdown-pages.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');

type Doc = Record<string, any>;

const loaded = await loadSpec(path.join(ROOT, 'test', 'fixtures', 'docs', 'openapi.yaml'));
const doc = loaded.document as Doc;
const model = buildModel(loaded.document);
const files = emitDocs(model, path.join(ROOT, 'templates'), emitValidators(model).entries, { packageName: 'items-client' });
const page = (name: string): string => files.get(`docs/${name}`) ?? '';

/** The fenced blocks of `language` in a page section's source, each with the HTML comment right before it. */
function fences(source: string, language: string): { marker: string | undefined; body: string }[] {
  const found: { marker: string | undefined; body: string }[] = [];
  const pattern = new RegExp(`(?:<!-- json-example: (\\S+) -->\\n)?\`\`\`${language}\\n([\\s\\S]*?)\\n\`\`\``, 'g');
  for (const match of source.matchAll(pattern)) found.push({ marker: match[1], body: match[2]! });
  return found;
}

/** The part of an area page from `## operationId` to the next operation. */
const sectionSource = (file: string, operationId: string): string =>
  page(file)
    .split(/^## /m)
    .find((part) => part.startsWith(`${operationId}\n`)) ?? '';

const operations = Object.entries<Doc>(doc.paths).flatMap(([p, item]) =>
  Object.entries<Doc>(item)
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
    .map(([method, op]): Doc => ({ method: method.toUpperCase(), path: p, ...op })),
);

describe('the index lists everything', () => {
  const index = pageView(page('index.md'));

  it('one row per operation: operationId linked to its section, method and path, summary, area, deprecated', () => {
    const rows = index.section('Operations').tables[0]!.rows;
    expect(rows.map((r) => r.Operation)).toEqual(operations.map((op) => op.operationId));
    for (const op of operations) {
      expect(index.row('Operations', 'Operation', op.operationId)).toEqual({
        Operation: op.operationId,
        'Method and path': `${op.method} ${op.path}`,
        Summary: op.summary,
        Area: op.tags[0],
        Deprecated: op.deprecated ? 'yes' : '',
      });
    }
    const links = index.section('Operations').links.filter((l) => operations.some((op) => op.operationId === l.text));
    expect(links.map((l) => l.href)).toEqual(['operations/items.md#listitems', 'operations/items.md#health', 'operations/webhooks.md#registerhook']);
  });

  it('every schema and every webhook event', () => {
    expect(index.section('Schemas').tables[0]!.rows.map((r) => r.Schema)).toEqual(Object.keys(doc.components.schemas));
    expect(index.section('Webhook events').tables[0]!.rows).toEqual([{ Event: 'item.created', Method: 'POST', Summary: 'An item was created' }]);
  });
});

describe("an operation's section", () => {
  it('links back to its area and to the schemas it names', () => {
    const items = pageView(page('operations/items.md'));
    expect(items.section('listItems').links.slice(0, 2)).toEqual([
      { text: 'Items', href: '#items' },
      { text: 'ItemPage', href: '../schemas/ItemPage.md' },
    ]);
  });

  it("shows the document's named examples with their summary and description, marked with the validator that checks them", () => {
    const source = sectionSource('operations/items.md', 'listItems');
    const view = pageView(`## listItems\n${source}`);
    const example = doc.paths['/items'].get.responses['200'].content['application/json'].examples.twoItems;
    expect(view.sections.map((s) => s.heading)).toContain('Example twoItems (response 200)');
    expect(view.section('Example twoItems (response 200)').paragraphs).toEqual([example.summary, 'The page starts at 0.']);
    expect(fences(source, 'json')).toEqual([{ marker: 'validateListItemsResponse', body: JSON.stringify(example.value, null, 2) }]);
  });

  it('shows an unnamed example, and uses it in the calls', () => {
    const source = sectionSource('operations/webhooks.md', 'registerHook');
    const value = doc.paths['/hooks'].post.requestBody.content['application/json'].example;
    expect(fences(source, 'json')).toEqual([{ marker: 'validateRegisterHookRequest', body: JSON.stringify(value, null, 2) }]);
    expect(fences(source, 'ts').map((f) => f.body)).toEqual([expect.stringContaining(value.url), expect.stringContaining(value.url)]);
  });

  it('a curl line a shell runs as written: the credentials from the environment, the example body byte for byte', async () => {
    const [curl] = fences(sectionSource('operations/webhooks.md', 'registerHook'), 'sh');
    const arrived: Record<string, string | undefined>[] = [];
    const server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        arrived.push({ method: req.method, url: req.url, authorization: req.headers.authorization, type: req.headers['content-type'], body });
        res.writeHead(201).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      await promisify(execFile)('bash', ['--noprofile', '--norc', '-c', `${curl!.body} --silent --fail`], {
        env: { PATH: process.env.PATH, BASE_URL: baseUrl, OAUTH: 'token-1' },
      });
    } finally {
      server.close();
    }
    const value = doc.paths['/hooks'].post.requestBody.content['application/json'].example;
    expect(arrived).toEqual([{ method: 'POST', url: '/hooks', authorization: 'Bearer token-1', type: 'application/json', body: JSON.stringify(value) }]);
  });

  it('reads each credential from an environment variable named after the client option (bearerAuth: BEARER_AUTH)', () => {
    const [curl] = fences(sectionSource('operations/items.md', 'listItems'), 'sh');
    // The document's first alternative is the bearer token.
    expect(curl!.body).toBe('curl -X GET "$BASE_URL/items" \\\n  -H "Authorization: Bearer $BEARER_AUTH"');
  });
});
