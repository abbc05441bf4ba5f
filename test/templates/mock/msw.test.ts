/**
 * The mock behind Mock Service Worker (msw 2, `setupServer`): handlers for the base URL's origin
 * and path answer as the mock does, for a client created before `listen()`.
 */
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED, load } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');
const { createMockHandlers } = await load(GENERATED, 'mock-msw');
const { createPartnerClient, TransportError } = await load(GENERATED, 'index');

const BASE = 'https://partner.example/api';
const mock = createMockApi({ seed: 4 });
// Created before the server listens, as a module-level singleton would be.
const client = createPartnerClient({ baseUrl: BASE, apiKey: 'test-key', apiSecret: 'test-secret', environment: 'staging', maxRetries: 0 });
const server = setupServer(...createMockHandlers(mock, { baseUrl: BASE }));

// What the handlers leave alone reaches onUnhandledRequest: recorded here, quietly (MSW's 'error'
// strategy prints a box a passing run should not show; a strategy that throws is answered 500).
const unhandled: string[] = [];
const refuse = (request: Request) => {
  unhandled.push(request.url);
  throw new Error('no handler');
};
beforeAll(() => server.listen({ onUnhandledRequest: refuse }));
afterAll(() => server.close());

describe('MSW handlers', () => {
  it('answer every request under the base URL from the mock, with the same bodies as mock.fetch', async () => {
    const { data, response } = await client.GET('/v1/skills', { params: { query: { query: 'typescript' } } });
    expect(response.status).toBe(200);
    const direct = await (await mock.fetch(`http://in-process/v1/skills?query=typescript`, { headers: { 'x-api-key': 'k', 'x-api-secret': 's' } })).json();
    expect(data).toEqual(direct);
    const missing = await fetch(`${BASE}/v1/unknown`);
    expect(missing.status).toBe(404);
    const unauthorized = await fetch(`${BASE}/v1/skills`);
    expect(unauthorized.status).toBe(401);
  });

  it('leave other origins and paths to onUnhandledRequest', async () => {
    await fetch('https://partner.example/other/v1/skills').catch(() => undefined);
    await fetch('https://elsewhere.example/api/v1/skills').catch(() => undefined);
    expect(unhandled).toEqual(['https://partner.example/other/v1/skills', 'https://elsewhere.example/api/v1/skills']);
  });

  it('turn a reset fault into a network error the client reports as a TransportError', async () => {
    mock.fault('listSkills', { reset: true, times: 1 });
    const failure = await client.GET('/v1/skills').catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(TransportError);
    expect((await client.GET('/v1/skills')).response.status).toBe(200);
  });

  it('refuse something that is not a mock, and a relative base URL', () => {
    expect(() => createMockHandlers({}, { baseUrl: BASE })).toThrow('Expected a mock made by createMockApi()');
    expect(() => createMockHandlers(mock, { baseUrl: '/api' })).toThrow('baseUrl must be an absolute URL');
  });
});
