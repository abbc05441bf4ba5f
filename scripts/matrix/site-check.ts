/**
 * The generated site in the machine's Chromium (driven by playwright-core, as the matrix's other
 * browser cells), opened from file:// with no server. Every page at 390 and 1280 px wide: standards
 * mode, no console error, no uncaught error, no request outside the site's folder, no horizontal
 * scroll. Then the search, on the index page, gives every operation and schema the search index
 * names as the first result of its own name. Run by `npm run site:check` (site.ts) and by a cell
 * of `npm run matrix`.
 */
import { mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Runtime } from './tools.js';

/** The parts of playwright-core's API used here (its own types are not installed in the repository). */
interface Playwright {
  chromium: { launch(options: { executablePath: string; args: string[]; headless: boolean; timeout: number }): Promise<Browser> };
}
interface Browser {
  newPage(options: { viewport: { width: number; height: number } }): Promise<Page>;
  close(): Promise<void>;
}
interface Page {
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  on(event: 'request', listener: (request: { url(): string }) => void): void;
  goto(url: string, options: { timeout: number }): Promise<unknown>;
  evaluate<T>(script: string): Promise<T>;
  screenshot(options: { path: string; fullPage: boolean }): Promise<unknown>;
  close(): Promise<void>;
}

const WIDTHS = [390, 1280];
const TIMEOUT_MS = 30_000;

/** Every `.html` file under `dir`, relative to it, `/`-separated. */
const htmlPages = (dir: string, sub = ''): string[] =>
  readdirSync(path.join(dir, sub), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlPages(dir, path.posix.join(sub, e.name)) : e.name.endsWith('.html') ? [path.posix.join(sub, e.name)] : [],
  );

/** Loads each page at one width; returns what went wrong, one line each. */
async function checkPages(browser: Browser, site: string, pages: string[], width: number): Promise<string[]> {
  const problems: string[] = [];
  const siteUrl = pathToFileURL(`${site}${path.sep}`).href;
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  let current = '';
  page.on('console', (m) => {
    if (m.type() === 'error') problems.push(`${current} @${width}px: console error: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${current} @${width}px: uncaught: ${e.message}`));
  page.on('request', (r) => {
    if (!r.url().startsWith(siteUrl)) problems.push(`${current} @${width}px: requested ${r.url()}`);
  });
  for (const file of pages) {
    current = file;
    await page.goto(new URL(file, siteUrl).href, { timeout: TIMEOUT_MS });
    if ((await page.evaluate<string>('document.compatMode')) !== 'CSS1Compat') problems.push(`${file} @${width}px: quirks mode`);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    if (overflow > 0) problems.push(`${file} @${width}px: scrolls ${overflow}px sideways`);
  }
  await page.close();
  return problems;
}

/** Types each operation's and schema's name into the search; returns the names whose first result is not theirs. */
async function checkSearch(browser: Browser, site: string): Promise<{ searched: number; missed: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(pathToFileURL(path.join(site, 'index.html')).href, { timeout: TIMEOUT_MS });
  const result = await page.evaluate<{ searched: number; missed: string[] }>(`(() => {
    const input = document.getElementById('search');
    const names = window.SITE_SEARCH.filter((e) => e.kind === 'operation' || e.kind === 'schema').map((e) => e.name);
    const missed = names.filter((name) => {
      input.value = name;
      input.dispatchEvent(new Event('input'));
      const first = document.querySelector('#search-results a strong');
      return first?.textContent !== name;
    });
    return { searched: names.length, missed };
  })()`);
  await page.close();
  return result;
}

/** The index and the first area page at each width, as PNG files in `dir`. */
async function screenshots(browser: Browser, site: string, pages: string[], dir: string): Promise<string[]> {
  mkdirSync(dir, { recursive: true });
  const area = pages.find((p) => p.startsWith('operations/'));
  const shots: string[] = [];
  for (const width of WIDTHS) {
    for (const file of ['index.html', ...(area ? [area] : [])]) {
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      await page.goto(pathToFileURL(path.join(site, file)).href, { timeout: TIMEOUT_MS });
      const shot = path.join(dir, `${file.replace(/[/.]/g, '-')}-${width}.png`);
      await page.screenshot({ path: shot, fullPage: false });
      shots.push(shot);
      await page.close();
    }
  }
  return shots;
}

export interface SiteCheck {
  /** One line each; empty: passed. */
  problems: string[];
  /** What was checked, and how long it took. */
  summary: string;
  screenshots: string[];
}

/** Checks the site in `site` (a folder holding index.html); screenshots go to `screenshotsDir` when given. */
export async function checkSite(chromium: Runtime, playwrightDir: string, site: string, screenshotsDir?: string): Promise<SiteCheck> {
  const { chromium: launcher } = (await import(pathToFileURL(path.join(playwrightDir, 'index.mjs')).href)) as Playwright;
  // Root has no sandbox to drop into (CI runs as root): --no-sandbox, as Chromium itself asks.
  const browser = await launcher.launch({ executablePath: chromium.bin, args: ['--no-sandbox'], headless: true, timeout: 60_000 });
  try {
    const started = performance.now();
    const pages = htmlPages(site);
    const problems: string[] = [];
    for (const width of WIDTHS) problems.push(...(await checkPages(browser, site, pages, width)));
    const search = await checkSearch(browser, site);
    problems.push(...search.missed.map((name) => `search: "${name}" is not the first result`));
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const summary = `${pages.length} pages at ${WIDTHS.join(' and ')} px, ${search.searched} names searched, in ${seconds}s`;
    return { problems, summary, screenshots: screenshotsDir ? await screenshots(browser, site, pages, screenshotsDir) : [] };
  } finally {
    await browser.close();
  }
}
