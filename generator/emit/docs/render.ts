/**
 * The Handlebars setup every Markdown page shares (reference pages, the package README, the mock's
 * page, the changelog): templates are compiled with `noEscape` (Handlebars' own HTML escaping has
 * no place in Markdown) and every value is escaped explicitly, by a helper:
 *
 * - `{{text value}}`: Markdown plain text (markdown.ts `text`): a name, title or summary from the
 *   document shows as written and cannot add a heading, a table row, a link or a tag;
 * - `{{cell value}}`, `{{code value}}`, `{{plural n "noun"}}`: a table cell, inline code, a count;
 * - `{{{value}}}`: Markdown this generator built from escaped parts (type labels, links) and
 *   descriptions, which are CommonMark by the OpenAPI specification (markdown.ts `markdown`).
 *
 * test/…/render.test.ts checks that no template prints a value through any other path.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { cell, code, text } from './markdown.js';

/** How every template and partial is compiled: `strict` fails on a name the view lacks. */
const COMPILE_OPTIONS: CompileOptions = { noEscape: true, strict: true };

/** The helpers that escape what they print, one of which every `{{…}}` output must call. */
export const ESCAPING_HELPERS = ['text', 'cell', 'code', 'plural'] as const;

export function loadTemplates(templatesDir: string): typeof Handlebars {
  const hbs = Handlebars.create();
  const dir = path.join(templatesDir, 'docs');
  for (const name of readdirSync(path.join(dir, 'partials')).sort()) {
    if (name.endsWith('.hbs'))
      hbs.registerPartial(name.replace(/\.hbs$/, ''), hbs.compile(readFileSync(path.join(dir, 'partials', name), 'utf8'), COMPILE_OPTIONS));
  }
  hbs.registerHelper('text', (value: unknown) => (value instanceof hbs.SafeString ? value.toString() : text(value)));
  hbs.registerHelper('cell', (value: unknown) => new hbs.SafeString(cell(typeof value === 'string' ? value : '')));
  hbs.registerHelper('code', (value: unknown) => new hbs.SafeString(code(value)));
  hbs.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).join(''));
  hbs.registerHelper('plural', (n: unknown, noun: unknown) => `${text(n)} ${text(noun)}${n === 1 ? '' : 's'}`);
  return hbs;
}

export type Render = (name: string, view: object) => string;

/** Compiles each page template once; rendering squeezes blank-line runs the templates leave. */
export function renderer(hbs: typeof Handlebars, templatesDir: string): Render {
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return (name, view) => {
    let template = compiled.get(name);
    if (!template) {
      template = hbs.compile(readFileSync(path.join(templatesDir, 'docs', `${name}.md.hbs`), 'utf8'), COMPILE_OPTIONS);
      compiled.set(name, template);
    }
    return `${emptyCells(template(view))
      .replace(/\n{3,}/g, '\n\n')
      .trim()}\n`;
  };
}

/** A table's empty cell as one space (`| |`), the style every other cell has, outside fenced code. */
function emptyCells(page: string): string {
  let fence: string | undefined;
  return page
    .split('\n')
    .map((line) => {
      const opener = /^ {0,3}(`{3,}|~{3,})/.exec(line)?.[1];
      if (opener && (fence === undefined || (opener[0] === fence[0] && opener.length >= fence.length))) fence = fence === undefined ? opener : undefined;
      return fence === undefined && line.startsWith('|') ? line.replace(/(?<!\\)\| {2,}(?=\|)/g, '| ') : line;
    })
    .join('\n');
}

/** The renderer of the templates in `templatesDir`. */
export const templateRenderer = (templatesDir: string): Render => renderer(loadTemplates(templatesDir), templatesDir);
