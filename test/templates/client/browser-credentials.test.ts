/**
 * In a browser page (a `window` and a `document`), the API's credentials are a server's secret: the
 * shipped client refuses them unless `dangerouslyAllowBrowser: true`, and a page given none calls
 * its own backend, which adds them (nothing required, nothing sent). Outside a browser, nothing
 * changes. The page is simulated by defining `window` and `document` on globalThis.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../generated/dist/index.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const asPage = () => Object.assign(globalThis, { window: globalThis, document: {} });
/** A browser's Web Worker: no `window` or `document`, but `importScripts`. */
const asWorker = () => Object.assign(globalThis, { importScripts: () => {} });
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
  delete (globalThis as { document?: unknown }).document;
  delete (globalThis as { importScripts?: unknown }).importScripts;
});

describe('in a browser page', () => {
  it('refuses credentials without the opt-in, naming them but not their values', () => {
    asPage();
    const create = () => createPartnerClient({ environment: 'staging', baseUrl: server.url, apiKey: 'key-secret-1', apiSecret: 'secret-2' });
    expect(create).toThrow(TypeError);
    expect(create).toThrow(/^createPartnerClient: `apiKey` and `apiSecret` would be readable by anyone who opens this page.*dangerouslyAllowBrowser: true/);
    let message = '';
    try {
      create();
    } catch (error) {
      message = String(error);
    }
    expect(message).not.toContain('key-secret-1');
  });

  it('sends them with dangerouslyAllowBrowser: true', async () => {
    asPage();
    server.handle((_req, res) => json(res, 200, {}));
    const api = createPartnerClient({ environment: 'staging', baseUrl: server.url, apiKey: 'k', apiSecret: 's', dangerouslyAllowBrowser: true });
    await api.GET('/v1/topics');
    expect(server.seen.at(-1)!.headers['x-api-key']).toBe('k');
  });

  it('given none, calls its backend without credentials: none required, none sent', async () => {
    asPage();
    server.handle((_req, res) => json(res, 200, { page: 1, pageSize: 10, results: [] }));
    const api = createPartnerClient({ environment: 'staging', baseUrl: server.url });
    const { data } = await api.GET('/v1/projects');
    expect(data).toEqual({ page: 1, pageSize: 10, results: [] });
    const seen = server.seen.at(-1)!;
    expect(seen.headers['x-api-key']).toBeUndefined();
    expect(seen.headers['x-api-secret']).toBeUndefined();
  });
});

describe('a redirect in a browser page', () => {
  it("is refused by the client itself ('manual'), once: a browser's own refusal looks like a network failure", async () => {
    asPage();
    const other = await startServer();
    try {
      server.handle((_req, res) => void res.writeHead(302, { location: `${other.url}/v1/topics` }).end());
      const seenBefore = server.seen.length;
      const api = createPartnerClient({ environment: 'staging', baseUrl: server.url, maxRetries: 2, retryBaseDelayMs: 1 });
      const modes: string[] = [];
      api.use({ onRequest: ({ request }) => void modes.push(request.redirect) });
      const error = (await api.GET('/v1/topics').catch((e: unknown) => e)) as { code?: string; attempts?: number };
      expect(modes).toEqual(['manual']);
      expect(error).toMatchObject({ name: 'TransportError', code: 'REDIRECT', attempts: 1 });
      expect(server.seen.length - seenBefore).toBe(1);
      expect(other.seen).toHaveLength(0);
    } finally {
      await other.close();
    }
  });
});

describe("in a browser's Web Worker", () => {
  it('refuses credentials without the opt-in, and given none, requires none', () => {
    asWorker();
    expect(() => createPartnerClient({ environment: 'staging', baseUrl: server.url, apiKey: 'k', apiSecret: 's' })).toThrow(/dangerouslyAllowBrowser: true/);
    expect(() => createPartnerClient({ environment: 'staging', baseUrl: server.url })).not.toThrow();
  });
});

describe('outside a browser', () => {
  it('takes credentials without an opt-in and still requires those every operation needs', () => {
    expect(() => createPartnerClient({ environment: 'staging', baseUrl: server.url, apiKey: 'k', apiSecret: 's' })).not.toThrow();
    expect(() => createPartnerClient({ environment: 'staging', baseUrl: server.url })).toThrow(/`apiKey` is required/);
  });
});
