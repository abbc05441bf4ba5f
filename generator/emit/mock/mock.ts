/**
 * Mock: the hand-written runtime in templates/mock/ (copied into src/runtime/mock/, its imports of
 * the client runtime rewritten from `../client/` to `../`), `src/mock.ts` wiring it to the
 * package's table of operations (src/facts.ts: routes, parameters, security, the success answer
 * and its media object's JSON pointer in the bundled document, pagination), the validators and the
 * environments' limits, `src/mock-msw.ts`, the CLI `src/mock-cli.ts`, and the page `docs/mock.md`.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvironmentModel, OperationModel, QueryEffect, QueryTreatment, SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import { jsString } from '../../lib/js-literal.js';
import { FACTS_MODULE, mockBinName } from '../names.js';
import { commentSafe } from '../../lib/problems.js';
import { cell, code, fence, text } from '../docs/markdown.js';
import { isGapSchema, VALIDATORS_IMPORT } from '../validators/validators.js';
import type { Files } from '../../lib/files.js';
import type { Doc } from '../../lib/own.js';

/** The templates' imports of the client runtime, as they read once both sit in src/runtime/. */
const CLIENT_IMPORT = /(from\s+'|import\(')\.\.\/client\//g;

/** The packages the mock's sampler imports (templates/mock/bodies.ts: optional peers of the package). */
export const MOCK_SAMPLER_PEERS = ['ajv', 'ajv-formats', 'json-schema-faker'] as const;

export function emitMock(model: SpecModel, templatesDir: string, packageName: string): Files {
  const files: Files = new Map();
  const runtimeDir = path.join(templatesDir, 'mock');
  for (const name of readdirSync(runtimeDir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    files.set(`src/runtime/mock/${name}`, readFileSync(path.join(runtimeDir, name), 'utf8').replace(CLIENT_IMPORT, '$1../'));
  }
  files.set('src/mock.ts', mockIndex(model));
  files.set('src/mock-msw.ts', `/** MSW (2 or 3) handlers answering from a mock made by \`createMockApi\` (\`msw\` is an optional peer dependency: this module alone imports it). */
export { createMockHandlers, type MockHandlersOptions } from './runtime/mock/msw.js';
`);
  files.set('src/mock-cli.ts', `#!/usr/bin/env node
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
`);
  files.set('docs/mock.md', mockPage(model, packageName));
  return files;
}

function environmentOf(e: EnvironmentModel): string {
  const limits = e.requestsPerSecond && e.burst && e.dailyQuota ? `{ requestsPerSecond: ${e.requestsPerSecond}, burst: ${e.burst}, dailyQuota: ${e.dailyQuota} }` : 'null';
  const basePath = e.defaultBaseUrl ? new URL(e.defaultBaseUrl).pathname.replace(/\/+$/, '') : '';
  return `    ${propertyKey(e.name)}: { limits: ${limits}, basePath: ${JSON.stringify(basePath)} },`;
}

function mockIndex(model: SpecModel): string {
  const environmentNames = model.environments.map((e) => JSON.stringify(e.name));
  return `import { readFileSync } from 'node:fs';
import { createRuntimeMockApi } from './runtime/mock/api.js';
import type { MockApi as RuntimeMockApi, MockApiOptions as RuntimeMockApiOptions, MockFacts } from './runtime/mock/types.js';
import { operationValidators } from '${VALIDATORS_IMPORT}';
import { operations as table, security } from '${FACTS_MODULE}';
import type { operations } from './schema.js';

/** The environments of the spec (the first is the default). */
export type MockEnvironment = ${environmentNames.join(' | ') || 'never'};
export const mockEnvironments: readonly MockEnvironment[] = [${environmentNames.join(', ')}];

export type MockApi = RuntimeMockApi<operations>;
export type MockApiOptions = RuntimeMockApiOptions<operations, MockEnvironment>;

let bundled: object | undefined;

/** The bundled document shipped at the package's root (\`openapi.json\`), read once, on first use (Node only). */
function loadDocument(): object {
  bundled ??= JSON.parse(readFileSync(new URL('../openapi.json', import.meta.url), 'utf8')) as object;
  return bundled;
}

const facts: MockFacts = {
  loadDocument,
  schemes: security.schemes,
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

export type { JsonValue, MockAnswer, MockFault, MockLimits, MockOverride, MockRequestRecord, MockServer, PageItemOf } from './runtime/mock/types.js';
export type { MockErrorBody } from './runtime/mock/answers.js';
`;
}

/** One row per environment: its documented limits, as `simulateLimits: true` applies them. */
function limitsRow(e: EnvironmentModel): string {
  const limits = e.requestsPerSecond && e.burst && e.dailyQuota ? `${e.requestsPerSecond} | ${e.burst} | ${e.dailyQuota}` : 'not documented | | ';
  return `| ${code(e.name)} | ${limits} |`;
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
  const paginated = model.operations.find((o) => o.paginated && ((model.schemas.resolve<Doc>(o.successSchema)?.required ?? []) as unknown[]).every((k) => ['page', 'pageSize', 'results'].includes(k as string)));
  const other = otherStatus(op);
  const lines = [
    `import { createMockApi } from ${jsString(`${packageName}/mock`)};`,
    'const mock = createMockApi();',
    `mock.override(${id}, { headers: { 'x-request-id': 'test' } }); // the generated success body, with your headers`,
    ...(paginated ? [`mock.override(${jsString(paginated.operationId)}, { body: { page: 1, pageSize: 1, results: [] } }); // typed: that operation's success body`] : []),
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
  const rows = model.operations.flatMap((op) => op.queryTreatments.map((t, i) => `| ${i === 0 ? code(op.operationId) : ''} | ${code(t.name)} | ${cell(treatmentText(t))} |`));
  if (rows.length === 0) return 'No operation of this spec documents a query parameter.';
  return ['| Operation | Query parameter | What the mock does |', '|---|---|---|', ...rows].join('\n');
}

function mockPage(model: SpecModel, packageName: string): string {
  const names = model.environments.map((e) => e.name);
  const paginated = model.operations.filter((o) => o.paginated).map((o) => code(o.operationId));
  return `# Mock of the ${text(model.title)}

A mock generated from the spec, for testing an integration without the real service. One core
answers a Fetch API \`Request\` with a \`Response\`; it serves three ways:

\`\`\`ts
import { createMockApi } from ${jsString(`${packageName}/mock`)};
const mock = createMockApi({ seed: 1 });
const clientOptions = { baseUrl: 'http://mock.test', fetch: mock.fetch }; // with the credentials and environment, for this package's client
const server = await mock.listen(); // a node:http server on 127.0.0.1, a free port: server.url, await server.close()
\`\`\`

- **In process**: \`mock.fetch\` is a fetch-compatible function (no network); \`mock.handle(request)\` is the core.
- **HTTP**: \`mock.listen({ port = 0, host = '127.0.0.1' })\` resolves with \`{ url, close() }\`; \`url\` includes the base path.
- **Mock Service Worker** (2 or 3, an optional peer dependency, imported only by ${code(`${packageName}/mock/msw`)}):
  \`setupServer(...createMockHandlers(mock, { baseUrl: 'http://mock.test' }))\` answers every request under that base URL.
- **Command line**: ${code(`npx ${mockBinName(packageName)} [--port N] [--host H] [--seed N] [--environment NAME] [--simulate-limits]`)}
  (\`NAME\`: ${names.map(code).join(', ')}; default port 4010, host 127.0.0.1, seed 1, environment ${code(names[0] ?? '')}); prints one line, its base URL, when ready;
  stops on SIGINT/SIGTERM with exit 0; a bad flag prints the usage on stderr and exits 2; a port or
  host it cannot listen on (in use, \`--host 256.1.1.1\`) prints one line on stderr and exits 1.

The mock reads the bundled document \`openapi.json\` at the package's root once, on first use
(Node only); pass \`document\` to use another copy. What it samples (bodies the document has no
example of, collections) needs its own dependencies, optional peers of the package that an install
never importing the mock goes without: \`npm install --save-dev ${MOCK_SAMPLER_PEERS.join(' ')}\`.
Without them, an answer that needs sampling is a 500 that says so.

## Options of \`createMockApi\`

| Option | Default | What it does |
|---|---|---|
| \`seed\` | \`1\` | An integer: the same seed gives the same bodies, request after request and run after run. |
| \`environment\` | ${code(names[0] ?? '')} | Whose documented limits \`simulateLimits\` applies: ${names.map(code).join(', ')}. |
| \`simulateLimits\` | \`false\` | \`true\`: the environment's documented limits; or \`{ requestsPerSecond, burst, dailyQuota }\` (missing fields from the spec). |
| \`basePath\` | the path of the environment's server URL, when the spec states it in full | A prefix removed before routing. |
| \`overrides\` | none | \`{ [operationId]: answer }\`: answers instead of generated ones (see below). |
| \`collections\` | the example's items, else sampled | \`{ [operationId]: items \\| count }\` for paginated operations: your items (checked), or a number of sampled items. |
| \`maxRequestBytes\` | \`4194304\` (4 MiB) | Most bytes of a request body the mock reads: a longer one is answered **413** (read to its end in server mode, never kept). |
| \`document\` | \`openapi.json\` | The bundled document. |

## What it answers

In this order, for every request:

1. **404** when no operation matches the method and path (after the base path).
2. **429** with \`Retry-After\` (seconds) when limits are simulated and the token bucket (refilled at
   \`requestsPerSecond\`, holding \`burst\`) is empty, or the UTC day's \`dailyQuota\` is used up.
   Every routed request counts.
3. An injected fault, if any (\`mock.fault\`).
4. **401** when no alternative of the operation's \`security\` has all its credentials (the header,
   query parameter or cookie of an API-key scheme; \`Authorization\` with the scheme's prefix for
   \`http\`, \`oauth2\`, \`openIdConnect\`). Presence only: any value is accepted.
5. **413** when the request body is longer than \`maxRequestBytes\`; **415** when a body comes with
   a \`Content-Type\` that none of the operation's request media types covers (no \`Content-Type\`:
   the body is read as the first of them).
6. **400** when a path parameter is empty, a required header is missing, a query parameter that is
   not an array is given twice, the query (each parameter read by its \`style\` and \`explode\`, as
   the client writes it; strings read as the parameter's schema type: decimal numbers only, so
   \`0x10\` stays a string; booleans) fails the package's
   query validator, a paginated operation's \`page\` or \`pageSize\` is not an integer >= 1 (or
   \`pageSize\` is over 1,000, the mock's limit), or the body is missing (when required), is not
   JSON while its media type is JSON (every JSON operation, with or without a request validator),
   or fails the request validator. Every problem is listed with a JSON pointer rooted at the part
   it is in: \`/path/<name>\`, \`/query/<name>\`, \`/header/<name>\`, \`/body/...\`.
7. The operation's override, if any, else its **success answer**: the lowest explicit 2xx status of
   the operation (\`2XX\` or none: 200), with a body from the spec's examples where the media
   type has some, else sampled from its schema (json-schema-faker, plus what it cannot do: see
   below). **Every generated body passes the package's response validator**: the validator judges
   each candidate, and when none passes the answer is **500** naming the operation and the place,
   never an invalid body. A body the spec does not show (no media type, or a schema that only marks
   a gap) is an empty answer (\`Content-Length: 0\`).

The 404, 401, 400, 413, 415, 429, 500 and fault answers are **the mock's own choice**: the spec
shows no error bodies. They are JSON, \`{ "mock": true, "status": 400, "error": "<sentence>",
"problems": [{ "pointer": "/query/pageSize", "message": "must be number" }] }\` (\`problems\` on 400
only), except a null-body status (a fault or override with 204, 205 or 304), which is sent without a
body in every mode. In server mode, a request Node's HTTP parser itself refuses (malformed, or
headers too large) gets Node's own plain 400 or 431, before the mock sees it.

Bodies are deterministic per seed, operation and path: \`GET /things/a\` and \`GET /things/b\`
differ, the same request twice gives the same body.

## Pagination

Paginated operations (success body \`{ page, pageSize, results }\`): ${paginated.join(', ') || 'none in this spec'}.
They answer pages of a collection: \`page\` and \`pageSize\` from the query (defaults from the
parameters' schemas, else \`x-pagination\`, else 1 and 20), and the count (the wrapper's optional
number property) when the operation's boolean query parameter naming a count or total is \`true\`.

The default collection is the items of the response's example, when it has one that the response
validator accepts (the same for every seed); else a sampled collection of two full default pages
and one item more. \`collections\` or \`mock.collection(operationId, itemsOrCount)\` replaces it:

- **your items**, each checked against the response validator: a bad one is a \`TypeError\` naming
  the operation and every problem (\`/3/id must be string\`);
- **a number**, to exercise paging over more data: that many sampled items (item \`i\` seeded by the
  seed, the operation and \`i\`, so \`120\` starts with the items of \`101\`), typed as the
  operation's items, their identifiers non-empty and distinct (see [Identifiers](#identifiers)).
  Up to \`Number.MAX_SAFE_INTEGER\`: a page samples only its own items, so page 2,000 of a
  million costs what page 1 does.

\`collections\` and \`collection()\` take paginated operations only (another id does not compile).
${collectionExample(model, packageName)}

## Query parameters

Every documented query parameter is read by its \`style\` and \`explode\` and checked by the
package's query validator (a value it refuses is a **400** naming \`/query/<name>\`). Apart from
pagination, none changes the answer: the mock does not filter, search or sort. An OpenAPI document
has no field that says which property of the items a parameter filters on, or how (equality, a
prefix, a search, items left out by default), and the mock does not guess it from prose: a filter
in your request is accepted, and the answer may hold items that do not match it. To test code that
depends on filtering, give the collection's items yourself (\`collections\`,
\`mock.collection\`) or answer with an override function, which receives the query as the mock
read it.

${queryTable(model)}

## Overrides, faults, reset

${overrideExamples(model, packageName)}

Override bodies are typed from \`operations\` of the types: the documented status's body, any JSON
value (\`JsonValue\`) for an error or a body the spec does not show; statuses are 200 to 599 (an
override function giving another is answered 500). An override function receives the \`Request\`
and its parameters as the mock read them: \`{ path, query, header, cookie }\`, each by its style,
strings typed by its schema. Overrides are answered as given, after the request
checks, and not validated (to test how your code handles drift); 204, 205 and 304 are sent without
a body. \`times\` defaults to every request. \`latencyMs\` ends early when the caller gives up: the
request's \`signal\` aborts (\`fetch\`, \`handle\`, MSW) or the connection closes (server,
\`close()\` included), so a pending delay never keeps the process alive.

A fault's \`reset\` gives, per mode:

| Mode | What the caller sees |
|---|---|
| server (\`listen\`, the command) | the connection reset (TCP RST): Node's fetch rejects \`TypeError('fetch failed')\` with \`cause.code\` \`ECONNRESET\` |
| \`mock.fetch\`, \`mock.handle\` | the same rejection, built by the mock: \`TypeError('fetch failed')\`, \`cause.code\` \`ECONNRESET\` |
| MSW | \`HttpResponse.error()\`: fetch rejects \`TypeError('Failed to fetch')\`, with no \`cause.code\` |

\`mock.requests\` lists the last 1,000 requests (\`method\`, \`url\`, \`operationId\`, \`headers\`,
\`status\`; never bodies), with every credential header, query parameter and cookie of the spec's schemes (and
\`Authorization\`) \`[redacted]\`: credentials are never stored or echoed.

## Environments and rate limits

| Environment | Requests per second | Burst | Daily quota |
|---|---|---|---|
${model.environments.map(limitsRow).join('\n')}

## Where the data comes from

Examples of the media type first (one chosen by the seed, when the response validator accepts it;
for a paginated operation, its items are the default collection),
else a candidate from json-schema-faker (seeded; chosen because it follows JSON Schema 2020-12 and
has no dependencies) repaired for what it cannot do itself (\`if\`/\`then\`, \`oneOf\` with
discriminators, \`maxItems: 0\`, uniqueness, formats, the custom keywords such as
\`x-future-date-time\`). The package's response validator accepts or rejects every candidate, so
whatever it checks holds in every answer. Each body is built, checked and serialized once (per
seed, operation, path and page), then answered from memory; the sampler is loaded only when a body
has to be sampled, so answers from examples cost no start-up time.

## Identifiers

A sampled value you may pass back as a path parameter is usable. A property is an **identifier**
when its name is \`id\`, \`uid\`, \`uuid\` or \`guid\` (any case), ends in one of them as a
word (\`projectId\`, \`conversationUid\`, \`user_id\`), or is the name of a path parameter of
some operation of the document${pathParameterNames(model)}. The rule reads only names, so it holds for any document; what the
schema says still wins:

- **Never empty**: every identifier string of a sampled body, at any depth, is sampled as if its
  schema said \`minLength: 1\` (a stricter schema: the value still passes the document's). Not
  where the schema lists its values (\`enum\`, \`const\`) or allows no character
  (\`maxLength: 0\`), nor in a body where that leaves some identifier no value (a \`pattern\`
  only \`''\` matches): there the value is what the schema allows, \`''\` included.
- **Distinct in a collection**: the identifiers of the items of a sampled collection (all its
  pages: item \`i\` gets index \`i\`) or of a sampled array body are made distinct by the item's
  index: \`<sampled>-<index>\`, else the sampled value with its last characters (at most 12)
  replaced by the index in zero-padded digits (so a UUID or a 24-character hex id stays one), for a
  number \`index + 1\`; the first that the schema and the response validator accept. When none is
  accepted (an \`enum\` or \`const\`, a \`pattern\` without digits, a \`maxLength\` too short
  for the index) the sampled value stays, and may repeat.
- The spec's examples and your own \`collections\` items are answered as written.
`;
}
