/**
 * Issue #10 item 1: without a `fetch` option the client looks `globalThis.fetch` up at each
 * attempt, so Mock Service Worker set up after the client was created (the usual module-level
 * singleton) intercepts, and nothing, credentials included, reaches the real host.
 */
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../generated/dist/index.js';
import { json, startServer, type TestServer } from './server.js';

let real: TestServer;
beforeAll(async () => {
  real = await startServer();
});
beforeEach(() => real.handle((_req, res) => json(res, 200, { page: 1, pageSize: 50, results: [], from: 'real' })));
afterAll(() => real.close());

describe('a client created before MSW listens', () => {
  it('is intercepted while MSW listens and reaches the real server again after close()', async () => {
    // Created first, as a module-level singleton would be.
    const api = createPartnerClient({ baseUrl: real.url, apiKey: 'the-key', apiSecret: 'the-secret', environment: 'staging', rateLimit: false });
    const mock = setupServer(
      http.get(`${real.url}/v1/projects`, ({ request }) => HttpResponse.json({ page: 1, pageSize: 50, results: [], from: request.headers.get('x-api-key') })),
    );
    mock.listen({ onUnhandledRequest: 'error' });
    try {
      const { data } = await api.GET('/v1/projects');
      expect(data).toMatchObject({ from: 'the-key' });
      expect(real.seen).toHaveLength(0);
    } finally {
      mock.close();
    }
    const { data } = await api.GET('/v1/projects');
    expect(data).toMatchObject({ from: 'real' });
    expect(real.seen).toHaveLength(1);
  });

  it('a fetch captured at creation (what the runtime did before) is not intercepted: the test can tell', async () => {
    const captured = createPartnerClient({ baseUrl: real.url, apiKey: 'k', apiSecret: 's', environment: 'staging', rateLimit: false, fetch: globalThis.fetch });
    const mock = setupServer(http.get(`${real.url}/v1/projects`, () => HttpResponse.json({ page: 1, pageSize: 50, results: [], from: 'mock' })));
    mock.listen({ onUnhandledRequest: 'error' });
    try {
      const { data } = await captured.GET('/v1/projects');
      expect(data).toMatchObject({ from: 'real' });
      expect(real.seen).toHaveLength(1);
    } finally {
      mock.close();
    }
  });
});

describe("MSW's network error (HttpResponse.error(): a TypeError with no system code)", () => {
  it('is retried for a GET and ends in TransportError code NETWORK_ERROR for a POST, sent once', async () => {
    const api = createPartnerClient({ baseUrl: real.url, apiKey: 'k', apiSecret: 's', environment: 'staging', rateLimit: false, retryBaseDelayMs: 1 });
    let gets = 0;
    let posts = 0;
    const mock = setupServer(
      http.get(`${real.url}/v1/projects`, () => (++gets === 1 ? HttpResponse.error() : HttpResponse.json({ page: 1, pageSize: 50, results: [] }))),
      http.post(`${real.url}/v1/messaging/conversations`, () => {
        posts++;
        return HttpResponse.error();
      }),
    );
    mock.listen({ onUnhandledRequest: 'error' });
    try {
      const { response } = await api.GET('/v1/projects');
      expect(response.status).toBe(200);
      expect(gets).toBe(2);
      const failed = await api.POST('/v1/messaging/conversations', { body: {} }).catch((e: unknown) => e);
      expect(failed).toMatchObject({ name: 'TransportError', code: 'NETWORK_ERROR', attempts: 1 });
      expect(posts).toBe(1);
    } finally {
      mock.close();
    }
  });
});
