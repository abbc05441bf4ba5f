/**
 * Shared attempt deadlines (templates/client/deadlines.ts): one signal and timer per slot of
 * attempts, not per attempt. A stalled attempt still times out within its slot's width, a caller's
 * abort ends its own attempt only, and a slot's timer never keeps a finished process alive.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRuntimeClient, type RuntimeClientOptions, type SpecFacts } from '../../../templates/client/client.js';
import { createDeadlines, MAX_SLOT_MS } from '../../../templates/client/deadlines.js';
import { TimeoutError } from '../../../templates/client/errors.js';
import { json, startServer, type TestServer } from './server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server.close());

const facts: SpecFacts<string> = {
  environments: { test: null },
  servers: { test: { url: '', variables: {} } },
  security: { schemes: {}, requirements: [] },
  operations: [{ operationId: 'getThing', method: 'GET', path: '/thing', paginated: false, security: [], parameters: [], success: { status: 200 } }],
  validators: {},
};
const client = (extra: Partial<RuntimeClientOptions<string>> = {}): any =>
  createRuntimeClient<any, string>(
    { baseUrl: server.url, environment: 'test', rateLimit: false, maxRetries: 0, ...extra } as RuntimeClientOptions<string>,
    facts,
  );

describe('shared deadlines', () => {
  it('attempts of one slot share a signal; the slot fires between timeoutMs and timeoutMs + its width', async () => {
    const deadline = createDeadlines();
    const started = performance.now();
    const a = deadline(200, undefined);
    const b = deadline(200, undefined);
    expect(a.signal).toBe(b.signal);
    expect(deadline(300, undefined).signal).not.toBe(a.signal); // another timeout, another slot
    await new Promise((resolve) => a.signal.addEventListener('abort', resolve));
    const elapsed = performance.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(199);
    expect(elapsed).toBeLessThan(200 + MAX_SLOT_MS + 50);
    expect(a.timedOut() && b.timedOut()).toBe(true);
    a.release();
    b.release();
  });

  it("a pending attempt's `aborted` rejects with the signal's reason when its slot fires; a released one is left alone", async () => {
    const deadline = createDeadlines();
    const pending = deadline(50, undefined);
    const released = deadline(50, undefined);
    released.release();
    const caller = new AbortController();
    const own = deadline(50, caller.signal);
    const reason = new Error('caller gave up');
    caller.abort(reason);
    await expect(own.aborted).rejects.toBe(reason);
    expect(own.timedOut()).toBe(false);
    const fired = await pending.aborted.catch((error: unknown) => error);
    expect(pending.timedOut()).toBe(true);
    expect(fired).toBe(pending.signal.reason);
    const settled = await Promise.race([
      released.aborted.then(
        () => 'settled',
        () => 'settled',
      ),
      new Promise((resolve) => setTimeout(resolve, 20, 'pending')),
    ]);
    expect(settled).toBe('pending');
    pending.release();
    own.release();
  });

  it('one stalled call of many sharing a slot times out; the others are untouched', async () => {
    server.handle((req, res) => {
      if (req.url === '/thing?stall=1') return void res.writeHead(200, { 'content-type': 'application/json' }).write('{"a":');
      json(res, 200, { ok: true });
    });
    // Long enough that the quick calls finish on a loaded machine; the stalled one still ends by it.
    const api = client({ timeoutMs: 1_000 });
    const calls = [api.GET('/thing'), api.GET('/thing', { params: { query: { stall: 1 } } }), api.GET('/thing'), api.GET('/thing')];
    const outcomes = await Promise.allSettled(calls);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    expect((outcomes[1] as PromiseRejectedResult).reason).toBeInstanceOf(TimeoutError);
    for (const i of [0, 2, 3]) expect((outcomes[i] as PromiseFulfilledResult<{ data: unknown }>).value.data).toEqual({ ok: true });
  });

  it("a caller's abort ends its own attempt only, with its reason", async () => {
    server.handle((_req, res) => void setTimeout(() => json(res, 200, { ok: true }), 100));
    const api = client({ timeoutMs: 5_000 });
    const controller = new AbortController();
    const reason = new Error('caller gave up');
    const aborted = api.GET('/thing', { signal: controller.signal });
    const other = api.GET('/thing');
    setTimeout(() => controller.abort(reason), 20);
    await expect(aborted).rejects.toBe(reason);
    await expect(other).resolves.toMatchObject({ data: { ok: true } });
  });

  it('a finished call leaves no timer holding the process (a 60 s timeout, the process ends at once)', async () => {
    const script = `
      import http from 'node:http';
      import { createRuntimeClient } from ${JSON.stringify(path.resolve('generated/dist/runtime/client.js'))};
      const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
      await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
      const facts = { environments: { test: null }, servers: { test: { url: '', variables: {} } }, security: { schemes: {}, requirements: [] }, operations: [], validators: {} };
      const api = createRuntimeClient({ baseUrl: 'http://127.0.0.1:' + server.address().port, environment: 'test', rateLimit: false, timeoutMs: 60000 }, facts);
      for (let i = 0; i < 20; i++) await api.GET('/thing');
      server.close();
      server.closeAllConnections();
      console.log('done');
    `;
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script], { timeout: 20_000 });
    expect(stdout.trim()).toBe('done');
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
