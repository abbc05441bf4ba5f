/**
 * Reading generated Markdown pages as a code host renders them (markdown-it, raw HTML on, as
 * GitHub): headings, table shapes, unsafe HTML, links, and `pageView`, what a page states (its
 * sections, tables as rows of cells, lists, notes, labelled fields, the gaps it names), so tests
 * assert facts rather than sentences.
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

export interface Link {
  text: string;
  href: string;
}

/** A table as its header's cells and one record per row (header cell → the row's cell, as text). */
export interface Table {
  header: string[];
  rows: Record<string, string>[];
}

/** A paragraph that opens with a bold label (`**Security** (…): none`): the label, without its colon, and what follows it. */
export interface Field {
  label: string;
  /** The text after the label, a parenthesis right after it and the colon left out. */
  value: string;
  codes: string[];
  links: Link[];
}

/** What one heading's section states, up to the next heading; blocks before the first heading form a section with level 0. */
export interface Section {
  heading: string;
  level: number;
  paragraphs: string[];
  /** Text of every list item. */
  items: string[];
  /** Text of every block quote (a GitHub alert's `[!NOTE]` marker dropped). */
  notes: string[];
  tables: Table[];
  fields: Field[];
  /** Every code span of the section's text (tables included). */
  codes: string[];
  /** Every link of the section (tables included). */
  links: Link[];
  /** Each paragraph, item, note, field and table cell in order, with its own code spans: which names one statement joins. */
  blocks: { text: string; codes: string[] }[];
}

export interface PageView {
  sections: Section[];
  /** The first section under `heading`, its subsections' content included; throws naming the headings there are. */
  section(heading: string): Section;
  /** The field labelled `label` in `section`; throws naming the fields there are. */
  field(section: string, label: string): Field;
  /** The row of `table` (by index in the section) whose `column` cell is `value`. */
  row(section: string, column: string, value: string, table?: number): Record<string, string>;
  /** Every gap the page names (`Not shown: …`, `Not shown in the source: …`), in page order: the text after the label. */
  gaps: string[];
}

interface Inline {
  text: string;
  codes: string[];
  links: Link[];
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

function inline(children: Token[]): Inline {
  let text = '';
  const codes: string[] = [];
  const links: Link[] = [];
  let link: { href: string; start: number } | undefined;
  for (const c of children) {
    if (c.type === 'text') text += c.content;
    else if (c.type === 'code_inline') {
      text += c.content;
      codes.push(c.content);
    } else if (c.type === 'softbreak' || c.type === 'hardbreak') text += ' ';
    else if (c.type === 'html_inline') text += /^<br\s*\/?>$/i.test(c.content) ? ' ' : '';
    else if (c.type === 'link_open') link = { href: String(c.attrGet('href')), start: text.length };
    else if (c.type === 'link_close' && link) {
      links.push({ text: squash(text.slice(link.start)), href: link.href });
      link = undefined;
    }
  }
  return { text: squash(text), codes, links };
}

const GAP = /Not shown(?: in the source)?: (.+)$/;

/** Parses `source` into what it states, section by section. */
export function pageView(source: string): PageView {
  const tokens = md.parse(source, {});
  const sections: Section[] = [];
  const open = (heading: string, level: number): Section => {
    const section: Section = { heading, level, paragraphs: [], items: [], notes: [], tables: [], fields: [], codes: [], links: [], blocks: [] };
    sections.push(section);
    return section;
  };
  let current = open('', 0);
  const stack: string[] = [];
  let header: string[] = [];
  let row: string[] | undefined;
  let table: Table | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.nesting === 1) stack.push(t.type.replace(/_open$/, ''));
    else if (t.nesting === -1) stack.pop();
    if (t.type === 'heading_open') {
      current = open(inline(tokens[i + 1]!.children ?? []).text, Number(t.tag.slice(1)));
      i += 2;
      stack.pop();
      continue;
    }
    if (t.type === 'table_open') {
      header = [];
      table = { header, rows: [] };
      current.tables.push(table);
    } else if (t.type === 'tr_open') row = [];
    else if (t.type === 'tr_close' && row && table && stack.includes('tbody')) {
      const cells = row;
      table.rows.push(Object.fromEntries(header.map((name, n) => [name, cells[n] ?? ''])));
      row = undefined;
    }
    if (t.type !== 'inline') continue;
    const children = (t.children ?? []).filter((c) => c.type !== 'text' || c.content !== '');
    const { text, codes, links } = inline(children);
    current.codes.push(...codes);
    current.links.push(...links);
    current.blocks.push({ text, codes });
    if (stack.includes('th')) header.push(text);
    else if (stack.includes('td')) row?.push(text);
    else if (stack.includes('blockquote')) current.notes.push(text.replace(/^\[!\w+\]\s*/, ''));
    else if (stack.includes('list_item')) current.items.push(text);
    else if (children[0]?.type === 'strong_open') {
      const close = children.findIndex((c) => c.type === 'strong_close');
      const label = inline(children.slice(1, close)).text.replace(/:$/, '');
      const rest = inline(children.slice(close + 1));
      const value = rest.text
        .replace(/^\([^)]*\)/, '')
        .replace(/^\s*:/, '')
        .trim();
      current.fields.push({ label, value, codes: rest.codes, links: rest.links });
    } else current.paragraphs.push(text);
  }
  /** The first section under `heading` with its subsections' content (the headings below it, up to one of its level or above). */
  const section = (heading: string): Section => {
    const at = sections.findIndex((s) => s.heading === heading);
    if (at < 0) throw new Error(`no section "${heading}": ${sections.map((s) => JSON.stringify(s.heading)).join(', ')}`);
    const top = sections[at]!;
    const end = sections.findIndex((s, i) => i > at && s.level <= top.level);
    const parts = sections.slice(at, end < 0 ? undefined : end);
    const merged = (key: 'paragraphs' | 'items' | 'notes' | 'tables' | 'fields' | 'codes' | 'links' | 'blocks') => parts.flatMap((s) => s[key] as unknown[]);
    return {
      ...top,
      paragraphs: merged('paragraphs') as string[],
      items: merged('items') as string[],
      notes: merged('notes') as string[],
      tables: merged('tables') as Table[],
      fields: [
        ...(merged('fields') as Field[]),
        // A part of the section under a heading of its own (`### Security`) reads as a field labelled so.
        ...parts.slice(1).map((s) => ({ label: s.heading, value: [...s.paragraphs, ...s.items].join(' '), codes: s.codes, links: s.links })),
      ],
      codes: merged('codes') as string[],
      links: merged('links') as Link[],
      blocks: merged('blocks') as Section['blocks'],
    };
  };
  const texts = sections.flatMap((s) => [
    ...s.paragraphs,
    ...s.items,
    ...s.notes,
    ...s.fields.map((f) => f.value),
    ...s.tables.flatMap((t) => t.rows.flatMap((r) => Object.values(r))),
  ]);
  return {
    sections,
    section,
    field: (heading, label) => {
      const s = section(heading);
      const found = s.fields.find((f) => f.label === label);
      if (!found) throw new Error(`no field "${label}" under "${heading}": ${s.fields.map((f) => f.label).join(', ')}`);
      return found;
    },
    row: (heading, column, value, n = 0) => {
      const t = section(heading).tables[n];
      const found = t?.rows.find((r) => r[column] === value);
      if (!found) throw new Error(`no row with ${column} "${value}" in table ${n} under "${heading}": ${JSON.stringify(t?.rows)}`);
      return found;
    },
    gaps: texts.flatMap((text) => GAP.exec(text)?.[1] ?? []),
  };
}
