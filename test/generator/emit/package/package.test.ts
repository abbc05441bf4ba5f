/**
 * The package around the generated code (issue #10, items 2 and 4 of the test kit): the bundled
 * document shipped as `openapi.json`, the package's exports, bin and peer dependency, and the
 * banner kept after a shebang line.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { lint, loadConfig } from '@redocly/openapi-core';
import { afterAll, describe, expect, it } from 'vitest';
import { startsWithBanner, withBanner } from '../../../../generator/output/banner.js';
import { compileSources } from '../../../../generator/compile/compile.js';
import { emitOpenApi } from '../../../../generator/emit/package/openapi.js';
import { emitPackage } from '../../../../generator/emit/package/package.js';
import { mockBinName } from '../../../../generator/emit/names.js';
import { TOOL_ROOT } from '../../../../generator/generate.js';
import { loadSpec } from '../../../../generator/load/load.js';
import { buildModel } from '../../../../generator/model/model.js';

const SPEC = path.join(TOOL_ROOT, 'spec', 'openapi.yaml');
const LINT_CONFIG = path.join(TOOL_ROOT, 'redocly.yaml');
const SHIPPED = path.join(TOOL_ROOT, 'generated', 'openapi.json');

const work = mkdtempSync(path.join(os.tmpdir(), 'package-test-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Every `$ref` value in `value`, with the JSON pointer where it stands. */
function refs(value: unknown, at = ''): { at: string; ref: string }[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => refs(v, `${at}/${i}`));
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([k, v]) =>
    k === '$ref' && typeof v === 'string' ? [{ at, ref: v }] : refs(v, `${at}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`),
  );
}

/** The value an internal `$ref` (`#/a/b~1c`) points at, or undefined. */
function resolvePointer(document: unknown, ref: string): unknown {
  let node = document;
  for (const token of ref.slice(2).split('/')) {
    const key = decodeURIComponent(token).replace(/~1/g, '/').replace(/~0/g, '~');
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, key)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

describe('openapi.json: the bundled document in the package', () => {
  const shipped = readFileSync(SHIPPED, 'utf8');

  it('is one document whose every $ref is internal and resolves', () => {
    const document = JSON.parse(shipped) as unknown;
    const all = refs(document);
    expect(all.length).toBeGreaterThan(100);
    const bad = all.filter(({ ref }) => !ref.startsWith('#/') || resolvePointer(document, ref) === undefined);
    expect(bad).toEqual([]);
  });

  it('equals a fresh bundle of spec/, byte for byte as the emitter prints it', async () => {
    const { document } = await loadSpec(SPEC, { lintConfig: LINT_CONFIG });
    expect(JSON.parse(shipped)).toEqual(document);
    expect(emitOpenApi(document).get('openapi.json')).toBe(shipped);
  });

  it('is the document the mock holds (dist/mock-document.js): the mock reads no file', async () => {
    const { documentJson } = (await import(pathToFileURL(path.join(TOOL_ROOT, 'generated', 'dist', 'mock-document.js')).href)) as { documentJson: string };
    expect(JSON.parse(documentJson)).toEqual(JSON.parse(shipped));
    expect(readFileSync(path.join(TOOL_ROOT, 'generated', 'dist', 'mock.js'), 'utf8')).not.toMatch(/['"]node:|readFileSync/);
  });

  it("lints clean with the repository's Redocly configuration", async () => {
    const file = path.join(work, 'openapi.json');
    writeFileSync(file, shipped);
    const problems = (await lint({ ref: file, config: await loadConfig({ configPath: LINT_CONFIG }) })).filter((p) => !p.ignored);
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`)).toEqual([]);
  });
});

describe('package.json', () => {
  const model = buildModel(JSON.parse(readFileSync(SHIPPED, 'utf8')));
  const info = {
    name: 'partner-recruitment-client',
    dependencies: { 'openapi-fetch': '0.17.0' },
    mockPeers: { 'json-schema-faker': '~0.6.3', ajv: '^8.20.0' },
  };
  const packageJson = (emitted: string[]) =>
    JSON.parse(emitPackage(model, info, emitted, path.join(TOOL_ROOT, 'templates')).get('package.json')!) as Record<string, any>;
  const mockFiles = ['dist/mock.js', 'dist/mock-msw.js', 'dist/mock-cli.js', 'dist/runtime/mock/server.js', 'openapi.json'];

  it('exports the mock, its MSW handlers and the bundled document, with the mock command as bin', () => {
    const pkg = packageJson(['dist/index.js', ...mockFiles]);
    expect(pkg.exports['./mock']).toEqual({ types: './dist/mock.d.ts', default: './dist/mock.js' });
    expect(pkg.exports['./mock/msw']).toEqual({ types: './dist/mock-msw.d.ts', default: './dist/mock-msw.js' });
    expect(pkg.exports['./openapi.json']).toBe('./openapi.json');
    expect(pkg.bin).toEqual({ 'partner-recruitment-mock': './dist/mock-cli.js' });
    expect(pkg.files).toContain('openapi.json');
    // The mock's own dependencies and msw: optional peers, sorted.
    expect(pkg.peerDependencies).toEqual({ ajv: '^8.20.0', 'json-schema-faker': '~0.6.3', msw: '^2.0.0 || ^3.0.0' });
    expect(Object.keys(pkg.peerDependencies)).toEqual(['ajv', 'json-schema-faker', 'msw']);
    expect(pkg.peerDependenciesMeta).toEqual({ ajv: { optional: true }, 'json-schema-faker': { optional: true }, msw: { optional: true } });
    expect(pkg.dependencies).toEqual(info.dependencies);
    expect(Object.keys(pkg.exports).at(-1)).toBe('./package.json');
    // The mock's HTTP server: Node's under the node condition (Node, Bun, Deno), elsewhere one whose listen() refuses.
    expect(pkg.imports['#mock-server']).toEqual({
      types: './dist/runtime/mock/server.d.ts',
      node: './dist/runtime/mock/server.js',
      default: './dist/runtime/mock/no-server.js',
    });
    expect(Object.keys(pkg.imports['#mock-server'])).toEqual(['types', 'node', 'default']);
  });

  it("the mock without its MSW module: the mock's peers, no msw", () => {
    const pkg = packageJson(['dist/index.js', 'dist/mock.js']);
    expect(pkg.peerDependencies).toEqual(info.mockPeers);
  });

  it('exports only what was emitted: no mock, no bin, no peers without their modules', () => {
    const pkg = packageJson(['dist/index.js']);
    expect(Object.keys(pkg.exports)).toEqual(['.', './types', './validators', './package.json']);
    expect(Object.keys(pkg.imports)).toEqual(['#validators']);
    expect(pkg).not.toHaveProperty('bin');
    expect(pkg).not.toHaveProperty('peerDependencies');
    expect(pkg.files).toEqual(['dist', 'docs', 'README.md']);
  });

  it.each<[string, { given: string; want: string }]>([
    ['a trailing -client is dropped', { given: 'partner-recruitment-client', want: 'partner-recruitment-mock' }],
    ['another name is kept', { given: 'petstore', want: 'petstore-mock' }],
    ['a scope is not part of a command', { given: '@acme/billing-client', want: 'billing-mock' }],
    ['only a trailing -client', { given: 'client-tools', want: 'client-tools-mock' }],
    ['a trailing -sdk is dropped as well', { given: '@acme/things-sdk', want: 'things-mock' }],
    // npx would read `-api-mock` as its own option, `.api-mock` as a path.
    ['a leading - is dropped', { given: '@acme/-api-client', want: 'api-mock' }],
    ['a leading . or _ is dropped', { given: '@acme/._api', want: 'api-mock' }],
    ['nothing but -client leaves the word mock', { given: '@acme/-client', want: 'mock' }],
  ])('bin name: %s', (_name, { given, want }) => expect(mockBinName(given)).toBe(want));

  it('the committed package wires every entry point to a file that exists', () => {
    const pkg = JSON.parse(readFileSync(path.join(TOOL_ROOT, 'generated', 'package.json'), 'utf8')) as Record<string, any>;
    const targets = [
      ...Object.values(pkg.exports as Record<string, string | Record<string, string>>).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t))),
      ...Object.values((pkg.bin ?? {}) as Record<string, string>),
      ...Object.values(pkg.imports as Record<string, Record<string, string>>).flatMap((t) => Object.values(t)),
    ];
    expect(targets).toContain('./dist/runtime/mock/no-server.js');
    for (const target of targets) expect(() => readFileSync(path.join(TOOL_ROOT, 'generated', target)), target).not.toThrow();
    expect(pkg.exports['./openapi.json']).toBe('./openapi.json');
  });
});

describe('a shebang stays the first line', () => {
  const script = '#!/usr/bin/env node\nexport const answer: number = 42;\n';

  it('the banner goes after it, and the file is still recognised as generated', () => {
    const text = withBanner('src/cli.ts', script);
    expect(text.split('\n').slice(0, 2)).toEqual(['#!/usr/bin/env node', expect.stringMatching(/^\/\/ Generated .* Do not edit/)]);
    expect(startsWithBanner('src/cli.ts', Buffer.from(text))).toBe(true);
    expect(startsWithBanner('src/cli.ts', Buffer.from(script))).toBe(false);
    expect(startsWithBanner('src/cli.ts', Buffer.from(`#!/bin/sh\n${withBanner('x.md', '')}`))).toBe(false);
  });

  it('compiled to dist/ it keeps the shebang first, then the banner; the declarations have none', () => {
    const compiled = compileSources(new Map([['src/cli.ts', script]]));
    expect(compiled.get('dist/cli.d.ts')).toBe('export declare const answer: number;\n');
    const js = compiled.get('dist/cli.js')!;
    const lines = withBanner('dist/cli.js', js).split('\n');
    expect(lines[0]).toBe('#!/usr/bin/env node');
    expect(lines[1]).toMatch(/^\/\/ Generated .* Do not edit/);
    expect(lines.filter((l) => l.startsWith('#!'))).toHaveLength(1);
  });
});
