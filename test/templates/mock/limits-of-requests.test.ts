/**
 * The mock under requests a new user sends by mistake or on purpose: huge bodies (the request log
 * keeps none; 413 past `maxRequestBytes` in every mode), deep pages of a huge sampled collection,
 * bodies that are not JSON or not of the operation's media type, pagination parameters that are
 * not positive decimal integers, null-body statuses, and `close()` with a delayed answer pending.
 */
import { spawn } from 'node:child_process';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, load, operationCalls, readDocument } from './support.js';

const { createMockApi } = await load(GENERATED, 'mock');
const { createMockHandlers } = await load(GENERATED, 'mock-msw');
const { createSampler } = await load(GENERATED, 'runtime/mock/sample');
const document = readDocument(GENERATED);
const JSON_HEADERS = { ...CREDENTIALS, 'content-type': 'application/json' };

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Bytes held in ArrayBuffers (request bodies) after a full collection. */
function heldBytes(): number {
  gc();
  gc();
  return process.memoryUsage().arrayBuffers;
}

async function withServer<T>(mock: any, use: (url: string) => Promise<T>): Promise<T> {
  const server = await mock.listen();
  try {
    return await use(server.url);
  } finally {
    await server.close();
  }
}

/** A request body streamed in chunks, with no Content-Length (the server learns its size by reading). */
function streamed(size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      const chunk = new Uint8Array(Math.min(64 * 1024, size - sent)).fill(0x20);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
      if (sent >= size) controller.close();
    },
  });
}

describe('request bodies', () => {
  it('keeps no request body in the log: 40 bodies of 3 MiB over HTTP leave nothing held', async () => {
    const mock = createMockApi();
    const body = new Uint8Array(3 * 1024 * 1024).fill(0x7b);
    await withServer(mock, async (url) => {
      const before = heldBytes();
      for (let i = 0; i < 40; i++) await (await fetch(`${url}/v1/projects`, { method: 'POST', headers: JSON_HEADERS, body })).arrayBuffer();
      expect(mock.requests).toHaveLength(40);
      expect(heldBytes() - before).toBeLessThan(30 * 1024 * 1024);
    });
    expect(Object.keys(mock.requests[0])).toEqual(['method', 'url', 'operationId', 'headers', 'status']);
  });

  it('answers 413 (the mock error) past maxRequestBytes in server, fetch and MSW modes, announced or streamed', async () => {
    const mock = createMockApi({ maxRequestBytes: 1024 });
    const expect413 = async (response: Response) => {
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        mock: true,
        status: 413,
        error: "The request body is larger than the mock's limit of 1024 bytes (maxRequestBytes)",
      });
    };
    const fits = JSON.stringify({ name: 'x'.repeat(900) });
    await withServer(mock, async (url) => {
      await expect413(await fetch(`${url}/v1/projects`, { method: 'POST', headers: JSON_HEADERS, body: 'x'.repeat(1025) }));
      await expect413(
        await fetch(`${url}/v1/projects`, { method: 'POST', headers: JSON_HEADERS, body: streamed(5 * 1024 * 1024), duplex: 'half' } as RequestInit),
      );
      expect((await fetch(`${url}/v1/projects`, { method: 'POST', headers: JSON_HEADERS, body: fits })).status).not.toBe(413);
    });
    await expect413(await mock.fetch('http://mock.test/v1/projects', { method: 'POST', headers: JSON_HEADERS, body: 'x'.repeat(1025) }));
    await expect413(
      await mock.fetch('http://mock.test/v1/projects', {
        method: 'POST',
        headers: JSON_HEADERS,
        body: streamed(5 * 1024 * 1024),
        duplex: 'half',
      } as RequestInit),
    );
    expect((await mock.fetch('http://mock.test/v1/projects', { method: 'POST', headers: JSON_HEADERS, body: fits })).status).not.toBe(413);
    const msw = setupServer(...createMockHandlers(mock, { baseUrl: 'http://msw.test' }));
    msw.listen({ onUnhandledRequest: 'error' });
    try {
      await expect413(await fetch('http://msw.test/v1/projects', { method: 'POST', headers: JSON_HEADERS, body: 'x'.repeat(1025) }));
    } finally {
      msw.close();
    }
    expect(() => createMockApi({ maxRequestBytes: -1 })).toThrow('maxRequestBytes must be an integer >= 0');
  });

  it('answers 413 by default past 4 MiB, and reads a body of exactly 4 MiB', async () => {
    const mock = createMockApi();
    await withServer(mock, async (url) => {
      const post = (size: number) =>
        fetch(`${url}/v1/projects`, { method: 'POST', headers: JSON_HEADERS, body: new Uint8Array(size).fill(0x20) }).then((r) => r.status);
      expect(await post(4 * 1024 * 1024 + 1)).toBe(413);
      expect(await post(4 * 1024 * 1024)).toBe(400); // blanks only: read, then found not to be JSON
    });
  });

  it('answers 400 to a body that is not JSON for every operation taking JSON, with or without a request validator', async () => {
    const mock = createMockApi();
    const deref = (node: any): any =>
      typeof node?.$ref === 'string'
        ? deref(
            node.$ref
              .slice(2)
              .split('/')
              .reduce((o: any, k: string) => o?.[k.replaceAll('~1', '/').replaceAll('~0', '~')], document),
          )
        : node;
    const calls = operationCalls(document, createSampler(document), 1).filter((call) => {
      const content = deref(deref(deref(document.paths[call.path])[call.method.toLowerCase()]).requestBody)?.content ?? {};
      return Object.keys(content).some((type) => /json/.test(type));
    });
    expect(calls.length).toBeGreaterThan(30);
    for (const call of calls) {
      const valid = call.request('http://mock.test');
      const headers = new Headers(valid.headers);
      headers.set('content-type', 'application/json');
      const response = await mock.handle(new Request(valid.url, { method: call.method, headers, body: '{not json' }));
      expect([call.operationId, response.status]).toEqual([call.operationId, 400]);
      expect((await response.json()).problems).toContainEqual({ pointer: '/body', message: 'must be JSON' });
    }
  });

  it('answers 415 to a body of a type the operation does not take, and reads a body without Content-Type as its type', async () => {
    const mock = createMockApi();
    const post = (headers: Record<string, string>, body: BodyInit) => mock.fetch('http://mock.test/v1/projects', { method: 'POST', headers, body });
    const wrongType = await post({ ...CREDENTIALS, 'content-type': 'text/plain' }, '{}');
    expect(wrongType.status).toBe(415);
    expect((await wrongType.json()).error).toBe('createProject takes application/json, not text/plain');
    expect((await post({ ...CREDENTIALS, 'content-type': 'Application/JSON; charset=utf-8' }, '{not json')).status).toBe(400);
    // A repeated Content-Type is read as its last value, as Fetch reads it.
    const repeated = await mock.fetch('http://mock.test/v1/projects', {
      method: 'POST',
      headers: [...Object.entries(CREDENTIALS), ['content-type', 'text/plain'], ['content-type', 'application/json']],
      body: '{not json',
    });
    expect(repeated.status).toBe(400);
    // A Uint8Array body gets no Content-Type from fetch: read as the operation's JSON.
    const untyped = await post(CREDENTIALS, new TextEncoder().encode('{not json'));
    expect(untyped.status).toBe(400);
    expect((await untyped.json()).problems).toEqual([{ pointer: '/body', message: 'must be JSON' }]);
  });
});

describe('pagination parameters', () => {
  it.each([
    ['page=0', '/query/page'],
    ['page=-1', '/query/page'],
    ['page=1.5', '/query/page'],
    ['page=0x10', '/query/page'],
    ['page=%201', '/query/page'],
    ['pageSize=0', '/query/pageSize'],
    ['pageSize=-5', '/query/pageSize'],
    ['pageSize=1e400', '/query/pageSize'],
    ['pageSize=2&pageSize=3', '/query/pageSize'],
    ['pageSize=1001', '/query/pageSize'],
  ])('answers 400 to %s with one problem at %s', async (query, pointer) => {
    const response = await createMockApi().fetch(`http://mock.test/v1/projects?${query}`, { headers: CREDENTIALS });
    expect(response.status).toBe(400);
    const { problems } = await response.json();
    expect(problems.map((p: { pointer: string }) => p.pointer)).toEqual([pointer]);
  });

  it('reads decimal integers: page=3&pageSize=1000 is page 3 of 1,000 items', async () => {
    const response = await createMockApi({ collections: { listProjects: 2_050 } }).fetch('http://mock.test/v1/projects?page=3&pageSize=1000', {
      headers: CREDENTIALS,
    });
    const body = await response.json();
    expect([response.status, body.page, body.pageSize, body.results.length]).toEqual([200, 3, 1000, 50]);
  });

  it('answers a deep page of a collection of a million sampled items quickly, with the items of a smaller collection', async () => {
    const huge = createMockApi({ collections: { listProjects: 1_000_000 } });
    const started = performance.now();
    const deep = await (await huge.fetch('http://mock.test/v1/projects?page=2000&pageSize=100&includeCount=true', { headers: CREDENTIALS })).json();
    expect(performance.now() - started).toBeLessThan(15_000);
    expect([deep.page, deep.results.length, deep.totalResults]).toEqual([2000, 100, 1_000_000]);
    const [third, smallThird] = await Promise.all(
      [huge, createMockApi({ collections: { listProjects: 250 } })].map(
        async (mock) => (await (await mock.fetch('http://mock.test/v1/projects?page=3&pageSize=100', { headers: CREDENTIALS })).json()).results,
      ),
    );
    expect(smallThird).toHaveLength(50);
    expect(third.slice(0, 50)).toEqual(smallThird);
  });
});

describe('null-body statuses', () => {
  it.each([[{ status: 204 }], [{ status: 204, body: null }], [{ status: 205, body: { ignored: true } }], [{ status: 304 }]])(
    'sends %j without a body in fetch, server and MSW modes',
    async (answer) => {
      const mock = createMockApi({ overrides: { deleteProject: answer } });
      const check = async (response: Response) => {
        expect(response.status).toBe(answer.status);
        expect(await response.text()).toBe('');
        expect(response.headers.get('content-type')).toBeNull();
      };
      await check(await mock.fetch('http://mock.test/v1/projects/p', { method: 'DELETE', headers: CREDENTIALS }));
      await withServer(mock, async (url) => {
        const response = await fetch(`${url}/v1/projects/p`, { method: 'DELETE', headers: CREDENTIALS });
        await check(response);
        if (answer.status === 204) expect(response.headers.get('content-length')).toBeNull();
      });
      const msw = setupServer(...createMockHandlers(mock, { baseUrl: 'http://msw.test' }));
      msw.listen({ onUnhandledRequest: 'error' });
      try {
        await check(await fetch('http://msw.test/v1/projects/p', { method: 'DELETE', headers: CREDENTIALS }));
      } finally {
        msw.close();
      }
    },
  );

  it('sends a 204 fault without a body, and answers 500 to an override function giving a status it cannot answer', async () => {
    const mock = createMockApi();
    mock.fault('getProject', { status: 204, times: 1 });
    const fault = await mock.fetch('http://mock.test/v1/projects/p', { headers: CREDENTIALS });
    expect([fault.status, await fault.text()]).toEqual([204, '']);
    mock.override('getProject', () => ({ status: 101 }) as never);
    const informational = await mock.fetch('http://mock.test/v1/projects/p', { headers: CREDENTIALS });
    expect(informational.status).toBe(500);
    expect((await informational.json()).error).toBe('The override of getProject answered status 101: the mock answers 200 to 599');
  });
});

describe('latency and close()', () => {
  it('lets the process exit right after close() while a latencyMs fault is pending, the delayed request dropped', async () => {
    const script = `
      const { createMockApi } = await import(${JSON.stringify(new URL('../../../generated/dist/mock.js', import.meta.url).href)});
      const mock = createMockApi();
      mock.fault('listSkills', { latencyMs: 60000 });
      const server = await mock.listen();
      const pending = fetch(server.url + '/v1/skills', { headers: ${JSON.stringify(CREDENTIALS)} }).then((r) => 'answered ' + r.status, (e) => 'dropped ' + e.cause?.code);
      await new Promise((resolve) => setTimeout(resolve, 200));
      await server.close();
      console.log(await pending);
    `;
    const started = performance.now();
    const child = spawn(process.execPath, ['--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
    expect([code, stdout.trim()]).toEqual([0, 'dropped UND_ERR_SOCKET']);
    expect(performance.now() - started).toBeLessThan(20_000);
  });

  it("ends a pending latencyMs with the request's signal in fetch mode", async () => {
    const mock = createMockApi();
    mock.fault('listSkills', { latencyMs: 60_000 });
    const controller = new AbortController();
    const pending = mock.fetch('http://mock.test/v1/skills', { headers: CREDENTIALS, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const started = performance.now();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});

describe('reset faults', () => {
  it('reject with cause ECONNRESET over HTTP (a TCP reset) as in fetch mode', async () => {
    const mock = createMockApi();
    mock.fault('listSkills', { reset: true });
    const code = (error: unknown) => ((error as TypeError).cause as { code?: string }).code;
    const inProcess = await mock.fetch('http://mock.test/v1/skills', { headers: CREDENTIALS }).catch((e: unknown) => e);
    const overHttp = await withServer(mock, (url) => fetch(`${url}/v1/skills`, { headers: CREDENTIALS }).catch((e: unknown) => e));
    expect([inProcess, overHttp].map((e) => [(e as Error).message, code(e)])).toEqual([
      ['fetch failed', 'ECONNRESET'],
      ['fetch failed', 'ECONNRESET'],
    ]);
  });
});
