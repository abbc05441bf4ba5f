/**
 * What the matrix's browser and workerd cells need beside the consumer projects: an esbuild
 * bundle of a consumer script as a page or a worker bundles it, one Chromium (the machine's,
 * driven by playwright-core) with a static HTTP server on 127.0.0.1 that serves the pages and
 * plays the page's own backend, and a worker run once in workerd through Miniflare.
 */
import { writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Message } from 'esbuild';
import { consumerEnv, run } from '../../test/consumer/project.js';
import type { Runtime } from './tools.js';

/** How the code is bundled: for a page (platform `browser`), or for workerd (its export conditions first, as Wrangler resolves them). */
export type Target = 'page' | 'worker';

/** A bundle, or why esbuild could not make it (each error located in the consumer project). */
export type Bundle = { code: string } | { errors: string[] };

const located = (m: Message): string => (m.location ? `${m.location.file}:${m.location.line}:${m.location.column}: ${m.text}` : m.text);

/** `entry` (a file of the project `dir`) bundled into one ESM file, its imports resolved from the project's node_modules. */
export async function bundle(dir: string, entry: string, target: Target): Promise<Bundle> {
  try {
    const result = await build({
      absWorkingDir: dir,
      entryPoints: [entry],
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      ...(target === 'worker' ? { conditions: ['workerd', 'worker', 'browser'] } : {}),
      write: false,
      outfile: path.join(dir, `${path.basename(entry, '.mjs')}.bundle.js`),
      logLevel: 'silent',
    });
    return { code: result.outputFiles[0]!.text };
  } catch (err) {
    const errors = (err as { errors?: Message[] }).errors;
    return { errors: errors?.length ? errors.map(located) : [(err as Error).message] };
  }
}

/** The parts of playwright-core's API used here (its own types are not installed in the repository). */
interface Playwright {
  chromium: { launch(options: { executablePath: string; args: string[]; headless: boolean; timeout: number }): Promise<Browser> };
}
interface Browser {
  newContext(): Promise<Context>;
  close(): Promise<void>;
}
interface Context {
  newPage(): Promise<PageHandle>;
  close(): Promise<void>;
}
interface PageHandle {
  on(event: 'console', listener: (message: { type(): string; text(): string }) => void): void;
  on(event: 'pageerror', listener: (error: Error) => void): void;
  goto(url: string, options: { timeout: number }): Promise<unknown>;
  waitForFunction(expression: string, arg: undefined, options: { timeout: number }): Promise<unknown>;
  evaluate(expression: string): Promise<unknown>;
}

/** A request the page's backend received: its path and the credential headers it carried. */
export interface BackendRequest {
  url: string;
  key: string | null;
  secret: string | null;
}

export interface PageRun {
  /** `window.__result`, or undefined when the page set none in time. */
  result: unknown;
  /** The console's errors and uncaught errors, in order. */
  errors: string[];
  /** What the page's backend (`window.__matrix.backendUrl`) received. */
  backend: BackendRequest[];
  /** The page's origin. */
  origin: string;
}

interface Page {
  script: string;
  config: Record<string, unknown>;
  backendAnswer: string;
  backend: BackendRequest[];
}

/**
 * One Chromium and one static server for every page of a run. Each page gets its own path
 * (`/pages/<n>/`): its HTML sets `window.__matrix` and loads its bundle; `/pages/<n>/backend/...`
 * answers the JSON it was given and records the credential headers it saw.
 */
export class BrowserSession {
  private readonly pages = new Map<string, Page>();
  private next = 0;

  private constructor(
    private readonly browser: Browser,
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(chromium: Runtime, playwrightDir: string): Promise<BrowserSession> {
    const server = createServer();
    await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const { chromium: launcher } = (await import(pathToFileURL(path.join(playwrightDir, 'index.mjs')).href)) as Playwright;
      // Root has no sandbox to drop into (CI runs as root): --no-sandbox, as Chromium itself asks.
      const browser = await launcher.launch({ executablePath: chromium.bin, args: ['--no-sandbox'], headless: true, timeout: 60_000 });
      const session = new BrowserSession(browser, server, origin);
      server.on('request', (req, res) => session.serve(req, res));
      return session;
    } catch (err) {
      server.close();
      throw err;
    }
  }

  private serve(req: IncomingMessage, res: ServerResponse): void {
    const match = /^\/pages\/(\d+)\/(index\.html|page\.js|backend\/.*)$/.exec(new URL(req.url ?? '/', this.origin).pathname);
    const page = match && this.pages.get(match[1]!);
    if (!page) {
      res.writeHead(req.url === '/favicon.ico' ? 204 : 404).end();
      return;
    }
    const file = match[2]!;
    if (file === 'index.html') {
      const config = JSON.stringify(page.config).replaceAll('<', '\\u003c');
      res
        .writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
        .end(`<!doctype html><html><head><meta charset="utf-8"><link rel="icon" href="data:,"><title>matrix</title>
<script>window.__matrix = ${config};</script><script type="module" src="page.js"></script></head><body></body></html>`);
    } else if (file === 'page.js') res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(page.script);
    else {
      page.backend.push({
        url: req.url!.slice(`/pages/${match[1]}/backend`.length),
        key: (req.headers['x-api-key'] as string | undefined) ?? null,
        secret: (req.headers['x-api-secret'] as string | undefined) ?? null,
      });
      res.writeHead(200, { 'content-type': 'application/json' }).end(page.backendAnswer);
    }
  }

  /** Opens `script` in a new browser context and waits for `window.__result`. */
  async run(script: string, config: Record<string, unknown>, backendAnswer = '{}', timeoutMs = 30_000): Promise<PageRun> {
    const id = String(this.next++);
    const base = `${this.origin}/pages/${id}/`;
    const page: Page = { script, config: { ...config, backendUrl: `${base}backend` }, backendAnswer, backend: [] };
    this.pages.set(id, page);
    const context = await this.browser.newContext();
    const errors: string[] = [];
    try {
      const tab = await context.newPage();
      tab.on('console', (message) => {
        if (message.type() === 'error') errors.push(`console: ${message.text()}`);
      });
      tab.on('pageerror', (error) => errors.push(`uncaught: ${error.name}: ${error.message}`));
      await tab.goto(`${base}index.html`, { timeout: timeoutMs });
      const result = await tab.waitForFunction('window.__result !== undefined', undefined, { timeout: timeoutMs }).then(
        () => tab.evaluate('window.__result'),
        () => undefined,
      );
      return { result, errors, backend: page.backend, origin: this.origin };
    } finally {
      await context.close();
      this.pages.delete(id);
    }
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => {});
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** scripts/matrix/miniflare.mjs, which Miniflare's Node runs. */
const MINIFLARE_DRIVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'miniflare.mjs');

/** What a worker answered one request, or why workerd could not run it (its own message). */
export type WorkerRun = { status: number; body: unknown } | { failed: string };

/**
 * `code` as a module worker in workerd (Miniflare 4 in `node`, a Node it accepts), no compatibility
 * flag, with `bindings` as its `env`; answers one POST of `body`.
 */
export async function runWorker(options: {
  node: Runtime;
  miniflareDir: string;
  code: string;
  dir: string;
  compatibilityDate: string;
  bindings: Record<string, string>;
  body: string;
}): Promise<WorkerRun> {
  const scriptPath = path.join(options.dir, `worker-${process.hrtime.bigint()}.bundle.js`);
  writeFileSync(scriptPath, options.code);
  try {
    const { stdout } = await run(
      options.node.bin,
      [MINIFLARE_DRIVER, options.miniflareDir, scriptPath, options.compatibilityDate, JSON.stringify(options.bindings), options.body],
      { cwd: options.dir, env: consumerEnv, timeout: 60_000, maxBuffer: 64 * 2 ** 20 },
    );
    return JSON.parse(stdout) as { status: number; body: unknown };
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    return { failed: (e.stderr || e.message).trim().split('\n').slice(0, 12).join('\n') };
  }
}
