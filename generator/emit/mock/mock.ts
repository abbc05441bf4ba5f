/**
 * Mock: the hand-written runtime in templates/mock/ (copied into src/runtime/mock/, its imports of
 * the client runtime rewritten from `../client/` to `../`), `src/mock.ts` wiring it to the
 * package's table of operations (src/facts.ts: routes, parameters, security, the success answer
 * and its media object's JSON pointer in the bundled document, pagination), the validators and the
 * environments' limits, `src/mock-msw.ts`, the CLI `src/mock-cli.ts`, the bundled document as a
 * module (`src/mock-document.ts`), and the page `docs/mock.md`.
 *
 * What runs in process (the core, the MSW handlers) imports no `node:` module, so it bundles for a
 * browser or a worker: the document is a module, not a file to read, and the HTTP server is reached
 * through the package's `#mock-server` import (MOCK_SERVER_IMPORT), Node's server under the `node`
 * condition (Node, Bun, Deno), elsewhere a module whose `listen()` rejects saying so.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvironmentModel, OperationModel, QueryEffect, QueryTreatment, SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import { jsString } from '../../lib/js-literal.js';
import { FACTS_MODULE, mockBinName, VALIDATORS_IMPORT } from '../names.js';
import { commentSafe } from '../../lib/problems.js';
import { cell, code, fence } from '../docs/markdown.js';
import { templateRenderer, type Render } from '../docs/render.js';
import { isGapSchema } from '../validators/validators.js';
import type { Files } from '../../lib/files.js';
import type { Doc } from '../../lib/own.js';

/** The templates' imports of the client runtime, as they read once both sit in src/runtime/. */
const CLIENT_IMPORT = /(from\s+'|import\(')\.\.\/client\//g;

/**
 * The package's import of the mock's HTTP server (package.json `imports`: `mockServerEntry`),
 * imported dynamically by `listen()` alone, so that a mock used in process never loads `node:http`.
 */
export const MOCK_SERVER_IMPORT = '#mock-server';

/** The module holding the bundled document for the mock, as src/mock.ts imports it. */
const DOCUMENT_MODULE = './mock-document.js';

/**
 * `#mock-server`'s targets: the `node` condition (Node, Bun and Deno set it; so do bundlers
 * building for Node, esbuild's `platform: 'node'` and Vite's SSR) gets the `node:http` server, any
 * other (a browser, a worker) a `listen()` that rejects, saying it needs Node.
 */
export const mockServerEntry = (): Record<string, string> => ({
  types: './dist/runtime/mock/server.d.ts',
  node: './dist/runtime/mock/server.js',
  default: './dist/runtime/mock/no-server.js',
});

/** The packages the mock's sampler imports (templates/mock/bodies.ts: optional peers of the package). */
export const MOCK_SAMPLER_PEERS = ['ajv', 'ajv-formats', 'json-schema-faker'] as const;

/**
 * `openapiJson`: the package's openapi.json as emitted (emit/package/openapi.ts), which the mock
 * embeds; `peers`: the sampler's optional peers and the ranges of the package's peerDependencies,
 * which the mock names when one is missing or does not fit.
 */
export function emitMock(model: SpecModel, templatesDir: string, packageName: string, openapiJson: string, peers: Readonly<Record<string, string>>): Files {
  const files: Files = new Map();
  const runtimeDir = path.join(templatesDir, 'mock');
  for (const name of readdirSync(runtimeDir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    files.set(`src/runtime/mock/${name}`, readFileSync(path.join(runtimeDir, name), 'utf8').replace(CLIENT_IMPORT, '$1../'));
  }
  files.set('src/mock.ts', mockIndex(model, peers));
  files.set('src/mock-document.ts', documentModule(openapiJson));
  files.set(
    'src/mock-msw.ts',
    `/** MSW (2 or 3) handlers answering from a mock made by \`createMockApi\` (\`msw\` is an optional peer dependency: this module alone imports it). */
export { createMockHandlers, type MockHandlersOptions } from './runtime/mock/msw.js';
`,
  );
  files.set(
    'src/mock-cli.ts',
    `#!/usr/bin/env node
/** The mock as an HTTP server from the command line: see docs/mock.md. */
import path from 'node:path';
import { runMockCli } from './runtime/mock/cli.js';
import { createMockApi, mockEnvironments, type MockEnvironment } from './mock.js';

const code = await runMockCli(process.argv.slice(2), {
  name: path.basename(process.argv[1] ?? 'mock', '.js'),
  environments: mockEnvironments,
  start: (options) => createMockApi({ ...options, environment: options.environment as MockEnvironment }),
});
if (code !== undefined) process.exitCode = code;
`,
  );
  files.set('docs/mock.md', mockPage(model, packageName, templateRenderer(templatesDir)));
  return files;
}

function environmentOf(e: EnvironmentModel): string {
  const limits =
    e.requestsPerSecond && e.burst && e.dailyQuota ? `{ requestsPerSecond: ${e.requestsPerSecond}, burst: ${e.burst}, dailyQuota: ${e.dailyQuota} }` : 'null';
  const basePath = e.defaultBaseUrl ? new URL(e.defaultBaseUrl).pathname.replace(/\/+$/, '') : '';
  return `    ${propertyKey(e.name)}: { limits: ${limits}, basePath: ${JSON.stringify(basePath)} },`;
}

/**
 * The bundled document as a module: one string of JSON, parsed by src/mock.ts when a mock first
 * needs it (a string literal is scanned at import much faster than an object literal is parsed,
 * and \`JSON.parse\` is the fastest way to build the object). The same document as openapi.json.
 */
function documentModule(openapiJson: string): string {
  // Without openapi.json's indentation: the same document in about two thirds of the bytes.
  return `/** The bundled document (the package's openapi.json) as JSON text, for the mock: no file system needed. */
export const documentJson: string = ${JSON.stringify(JSON.stringify(JSON.parse(openapiJson)))};
`;
}

function mockIndex(model: SpecModel, peers: Readonly<Record<string, string>>): string {
  const environmentNames = model.environments.map((e) => JSON.stringify(e.name));
  return `import { createRuntimeMockApi } from './runtime/mock/api.js';
import type { MockApi as RuntimeMockApi, MockApiOptions as RuntimeMockApiOptions, MockFacts } from './runtime/mock/types.js';
import { documentJson } from '${DOCUMENT_MODULE}';
import { operationValidators } from '${VALIDATORS_IMPORT}';
import { operations as table, security } from '${FACTS_MODULE}';
import type { operations } from './schema.js';

/** The environments of the spec (the first is the default). */
export type MockEnvironment = ${environmentNames.join(' | ') || 'never'};
export const mockEnvironments: readonly MockEnvironment[] = [${environmentNames.join(', ')}];

export type MockApi = RuntimeMockApi<operations>;
export type MockApiOptions = RuntimeMockApiOptions<operations, MockEnvironment>;

let bundled: object | undefined;

/** The bundled document (the same as the package's \`openapi.json\`), parsed once, on first use. */
function loadDocument(): object {
  bundled ??= JSON.parse(documentJson) as object;
  return bundled;
}

const facts: MockFacts = {
  loadDocument,
  // Loaded by listen() alone: Node's node:http server, or elsewhere one that refuses (package.json "imports").
  listen: async (target, options) => (await import('${MOCK_SERVER_IMPORT}')).listen(target, options),
  schemes: security.schemes,
  // The sampler's optional peers, as the package's peerDependencies state them.
  peers: ${JSON.stringify(peers)},
  environments: {
${model.environments.map(environmentOf).join('\n')}
  },
  // The package's table of operations (facts.ts), each with its validators.
  operations: table.map((operation) => ({ ...operation, validators: operationValidators[operation.operationId] })),
};

/** A mock of the ${commentSafe(model.title)} answering from the spec: see docs/mock.md. */
export function createMockApi(options?: MockApiOptions): MockApi {
  return createRuntimeMockApi<operations, MockEnvironment>(facts, options);
}

export type {
  JsonValue,
  MockAnswer,
  MockCors,
  MockFault,
  MockLimits,
  MockListenOptions,
  MockOverride,
  MockRequestRecord,
  MockServer,
  PageItemOf,
} from './runtime/mock/types.js';
export type { MockErrorBody } from './runtime/mock/answers.js';
`;
}

/** An environment's documented limits as table cells, as `simulateLimits: true` applies them. */
function limitValues(e: EnvironmentModel): string {
  return e.requestsPerSecond && e.burst && e.dailyQuota ? `${e.requestsPerSecond} | ${e.burst} | ${e.dailyQuota}` : 'not documented | | ';
}

/** A `collections` option asking for sampled items, for the first paginated operation (none: nothing). */
function collectionExample(model: SpecModel, packageName: string): string {
  const first = model.operations.find((o) => o.paginated);
  if (!first) return '';
  const lines = [
    `import { createMockApi } from ${jsString(`${packageName}/mock`)};`,
    `const mock = createMockApi({ collections: { ${propertyKey(first.operationId)}: 120 } }); // 120 sampled items`,
    `mock.collection(${jsString(first.operationId)}, []); // an empty collection`,
  ];
  return `\n${fence('ts', lines.join('\n'))}`;
}

/** A status the override types accept for `op` other than its success, and whether its body is typed (then omitted). */
function otherStatus(op: OperationModel): { status: number; typedBody: boolean } | undefined {
  const explicit = new Set(op.responses.map((r) => r.status.toUpperCase()));
  const typed = (r: OperationModel['responses'][number] | undefined): boolean => Boolean(r?.mediaType) && !isGapSchema(r!.schema);
  const fallback = op.responses.find((r) => r.status === 'default');
  if (fallback && !explicit.has('503') && !explicit.has('5XX')) return { status: 503, typedBody: typed(fallback) };
  const other = op.responses.find((r) => /^[3-5](\d\d|XX)$/i.test(r.status));
  if (!other) return undefined;
  const status = /XX$/i.test(other.status) ? Number(other.status[0]) * 100 + 3 : Number(other.status);
  return { status, typedBody: typed(other) };
}

/**
 * The override, fault and reset examples, written with the document's own operations (the first
 * whose success answer shows a body, the first paginated one) so that they compile as pasted.
 */
function overrideExamples(model: SpecModel, packageName: string): string {
  const op = model.operations.find((o) => o.success.media) ?? model.operations[0];
  if (!op) return '';
  const id = jsString(op.operationId);
  // A page with no items is a valid literal of the wrapper's type when it requires nothing else.
  const paginated = model.operations.find(
    (o) =>
      o.paginated &&
      ((model.schemas.resolve<Doc>(o.successSchema)?.required ?? []) as unknown[]).every((k) => ['page', 'pageSize', 'results'].includes(k as string)),
  );
  const other = otherStatus(op);
  const lines = [
    `import { createMockApi } from ${jsString(`${packageName}/mock`)};`,
    'const mock = createMockApi();',
    `mock.override(${id}, { headers: { 'x-request-id': 'test' } }); // the generated success body, with your headers`,
    ...(paginated
      ? [`mock.override(${jsString(paginated.operationId)}, { body: { page: 1, pageSize: 1, results: [] } }); // typed: that operation's success body`]
      : []),
    ...(other
      ? [
          `mock.override(${id}, { status: ${other.status}${other.typedBody ? '' : ", body: { any: 'JSON' }"} }); // ${other.typedBody ? 'the body of that status is typed' : 'a body the spec does not show: any JSON value'}`,
          `mock.override(${id}, (request) => ({ status: ${other.status}, headers: { 'retry-after': '1', 'x-seen': request.method } }));`,
        ]
      : []),
    `mock.fault(${id}, { status: 503, times: 2 }); // 503 twice, then normal answers`,
    `mock.fault(${id}, { latencyMs: 200 }); // every answer 200 ms late`,
    `mock.fault(${id}, { reset: true, times: 1 }); // drop the connection once`,
    "mock.reset(); // overrides (but the options'), faults, collections set by collection(), limits, log",
  ];
  return fence('ts', lines.join('\n'));
}

/** The mock's own rule for an honoured parameter (said apart from the schema's), and what it changes, in Markdown. */
function effectText(effect: QueryEffect): [rule: string, effect: string] {
  if (effect.kind === 'page') return ['an integer >= 1', 'which page of the collection is answered'];
  if (effect.kind === 'pageSize') return ['an integer from 1 to 1,000', 'how many items a page holds'];
  return ['', `\`true\` adds ${code(effect.property)} (the collection's size); without it, or \`false\`, it is left out`];
}

/** One sentence, Markdown: what the mock does with a query parameter. */
function treatmentText(t: QueryTreatment): string {
  if (t.treatment === 'credential') return "Not read as a parameter: it is an API-key scheme's credential, whose presence alone is checked (401).";
  const [check, effect] = t.effect ? effectText(t.effect) : ['', ''];
  // The mock's own bounds (page, pageSize) are its rule, not the schema's: said apart.
  const checked = `Validated (${[t.required ? 'required' : '', 'its schema', check ? `and the mock's own rule, ${check}` : ''].filter(Boolean).join(', ')}: else 400)`;
  if (effect) return `${checked}, then **honoured**: ${effect}.`;
  return `${checked}, then **ignored**: the answer is the same with it, without it, or with another value.`;
}

/** `` (here: `a`, `b`)`` listing the document's path parameter names, or nothing when it has none. */
function pathParameterNames(model: SpecModel): string {
  const names = [...new Set(model.operations.flatMap((op) => op.wire.filter((p) => p.in === 'path').map((p) => p.name)))].sort();
  return names.length === 0 ? '' : ` (here: ${names.map(code).join(', ')})`;
}

/** The mock page's table of every operation's query parameters and what the mock does with each. */
function queryTable(model: SpecModel): string {
  const rows = model.operations.flatMap((op) =>
    op.queryTreatments.map((t, i) => `| ${i === 0 ? code(op.operationId) : ''} | ${code(t.name)} | ${cell(treatmentText(t))} |`),
  );
  if (rows.length === 0) return 'No operation of this spec documents a query parameter.';
  return ['| Operation | Query parameter | What the mock does |', '| --- | --- | --- |', ...rows].join('\n');
}

/** The mock's reference page (templates/docs/mock.md.hbs): the document's own names, operations and limits. */
function mockPage(model: SpecModel, packageName: string, render: Render): string {
  const names = model.environments.map((e) => e.name);
  const paginated = model.operations.filter((o) => o.paginated).map((o) => code(o.operationId));
  return render('mock', {
    title: model.title,
    packageName,
    bin: mockBinName(packageName),
    js: { mock: jsString(`${packageName}/mock`) },
    environmentList: names.map(code).join(', '),
    defaultEnvironment: names[0] ?? '',
    peers: MOCK_SAMPLER_PEERS.join(' '),
    paginated: paginated.join(', ') || 'none in this spec',
    collectionExample: collectionExample(model, packageName),
    queryTable: queryTable(model),
    overrideExamples: overrideExamples(model, packageName),
    limits: model.environments.map((e) => ({ name: e.name, values: limitValues(e) })),
    pathParameters: pathParameterNames(model),
  });
}
