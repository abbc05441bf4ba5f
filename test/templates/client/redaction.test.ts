/**
 * Property: for random credentials, neither the key nor the secret appears in any error message,
 * util.inspect of the client or an error, hook payload, or error body a caller receives, even when
 * the server echoes them back in its headers, status text and body.
 */
import { inspect } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPartnerClient } from '../../../generated/dist/index.js';
import { closedPort, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  // Echo the credentials everywhere the server controls: header, status text, body.
  server.handle((req, res) => {
    const key = String(req.headers['x-api-key']);
    const secret = String(req.headers['x-api-secret']);
    const url = new URL(req.url!, 'http://x');
    const status = Number(url.searchParams.get('status') ?? 500);
    const echo = JSON.stringify({ message: `bad key ${key}`, secret, nested: [{ again: `${key}:${secret}` }] });
    res.statusMessage = `Denied ${secret}`.replace(/[^\t\x20-\x7e]/g, '?');
    res.writeHead(status, { 'content-type': 'application/json', 'x-echo': encodeURIComponent(`${key}/${secret}`) });
    res.end(status === 200 ? `{"broken": "${secret}` : echo);
  });
});
afterAll(() => server.close());

// Credentials as a partner might get them: 16 to 48 printable characters (no control characters).
const credential = fc.string({
  minLength: 16,
  maxLength: 48,
  unit: fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~+/=!@#$%^&*()'.split('')),
});

function leaks(text: string, secrets: string[]): string[] {
  return secrets.filter((s) => text.includes(s) || text.includes(encodeURIComponent(s)));
}

describe('credentials never leave the client', () => {
  it('not in errors, inspections, hook payloads or error bodies', async () => {
    const port = await closedPort();
    await fc.assert(
      fc.asyncProperty(credential, credential, async (apiKey, apiSecret) => {
        fc.pre(apiKey !== apiSecret);
        const seen: unknown[] = [];
        const hooks = { onRequest: (e: unknown) => seen.push(e), onResponse: (e: unknown) => seen.push(e), onRetry: (e: unknown) => seen.push(e) };
        const api = createPartnerClient({
          baseUrl: server.url,
          apiKey,
          apiSecret,
          environment: 'staging',
          rateLimit: false,
          maxRetries: 1,
          retryBaseDelayMs: 1,
          hooks,
        });
        const texts: string[] = [inspect(api, { depth: 8, showHidden: true }), JSON.stringify(api) ?? ''];

        // An error answer: returned as { error }, echoed credentials scrubbed.
        const { error, response } = await api.GET('/v1/topics', { params: { query: { status: 503 } as never } });
        texts.push(JSON.stringify(error), response.statusText, [...response.headers].join());

        // An undecodable success body: DecodeError.
        const decode = await api.GET('/v1/lookups', { params: { query: { status: 200 } as never } }).catch((e: unknown) => e);
        // A transport failure: TransportError.
        const offline = createPartnerClient({
          baseUrl: `http://127.0.0.1:${port}`,
          apiKey,
          apiSecret,
          environment: 'staging',
          rateLimit: false,
          maxRetries: 0,
        });
        const transport = await offline.GET('/v1/topics').catch((e: unknown) => e);
        // A request validation failure: RequestValidationError.
        const invalid = await api.GET('/v1/skills', { params: { query: { query: 'x' } } }).catch((e: unknown) => e);

        for (const e of [decode, transport, invalid]) {
          expect(e).toBeInstanceOf(Error);
          texts.push(String((e as Error).message), inspect(e, { depth: 8, showHidden: true }), JSON.stringify(e));
        }
        texts.push(JSON.stringify(seen), inspect(seen, { depth: 8 }));
        expect(leaks(texts.join('\n'), [apiKey, apiSecret])).toEqual([]);
        // The server really did echo them: the property is not vacuous.
        expect(server.seen.at(-1)!.headers['x-api-secret']).toBe(apiSecret);
      }),
      { numRuns: 40 },
    );
  });
});
