/**
 * The generated package's package.json (entry points, the mock's command, the optional `msw` peer)
 * and its README (templates/docs/package-readme.md.hbs). The version and CHANGELOG.md are release/'s.
 */
import { CHANGELOG_FILE, mockBinName, OPENAPI_FILE, operationFunctionName, VALIDATORS_IMPORT } from '../names.js';
import type { OperationModel, SpecModel } from '../../model/model.js';
import type { SecuritySchemeModel } from '../../model/security.js';
import { BANNER_TEXT } from '../../output/banner.js';
import type { Files } from '../../lib/files.js';
import { templateRenderer } from '../docs/render.js';
import { jsString } from '../../lib/js-literal.js';
import { code } from '../docs/markdown.js';
import { firstVersion } from '../../release/version.js';
import { validatorEntries, validatorsEntry } from '../validators/validators.js';
import { usesKeywords } from '../validators/ajv.js';
import { writeTimeKeywords } from '../validators/keywords.js';
import { clientNames, type ClientNames } from '../../model/package-names.js';
import { MOCK_SERVER_IMPORT, mockServerEntry } from '../mock/mock.js';

export interface PackageInfo {
  name: string;
  /** The client's names (package-names.ts; default: the toolkit's own, `createPartnerClient`, ...). */
  names?: ClientNames | undefined;
  /** Runtime dependencies with the versions the toolkit was tested with. */
  dependencies: Record<string, string>;
  /** The mock's own dependencies and their ranges: optional peers, beside `msw` (none without the mock). */
  mockPeers?: Record<string, string> | undefined;
  /** The package's version (release/plan.ts; default: the first version for the document's `info.version`). */
  version?: string | undefined;
}

export { DEFAULT_PACKAGE_NAME } from '../../lib/names.js';

/**
 * The MSW majors the handlers are tested with (scripts/matrix: the lowest and the locked 2.x, and
 * 3.x); `msw` is an optional peer.
 */
export const MSW_RANGE = '^2.0.0 || ^3.0.0';

/**
 * The optional entry points, each exported only when its module was emitted: `./operations` (one
 * function per operation), `./mock` (the
 * spec-driven mock, whose own dependencies are optional peers), `./mock/msw` (its MSW handlers,
 * the one module importing the optional peer `msw`), the mock's command, and the bundled document.
 */
function optionalEntries(info: PackageInfo, emitted: ReadonlySet<string>) {
  const has = (file: string) => emitted.has(file);
  const module = (stem: string) => ({ types: `./${stem}.d.ts`, default: `./${stem}.js` });
  return {
    exports: {
      ...(has('dist/operations.js') && {
        './operations': has('dist/operations-node.js')
          ? { types: './dist/operations.d.ts', module: './dist/operations.js', node: './dist/operations-node.js', default: './dist/operations.js' }
          : module('dist/operations'),
      }),
      ...(has('dist/mock.js') && { './mock': module('dist/mock') }),
      ...(has('dist/mock-msw.js') && { './mock/msw': module('dist/mock-msw') }),
      ...(has(OPENAPI_FILE) && { [`./${OPENAPI_FILE}`]: `./${OPENAPI_FILE}` }),
    },
    ...(has('dist/mock-cli.js') && { bin: { [mockBinName(info.name)]: './dist/mock-cli.js' } }),
    files: [...(has(CHANGELOG_FILE) ? [CHANGELOG_FILE] : []), ...(has(OPENAPI_FILE) ? [OPENAPI_FILE] : [])],
    peers: { ...(has('dist/mock.js') && info.mockPeers), ...(has('dist/mock-msw.js') && { msw: MSW_RANGE }) },
    // The mock's HTTP server: Node's where there is one, else a listen() that says it needs Node.
    imports: { ...(has('dist/runtime/mock/server.js') && { [MOCK_SERVER_IMPORT]: mockServerEntry() }) },
  };
}

/** Optional peers, sorted, with their `peerDependenciesMeta`; nothing when there are none. */
function peerDependencies(peers: Record<string, string>) {
  const names = Object.keys(peers).sort();
  if (names.length === 0) return {};
  return {
    peerDependencies: Object.fromEntries(names.map((name) => [name, peers[name]!])),
    peerDependenciesMeta: Object.fromEntries(names.map((name) => [name, { optional: true }])),
  };
}

/** `emitted`: every file generated so far (the package's sources, dist/, docs/, openapi.json). */
export function emitPackage(model: SpecModel, info: PackageInfo, emitted: readonly string[], templatesDir: string): Files {
  const optional = optionalEntries(info, new Set(emitted));
  const pkg = {
    '//': BANNER_TEXT,
    name: info.name,
    version: info.version ?? firstVersion(model.version),
    description: `Typed client, types, validators and reference docs for the ${model.title}`,
    type: 'module',
    engines: { node: '>=20.19' },
    sideEffects: false,
    exports: {
      '.': { types: './dist/index.d.ts', module: './dist/index.js', node: './dist/index-node.js', default: './dist/index.js' },
      './types': { types: './dist/types.d.ts', default: './dist/types.js' },
      './validators': validatorsEntry(),
      ...optional.exports,
      './package.json': './package.json',
    },
    imports: { [VALIDATORS_IMPORT]: validatorsEntry(), ...optional.imports },
    main: './dist/index.js',
    types: './dist/index.d.ts',
    ...(optional.bin && { bin: optional.bin }),
    files: ['dist', 'docs', 'README.md', ...optional.files],
    dependencies: Object.fromEntries(Object.entries(info.dependencies).sort(([a], [b]) => a.localeCompare(b))),
    ...peerDependencies(optional.peers),
  };
  return new Map([
    ['package.json', `${JSON.stringify(pkg, null, 2)}\n`],
    ['README.md', renderReadme(model, info, emitted, templatesDir)],
  ]);
}

/** What a credential option carries, as Markdown. */
function placement(kind: SecuritySchemeModel['kind']): string {
  switch (kind.type) {
    case 'apiKey':
      return `Sent as the ${kind.in === 'header' ? 'header' : kind.in === 'query' ? 'query parameter' : 'cookie'} ${code(kind.name)}`;
    case 'basic':
      return 'Sent as `Authorization: Basic …`, from `{ username, password }`';
    case 'bearer':
      return 'Sent as `Authorization: Bearer …`; a string, or a function called before every attempt';
    case 'http':
      return `Sent as ${code(`Authorization: ${kind.scheme} …`)}`;
    case 'mutualTLS':
      return '';
  }
}

/**
 * The package README (templates/docs/package-readme.md.hbs): what the package holds, the client
 * runtime's options with the facts the document states (environments, limits, credential options),
 * and, when the mock was emitted, recipes for testing with it. Code samples use an operation the
 * document has: a GET without required parameters (a paginated one first).
 */
function renderReadme(model: SpecModel, info: PackageInfo, emitted: readonly string[], templatesDir: string): string {
  const files = new Set(emitted);
  const has = (file: string) => files.has(file);
  const requirements = model.operations.map((o) => o.security);
  const credentials = model.securitySchemes
    .filter((scheme) => scheme.option !== undefined)
    .map((scheme) => ({
      option: scheme.option!,
      scheme: scheme.name,
      where: placement(scheme.kind),
      // Every alternative of every operation names it (as the client's types require it).
      required:
        requirements.length > 0 && requirements.every((alternatives) => alternatives.length > 0 && alternatives.every((names) => names.includes(scheme.name))),
      basic: scheme.kind.type === 'basic',
    }));
  const environment = model.environments[0]!;
  const baseUrlRequired = model.environments.every((e) => !e.defaultBaseUrl);
  const testCredentials = credentials
    .filter((c) => c.required)
    .map((c) => `${c.option}: ${c.basic ? `{ username: 'test-user', password: 'test-password' }` : jsString(`test-${c.option}`)}`);
  const clientOptions = (baseUrl: string | undefined, credentials: readonly string[] = testCredentials) =>
    [...(baseUrl ? [`baseUrl: ${baseUrl}`] : []), ...credentials, `environment: ${jsString(environment.name)}`].join(', ');
  // The mock's command on its default port, as a page's client calls it (with the base path of the environment's server URL).
  const mockServerUrl = `http://127.0.0.1:4010${environment.defaultBaseUrl ? new URL(environment.defaultBaseUrl).pathname.replace(/\/+$/, '') : ''}`;
  const mockBaseUrl = environment.defaultBaseUrl ?? 'http://mock.test';
  const noRequiredParameters = (o: OperationModel) => o.method === 'get' && !o.parameters.some((p) => p.required);
  const example = model.operations.find((o) => noRequiredParameters(o) && o.paginated) ?? model.operations.find(noRequiredParameters);
  const mock = has('dist/mock.js') && example !== undefined;
  const names = info.names ?? clientNames();
  // The validators' example: a request body's (what a server checks), else a schema's.
  const entries = validatorEntries(model);
  const validator = (entries.find((e) => e.kind === 'request') ?? entries.find((e) => e.kind === 'schema'))?.name;
  const view = {
    name: info.name,
    title: model.title,
    version: model.version,
    usage: usageSnippet(model, info.name, names, has('dist/operations.js') ? example : undefined),
    pagination: mock ? paginationRecipe(info.name, names, example, clientOptions(environment.defaultBaseUrl ? undefined : jsString(mockBaseUrl))) : undefined,
    factory: names.factory,
    errorClass: names.error,
    entries: [
      [info.name, `${code(names.factory)}, the environments and their documented limits, the operation list`],
      ...(has('dist/operations.js')
        ? [[`${info.name}/operations`, 'one function per operation, named by its operationId: `fn(api, { path, query, body, … })`']]
        : []),
      [`${info.name}/types`, '`paths`, `components`, `operations`, `webhooks` and one alias per schema'],
      [`${info.name}/validators`, 'one type-guard validator per schema and per known request, response and query'],
      ...(has('dist/mock.js') ? [[`${info.name}/mock`, '`createMockApi`: a mock of the API from the document (in-process `fetch`, HTTP server)']] : []),
      ...(has('dist/mock-msw.js') ? [[`${info.name}/mock/msw`, '`createMockHandlers`: the mock as Mock Service Worker handlers']] : []),
      ...(has(OPENAPI_FILE) ? [[`${info.name}/${OPENAPI_FILE}`, 'the OpenAPI document, bundled into one file']] : []),
      ...(has('dist/mock-cli.js') ? [[`npx ${mockBinName(info.name)}`, 'the mock as a command']] : []),
    ].map(([entry, what]) => ({ entry: code(entry), what })),
    docPages: emitted.filter((file) => file.startsWith('docs/')).length,
    environments: model.environments.map((e) => ({ name: e.name, requestsPerSecond: e.requestsPerSecond, burst: e.burst, dailyQuota: e.dailyQuota })),
    hasLimits: model.environments.some((e) => e.requestsPerSecond !== undefined || e.dailyQuota !== undefined),
    baseUrlRequired,
    credentials,
    mock,
    mockDocs: has('docs/mock.md'),
    mockPeers: Object.keys(info.mockPeers ?? {})
      .sort()
      .join(' '),
    msw: has('dist/mock-msw.js'),
    bin: has('dist/mock-cli.js'),
    openapi: has(OPENAPI_FILE),
    changelog: has(CHANGELOG_FILE),
    // Rules for what is sent only (emit/validators/keywords.ts `writeTimeKeywords`): the README says where they apply.
    writeRules: usesKeywords(
      writeTimeKeywords,
      model.schemas.components,
      model.operations.map((o) => [o.parameters, o.requestBody?.schema, o.responses.map((r) => r.schema)]),
    ),
    packageVersion: info.version ?? firstVersion(model.version),
    js: {
      package: jsString(info.name),
      validators: jsString(`${info.name}/validators`),
      validator,
      mock: jsString(`${info.name}/mock`),
      msw: jsString(`${info.name}/mock/msw`),
      packagePath: info.name,
      bin: mockBinName(info.name),
      environment: /^[\w.-]+$/.test(environment.name) ? environment.name : undefined,
      baseUrl: jsString(mockBaseUrl),
      clientOptions: clientOptions(environment.defaultBaseUrl ? undefined : jsString(mockBaseUrl)),
      serverClientOptions: clientOptions('server.url'),
      // A browser page's client: no credentials (its backend adds them).
      pageClientOptions: clientOptions(environment.defaultBaseUrl ? undefined : jsString(mockBaseUrl), []),
      mockServerClientOptions: clientOptions(jsString(mockServerUrl), []),
      operationId: example && jsString(example.operationId),
      call: example && `api.GET(${jsString(example.path)})`,
    },
  };
  return templateRenderer(templatesDir)('package-readme', view);
}

/** What the snippets read credentials with: a missing variable stops the program, naming it. */
const ENV_FUNCTION = [
  '/** An environment variable; a missing or empty one stops here, naming it. */',
  'function env(name: string): string {',
  '  const value = process.env[name];',
  '  if (!value) throw new Error(`Set the environment variable ${name}`);',
  '  return value;',
  '}',
].join('\n');

/** The quick start: the client, then an operation called by name (and the same call by path). */
function usageSnippet(model: SpecModel, packageName: string, names: ClientNames, example: OperationModel | undefined): string {
  const options = usageOptions(model);
  const client = `const api = ${names.factory}(${options});`;
  const imports = [`import { ${names.factory} } from ${jsString(packageName)};`];
  const lines = [client];
  if (example) {
    const name = operationFunctionName(example);
    imports.push(`import { ${name} } from ${jsString(`${packageName}/operations`)};`);
    lines.push(`const { data, error, response } = await ${name}(api); // the same call as api.${example.method.toUpperCase()}(${jsString(example.path)})`);
  }
  return [...imports, '', ...(options.includes("env('") ? [ENV_FUNCTION, ''] : []), ...lines].join('\n');
}

/** The page size the pagination recipe asks for, and how many items its mock list holds (two full pages and a short one). */
const RECIPE_PAGE_SIZE = 2;
const RECIPE_ITEMS = 5;

/**
 * A vitest recipe of `paginate` over the mock: where it stops, and `maxPages`. Only for a paginated
 * GET whose `pageSize` query parameter takes RECIPE_PAGE_SIZE (the page size then decides the pages).
 */
function paginationRecipe(packageName: string, names: ClientNames, example: OperationModel | undefined, clientOptions: string): { code: string } | undefined {
  const success = example?.responses.find((r) => r.status === '200') ?? example?.responses.find((r) => r.status === '201');
  if (!example?.paginated || example.method !== 'get' || success?.mediaType === undefined) return undefined;
  const pageSize = example.wire.find((p) => p.in === 'query' && p.name === 'pageSize');
  const schema = (pageSize?.schema ?? {}) as { type?: unknown; minimum?: unknown; maximum?: unknown };
  const allows = (bound: unknown, ok: (n: number) => boolean) => typeof bound !== 'number' || ok(bound);
  if (
    !pageSize ||
    !['integer', 'number'].includes(schema.type as string) ||
    !allows(schema.minimum, (n) => n <= RECIPE_PAGE_SIZE) ||
    !allows(schema.maximum, (n) => n >= RECIPE_PAGE_SIZE)
  )
    return undefined;
  const init = `{ params: { query: { pageSize: ${RECIPE_PAGE_SIZE} } }`;
  const path = jsString(example.path);
  const code = [
    "import { expect, it } from 'vitest';",
    `import { ${names.factory}, PaginationError } from ${jsString(packageName)};`,
    `import { createMockApi } from ${jsString(`${packageName}/mock`)};`,
    '',
    `const mock = createMockApi({ collections: { ${propertyName(example.operationId)}: ${RECIPE_ITEMS} } }); // a list of ${RECIPE_ITEMS} items`,
    `const api = ${names.factory}({ ${clientOptions}, fetch: mock.fetch });`,
    '',
    "it('asks for page 1, 2, 3, … and stops after a page shorter than pageSize (or an empty one)', async () => {",
    '  const items: unknown[] = [];',
    `  for await (const item of api.paginate(${path}, ${init} })) items.push(item); // pages of ${RECIPE_PAGE_SIZE}, ${RECIPE_PAGE_SIZE}, ${RECIPE_ITEMS - 2 * RECIPE_PAGE_SIZE}`,
    `  expect(items).toHaveLength(${RECIPE_ITEMS});`,
    '});',
    '',
    "it('ends with PaginationError after maxPages full pages when the list goes on', async () => {",
    '  const read = async () => {',
    `    for await (const item of api.paginate(${path}, ${init}, maxPages: 1 })) void item;`,
    '  };',
    '  await expect(read()).rejects.toThrow(PaginationError); // error.pages: the pages read',
    '});',
  ].join('\n');
  return { code };
}

/** A key of an object literal: the name itself when it is an identifier. */
const propertyName = (name: string): string => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : jsString(name));

/** `ENV_NAME` for a client option: `apiKey` → `API_KEY`. */
const envName = (option: string): string => option.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();

/**
 * The options of the usage snippet, from the document: the first environment, `baseUrl` unless its
 * server URL is complete, and each credential option that the first secured operation's first
 * alternative names, read from environment variables.
 */
function usageOptions(model: SpecModel): string {
  const environment = model.environments[0]!;
  const secured = model.operations.find((o) => o.security.some((names) => names.length > 0));
  const names = secured?.security.find((n) => n.length > 0) ?? [];
  const schemes = model.securitySchemes.filter((s) => s.option !== undefined && names.includes(s.name));
  const entries = [
    ...(environment.defaultBaseUrl ? [] : ["baseUrl: env('BASE_URL')"]),
    ...schemes.map((s) =>
      s.kind.type === 'basic'
        ? `${s.option}: { username: env('${envName(s.option!)}_USERNAME'), password: env('${envName(s.option!)}_PASSWORD') }`
        : `${s.option}: env('${envName(s.option!)}')`,
    ),
    `environment: ${jsString(environment.name)}`,
  ];
  return `{ ${entries.join(', ')} }`;
}
