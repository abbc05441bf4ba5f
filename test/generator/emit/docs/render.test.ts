/**
 * render.ts: templates compile with `noEscape`, so every `{{…}}` must print through an escaping
 * helper; a template that prints a value any other way is found here, with its file and line.
 */
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Handlebars from 'handlebars';
import { afterAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { ESCAPING_HELPERS, templateRenderer } from '../../../../generator/emit/docs/render.js';

const DOCS = path.join(TOOL_ROOT, 'templates', 'docs');
const templates = [
  ...readdirSync(DOCS).map((f) => path.join(DOCS, f)),
  ...readdirSync(path.join(DOCS, 'partials')).map((f) => path.join(DOCS, 'partials', f)),
].filter((f) => f.endsWith('.hbs'));

/** `file:line {{…}}` of every double-stash output that no escaping helper prints. */
function unescapedOutputs(file: string, source: string): string[] {
  const found: string[] = [];
  const visit = (node: hbs.AST.Node | undefined): void => {
    if (!node) return;
    if (node.type === 'MustacheStatement') {
      const m = node as hbs.AST.MustacheStatement;
      const head = (m.path as hbs.AST.PathExpression).original;
      const escapes = (ESCAPING_HELPERS as readonly string[]).includes(head) && m.params.length > 0;
      if (m.escaped && !escapes) found.push(`${path.relative(TOOL_ROOT, file)}:${m.loc.start.line} {{${head}}}`);
    }
    const block = node as Partial<hbs.AST.BlockStatement>;
    for (const child of [block.program, block.inverse]) if (child) child.body.forEach(visit);
  };
  Handlebars.parse(source).body.forEach(visit);
  return found;
}

describe('render.ts', () => {
  const work = mkdtempSync(path.join(os.tmpdir(), 'render-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it.each(templates.map((f) => [path.relative(DOCS, f), f]))('%s prints every value through an escaping helper', (_, file) => {
    expect(unescapedOutputs(file, readFileSync(file, 'utf8'))).toEqual([]);
  });

  it('finds a bare {{value}} in a template, and a helper call that is not an escaping one', () => {
    expect(unescapedOutputs('t.hbs', '# {{title}}\n{{concat a b}} {{text ok}} {{{raw}}}')).toEqual(['t.hbs:1 {{title}}', 't.hbs:2 {{concat}}']);
  });

  it('text, cell and code escape Markdown; a triple-stash prints as given', () => {
    mkdirSync(path.join(work, 'docs', 'partials'), { recursive: true });
    writeFileSync(path.join(work, 'docs', 'page.md.hbs'), '{{text title}}\n\n| {{cell c}} | {{code k}} |\n\n{{{raw}}}\n');
    const out = templateRenderer(work)('page', { title: '# Not a heading <b>', c: 'a | b', k: 'x`y', raw: '**bold**' });
    const [title, row, raw] = out.trim().split('\n\n');
    expect(title).not.toMatch(/^#/);
    expect(title).not.toContain('<b>');
    expect(row).toMatch(/^\| a \\\| b \| ``?x`y``? \|$/);
    expect(raw).toBe('**bold**');
  });
});
