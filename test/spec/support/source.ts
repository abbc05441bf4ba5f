/**
 * Reads the source of truth (the Partner Recruitment API specification, Markdown) and pulls
 * sections, tables and lists out of it, so tests compare the spec with the source's own text
 * rather than with a second transcription.
 *
 * The source is the shared seed beside the repository (../shared/seed/), or the file that
 * `PARTNER_API_SOURCE` names. The repository stands alone: without the source, the tests that read
 * it are reported as skipped with the reason, unless `PARTNER_API_SOURCE_REQUIRED=1` (set by
 * .ci/run), which makes a missing source a failure.
 */
import { readFileSync } from 'node:fs';
import { describe, it } from 'vitest';
import { SOURCE, sourceFile } from './source-file.js';

export { SHARED_SEED, SOURCE, sourceFile } from './source-file.js';

let cached: string | undefined;
export function readSource(): string {
  if (!SOURCE.available) throw new Error(`cannot compare with the source: ${SOURCE.reason}`);
  cached ??= readFileSync(sourceFile(), 'utf8');
  return cached;
}

/**
 * A `describe` whose body reads the source: with the source it runs as it is; without it, it is
 * one skipped test naming the reason (the body is not run), or one failing test when the source
 * is required.
 */
export function describeWithSource(name: string, body: () => void): void {
  if (SOURCE.available) describe(name, body);
  else if (SOURCE.required) describe(name, () => it('reads the source document', () => void readSource()));
  else describe(name, () => it.skip(`skipped: ${SOURCE.reason}`, () => {}));
}

/** An `it` that reads the source: skipped (with the reason in its name) when the source is absent and not required. */
export function itWithSource(name: string, body: () => void | Promise<void>): void {
  if (SOURCE.available || SOURCE.required) it(name, body);
  else it.skip(`${name} (skipped: ${SOURCE.reason})`, body);
}

export interface Heading {
  level: number;
  text: string;
  line: number;
}

export function headings(md: string): Heading[] {
  return md.split('\n').flatMap((line, i) => {
    const m = /^(#{1,6})\s+(.*?)\s*$/.exec(line);
    return m ? [{ level: m[1]!.length, text: m[2]!, line: i }] : [];
  });
}

/** The body of the section whose heading is exactly `title`, up to the next heading of the same or a higher level. */
export function section(md: string, title: string): string {
  const lines = md.split('\n');
  const all = headings(md);
  const start = all.find((h) => h.text === title);
  if (!start) throw new Error(`the source has no heading "${title}"`);
  const end = all.find((h) => h.line > start.line && h.level <= start.level);
  return lines.slice(start.line + 1, end ? end.line : lines.length).join('\n');
}

export interface Table {
  header: string[];
  rows: string[][];
}

function cells(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((c) => c.trim());
}

/** Every pipe table in `text`, header row separate, the `|---|` line dropped. */
export function tables(text: string): Table[] {
  const out: Table[] = [];
  let current: string[][] | undefined;
  for (const line of text.split('\n')) {
    if (line.trim().startsWith('|')) {
      (current ??= []).push(cells(line));
    } else if (current) {
      out.push(toTable(current));
      current = undefined;
    }
  }
  if (current) out.push(toTable(current));
  return out;
}

function toTable(raw: string[][]): Table {
  const [header = [], separator, ...rows] = raw;
  if (!separator?.every((c) => /^:?-+:?$/.test(c))) throw new Error(`not a Markdown table: ${header.join(' | ')}`);
  return { header, rows };
}

/** The only table of a section whose header starts with `firstColumn`. */
export function tableIn(text: string, firstColumn: string): Table {
  const found = tables(text).filter((t) => t.header[0] === firstColumn);
  if (found.length !== 1) throw new Error(`expected one table headed "${firstColumn}", found ${found.length}`);
  return found[0]!;
}

/** Rows of a two-or-more-column table keyed by their first cell. */
export function rowsByKey(table: Table): Map<string, string[]> {
  return new Map(table.rows.map((r) => [r[0] ?? '', r]));
}

/** `a, b, c` → [a, b, c], backticks removed. */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((s) => s.trim().replace(/^`|`$/g, ''))
    .filter((s) => s !== '');
}

/** The backticked tokens of a phrase such as "`b2b` or `b2c`", in order. */
export function backticked(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);
}

/** The first match of `re` in `text`, group 1; throws when the source does not say it. */
export function match1(text: string, re: RegExp): string {
  const m = re.exec(text);
  if (!m || m[1] === undefined) throw new Error(`the source does not match ${re}`);
  return m[1];
}
