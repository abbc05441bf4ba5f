/**
 * The package README (generated/README.md, issue #10 item 6): its defaults are the runtime's, its
 * facts are the document's, and every TypeScript recipe in it type-checks against the package it
 * ships with and passes when run with vitest: ours, and one generated from another document
 * (bearer token, complete server URL). Also the TypeScript of the repository's own README.md and
 * docs/*.md, compiled against generated/ (their links: test/repository-docs.test.ts).
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { BANNER_TEXT } from '../../../../generator/output/banner.js';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { runCli } from '../../../../generator/cli/generate-command.js';
import { headings, pageView, tables, unsafeHtml } from '../../support/markdown-pages.js';
import { DEFAULT_MAX_RESPONSE_BYTES, DEFAULT_TIMEOUT_MS } from '../../../../templates/client/options.js';
import { DEFAULT_RETRY, RETRY_STATUSES } from '../../../../templates/client/retry.js';
import { TSC } from '../../../tsc.js';

const GENERATED = path.join(TOOL_ROOT, 'generated');
const VITEST = path.join(TOOL_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'package-readme-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** The contents of every fenced block of `language` in a Markdown text. */
const codeBlocks = (markdown: string, language: string): string[] =>
  [...markdown.matchAll(new RegExp(`^\`\`\`${language}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))].map((m) => m[1]!);

/** The info string of every opening code fence, in order. */
const fenceLanguages = (markdown: string): string[] =>
  markdown
    .split('\n')
    .filter((line) => line.startsWith('```'))
    .filter((_, i) => i % 2 === 0)
    .map((line) => line.slice(3).trim());

const isRecipe = (block: string): boolean => block.includes("from 'vitest';");

/** A row's first two cells of the README's options table, by option name. */
function optionDefaults(readme: string): Map<string, string> {
  const rows = readme.split('\n').filter((l) => /^\| `\w+` \|/.test(l));
  return new Map(rows.map((l) => l.split('|').map((c) => c.trim())).map((cells) => [cells[1]!.replace(/`/g, ''), cells[2]!]));
}

interface Run {
  code: number;
  output: string;
}

async function run(args: string[], cwd: string): Promise<Run> {
  try {
    await promisify(execFile)(process.execPath, args, { cwd });
    return { code: 0, output: '' };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, output: `${e.stdout ?? ''}${e.stderr ?? ''}` };
  }
}

/**
 * A consumer project in which `packageName` resolves to `packageDir`, each TypeScript block one
 * file: `typecheck` runs tsc on them all (strict, NodeNext, as the package README asks of
 * consumers), `test` runs vitest on the recipes (the blocks that import vitest; the others, such
 * as the quick start, need real credentials).
 */
function recipesProject(name: string, packageName: string, packageDir: string, blocks: string[]): { typecheck: () => Promise<Run>; test: () => Promise<Run> } {
  const project = path.join(work, name);
  const modules = path.join(project, 'node_modules');
  mkdirSync(path.dirname(path.join(modules, packageName)), { recursive: true });
  symlinkSync(packageDir, path.join(modules, packageName), 'dir');
  for (const dependency of ['vitest', 'msw', '@types', 'hono', '@hono', '@standard-schema'])
    symlinkSync(path.join(TOOL_ROOT, 'node_modules', dependency), path.join(modules, dependency), 'dir');
  writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: `${name}-consumer`, private: true, type: 'module' }));
  const compilerOptions = {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2022', 'DOM'],
    types: ['node'],
    strict: true,
    resolveJsonModule: true,
    skipLibCheck: true,
    noEmit: true,
  };
  writeFileSync(path.join(project, 'tsconfig.json'), JSON.stringify({ compilerOptions, include: ['*.ts'] }));
  blocks.forEach((block, i) => {
    writeFileSync(path.join(project, isRecipe(block) ? `recipe-${i + 1}.test.ts` : `snippet-${i + 1}.ts`), block);
  });
  return {
    typecheck: () => run([TSC, '-p', project], project),
    test: () => run([VITEST, 'run', '--root', project], project),
  };
}

describe('generated/README.md', () => {
  const readme = readFileSync(path.join(GENERATED, 'README.md'), 'utf8');

  it("states the runtime's own defaults and retry statuses", () => {
    const defaults = optionDefaults(readme);
    expect(defaults.get('timeoutMs')).toBe(`\`${DEFAULT_TIMEOUT_MS}\``);
    expect(defaults.get('maxRetries')).toBe(`\`${DEFAULT_RETRY.maxRetries}\``);
    expect(defaults.get('retryBaseDelayMs')).toBe(`\`${DEFAULT_RETRY.baseDelayMs}\``);
    expect(defaults.get('maxRetryDelayMs')).toBe(`\`${DEFAULT_RETRY.maxDelayMs}\``);
    expect(defaults.get('maxResponseBytes')).toMatch(new RegExp(`^\`${DEFAULT_MAX_RESPONSE_BYTES}\``));
    // The retry paragraph names the runtime's statuses, in its order, before anything else it counts.
    const retries = pageView(readme)
      .sections.flatMap((s) => s.fields)
      .find((f) => f.label === 'Retries');
    expect(retries?.value.match(/\b\d{3}\b/g)?.slice(0, RETRY_STATUSES.size)).toEqual([...RETRY_STATUSES].map(String));
    expect(retries?.value).toMatch(/connection errors/);
  });

  it("states the document's facts: credential options, environments and their limits", () => {
    const defaults = optionDefaults(readme);
    expect(defaults.get('apiKey')).toBe('required');
    expect(defaults.get('apiSecret')).toBe('required');
    expect(defaults.get('baseUrl')).toBe('required');
    const limits = pageView(readme)
      .sections.flatMap((s) => s.tables)
      .find((t) => t.header[0] === 'Environment');
    expect(limits?.rows).toEqual([
      { Environment: 'staging', 'Requests per second': '50', Burst: '100', 'Requests per day': '200000' },
      { Environment: 'production', 'Requests per second': '250', Burst: '500', 'Requests per day': '1000000' },
    ]);
    expect(readme).toContain('npx @stoplight/prism-cli mock node_modules/partner-recruitment-client/openapi.json');
    expect(readme).toContain('npx partner-recruitment-mock --port 4010');
  });

  it('every TypeScript block type-checks under strict against the package and every recipe passes as a vitest file; a wrong one fails both', {
    timeout: 60_000,
  }, async () => {
    expect(new Set(fenceLanguages(readme)), 'code is fenced as ts (type-checked) or sh').toEqual(new Set(['ts', 'sh']));
    const blocks = codeBlocks(readme, 'ts');
    expect(blocks.length).toBeGreaterThanOrEqual(4);
    expect(blocks.join('\n')).toMatch(/createMockHandlers[\s\S]*mock\.listen\(\)/);
    // The quick start comes first, reads its credentials with a check, and is not a recipe (it needs real ones).
    expect(blocks[0]).toMatch(/createPartnerClient\(\{ baseUrl: env\('BASE_URL'\), apiKey: env\('API_KEY'\)/);
    expect(isRecipe(blocks[0]!)).toBe(false);
    // paginate's recipe: where it stops, and maxPages.
    expect(blocks.find((b) => b.includes('api.paginate('))).toMatch(/maxPages: 1[\s\S]*rejects\.toThrow\(PaginationError\)/);
    const recipes = recipesProject('ours', 'partner-recruitment-client', GENERATED, blocks);
    expect((await recipes.typecheck()).output).toBe('');
    const tested = await recipes.test();
    expect(tested.code, tested.output).toBe(0);
    // The checks can fail: a recipe calling a path the document does not have, and the quick start
    // as it was, passing \`string | undefined\` where a string is required.
    const recipe = blocks.find((b) => isRecipe(b) && b.includes("await api.GET('/v1/projects')"))!;
    const quickStart = blocks[0]!.replace(/env\('(\w+)'\)/g, 'process.env.$1');
    const wrong = recipesProject('ours-wrong', 'partner-recruitment-client', GENERATED, [
      recipe.replaceAll("api.GET('/v1/projects')", "api.GET('/v1/projets')"),
      quickStart,
    ]);
    const typecheck = (await wrong.typecheck()).output;
    expect(typecheck).toMatch(/recipe-1\.test\.ts.*error TS/);
    expect(typecheck).toMatch(/snippet-2\.ts.*error TS2322: Type 'string \| undefined' is not assignable to type 'string'/);
    expect((await wrong.test()).code).not.toBe(0);
  });
});

/**
 * The TypeScript blocks of the repository's own Markdown (README.md and docs/*.md), each with the
 * marker on the line before its fence: none (compiled as it is), `<!-- ts: fragment (…) -->`
 * (compiled after FRAGMENT_PRELUDE: it continues a client shown before) or
 * `<!-- ts: not compiled (why) -->`.
 */
function repositoryBlocks(markdown: string): { code: string; marker: string | undefined }[] {
  return [...markdown.matchAll(/(?:^<!-- ts: (.*) -->\n)?^```ts\n([\s\S]*?)^```$/gm)].map((m) => ({ marker: m[1], code: m[2]! }));
}

/** What the fragments use without declaring: the client of the consumer guide's quick start, and a body the source does not show. */
const FRAGMENT_PRELUDE = "import type { PartnerClient } from 'partner-recruitment-client';\ndeclare const api: PartnerClient;\ndeclare const body: unknown;\n";

/** README.md and every page under docs/, as paths relative to the repository. */
const REPOSITORY_PAGES = [
  'README.md',
  ...readdirSync(path.join(TOOL_ROOT, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`),
];

describe("the repository's README.md and docs/*.md", () => {
  const pages = REPOSITORY_PAGES.map((page) => ({ page, text: readFileSync(path.join(TOOL_ROOT, page), 'utf8') }));

  it('mark each TypeScript block they do not compile as it is, saying why', () => {
    for (const { page, text } of pages) {
      const blocks = repositoryBlocks(text);
      for (const { marker } of blocks) if (marker !== undefined) expect(marker, page).toMatch(/^(fragment|not compiled) \(.+\)$/);
      // Every marker stands before a TypeScript block.
      expect(text.match(/^<!-- ts: /gm)?.length ?? 0, page).toBe(blocks.filter((b) => b.marker !== undefined).length);
    }
    const all = pages.flatMap(({ text }) => repositoryBlocks(text));
    expect(all.length).toBeGreaterThanOrEqual(3);
    expect(all.filter((b) => b.marker?.startsWith('not compiled')).length).toBeLessThanOrEqual(1);
  });

  it('every TypeScript block meant to compile type-checks under strict against generated/; a wrong one does not', { timeout: 60_000 }, async () => {
    const blocks = pages
      .flatMap(({ text }) => repositoryBlocks(text))
      .filter((b) => !b.marker?.startsWith('not compiled'))
      .map((b) => (b.marker?.startsWith('fragment') ? FRAGMENT_PRELUDE + b.code : b.code));
    const paginate = blocks.find((b) => b.includes("api.paginate('/v1/projects'"));
    expect(paginate).toBeDefined();
    const project = recipesProject('repository', 'partner-recruitment-client', GENERATED, blocks);
    expect((await project.typecheck()).output).toBe('');
    // The check can fail: a path the document does not have names itself in the error.
    const wrong = recipesProject('repository-wrong', 'partner-recruitment-client', GENERATED, [
      paginate!.replace("api.paginate('/v1/projects'", "api.paginate('/v1/projets'"),
    ]);
    expect((await wrong.typecheck()).output).toMatch(/snippet-1\.ts.*error TS2345: Argument of type '"\/v1\/projets"'/);
  });
});

describe('the README of a document with hostile names', () => {
  it('keeps its own headings and table shapes, shows no live HTML, and every TypeScript block parses', async () => {
    const out = path.join(work, 'hostile');
    let stderr = '';
    const { code } = await runCli(['--spec', path.join(TOOL_ROOT, 'test', 'fixtures', 'hostile-names', 'openapi.yaml'), '--out', out], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    expect(code, stderr).toBe(0);
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    expect(headings(readme).map((h) => h.text)).toEqual([
      'partner-recruitment-client',
      'Where it runs',
      'Client runtime',
      'Differences from openapi-fetch',
      'Validators',
      'Testing your integration',
      'The bundled document',
    ]);
    expect(unsafeHtml(readme)).toEqual([]);
    for (const table of tables(readme)) expect(table.lines.every((cells) => cells === table.header)).toBe(true);
    const blocks = codeBlocks(readme, 'ts');
    expect(blocks.length).toBeGreaterThanOrEqual(3);
    for (const block of blocks) {
      const { diagnostics } = ts.transpileModule(block, { reportDiagnostics: true, compilerOptions: { module: ts.ModuleKind.ESNext } });
      expect(
        diagnostics?.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n')),
        block,
      ).toEqual([]);
    }
  });
});

describe('the README of another document', () => {
  const spec = `openapi: 3.1.0
info: { title: Things API, version: '2.1' }
servers:
  - url: https://api.example.com/v2
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
security:
  - bearerAuth: []
paths:
  /things:
    get:
      operationId: listThings
      summary: List things
      responses:
        '200':
          description: The things.
          content:
            application/json:
              schema: { type: array, items: { type: string }, examples: [[a, b]] }
`;

  it('follows the document (bearer option, default server, no limits, no paginated list) and the package name; its code type-checks and its recipes pass', {
    timeout: 60_000,
  }, async () => {
    const dir = mkdtempSync(path.join(work, 'things-'));
    writeFileSync(path.join(dir, 'openapi.yaml'), spec);
    const out = path.join(dir, 'out');
    let stderr = '';
    const { code } = await runCli(['--spec', path.join(dir, 'openapi.yaml'), '--out', out, '--package-name', '@acme/things-sdk'], {
      stdout: () => {},
      stderr: (t) => (stderr += t),
    });
    expect(code, stderr).toBe(0);
    const readme = readFileSync(path.join(out, 'README.md'), 'utf8');
    const defaults = optionDefaults(readme);
    expect(defaults.get('bearerAuth')).toBe('required');
    expect(defaults.get('baseUrl')).toBe("the environment's server URL");
    expect(defaults.has('apiKey')).toBe(false);
    expect(readme).not.toMatch(/staging|x-api-key|Limits the document states/);
    expect(readme).toContain("createMockHandlers(mock, { baseUrl: 'https://api.example.com/v2' })");
    expect(readme).toContain("mock.fault('listThings'");
    // Named by the package name (scope and "sdk" dropped): no name of ours is left.
    expect(readme).toContain("import { createThingsClient } from '@acme/things-sdk';");
    expect(readme).toContain('all extend `ThingsClientError`');
    expect(readme).toContain('npx things-mock');
    expect(readme.replace(BANNER_TEXT, '')).not.toMatch(/Partner|partner-recruitment/); // the banner names the toolkit
    // The quick start reads the token with a check; without a paginated list, no paginate recipe.
    expect(readme).toContain("createThingsClient({ bearerAuth: env('BEARER_AUTH'), environment: 'default' })");
    expect(readme).not.toContain("Tried on this package's mock");

    symlinkSync(path.join(TOOL_ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir'); // the package's own dependencies
    const recipes = recipesProject('things', '@acme/things-sdk', out, codeBlocks(readme, 'ts'));
    expect((await recipes.typecheck()).output).toBe('');
    const tested = await recipes.test();
    expect(tested.code, tested.output).toBe(0);
  });
});
