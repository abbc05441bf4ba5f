/**
 * Packages generated from small documents (written to a temp dir, the server's port in their
 * server URLs): credentials from their security schemes and base URLs from their servers, over
 * real HTTP on 127.0.0.1, and the options' types as a strict consumer sees them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInto, STRICT_TSCONFIG, typeCheck } from '../../support/generate-and-check.js';
import { json, startServer, type TestServer } from '../../../templates/client/server.js';

const ok = { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } };

/** Bearer for everything but one public operation; three environments: absolute, templated with enums, and one without a usable default. */
const serviceDocument = (port: number) => ({
  openapi: '3.1.0',
  info: { title: 'Service API', version: '2.1.0' },
  servers: [
    { url: `http://127.0.0.1:${port}`, 'x-environment': 'direct' },
    {
      url: 'http://{host}:{port}/{region}',
      'x-environment': 'regional',
      'x-rate-limit': { requestsPerSecond: 100, burst: 10, dailyQuota: 1000 },
      variables: { host: { default: '127.0.0.1' }, port: { default: String(port) }, region: { default: 'eu', enum: ['eu', 'us'] } },
    },
    { url: '{base}', 'x-environment': 'unset', variables: { base: { default: '' } } },
  ],
  components: { securitySchemes: { bearer_auth: { type: 'http', scheme: 'bearer' }, 'api-key': { type: 'apiKey', in: 'query', name: 'key' } } },
  security: [{ bearer_auth: [] }, { 'api-key': [] }],
  paths: {
    '/things': { get: { operationId: 'listThings', ...ok } },
    '/eu/things': { get: { operationId: 'listEuThings', ...ok } },
    '/us/things': { get: { operationId: 'listUsThings', ...ok } },
    '/health': { get: { operationId: 'health', security: [], ...ok } },
  },
});

/** One scheme every operation needs, and no server: `bearerAuth` and `baseUrl` are required. */
const strictDocument = {
  openapi: '3.1.0',
  info: { title: 'Strict API', version: '1.0.0' },
  components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } } },
  security: [{ bearerAuth: [] }],
  paths: { '/things': { get: { operationId: 'listThings', ...ok } } },
};

let server: TestServer;
let work: string;
let service: any;
let strict: any;

async function generate(name: string, document: object): Promise<string> {
  const spec = path.join(work, `${name}.json`);
  writeFileSync(spec, JSON.stringify(document));
  const out = path.join(work, name);
  const result = await generateInto(spec, out);
  expect(result.code, result.output).toBe(0);
  return out;
}

beforeAll(async () => {
  server = await startServer();
  work = mkdtempSync(path.join(os.tmpdir(), 'generated-security-'));
  const port = Number(new URL(server.url).port);
  service = await import(pathToFileURL(path.join(await generate('service', serviceDocument(port)), 'dist', 'index.js')).href);
  strict = await import(pathToFileURL(path.join(await generate('strict', strictDocument), 'dist', 'index.js')).href);
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(work, { recursive: true, force: true });
});

describe('environments from servers', () => {
  it('an absolute server URL needs no baseUrl', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    const api = service.createPartnerClient({ environment: 'direct', bearerAuth: 't' });
    expect((await api.GET('/things')).response.status).toBe(200);
    expect(server.seen[0]!.url).toBe('/things');
  });

  it('a templated one is filled from the defaults, or from serverVariables checked against the enum', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await service.createPartnerClient({ environment: 'regional', bearerAuth: 't', rateLimit: false }).GET('/things');
    await service.createPartnerClient({ environment: 'regional', bearerAuth: 't', rateLimit: false, serverVariables: { region: 'us' } }).GET('/things');
    expect(server.seen.map((s) => s.url)).toEqual(['/eu/things', '/us/things']);
    expect(() => service.createPartnerClient({ environment: 'regional', bearerAuth: 't', serverVariables: { region: 'asia' } })).toThrow(
      new TypeError('createPartnerClient: `serverVariables.region` must be one of "eu", "us"'),
    );
    expect(() => service.createPartnerClient({ environment: 'regional', bearerAuth: 't', serverVariables: { tenant: 'x' } })).toThrow(
      /`serverVariables.tenant` is not a variable of environment "regional"/,
    );
  });

  it('a URL left without a value keeps baseUrl required, naming the environment and the variables', () => {
    expect(() => service.createPartnerClient({ environment: 'unset', bearerAuth: 't' })).toThrow(
      new TypeError(
        'createPartnerClient: `baseUrl` is required for environment "unset": its server URL {base} needs base (no default in the spec); pass `baseUrl` or `serverVariables`',
      ),
    );
    expect(() => service.createPartnerClient({ environment: 'unset', bearerAuth: 't', baseUrl: server.url })).not.toThrow();
    expect(() => service.createPartnerClient({ environment: 'regional', bearerAuth: 't', baseUrl: server.url, serverVariables: { region: 'us' } })).toThrow(
      /not both/,
    );
  });

  it('a document without servers has one environment, default, that needs baseUrl', () => {
    expect(Object.keys(strict.environments)).toEqual(['default']);
    expect(() => strict.createPartnerClient({ environment: 'default', bearerAuth: 't' })).toThrow(
      /`baseUrl` is required for environment "default": the spec gives no server URL/,
    );
  });
});

describe('credentials from security schemes', () => {
  it('bearer everywhere but the public operation; the second alternative when only it is given', async () => {
    server.handle((_req, res) => json(res, 200, {}));
    await service.createPartnerClient({ environment: 'direct', bearerAuth: 'the-token' }).GET('/things');
    await service.createPartnerClient({ environment: 'direct', bearerAuth: 'the-token' }).GET('/health');
    await service.createPartnerClient({ environment: 'direct', apiKey: 'the key' }).GET('/things');
    expect(server.seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/things', 'Bearer the-token'],
      ['/health', undefined],
      ['/things?key=the%20key', undefined],
    ]);
  });

  it('refuses an operation none of whose alternatives was given', async () => {
    const error = await service
      .createPartnerClient({ environment: 'direct' })
      .GET('/things')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(service.MissingCredentialsError);
    expect(error.missing).toEqual([['bearerAuth'], ['apiKey']]);
    // An operation with `security: []` still works without any credential.
    server.handle((_req, res) => json(res, 200, {}));
    expect((await service.createPartnerClient({ environment: 'direct' }).GET('/health')).response.status).toBe(200);
  });

  it('a credential every operation needs is required at run time', () => {
    expect(() => strict.createPartnerClient({ environment: 'default', baseUrl: server.url })).toThrow(/`bearerAuth` is required/);
  });

  it('the package README shows the options the document asks for', async () => {
    const { readFile } = await import('node:fs/promises');
    const readme = await readFile(path.join(work, 'service', 'README.md'), 'utf8');
    // Either quote style: the README's example is rendered by the package emitter.
    expect(readme).toMatch(/createPartnerClient\(\{ bearerAuth: env\((["'])BEARER_AUTH\1\), environment: (["'])direct\2 \}\)/);
    expect(await readFile(path.join(work, 'strict', 'README.md'), 'utf8')).toMatch(
      /createPartnerClient\(\{ baseUrl: env\((["'])BASE_URL\1\), bearerAuth: env\((["'])BEARER_AUTH\2\), environment: (["'])default\3 \}\)/,
    );
  });
});

describe('option types, as a strict consumer sees them', () => {
  it('required where every operation needs it (unless none is given), optional elsewhere; serverVariables typed from the enums', async () => {
    const consumer = `import { createPartnerClient as service } from './service/dist/index.js';
import { createPartnerClient as strict } from './strict/dist/index.js';

service({ environment: 'direct' });
service({ environment: 'regional', serverVariables: { region: 'us' }, bearerAuth: async () => 'token' });
service({ environment: 'direct', apiKey: 'k', bearerAuth: () => 'token' });
// @ts-expect-error region is one of its enum values
service({ environment: 'regional', serverVariables: { region: 'asia' } });
// @ts-expect-error no such environment
service({ environment: 'staging' });
// @ts-expect-error an apiKey credential is a string
service({ environment: 'direct', apiKey: () => 'k' });

strict({ environment: 'default', baseUrl: 'https://x.invalid', bearerAuth: 't' });
// None at all types: a browser page whose backend adds them (outside a browser, creating it throws).
strict({ environment: 'default', baseUrl: 'https://x.invalid' });
// @ts-expect-error bearerAuth is a string or a token function
strict({ environment: 'default', baseUrl: 'https://x.invalid', bearerAuth: 42 });
// @ts-expect-error baseUrl is required: the document has no server URL
strict({ environment: 'default', bearerAuth: 't' });
`;
    writeFileSync(path.join(work, 'consumer.ts'), consumer);
    expect(await typeCheck(work, ['consumer.ts', ...STRICT_TSCONFIG.include.map((p) => `service/${p}`)])).toBe('');
  }, 60_000);
});
