/**
 * The generated package's package.json (entry points, the mock's command, the optional `msw` peer)
 * and its README (templates/docs/package-readme.md.hbs). The version and CHANGELOG.md are release/'s.
 */
import { operationFunctionName } from './operations.js';
import type { OperationModel, SpecModel } from '../model.js';
import type { SecuritySchemeModel } from '../security.js';
import { BANNER_TEXT } from '../banner.js';
import type { Files } from './types.js';
import { loadTemplates, renderer } from './docs.js';
import { code, text } from './markdown.js';
import { OPENAPI_FILE } from './openapi.js';
import { CHANGELOG_FILE } from '../release/changelog.js';
import { firstVersion } from '../release/version.js';
import { validatorEntries, validatorsEntry, VALIDATORS_IMPORT } from './validators.js';
import { usesKeywords } from '../validation/ajv.js';
import { writeTimeKeywords } from '../validation/keywords.js';

export interface PackageInfo {
  name: string;
  /** Runtime dependencies with the versions the toolkit was tested with. */
  dependencies: Record<string, string>;
  /** The mock's own dependencies and their ranges: optional peers, beside `msw` (none without the mock). */
  mockPeers?: Record<string, string> | undefined;
  /** The package's version (release/plan.ts; default: the first version for the document's `info.version`). */
  version?: string | undefined;
}

export { DEFAULT_PACKAGE_NAME } from '../names.js';

/** The mock's command: the package's unscoped name without a trailing "-client", then "-mock". */
export const mockBinName = (packageName: string): string => `${packageName.replace(/^@[^/]+\//, '').replace(/-client$/, '')}-mock`;

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
      ...(has('dist/operations.js') && { './operations': module('dist/operations') }),
      ...(has('dist/mock.js') && { './mock': module('dist/mock') }),
      ...(has('dist/mock-msw.js') && { './mock/msw': module('dist/mock-msw') }),
      ...(has(OPENAPI_FILE) && { [`./${OPENAPI_FILE}`]: `./${OPENAPI_FILE}` }),
    },
    ...(has('dist/mock-cli.js') && { bin: { [mockBinName(info.name)]: './dist/mock-cli.js' } }),
    files: [...(has(CHANGELOG_FILE) ? [CHANGELOG_FILE] : []), ...(has(OPENAPI_FILE) ? [OPENAPI_FILE] : [])],
    peers: { ...(has('dist/mock.js') && info.mockPeers), ...(has('dist/mock-msw.js') && { msw: MSW_RANGE }) },
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
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './types': { types: './dist/types.d.ts', default: './dist/types.js' },
      './validators': validatorsEntry(),
      ...optional.exports,
      './package.json': './package.json',
    },
    imports: { [VALIDATORS_IMPORT]: validatorsEntry() },
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

/** A single-quoted JavaScript string that cannot end a Markdown code fence (a backtick is escaped too). */
const jsString = (value: string): string =>
  `'${value.replace(/[\\'`\u0000-\u001f\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;

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
      required: requirements.length > 0 && requirements.every((alternatives) => alternatives.length > 0 && alternatives.every((names) => names.includes(scheme.name))),
      basic: scheme.kind.type === 'basic',
    }));
  const environment = model.environments[0]!;
  const baseUrlRequired = model.environments.every((e) => !e.defaultBaseUrl);
  const testCredentials = credentials
    .filter((c) => c.required)
    .map((c) => `${c.option}: ${c.basic ? `{ username: 'test-user', password: 'test-password' }` : jsString(`test-${c.option}`)}`);
  const clientOptions = (baseUrl: string | undefined) =>
    [...(baseUrl ? [`baseUrl: ${baseUrl}`] : []), ...testCredentials, `environment: ${jsString(environment.name)}`].join(', ');
  const mockBaseUrl = environment.defaultBaseUrl ?? 'http://mock.test';
  const noRequiredParameters = (o: OperationModel) => o.method === 'get' && !o.parameters.some((p) => p.required);
  const example = model.operations.find((o) => noRequiredParameters(o) && o.paginated) ?? model.operations.find(noRequiredParameters);
  const mock = has('dist/mock.js') && example !== undefined;
  // The validators' example: a request body's (what a server checks), else a schema's.
  const entries = validatorEntries(model);
  const validator = (entries.find((e) => e.kind === 'request') ?? entries.find((e) => e.kind === 'schema'))?.name;
  const view = {
    name: info.name,
    title: model.title,
    version: model.version,
    usage: usageSnippet(model, info.name, has('dist/operations.js') ? example : undefined),
    entries: [
      [info.name, '`createPartnerClient`, the environments and their documented limits, the operation list'],
      ...(has('dist/operations.js') ? [[`${info.name}/operations`, 'one function per operation, named by its operationId: `fn(api, { path, query, body, … })`']] : []),
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
    mockPeers: Object.keys(info.mockPeers ?? {}).sort().join(' '),
    msw: has('dist/mock-msw.js'),
    bin: has('dist/mock-cli.js'),
    openapi: has(OPENAPI_FILE),
    changelog: has(CHANGELOG_FILE),
    // Rules for what is sent only (validation/keywords.ts `writeTimeKeywords`): the README says where they apply.
    writeRules: usesKeywords(writeTimeKeywords, model.document.components?.schemas, model.document.paths),
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
      operationId: example && jsString(example.operationId),
      call: example && `api.GET(${jsString(example.path)})`,
    },
  };
  return renderer(loadTemplates(templatesDir), templatesDir)('package-readme', view);
}

/** The quick start: the client, then an operation called by name (and the same call by path). */
function usageSnippet(model: SpecModel, packageName: string, example: OperationModel | undefined): string {
  const client = `const api = createPartnerClient(${usageOptions(model)});`;
  if (!example) return `import { createPartnerClient } from ${jsString(packageName)};\n\n${client}`;
  const name = operationFunctionName(example);
  return [
    `import { createPartnerClient } from ${jsString(packageName)};`,
    `import { ${name} } from ${jsString(`${packageName}/operations`)};`,
    '',
    client,
    `const { data, error, response } = await ${name}(api); // the same call as api.${example.method.toUpperCase()}(${jsString(example.path)})`,
  ].join('\n');
}

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
    ...(environment.defaultBaseUrl ? [] : ["baseUrl: process.env.BASE_URL"]),
    ...schemes.map((s) =>
      s.kind.type === 'basic'
        ? `${s.option}: { username: process.env.${envName(s.option!)}_USERNAME, password: process.env.${envName(s.option!)}_PASSWORD }`
        : `${s.option}: process.env.${envName(s.option!)}`,
    ),
    `environment: ${jsString(environment.name)}`,
  ];
  return `{ ${entries.join(', ')} }`;
}
