/**
 * The "Try it" panels' data (issue #30 item 5) from test/fixtures/try-it: each operation's method,
 * path, path and query parameters prefilled from the document's examples and defaults (header
 * parameters left out), the request body's example, and the fault statuses; then the site puts
 * each panel at the end of its operation's section and embeds the data where no `</script>` in an
 * example can end the block.
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';
import { emitValidators } from '../../../../generator/emit/validators/validators.js';
import { emitDocs, searchEntries } from '../../../../generator/emit/docs/docs.js';
import { emitSite } from '../../../../generator/emit/site/site.js';
import { tryItPages } from '../../../../generator/emit/site/try-it-data.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..', '..');
const TEMPLATES = path.join(ROOT, 'templates');

const loaded = await loadSpec(path.join(ROOT, 'test', 'fixtures', 'try-it', 'openapi.yaml'));
const model = buildModel(loaded.document);
const pages = tryItPages(model);

describe('try it: the panels’ data', () => {
  it('lists each operation of an area page with its method, path, parameters, body example and faults', () => {
    expect([...pages.keys()]).toEqual(['operations/boxes.md']);
    const [list, create, relabel] = pages.get('operations/boxes.md')!;
    expect(list).toEqual({
      operationId: 'listBoxes',
      method: 'GET',
      path: '/boxes',
      anchor: 'listboxes',
      parameters: [
        { name: 'page', in: 'query', required: false, value: '1', type: 'integer', explode: true, array: false },
        { name: 'colour', in: 'query', required: false, value: 'red', type: 'string', explode: true, array: false },
        { name: 'tags', in: 'query', required: false, value: 'a,b', type: 'string', explode: true, array: true },
      ],
      hasBody: false,
      body: '',
      mediaType: '',
      documentedBody: true,
      faults: [429, 500, 503],
    });
    expect(create).toMatchObject({
      operationId: 'createBox',
      method: 'POST',
      path: '/boxes',
      parameters: [],
      hasBody: true,
      documentedBody: true,
      faults: [409, 429, 500, 503],
    });
    expect(JSON.parse(create!.body)).toEqual({ id: 'b1', label: '</script><!--' });
    // A path-item parameter, prefilled from its named example; a body without an example starts empty.
    expect(relabel).toMatchObject({
      operationId: 'relabelBox',
      method: 'PATCH',
      path: '/boxes/{boxId}',
      parameters: [{ name: 'boxId', in: 'path', required: true, value: 'b1' }],
      hasBody: true,
      body: '',
      documentedBody: false,
      faults: [404, 429, 500, 503],
    });
  });
});

describe('try it: in the site', () => {
  const docs = emitDocs(model, TEMPLATES, emitValidators(model).entries, { packageName: 'boxes-client' });
  const site = emitSite(docs, TEMPLATES, { title: model.title, entries: searchEntries(model), tryIt: pages });
  const html = site.get('site/operations/boxes.html')!;

  it('puts each panel after its operation’s Calls, before the next operation', () => {
    for (const [id, next] of [
      ['listBoxes', '<h2 id="createbox">'],
      ['createBox', '<h2 id="relabelbox">'],
    ] as const) {
      const panel = html.indexOf(`<details class="try-it" data-operation="${id}">`);
      expect(panel).toBeGreaterThan(html.indexOf(`<h2 id="${id.toLowerCase()}">`));
      expect(panel).toBeGreaterThan(html.indexOf('<h3 id="calls', html.indexOf(`<h2 id="${id.toLowerCase()}">`)));
      expect(panel).toBeLessThan(html.indexOf(next));
    }
    expect(html).toContain('href="../mock.html"');
  });

  it('embeds the data as JSON that no example can close, and loads try-it.js only when a panel opens', () => {
    const block = /<script type="application\/json" id="try-it-data" data-script="\.\.\/try-it\.js">([^<]*)<\/script>/.exec(html);
    expect(block).not.toBeNull();
    expect(JSON.parse(block![1]!)).toEqual(pages.get('operations/boxes.md'));
    expect(html).not.toContain('<script src="../try-it.js"');
    // Pages without operations carry no data.
    expect(site.get('site/index.html')).not.toContain('try-it-data');
  });
});
