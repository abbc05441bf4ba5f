/**
 * The repository's own Markdown (README.md, a front page, and the topic pages under docs/), read as
 * GitHub renders it (markdown-it, github-slugger anchors): README.md stays a front page of at most
 * 8 KB that links every topic page and the consumer guide; every relative link reaches a file and,
 * with an anchor, a heading of it; headings start at one title and go down one level at a time.
 * Their TypeScript blocks are compiled by test/generator/emit/package/readme.test.ts.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { anchors, headings, links } from './generator/support/markdown-pages.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const DOCS = readdirSync(path.join(ROOT, 'docs'))
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((f) => `docs/${f}`);
const PAGES = ['README.md', ...DOCS];
const read = (page: string) => readFileSync(path.join(ROOT, page), 'utf8');

/** Every relative link of `page` (its `text`) whose file does not exist or whose anchor names no heading of it. */
function brokenLinks(page: string, text = read(page)): string[] {
  const broken: string[] = [];
  for (const href of links(text)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) continue; // https:, mailto:
    const [target = '', hash] = href.split('#');
    if (!target) {
      if (!anchors(text).has(decodeURIComponent(hash ?? ''))) broken.push(`${page}: ${href} (no heading ${href} in it)`);
      continue;
    }
    const file = path.join(path.dirname(page), decodeURI(target));
    if (!existsSync(path.join(ROOT, file))) broken.push(`${page}: ${href} (no file ${file})`);
    else if (hash !== undefined) {
      if (!file.endsWith('.md') || statSync(path.join(ROOT, file)).isDirectory()) broken.push(`${page}: ${href} (an anchor into a file that is not Markdown)`);
      else if (!anchors(read(file)).has(decodeURIComponent(hash))) broken.push(`${page}: ${href} (no heading #${hash} in ${file})`);
    }
  }
  return broken;
}

describe('README.md and docs/*.md', () => {
  it('README.md is a front page of at most 8 KB linking every topic page and the consumer guide', () => {
    const readme = read('README.md');
    expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(8 * 1024);
    // The two commands come first, as they are.
    expect(readme).toMatch(/^# .+\n\n```sh\nnpm ci && npm run generate +# .+\nnpm test +# .+\n```\n/);
    const targets = new Set(links(readme).map((href) => href.split('#')[0]));
    for (const page of [...DOCS, 'generated/README.md']) expect(targets, page).toContain(page);
    for (const topic of ['maintaining', 'architecture', 'security-and-limits', 'performance']) expect(DOCS).toContain(`docs/${topic}.md`);
  });

  it('every relative link reaches a file, and every anchor a heading of it', () => {
    expect(PAGES.flatMap((page) => brokenLinks(page))).toEqual([]);
  });

  it('the check finds a missing file, a missing heading and an anchor into a folder, and takes what GitHub takes', () => {
    const page = [
      '[a](no-such-page.md)',
      '[b](maintaining.md#no-such-heading)',
      '[c](../generated#x)',
      '[d](maintaining.md#tests)',
      '[e](#the-tools-caches)',
      '[f](#nowhere)',
      '[g](https://example.com/#x)',
    ].join('\n\n');
    expect(brokenLinks('docs/example.md', `${page}\n\n## The tool's caches\n`)).toEqual([
      'docs/example.md: no-such-page.md (no file docs/no-such-page.md)',
      'docs/example.md: maintaining.md#no-such-heading (no heading #no-such-heading in docs/maintaining.md)',
      'docs/example.md: ../generated#x (an anchor into a file that is not Markdown)',
      'docs/example.md: #nowhere (no heading #nowhere in it)',
    ]);
  });

  it('each page has one title, first, and its headings go down one level at a time', () => {
    for (const page of PAGES) {
      const levels = headings(read(page)).map((h) => h.level);
      expect(levels[0], page).toBe(1);
      expect(
        levels.filter((l) => l === 1),
        page,
      ).toHaveLength(1);
      for (let i = 1; i < levels.length; i++) expect(levels[i]! - levels[i - 1]!, `${page}: heading ${i + 1}`).toBeLessThanOrEqual(1);
    }
  });
});
