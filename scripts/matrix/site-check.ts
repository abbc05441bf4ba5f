/**
 * The generated site in the machine's Chromium (driven by playwright-core, as the matrix's other
 * browser cells), opened from file:// with no server. Every page at 390 and 1280 px wide: standards
 * mode, no console error, no uncaught error, no request outside the site's folder, no horizontal
 * scroll. Then the search, on the index page, gives every operation and schema the search index
 * names as the first result of its own name. "Try it" on three operations (a list, one with a path
 * parameter, one with a body example) answers with a body its validator finds valid, and a fault
 * selected shows its status. Run by `npm run site:check` (site.ts) and by a cell
 * of `npm run matrix`.
 */
import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
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
  waitForFunction(expression: string, arg: undefined, options: { timeout: number }): Promise<unknown>;
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
  // What the browser made of each page: its element ids, and the links it would follow (resolved by the browser).
  const ids = new Map<string, Set<string>>();
  const links: { from: string; href: string }[] = [];
  for (const file of pages) {
    current = file;
    await page.goto(new URL(file, siteUrl).href, { timeout: TIMEOUT_MS });
    if ((await page.evaluate<string>('document.compatMode')) !== 'CSS1Compat') problems.push(`${file} @${width}px: quirks mode`);
    const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
    if (overflow > 0) problems.push(`${file} @${width}px: scrolls ${overflow}px sideways`);
    const seen = await page.evaluate<{ ids: string[]; hrefs: string[] }>(
      `({ ids: [...document.querySelectorAll('[id]')].map((e) => e.id), hrefs: [...document.querySelectorAll('a[href]')].map((a) => a.href) })`,
    );
    ids.set(file, new Set(seen.ids));
    links.push(...seen.hrefs.map((href) => ({ from: file, href })));
  }
  await page.close();
  problems.push(...brokenLinks(siteUrl, ids, links).map((line) => `${line} @${width}px`));
  return problems;
}

/** Each link into the site that reaches no page, or an anchor that page does not have. */
function brokenLinks(siteUrl: string, ids: ReadonlyMap<string, ReadonlySet<string>>, links: readonly { from: string; href: string }[]): string[] {
  return links.flatMap(({ from, href }) => {
    if (!href.startsWith(siteUrl)) return [];
    const url = new URL(href);
    const file = decodeURIComponent(url.pathname.slice(new URL(siteUrl).pathname.length));
    const target = ids.get(file);
    if (!target) return [`${from}: link to ${file} reaches no page`];
    const anchor = decodeURIComponent(url.hash.slice(1));
    return anchor === '' || target.has(anchor) ? [] : [`${from}: link to ${file}#${anchor}: no such anchor`];
  });
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

/** What an area page's #try-it-data lists of an operation (generator/emit/site/try-it-data.ts). */
interface TryItOperation {
  operationId: string;
  method: string;
  anchor: string;
  parameters: { in: string; value: string }[];
  body: string;
  documentedBody: boolean;
  faults: number[];
}

/** Each area page's "Try it" operations, read from the pages' JSON. */
const tryItOperations = (site: string, pages: string[]): { file: string; op: TryItOperation }[] =>
  pages.flatMap((file) => {
    const json = /<script type="application\/json" id="try-it-data"[^>]*>([^<]*)<\/script>/.exec(readFileSync(path.join(site, file), 'utf8'))?.[1];
    return json ? (JSON.parse(json) as TryItOperation[]).map((op) => ({ file, op })) : [];
  });

/**
 * Three operations chosen by what they take, among those whose answer the document shows: a GET
 * without path parameters (a list, its query prefilled), a GET with a path parameter, and one
 * whose body is the document's example.
 */
function tryItChoices(site: string, pages: string[]): { file: string; op: TryItOperation }[] {
  // Those whose answer the document shows: a validator checks it.
  const all = tryItOperations(site, pages).filter(({ op }) => op.documentedBody);
  const hasPath = (op: TryItOperation) => op.parameters.some((p) => p.in === 'path');
  const list =
    all.find(({ op }) => op.method === 'GET' && !hasPath(op) && op.parameters.length > 0) ?? all.find(({ op }) => op.method === 'GET' && !hasPath(op));
  const byPath = all.find(({ op }) => op.method === 'GET' && hasPath(op));
  const withBody = all.find(({ op }) => op.body !== '');
  return [list, byPath, withBody].filter((c) => c !== undefined);
}

/** Opens the panel, fills empty path parameters with `1`, picks `fault` ('' for none), sends; the shown status and verdict. */
async function sendTryIt(page: Page, op: TryItOperation, fault: string): Promise<{ status: string; verdict: string; text: string }> {
  const details = `document.querySelector('details.try-it[data-operation=${JSON.stringify(op.operationId)}]')`;
  await page.evaluate(`(() => { const d = ${details}; d.open = true; })()`);
  await page.waitForFunction(`${details}.querySelector('form button') !== null && window.TRY_IT !== undefined`, undefined, { timeout: TIMEOUT_MS });
  await page.evaluate(`(() => {
    const d = ${details};
    for (const input of d.querySelectorAll('input[name^="path:"]')) if (input.value === '') input.value = '1';
    d.querySelector('select[name=fault]').value = ${JSON.stringify(fault)};
    d.querySelector('.try-it-result').dataset.status = '';
    d.querySelector('form button').click();
  })()`);
  await page.waitForFunction(`${details}.querySelector('.try-it-result').dataset.status`, undefined, { timeout: TIMEOUT_MS });
  return page.evaluate(`(() => {
    const out = ${details}.querySelector('.try-it-result');
    return { status: out.dataset.status, verdict: out.dataset.verdict ?? '', text: out.querySelector('.try-it-status')?.textContent ?? out.textContent };
  })()`);
}

/**
 * "Try it" on three operations, from file://, at each width: each answer's verdict is "valid" and
 * the open panel does not scroll sideways, then a fault of the first one shows the fault's status;
 * no console error. Screenshots of the answers in `dir`.
 */
async function checkTryIt(browser: Browser, site: string, pages: string[], dir?: string): Promise<{ tried: string[]; problems: string[] }> {
  const problems: string[] = [];
  const tried: string[] = [];
  const choices = tryItChoices(site, pages);
  if (choices.length < 3) problems.push(`try it: found ${choices.length} of the three kinds of operation to try`);
  for (const width of WIDTHS)
    for (const [i, { file, op }] of choices.entries()) {
      const at = `try it ${op.operationId} @${width}px`;
      const page = await browser.newPage({ viewport: { width, height: 900 } });
      page.on('console', (m) => {
        if (m.type() === 'error') problems.push(`${at}: console error: ${m.text()}`);
      });
      page.on('pageerror', (e) => problems.push(`${at}: uncaught: ${e.message}`));
      await page.goto(`${pathToFileURL(path.join(site, file)).href}#${op.anchor}`, { timeout: TIMEOUT_MS });
      const answer = await sendTryIt(page, op, '');
      if (width === WIDTHS.at(-1)) tried.push(`${op.operationId} ${answer.status} ${answer.verdict}`);
      if (answer.verdict !== 'valid') problems.push(`${at}: answered ${answer.status}, verdict "${answer.verdict}": ${answer.text}`);
      // The open panel, its answer shown, fits the width too.
      const overflow = await page.evaluate<number>('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      if (overflow > 0) problems.push(`${at}: the open panel scrolls ${overflow}px sideways`);
      if (dir) await shoot(page, op, dir, `answer-${width}`);
      if (i === 0) {
        const status = String(op.faults.at(-1) ?? 503);
        const faulted = await sendTryIt(page, op, status);
        if (width === WIDTHS.at(-1)) tried.push(`${op.operationId} fault ${faulted.status}`);
        if (faulted.status !== status) problems.push(`${at}: fault ${status} shown as ${faulted.status}: ${faulted.text}`);
        if (dir) await shoot(page, op, dir, `fault-${width}`);
      }
      await page.close();
    }
  return { tried, problems };
}

/** The panel of `op` scrolled into view, as a PNG file in `dir`. */
async function shoot(page: Page, op: TryItOperation, dir: string, what: string): Promise<void> {
  mkdirSync(dir, { recursive: true });
  await page.evaluate(`document.querySelector('details.try-it[data-operation=${JSON.stringify(op.operationId)}]').scrollIntoView()`);
  await page.screenshot({ path: path.join(dir, `try-it-${op.operationId}-${what}.png`), fullPage: false });
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
    const tryIt = await checkTryIt(browser, site, pages, screenshotsDir);
    problems.push(...tryIt.problems);
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const summary = `${pages.length} pages at ${WIDTHS.join(' and ')} px, ${search.searched} names searched, try it: ${tryIt.tried.join(', ')}, in ${seconds}s`;
    return { problems, summary, screenshots: screenshotsDir ? await screenshots(browser, site, pages, screenshotsDir) : [] };
  } finally {
    await browser.close();
  }
}
