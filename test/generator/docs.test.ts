/** Every internal link and anchor of the generated Markdown resolves, as GitHub renders it. */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import MarkdownIt from 'markdown-it';
import GithubSlugger from 'github-slugger';
import { describe, expect, it } from 'vitest';

const docsDir = path.resolve(import.meta.dirname, '../../generated/docs');
const md = new MarkdownIt({ html: true });

function pages(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? pages(path.join(dir, e.name)) : e.name.endsWith('.md') ? [path.join(dir, e.name)] : []));
}

/** Heading ids as GitHub computes them (duplicates get -1, -2, ...). */
function anchors(file: string): Set<string> {
  const slugger = new GithubSlugger();
  const tokens = md.parse(readFileSync(file, 'utf8'), {});
  const ids = new Set<string>();
  tokens.forEach((t, i) => {
    if (t.type === 'heading_open') ids.add(slugger.slug(tokens[i + 1]!.children!.map((c) => c.content).join('')));
  });
  return ids;
}

function links(file: string): string[] {
  const out: string[] = [];
  const walk = (tokens: ReturnType<typeof md.parse>) => {
    for (const t of tokens) {
      if (t.type === 'link_open') out.push(String(t.attrGet('href')));
      if (t.children) walk(t.children);
    }
  };
  walk(md.parse(readFileSync(file, 'utf8'), {}));
  return out;
}

const all = pages(docsDir);

describe('generated docs', () => {
  it('has an index, a page per tag, a page per schema and the webhooks page', () => {
    const rel = all.map((f) => path.relative(docsDir, f));
    expect(rel).toContain('index.md');
    expect(rel).toContain('webhooks.md');
    expect(rel).toContain('schemas/Project.md');
    expect(rel).toContain('operations/projects.md');
    expect(rel.filter((f) => f.startsWith('operations/'))).toHaveLength(11);
  });

  it.each(all.map((f) => [path.relative(docsDir, f), f]))('%s: every internal link and anchor resolves', (_rel, file) => {
    const broken: string[] = [];
    for (const href of links(file)) {
      if (/^[a-z]+:/.test(href)) continue;
      const [target, hash] = href.split('#') as [string, string | undefined];
      const targetFile = target ? path.resolve(path.dirname(file), target) : file;
      if (!existsSync(targetFile)) broken.push(`${href} (no file)`);
      else if (hash !== undefined && !anchors(targetFile).has(hash)) broken.push(`${href} (no anchor)`);
    }
    expect(broken).toEqual([]);
  });

  it('shows gaps as callouts and every enum value of a schema', () => {
    const country = readFileSync(path.join(docsDir, 'schemas/ProjectCountryCode.md'), 'utf8');
    expect(country.match(/^- `[A-Za-z]+`$/gm)).toHaveLength(222);
    const skill = readFileSync(path.join(docsDir, 'operations/projects.md'), 'utf8');
    expect(skill).toContain('> **Not shown in the source:** Request and response shapes, parameters and behavior not shown.');
    const project = readFileSync(path.join(docsDir, 'schemas/Project.md'), 'utf8');
    expect(project).toMatch(/~~`ndaType`~~ .* \*\*Deprecated\.\*\*/);
    expect(project).toContain('When `typeOfResearch` is `inPerson`: requires `targetLocationRespondentInPerson`');
  });
});
