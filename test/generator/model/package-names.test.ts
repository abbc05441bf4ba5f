/**
 * What names a generated package and its client (`--package-name`, `--client-name`;
 * generator/model/package-names.ts): the rule, its refusals at the command line, a package generated
 * under another name (every place that names it, its exports compiled by a strict consumer), and
 * ours, which keeps its names.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { TOOL_ROOT } from '../../../generator/generate.js';
import { clientNames } from '../../../generator/model/package-names.js';
import { runCapturing, scratchFolder, treeSnapshot, typeCheck } from '../support/generate-and-check.js';
import { pageView } from '../support/markdown-pages.js';

const FIXTURE = path.join(TOOL_ROOT, 'test', 'fixtures', 'minimal', 'openapi.yaml');
const GENERATED = path.join(TOOL_ROOT, 'generated');
const scratch = scratchFolder('package-names');

describe('the naming rule', () => {
  it.each<[string, { packageName?: string; clientName?: string; want: [pkg: string, factory: string, client: string, options: string, error: string] }]>([
    [
      'neither option: the toolkit’s own names',
      { want: ['partner-recruitment-client', 'createPartnerClient', 'PartnerClient', 'PartnerClientOptions', 'PartnerClientError'] },
    ],
    [
      'from the package name, a last "client" dropped',
      { packageName: 'my-api-client', want: ['my-api-client', 'createMyApiClient', 'MyApiClient', 'MyApiClientOptions', 'MyApiClientError'] },
    ],
    [
      'the scope and a last "sdk" dropped',
      { packageName: '@acme/billing-sdk', want: ['@acme/billing-sdk', 'createBillingClient', 'BillingClient', 'BillingClientOptions', 'BillingClientError'] },
    ],
    [
      'dots and underscores separate words too',
      {
        packageName: 'v2.payments_api',
        want: ['v2.payments_api', 'createV2PaymentsApiClient', 'V2PaymentsApiClient', 'V2PaymentsApiClientOptions', 'V2PaymentsApiClientError'],
      },
    ],
    [
      'a lone "client" with --client-name',
      { packageName: '@acme/client', clientName: 'Acme', want: ['@acme/client', 'createAcmeClient', 'AcmeClient', 'AcmeClientOptions', 'AcmeClientError'] },
    ],
    [
      '--client-name wins over the package name',
      { packageName: 'my-api-client', clientName: 'Acme', want: ['my-api-client', 'createAcmeClient', 'AcmeClient', 'AcmeClientOptions', 'AcmeClientError'] },
    ],
    [
      '--client-name alone keeps the default package name',
      { clientName: 'Acme', want: ['partner-recruitment-client', 'createAcmeClient', 'AcmeClient', 'AcmeClientOptions', 'AcmeClientError'] },
    ],
  ])('%s', (_name, { packageName, clientName, want }) => {
    const names = clientNames(packageName, clientName);
    expect([names.package, names.factory, names.client, names.options, names.error]).toEqual(want);
  });

  it.each<[string, { packageName?: string; clientName?: string; message: RegExp }]>([
    ['capitals in a package name', { packageName: 'My-API', message: /^--package-name "My-API" is not a valid npm package name: .*capital letters/ }],
    [
      'a space in a package name',
      { packageName: 'my api', message: /^--package-name "my api" is not a valid npm package name: name can only contain URL-friendly characters/ },
    ],
    [
      'a path as a package name',
      { packageName: '../up', message: /^--package-name "\.\.\/up" is not a valid npm package name: name cannot start with a period/ },
    ],
    ['an empty package name', { packageName: '', message: /^--package-name "" is not a valid npm package name: name length must be greater than zero/ }],
    ["a Node core module's name", { packageName: 'http', message: /^--package-name "http" is not a valid npm package name: http is a core module name/ }],
    ['a camelCase client name', { clientName: 'myApi', message: /^--client-name "myApi" must be a PascalCase identifier/ }],
    ['a client name with a dash', { clientName: 'My-Api', message: /^--client-name "My-Api" must be a PascalCase identifier/ }],
    ['the runtime’s own stem', { clientName: 'Runtime', message: /^--client-name "Runtime" is taken by the runtime's own names/ }],
    [
      'a package name whose words start with a digit',
      { packageName: '3d-client', message: /^no client name follows from --package-name "3d-client" .*give --client-name/ },
    ],
    ['a package name that is only "client"', { packageName: 'client', message: /^no client name follows from --package-name "client" .*give --client-name/ }],
    [
      'a scoped package name that is only "sdk"',
      { packageName: '@acme/sdk', message: /^no client name follows from --package-name "@acme\/sdk" .*give --client-name/ },
    ],
    [
      'a package name that derives the runtime’s stem',
      { packageName: 'runtime-client', message: /^no client name follows from --package-name "runtime-client"/ },
    ],
  ])('refuses %s', (_name, { packageName, clientName, message }) => {
    expect(() => clientNames(packageName, clientName)).toThrow(message);
  });
});

describe('the command line refuses a bad name before writing anything', () => {
  it.each([
    ['--package-name', 'Not A Name', /^--package-name "Not A Name" is not a valid npm package name/],
    ['--client-name', 'lowercase', /^--client-name "lowercase" must be a PascalCase identifier/],
  ])('%s %s: usage error (exit 2), no stack, the output directory as it was', async (option, value, message) => {
    const out = scratch.fresh('refused');
    // A previous generation in the output directory must survive the refusal.
    expect((await runCapturing(['--spec', FIXTURE, '--out', out])).code).toBe(0);
    const before = treeSnapshot(out);
    const { code, stdout, stderr } = await runCapturing(['--spec', FIXTURE, '--out', out, option, value]);
    expect(code).toBe(2);
    expect(stderr).toMatch(message);
    expect(stderr).toContain('Usage: npm run generate');
    expect(stderr).not.toMatch(/^\s+at /m);
    expect(stdout).toBe('');
    expect(treeSnapshot(out)).toEqual(before);
    // Nothing at all where there was nothing.
    const fresh = scratch.fresh('never');
    expect((await runCapturing(['--spec', FIXTURE, '--out', fresh, option, value])).code).toBe(2);
    expect(existsSync(fresh)).toBe(false);
  });
});

describe('a package generated with --package-name my-api-client', () => {
  const out = scratch.fresh('my-api-client');
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    const { code, stderr } = await runCapturing(['--spec', FIXTURE, '--out', out, '--package-name', 'my-api-client']);
    expect(code, stderr).toBe(0);
  }, 60_000);

  it('is named so in package.json, its mock command, README, reference pages and validators', async () => {
    const pkg = JSON.parse(read('package.json')) as { name: string; bin: Record<string, string> };
    expect(pkg.name).toBe('my-api-client');
    expect(Object.keys(pkg.bin)).toEqual(['my-api-mock']);
    expect(read('README.md')).toMatch(/^# my-api-client$/m);
    // Each page's code imports from the package's own entry points (in whichever quotes the sample uses).
    const imports = (text: string, name: string, module: string) => new RegExp(`import \\{[^}]*\\b${name}\\b[^}]*\\} from (['"])${module}\\1`).test(text);
    expect(imports(read('README.md'), 'createMyApiClient', 'my-api-client')).toBe(true);
    expect(imports(read('docs/operations/default.md'), 'listThings', 'my-api-client/operations')).toBe(true);
    expect(pageView(read('docs/schemas/Thing.md')).field('Thing', 'Validator').codes).toEqual(['validateThing', 'my-api-client/validators']);
    expect(imports(read('docs/mock.md'), 'createMockApi', 'my-api-client/mock')).toBe(true);
    const { validateThing } = (await import(pathToFileURL(path.join(out, 'dist', 'validators.js')).href)) as {
      validateThing: { '~standard': { vendor: string } };
    };
    expect(validateThing['~standard'].vendor).toBe('my-api-client');
  });

  it("exports the client under the rule's names, and none of ours; errors keep instanceof and their names", async () => {
    const index = (await import(pathToFileURL(path.join(out, 'dist', 'index.js')).href)) as Record<string, any>;
    expect(typeof index.createMyApiClient).toBe('function');
    expect(index).not.toHaveProperty('createPartnerClient');
    expect(index).not.toHaveProperty('PartnerClientError');
    const error = new index.PaginationError('stopped', 2);
    expect(error).toBeInstanceOf(index.MyApiClientError);
    expect(error.name).toBe('PaginationError');
    // A bad option is named after this package's factory.
    expect(() => index.createMyApiClient({ environment: 'nowhere' })).toThrow(new TypeError('createMyApiClient: `environment` must be one of test'));
  });

  it('compiles a strict consumer of those names; one importing ours does not compile', { timeout: 60_000 }, async () => {
    writeFileSync(
      path.join(out, 'consumer.ts'),
      [
        "import { createMyApiClient, MyApiClientError, PaginationError, type MyApiClient, type MyApiClientOptions } from 'my-api-client';",
        "const options: MyApiClientOptions = { environment: 'test', maxRetries: 1 };",
        'const api: MyApiClient = createMyApiClient(options);',
        "const { data } = await api.GET('/things');",
        'const first: string | undefined = data?.[0]?.id;',
        "const error: MyApiClientError = new PaginationError('stopped', 1);",
        'export { first, error };',
      ].join('\n'),
    );
    writeFileSync(path.join(out, 'ours.ts'), "import { createPartnerClient } from 'my-api-client';\nexport { createPartnerClient };\n");
    expect(await typeCheck(out, ['consumer.ts'])).toBe('');
    expect(await typeCheck(out, ['ours.ts'])).toMatch(/ours\.ts.*error TS2305: Module '"my-api-client"' has no exported member 'createPartnerClient'/);
  });

  it('ships the same runtime as ours, byte for byte (the names live in src/index.ts only)', () => {
    for (const file of ['src/runtime/errors.ts', 'src/runtime/client.ts', 'src/runtime/options.ts', 'dist/runtime/errors.js']) {
      expect(read(file), file).toBe(readFileSync(path.join(GENERATED, file), 'utf8'));
    }
  });
});

describe('a package generated with --package-name @acme/-api-client (issue #29 item 4)', () => {
  const out = scratch.fresh('dash-client');
  const read = (file: string) => readFileSync(path.join(out, file), 'utf8');
  beforeAll(async () => {
    const { code, stderr } = await runCapturing(['--spec', FIXTURE, '--out', out, '--package-name', '@acme/-api-client']);
    expect(code, stderr).toBe(0);
  }, 60_000);

  it('names the mock command without the leading "-", and every npx line runs a command, never an option', () => {
    const pkg = JSON.parse(read('package.json')) as { bin: Record<string, string> };
    expect(Object.keys(pkg.bin)).toEqual(['api-mock']);
    const commands = [read('README.md'), read('docs/mock.md')].flatMap((text) => [...text.matchAll(/\bnpx (\S+)/g)].map((m) => m[1]!.replace(/`$/, '')));
    expect(commands).toContain('api-mock');
    // npx reads an argument starting with "-" as its own option, and the next one as the package to fetch.
    expect(commands.filter((command) => !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*$/.test(command))).toEqual([]);
    expect(read('README.md')).toMatch(/^npx api-mock --port 4010 /m);
  });
});

describe('our generated/', () => {
  it('keeps its names', async () => {
    expect((JSON.parse(readFileSync(path.join(GENERATED, 'package.json'), 'utf8')) as { name: string }).name).toBe('partner-recruitment-client');
    const index = (await import(pathToFileURL(path.join(GENERATED, 'dist', 'index.js')).href)) as Record<string, any>;
    expect(typeof index.createPartnerClient).toBe('function');
    expect(new index.HttpError(500, null, { method: 'GET', url: 'http://x.test/', headers: {} }, { headers: {}, retryAfterMs: undefined })).toBeInstanceOf(
      index.PartnerClientError,
    );
    const types = readFileSync(path.join(GENERATED, 'dist', 'index.d.ts'), 'utf8');
    for (const name of [
      'createPartnerClient',
      'PartnerClient',
      'PartnerClientOptions',
      'PartnerClientCredentials',
      'PartnerClientServer',
      'PartnerClientError',
    ])
      expect(types).toMatch(new RegExp(`\\b${name}\\b`));
    expect(() => index.createPartnerClient({ environment: 'staging' })).toThrow(/^createPartnerClient: /);
  });
});
