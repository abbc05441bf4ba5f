/**
 * Values from the document as Markdown the pages can hold without changing their structure.
 *
 * - Plain text (names, titles, summaries, path keys, environment and scheme names): `text()`
 *   escapes every character Markdown or HTML gives a meaning to and folds line breaks, so the value
 *   reads as written and cannot open a heading, a list, a table row, a link or a tag.
 * - Code: `code()` (a span) and `fence()` (a block) use a backtick run longer than any inside.
 * - Descriptions and `x-source-gap` texts are CommonMark, as the OpenAPI specification says:
 *   their Markdown is kept, but raw HTML is not, apart from a few harmless inline tags (ALLOWED_TAG)
 *   and links to http(s), mailto or relative targets. Every other `<` becomes `&lt;`, so the tag
 *   shows as text; an unclosed code fence is closed. `markdown()` gives a block, `cell()` one line.
 */
import MarkdownIt from 'markdown-it';

type Token = ReturnType<InstanceType<typeof MarkdownIt>['parse']>[number];

/** The parser that checks the result: CommonMark with raw HTML, as code hosts render it. */
const parser = new MarkdownIt({ html: true });
// Links of every scheme become tokens, so the checks below see `[x](javascript:...)`, which
// markdown-it would otherwise just leave as text (other renderers keep it as a link).
parser.validateLink = () => true;

/** C0 controls and DEL, line breaks included: one space in an inline value. */
const CONTROLS = /[\u0000-\u001f\u007f]+/g;
const ENTITY: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
const WORD = /[\p{L}\p{N}]/u;

/**
 * Escapes what would start a block at the start of a line: a list item, heading, quote, thematic
 * break, setext underline or code fence.
 */
const escapeLineStart = (s: string) =>
  s.replace(/^([-+*=])(?=[\s\-+*=]|$)|^(#)(?=[\s#]|$)|^(>)|^(`{3,}|~{3,})/, '\\$&').replace(/^(\d{1,9})([.)])(?=\s|$)/, '$1\\$2');

/** Plain text as inline Markdown that renders as exactly that text (line breaks become spaces). */
export function text(value: unknown): string {
  const s = String(value ?? '')
    .replace(CONTROLS, ' ')
    .trimStart();
  const escaped = s.replace(/[\\`*_[\]#|~<>&]/g, (c, i: number) => {
    if (ENTITY[c]) return ENTITY[c];
    // An underscore inside a word cannot start or end emphasis: `SCREENER_RESPONSES` stays readable.
    if (c === '_' && WORD.test(s[i - 1] ?? '') && WORD.test(s[i + 1] ?? '')) return c;
    return `\\${c}`;
  });
  return escapeLineStart(escaped);
}

/** The text a heading shows for `value` (its anchor is GitHub's slug of this). */
// Trimmed as CommonMark trims a heading: spaces and tabs only (a no-break space stays, and counts for the anchor).
export const headingText = (value: unknown): string =>
  String(value ?? '')
    .replace(CONTROLS, ' ')
    .replace(/^[ \t]+|[ \t]+$/g, '');

const longestBacktickRun = (s: string) => Math.max(0, ...[...s.matchAll(/`+/g)].map((m) => m[0].length));

/** A code span that survives any backticks, pipes (escaped for tables) and line breaks in the value. */
export function code(value: unknown): string {
  // An empty span would show its backticks: the empty string shows as `""`.
  const raw = typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? String(value));
  const content = raw.replace(/\r\n?|\n/g, ' ');
  const fence = '`'.repeat(longestBacktickRun(content) + 1);
  const pad = content.startsWith('`') || content.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${content}${pad}${fence}`.replaceAll('|', '\\|');
}

/** A fenced code block whose fence is longer than any backtick run in `content`. */
export function fence(language: string, content: string): string {
  const marker = '`'.repeat(Math.max(3, longestBacktickRun(content) + 1));
  return `${marker}${language}\n${content}\n${marker}`;
}

/**
 * A description or gap as a block of Markdown: raw HTML neutralised, code fences closed, headings
 * shown as text. Headings are found last, in the text as shown: neutralised HTML can uncover one
 * (`<img>` then `#` on the next line is one HTML block; once the tag is text, the `#` is a heading).
 */
export function markdown(value: unknown): string {
  return withoutHeadings(
    sanitize(
      closeFences(
        String(value ?? '')
          .replace(/\r\n?/g, '\n')
          .trim(),
      ),
    ),
  );
}

/**
 * A description's headings shown as text (`\#`): the page's outline and its anchors (GitHub
 * numbers repeated heading texts) are the template's alone.
 */
function withoutHeadings(md: string): string {
  const lines = md.split('\n');
  for (const t of parser.parse(md, {})) {
    if (t.type !== 'heading_open' || !t.map) continue;
    const atx = t.markup.startsWith('#');
    const at = atx ? t.map[0] : t.map[1] - 1;
    lines[at] = lines[at]!.replace(atx ? '#' : t.markup[0]!, '\\$&');
  }
  return lines.join('\n');
}

/** A description or gap inside a table cell or a sentence: one line, pipes escaped. */
export function cell(value: unknown): string {
  const line = String(value ?? '')
    .trim()
    .replace(/\r\n?/g, '\n')
    .replace(/\n\s*\n\s*/g, '<br><br>')
    .replace(CONTROLS, ' ');
  return sanitizeInline(escapeLineStart(line)).replaceAll('|', '\\|');
}

/** Inline HTML a description may keep: these tags, without attributes. */
const ALLOWED_TAG = /^<\/?(?:br|b|i|em|strong|code|sub|sup|a)\s*\/?>$/i;
/** `<a href="...">`, the one tag with an attribute; the target is checked by safeHref. */
const LINK_TAG = /^<a\s+href\s*=\s*"([^"<>]*)"\s*>$/i;
/** An autolink (`<https://example.com>`), checked by safeHref. */
const AUTOLINK = /^<([A-Za-z][A-Za-z0-9+.-]{1,31}:[^\s<>]*)>$/;

/** http(s), mailto, or a target without a scheme (relative, or an anchor); entities decoded first. */
function safeHref(href: string): boolean {
  const decoded = parser.utils.unescapeAll(href).replace(/[\u0000-\u0020\u007f]/g, '');
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(decoded)?.[1];
  return scheme === undefined || /^(https?|mailto)$/i.test(scheme);
}

function allowedHtml(tag: string): boolean {
  const target = LINK_TAG.exec(tag)?.[1] ?? AUTOLINK.exec(tag)?.[1];
  return target !== undefined ? safeHref(target) : ALLOWED_TAG.test(tag);
}

/**
 * Escapes every `<` that does not begin an allowed tag, leaving code blocks, code spans and
 * backslash escapes as they are (a `<` inside code is text already). Then the result is parsed:
 * should the parser still see raw HTML that is not allowed (a construct the scan reads
 * differently), every `<` is escaped, code included.
 */
function sanitize(md: string): string {
  const code = codeBlockLines(md);
  const segments: { code: boolean; lines: string[] }[] = [];
  md.split('\n').forEach((line, i) => {
    const last = segments.at(-1);
    // Code spans never cross a blank line: each paragraph is scanned on its own.
    if (last && last.code === code.has(i) && (last.code || line.trim() !== '')) last.lines.push(line);
    else segments.push({ code: code.has(i), lines: [line] });
  });
  const scanned = segments.map((s) => (s.code ? s.lines.join('\n') : escapeHtml(s.lines.join('\n')))).join('\n');
  return onlySafeMarkup(parser.parse(scanned, {})) ? scanned : neutralise(md);
}

/** The fallback: no raw HTML and no link at all (every `<` and `[` escaped). */
const neutralise = (md: string): string => md.replaceAll('<', '&lt;').replaceAll('[', '\\[');

/** sanitize() for one line inside a block the page owns (a table cell, a sentence): no code blocks there. */
function sanitizeInline(line: string): string {
  const scanned = escapeHtml(line);
  return onlySafeMarkup(parser.parseInline(scanned, {})) ? scanned : neutralise(line);
}

/** The lines inside fenced and indented code blocks (0-based). */
function codeBlockLines(md: string): Set<number> {
  const lines = new Set<number>();
  for (const t of parser.parse(md, {})) {
    if ((t.type === 'fence' || t.type === 'code_block') && t.map) for (let i = t.map[0]; i < t.map[1]; i++) lines.add(i);
  }
  return lines;
}

const BACKTICKS = /`+/y;
const TAG = /<[^<>]*>/y;

function escapeHtml(block: string): string {
  let out = '';
  let i = 0;
  while (i < block.length) {
    const c = block[i]!;
    if (c === '\\') {
      out += block.slice(i, i + 2);
      i += 2;
    } else if (c === '`') {
      BACKTICKS.lastIndex = i;
      const run = BACKTICKS.exec(block)![0].length;
      const close = closingRun(block, i + run, run);
      const end = close >= 0 ? close + run : i + run;
      out += block.slice(i, end);
      i = end;
    } else if (c === '<') {
      TAG.lastIndex = i;
      const tag = TAG.exec(block)?.[0];
      const keep = tag !== undefined && allowedHtml(tag);
      out += keep ? tag : '&lt;';
      i += keep ? tag.length : 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index of the next backtick run of exactly `length` at or after `from`, or -1. */
function closingRun(s: string, from: number, length: number): number {
  const runs = /`+/g;
  runs.lastIndex = from;
  for (let m = runs.exec(s); m; m = runs.exec(s)) if (m[0].length === length) return m.index;
  return -1;
}

/** No raw HTML outside the allowlist, and no Markdown link or image to a target safeHref refuses. */
function onlySafeMarkup(tokens: Token[]): boolean {
  return tokens.every((t) => {
    if (t.type === 'html_inline' && !allowedHtml(t.content)) return false;
    if (t.type === 'html_block' && [...t.content.matchAll(/<[^<>]*>?/g)].some((m) => !allowedHtml(m[0]))) return false;
    const target = t.type === 'link_open' ? t.attrGet('href') : t.type === 'image' ? t.attrGet('src') : null;
    if (target !== null && !safeHref(String(target))) return false;
    return !t.children || onlySafeMarkup(t.children);
  });
}

/** A paragraph after the description: if a code fence takes it in, the fence was left open. */
const PROBE = 'end-of-description-probe';

/** A fence left open would turn the rest of the page into code: it gets its closing line. */
function closeFences(md: string): string {
  let out = md;
  for (let fixes = 0; fixes < 3; fixes++) {
    const open = parser.parse(`${out}\n\n${PROBE}`, {}).find((t) => t.type === 'fence' && t.content.includes(PROBE));
    if (!open) return out;
    out = `${out}\n${open.markup}`;
  }
  return out;
}
