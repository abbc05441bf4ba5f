/**
 * The site: every Markdown page of docs/ (whatever pages the docs and mock emitters gave) as an
 * HTML page under site/, in one layout (templates/site/page.html.hbs) with a sidebar of the pages
 * by folder and a search over the operations, schemas, webhook events and page titles.
 *
 * Everything is relative (`../site.css`), nothing is loaded from the network, and the search index
 * is a script (search-index.js) rather than JSON, so the site works from file:// as from any
 * static host.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import type { Files } from '../../lib/files.js';
import type { SearchEntry } from '../docs/docs.js';
import { htmlHref, pageHtml } from './html.js';
import type { TryItOperation } from './try-it-data.js';

export interface SiteOptions {
  /** The document's title: the site's name. */
  title: string;
  /** What the search finds, hrefs relative to docs/ (docs.ts `searchEntries`). */
  entries: readonly SearchEntry[];
  /** Each area page's "Try it" panels (try-it-data.ts), by its docs/ file (`operations/<area>.md`). */
  tryIt?: ReadonlyMap<string, readonly TryItOperation[]>;
}

/** The files copied as they are from templates/site/. */
const ASSETS = ['site.css', 'site.js'];

/** Sidebar headings of the docs' folders; another folder is headed by its name. */
const FOLDER_LABEL: Record<string, string> = { operations: 'Areas', schemas: 'Schemas' };

interface Page {
  /** Relative to docs/ and to site/, with `.html`. */
  file: string;
  title: string;
  html: string;
  /** Its operations' "Try it" panels, as JSON for a script block ('' for none). */
  tryIt: string;
}

const escapeAttribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** JSON safe inside `<script type="application/json">`: no `</script>` or `<!--` can end or open anything. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * A "Try it" panel at the end of each operation's section (before the next `<h2>`, so after its
 * Calls); site.js builds its form from the page's JSON when it is first opened.
 */
function withPanels(html: string, operations: readonly TryItOperation[], root: string): string {
  let out = html;
  for (const op of operations) {
    const start = out.indexOf(`<h2 id="${op.anchor}">`);
    if (start === -1) continue;
    const next = out.indexOf('<h2 ', start + 1);
    const at = next === -1 ? out.length : next;
    const panel =
      `<details class="try-it" data-operation="${escapeAttribute(op.operationId)}"><summary>Try it</summary>` +
      `<p class="try-it-note">Answered in this page by the package's mock (no server, no credentials, no network): ` +
      `the statuses it chooses are in <a href="${root}mock.html">the mock's page</a>.</p><div class="try-it-form"></div></details>\n`;
    out = out.slice(0, at) + panel + out.slice(at);
  }
  return out;
}

interface NavLink {
  title: string;
  file: string;
}

interface NavGroup {
  label: string;
  links: NavLink[];
}

/** Top-level pages first (the index before the others), then one group per folder, in the pages' order. */
function navigation(pages: readonly Page[]): { top: NavLink[]; groups: NavGroup[] } {
  const top: NavLink[] = [];
  const groups = new Map<string, NavLink[]>();
  for (const page of pages) {
    const slash = page.file.lastIndexOf('/');
    const link = { title: page.title || page.file, file: page.file };
    if (slash === -1) top.push(link);
    else {
      const folder = page.file.slice(0, slash);
      const list = groups.get(folder) ?? [];
      // A folder's own index leads its group.
      if (page.file === `${folder}/index.html`) list.unshift(link);
      else list.push(link);
      groups.set(folder, list);
    }
  }
  top.sort((a, b) => Number(b.file === 'index.html') - Number(a.file === 'index.html'));
  return {
    top,
    groups: [...groups].map(([folder, links]) => ({ label: FOLDER_LABEL[folder] ?? folder, links })),
  };
}

/** `docs/<page>.md` files (banners not yet added) → the site's files under `site/`. */
export function emitSite(docs: Files, templatesDir: string, options: SiteOptions): Files {
  const dir = path.join(templatesDir, 'site');
  const hbs = Handlebars.create();
  const layout = hbs.compile(readFileSync(path.join(dir, 'page.html.hbs'), 'utf8'), { strict: true });
  const pages: Page[] = [...docs]
    .filter(([file]) => file.startsWith('docs/') && file.endsWith('.md'))
    .map(([file, markdown]) => {
      const { title, html } = pageHtml(markdown);
      const docsFile = file.slice('docs/'.length);
      const operations = options.tryIt?.get(docsFile) ?? [];
      return {
        file: htmlHref(docsFile),
        title,
        html: withPanels(html, operations, '../'.repeat(docsFile.split('/').length - 1)),
        tryIt: operations.length ? scriptJson(operations) : '',
      };
    });
  const nav = navigation(pages);

  const files: Files = new Map();
  for (const page of pages) {
    const root = '../'.repeat(page.file.split('/').length - 1);
    const link = (l: NavLink) => ({ title: l.title, href: `${root}${l.file}`, current: l.file === page.file });
    files.set(
      `site/${page.file}`,
      layout({
        siteTitle: options.title,
        pageTitle: page.title,
        root,
        body: page.html,
        tryIt: page.tryIt,
        top: nav.top.map(link),
        groups: nav.groups.map((g) => ({ label: g.label, links: g.links.map(link), current: g.links.some((l) => l.file === page.file) })),
      }),
    );
  }
  const entries = options.entries.map((e) => ({ ...e, href: htmlHref(e.href) }));
  // A page the entries already lead to as a whole (a schema's) is not listed twice.
  const whole = new Set(entries.map((e) => e.href));
  const index = [
    ...entries,
    ...pages.filter((p) => !whole.has(p.file)).map((p) => ({ kind: 'page', name: p.title, method: '', summary: '', area: '', href: p.file })),
  ];
  files.set('site/search-index.js', `window.SITE_SEARCH = ${JSON.stringify(index)};\n`);
  for (const asset of ASSETS) files.set(`site/${asset}`, readFileSync(path.join(dir, asset), 'utf8'));
  return files;
}
