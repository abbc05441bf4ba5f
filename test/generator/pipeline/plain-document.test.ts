/** A plain document from elsewhere (no x- extensions, no summaries, a bearer scheme): what its package says. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../../../generator/cli/generate-command.js';
import { pageView } from '../support/markdown-pages.js';

const DOCUMENT = `openapi: 3.1.0
info: { title: Items, version: '1' }
servers: [{ url: 'https://items.invalid/v1' }]
security: [{ bearerAuth: [] }]
components:
  securitySchemes:
    bearerAuth: { type: http, scheme: bearer }
paths:
  /items:
    get:
      operationId: listItems
      tags: [Items]
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
`;

let dir: string;
const read = (file: string) => readFileSync(path.join(dir, 'out', file), 'utf8');

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plain-document-'));
  writeFileSync(path.join(dir, 'openapi.yaml'), DOCUMENT);
  const io = { stdout: () => {}, stderr: (t: string) => void (errors += t) };
  let errors = '';
  const { code } = await runCli(['--spec', path.join(dir, 'openapi.yaml'), '--out', path.join(dir, 'out')], io);
  expect(code, errors).toBe(0);
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a plain document', () => {
  it('types an environment without documented limits as null, not any', () => {
    const dts = read('dist/index.d.ts');
    expect(dts).toMatch(/readonly default: null;/);
    expect(dts).not.toMatch(/readonly default: any/);
  });

  it('shows an operation without a summary without empty emphasis', () => {
    const page = read('docs/operations/items.md');
    expect(page).toContain('`GET /items`');
    expect(page).not.toContain('****');
  });

  it('says a bearer option may be a function called per attempt', () => {
    const option = pageView(read('docs/index.md')).row('Authentication', 'Scheme', 'bearerAuth')['Client option'];
    expect(option).toMatch(/^bearerAuth \(.*\bfunction\b.*\)$/);
  });
});

describe('a schema in another JSON Schema dialect, end to end', () => {
  const DRAFT04 = `openapi: 3.1.0
info: { title: Legacy, version: '1' }
paths: {}
components:
  schemas:
    Age:
      $schema: 'http://json-schema.org/draft-04/schema#'
      type: integer
      minimum: 0
      exclusiveMinimum: true
`;
  let legacy: string;
  beforeAll(() => {
    legacy = mkdtempSync(path.join(os.tmpdir(), 'draft04-'));
    writeFileSync(path.join(legacy, 'openapi.yaml'), DRAFT04);
    writeFileSync(path.join(legacy, 'redocly.yaml'), 'rules:\n  no-unresolved-refs: error\n');
  });
  afterAll(() => rmSync(legacy, { recursive: true, force: true }));

  it('is refused by the default structural lint with a hint to choose the rules', async () => {
    let errors = '';
    const { code } = await runCli(['--spec', path.join(legacy, 'openapi.yaml'), '--out', path.join(legacy, 'refused')], {
      stdout: () => {},
      stderr: (t) => void (errors += t),
    });
    expect(code).toBe(1);
    expect(errors).toContain('choose the rules with --lint-config');
  });

  it('with --lint-config generates a validator that reads draft-04 (boolean exclusiveMinimum)', async () => {
    let errors = '';
    const out = path.join(legacy, 'out');
    const { code } = await runCli(['--spec', path.join(legacy, 'openapi.yaml'), '--out', out, '--lint-config', path.join(legacy, 'redocly.yaml')], {
      stdout: () => {},
      stderr: (t) => void (errors += t),
    });
    expect(code, errors).toBe(0);
    const { validateAge } = (await import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href)) as { validateAge: (v: unknown) => boolean };
    expect([validateAge(1), validateAge(0), validateAge(-1), validateAge(1.5)]).toEqual([true, false, false, false]);
  });
});
