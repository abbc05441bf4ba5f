/**
 * operationIds that are the generated modules' own names, or that break a module namespace
 * (issue #29 items 2, 3, 9): a document whose operationIds are `__call`, `__route0`, `packageKey`,
 * `then`, `Operation`, Unicode identifiers and the like generates a package whose `operations`
 * modules import, whose functions keep those names (or, for `then`, a renamed one with a located
 * warning), each reaching its operation through the mock, and which type-checks under strict.
 */
import { existsSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInto, scratchFolder, typeCheck } from '../support/generate-and-check.js';

const ROOT = path.resolve(import.meta.dirname, '..', '..', '..');

/** Each operationId, and the function `<package>/operations` exports for it. */
const NAMES: [operationId: string, exported: string][] = [
  // The operations modules' own identifiers (imports, route constants, the declarations' type imports).
  ['__call', '__call'],
  ['__route', '__route'],
  ['__route0', '__route0'],
  ['__route1', '__route1'],
  ['packageKey', 'packageKey'],
  ['callOperation', 'callOperation'],
  ['__paths', '__paths'],
  ['__Init', '__Init'],
  ['__Args', '__Args'],
  // The types src/operations.ts exports beside the functions.
  ['NamedArgs', 'NamedArgsOperation'],
  // src/facts.ts imports OperationInfo; the entry of `Operation` is `OperationInfo`.
  ['Operation', 'Operation'],
  ['security', 'security'],
  ['operations', 'operations'],
  // A module namespace exporting `then` is a thenable: `await import()` would never settle.
  ['then', 'thenOperation'],
  // Unicode identifiers are identifiers.
  ['créerProjet', 'créerProjet'],
  ['作成', '作成'],
  ['削除', '削除'],
];

const spec = `openapi: 3.1.0
info: { title: Names, version: '1.0' }
paths:
${NAMES.map(
  ([id], i) => `  /p${i}:
    get:
      operationId: ${JSON.stringify(id)}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema: { type: object, properties: { n: { const: ${i} } }, required: [n] }
`,
).join('')}`;

type Operations = Record<string, (client: unknown, init?: unknown) => Promise<{ data?: unknown; response: Response }>>;

const folder = scratchFolder('operation-names');
let out: string;
let run: { code: number | undefined; output: string };
const specFile = folder.spec(spec);

beforeAll(async () => {
  out = folder.fresh('out');
  run = await generateInto(specFile, out);
  if (run.code === 0 && !existsSync(path.join(out, 'node_modules'))) symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
});

/** The module, or a rejection when its import does not settle within two seconds (a thenable namespace). */
const settled = <T>(module: string): Promise<T> =>
  Promise.race([
    import(pathToFileURL(path.join(out, 'dist', module)).href) as Promise<T>,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`import of ${module} did not settle`)), 2000).unref()),
  ]);

describe('operationIds that are the generated modules’ own names', () => {
  it('generate, warning at the operationId renamed', () => {
    expect(run.code, run.output).toBe(0);
    const then = NAMES.findIndex(([id]) => id === 'then');
    expect(run.output).toMatch(new RegExp(`doc\\d+\\.yaml:\\d+:\\d+ #/paths/~1p${then}/get/operationId: .*"then".*thenOperation`));
    expect(run.output.match(/^warning: .*operationId/gm) ?? []).toHaveLength(2);
  });

  it.each(['operations.js', 'operations-node.js'])('dist/%s imports and exports each function under its name', async (module) => {
    const operations = await settled<Operations>(module);
    expect(Object.keys(operations).sort()).toEqual(NAMES.map(([, name]) => name).sort());
  });

  it('each function reaches its own operation through the mock', async () => {
    const operations = await settled<Operations>('operations-node.js');
    const { createMockApi } = await settled<{ createMockApi: () => { fetch: typeof fetch; requests: { operationId: string }[] } }>('mock.js');
    const { createPartnerClient } = await settled<{ createPartnerClient: (options: object) => unknown }>('index.js');
    const mock = createMockApi();
    const api = createPartnerClient({ baseUrl: 'http://mock.test', environment: 'default', fetch: mock.fetch, maxRetries: 0 });
    for (const [i, [operationId, name]] of NAMES.entries()) {
      const { data, response } = await operations[name]!(api);
      expect([response.status, data, mock.requests.at(-1)?.operationId], name).toEqual([200, { n: i }, operationId]);
    }
  });

  it('type-check under strict (src/facts.ts, the operations modules and their declarations)', async () => {
    expect(run.code, run.output).toBe(0);
    expect(await typeCheck(out)).toBe('');
  });
});
