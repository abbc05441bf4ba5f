/**
 * A runtime whose fetch does not implement `redirect: 'error'` (Cloudflare's workerd throws on it):
 * the client sends `'manual'` and refuses the redirect answer itself, so credentials still never
 * leave for the Location. The workerd-like `Request` is installed before the client is imported.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { json, startServer, type TestServer } from './server.js';

const NativeRequest = globalThis.Request;
class WorkerdLikeRequest extends NativeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    if (init?.redirect === 'error') throw new TypeError('Invalid redirect value, must be one of "follow" or "manual".');
    super(input, init);
  }
}

let server: TestServer;
let other: TestServer;
beforeAll(async () => {
  globalThis.Request = WorkerdLikeRequest as typeof Request;
  [server, other] = await Promise.all([startServer(), startServer()]);
});
afterAll(async () => {
  globalThis.Request = NativeRequest;
  await Promise.all([server.close(), other.close()]);
});

it("refuses a redirect with 'manual' where 'error' is not implemented: TransportError REDIRECT, nothing sent to the Location", async () => {
  const { createPartnerClient, TransportError } = await import('../../../generated/dist/index.js');
  other.handle((_req, res) => json(res, 200, {}));
  server.handle((_req, res) => {
    res.writeHead(307, { location: `${other.url}/v1/topics` }).end('moved');
  });
  const api = createPartnerClient({ baseUrl: server.url, apiKey: 'key-1', apiSecret: 'secret-1', environment: 'staging' });
  const error = (await api.GET('/v1/topics').catch((e: unknown) => e)) as InstanceType<typeof TransportError>;
  expect(error).toBeInstanceOf(TransportError);
  expect(error.code).toBe('REDIRECT');
  expect(error.message).toMatch(/redirect refused/);
  expect(server.seen).toHaveLength(1);
  expect(other.seen).toHaveLength(0);
  // What redirect: 'error' would not refuse is an answer like any other: a 304, a 300 with a Location.
  server.handle((_req, res) => json(res, 304, {}));
  expect((await api.GET('/v1/topics')).response.status).toBe(304);
  server.handle((_req, res) => void res.writeHead(300, { location: `${other.url}/v1/topics` }).end());
  expect((await api.GET('/v1/topics')).response.status).toBe(300);
  // A 303 with a Location is a redirect.
  server.handle((_req, res) => void res.writeHead(303, { location: `${other.url}/v1/topics` }).end());
  expect(await api.GET('/v1/topics').catch((e: unknown) => (e as { code?: string }).code)).toBe('REDIRECT');
  expect(other.seen).toHaveLength(0);
});
