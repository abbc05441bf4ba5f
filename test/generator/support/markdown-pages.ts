/**
 * Reading generated Markdown pages as a code host renders them (markdown-it, raw HTML on, as
 * GitHub): headings, table shapes, unsafe HTML, links. Shared by the hostile-names tests.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import GithubSlugger from 'github-slugger';

export const md = new MarkdownIt({ html: true });
type Token = ReturnType<typeof md.parse>[number];

/** Every `.md` file under `dir`, as paths relative to it. */
export function pages(dir: string, sub = ''): string[] {
  return readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? pages(dir, path.join(sub, e.name)) : e.name.endsWith('.md') ? [path.join(sub, e.name)] : [],
  );
}

/** The text a heading shows: what a reader sees and what GitHub slugs. */
const shown = (inline: Token) => (inline.children ?? []).map((c) => (c.type === 'text' || c.type === 'code_inline' ? c.content : '')).join('');

export function headings(source: string): { level: number; text: string }[] {
  const tokens = md.parse(source, {});
  return tokens.flatMap((t, i) => (t.type === 'heading_open' ? [{ level: Number(t.tag.slice(1)), text: shown(tokens[i + 1]!) }] : []));
}

/** Heading anchors as GitHub computes them (repeated texts get -1, -2, ...). */
export function anchors(source: string): Set<string> {
  const slugger = new GithubSlugger();
  return new Set(headings(source).map((h) => slugger.slug(h.text)));
}

/** Cells of a table line: split at pipes not escaped by a backslash, outer pipes dropped. */
const cellCount = (line: string) => line.trim().split(/(?<!\\)\|/).length - 2;

export interface TableShape {
  header: number;
  /** The cell count of each source line of the table (header, delimiter and rows). */
  lines: number[];
  rows: number;
}

/** Each table's column count and the cell count of every one of its source lines. */
export function tables(source: string): TableShape[] {
  const lines = source.split('\n');
  const tokens = md.parse(source, {});
  return tokens.flatMap((t, i) => {
    if (t.type !== 'table_open' || !t.map) return [];
    const end = tokens.findIndex((x, j) => j > i && x.type === 'table_close');
    const inTable = tokens.slice(i, end);
    return [
      {
        header: inTable.filter((x) => x.type === 'th_open').length,
        lines: lines.slice(t.map[0], t.map[1]).map(cellCount),
        rows: inTable.filter((x) => x.type === 'tr_open').length - 1,
      },
    ];
  });
}

export function links(source: string): string[] {
  const out: string[] = [];
  const walk = (tokens: Token[]) => {
    for (const t of tokens) {
      if (t.type === 'link_open') out.push(String(t.attrGet('href')));
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(source, {}));
  return out;
}

/** Elements the templates and Markdown produce, plus the inline tags descriptions may keep. */
const SAFE_ELEMENTS = new Set('h1 h2 h3 h4 h5 h6 p a table thead tbody tr th td code pre strong em del s blockquote ul ol li br hr b i sub sup'.split(' '));

/** Every element or attribute of the page, rendered to HTML, that could run script or leave the allowlist. */
export function unsafeHtml(source: string): string[] {
  const html = md.render(source);
  const found: string[] = [];
  for (const [tag, name, attributes] of html.matchAll(/<\/?([A-Za-z][\w-]*)([^>]*)>/g)) {
    if (!SAFE_ELEMENTS.has(name!.toLowerCase())) found.push(tag!);
    for (const [, attribute, value] of attributes!.matchAll(/([^\s=]+)(?:\s*=\s*("[^"]*"|'[^']*'|[^\s>]+))?/g)) {
      const attr = attribute!.toLowerCase();
      if (attr !== 'href' && attr !== 'class') found.push(tag!);
      if (attr === 'href' && /^["']?\s*(javascript|vbscript|data):/i.test(md.utils.unescapeAll(value ?? ''))) found.push(tag!);
    }
  }
  return found;
}

export const read = (dir: string, page: string) => readFileSync(path.join(dir, page), 'utf8');

/** Internal links of the pages under `docs` whose file or heading anchor does not exist. */
export function brokenLinks(docs: string): string[] {
  const broken: string[] = [];
  for (const page of pages(docs)) {
    for (const href of links(read(docs, page))) {
      if (/^[a-z]+:/.test(href)) continue;
      const [target, hash] = href.split('#') as [string, string | undefined];
      const file = target ? path.join(path.dirname(page), decodeURI(target)) : page;
      if (!existsSync(path.join(docs, file))) broken.push(`${page}: ${href} (no file)`);
      else if (hash !== undefined && !anchors(read(docs, file)).has(decodeURIComponent(hash))) broken.push(`${page}: ${href} (no anchor)`);
    }
  }
  return broken;
}
