/**
 * The test kit as another repository uses it: the packed package, the mock's optional peers and
 * msw installed into a project outside this repository; the package's client driven against the
 * package's mock in its three modes, MSW before and after `listen()`, the CLI as a child process,
 * paginate over a sampled collection, and the simulated limits. Every script is plain ESM in test/fixtures/consumer, run by Node.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { consumerEnv, createConsumerProject, lockVersion, mockPeers, ROOT, run, typeCheck, type ConsumerProject } from './project.js';
import { bodyDifferences, driveFailures, mswLeakFailures, paginateFailures } from './reports.js';

const PACKAGE = 'partner-recruitment-client';
const BIN = 'partner-recruitment-mock';
const CREDENTIALS = JSON.stringify({ apiKey: 'key-123', apiSecret: 'secret-456' });

interface CallResult {
  operationId: string;
  status?: number;
  validated?: boolean;
  valid?: boolean;
  problems?: string[];
  empty?: boolean;
  bodyHash?: string;
  error?: string;
  problem?: string;
}

interface DriveReport {
  operations: number;
  seed: number;
  style: 'path' | 'named';
  withResponseValidators: string[];
  results: CallResult[];
}

let project: ConsumerProject;
let documentOperationIds: string[];

beforeAll(async () => {
  project = await createConsumerProject(path.join(ROOT, 'generated'), [...mockPeers(), `msw@${lockVersion('msw')}`]);
  for (const script of ['drive-operations.mjs', 'msw-leak.mjs', 'limits.mjs', 'paginate.mjs']) project.addScript(script);
  const document = JSON.parse(readFileSync(path.join(project.dir, 'node_modules', PACKAGE, 'openapi.json'), 'utf8')) as {
    paths: Record<string, Record<string, { operationId?: string }>>;
  };
  documentOperationIds = Object.values(document.paths).flatMap((item) =>
    Object.values(item).flatMap((op) => (typeof op?.operationId === 'string' ? [op.operationId] : [])),
  );
});

afterAll(() => project?.dispose());

/** Reports of drive-operations.mjs, one run per mode and call style (by path, the default, or by name). */
const drives = new Map<string, Promise<DriveReport>>();
const drive = (mode: string, style: 'path' | 'named' = 'path'): Promise<DriveReport> => {
  const key = `${mode} ${style}`;
  if (!drives.has(key)) drives.set(key, project.runScript<DriveReport>('drive-operations.mjs', [PACKAGE, mode, 'all', CREDENTIALS, style]));
  return drives.get(key)!;
};

/** What must hold of a run over every operation: each called, each 2xx, each body clean (reports.ts). */
function expectEveryOperationAnswered(report: DriveReport): void {
  expect(driveFailures(report, documentOperationIds)).toEqual([]);
}

describe('the client against the mock, every operation of the spec', () => {
  it.each(['fetch', 'msw', 'listen'])('mode %s: every operation answers 2xx; every body passes its validator', async (mode) => {
    expectEveryOperationAnswered(await drive(mode));
  });

  it('the three modes answer the same bodies for the same seed', async () => {
    const [fetchMode, msw, listen] = await Promise.all(['fetch', 'msw', 'listen'].map((mode) => drive(mode)));
    expect(bodyDifferences(msw!, fetchMode!)).toEqual([]);
    expect(bodyDifferences(listen!, fetchMode!)).toEqual([]);
    expect(fetchMode!.results.length).toBeGreaterThan(0);
  });

  it.each(['fetch', 'listen'])('mode %s, by name: every operation called through `operations` answers 2xx with the body its path call gets', async (mode) => {
    const [byName, byPath] = await Promise.all([drive(mode, 'named'), drive(mode)]);
    expect(byName.style).toBe('named');
    expectEveryOperationAnswered(byName);
    expect(bodyDifferences(byName, byPath)).toEqual([]);
  });

  it('paginate reads a sampled collection to its end: every item once, two pages or more', async () => {
    expect(paginateFailures(await project.runScript('paginate.mjs', [PACKAGE, CREDENTIALS]))).toEqual([]);
  });
});

describe('MSW', () => {
  it('intercepts a client created before server.listen(); after server.close() requests reach the real server', async () => {
    expect(mswLeakFailures(await project.runScript('msw-leak.mjs', [PACKAGE, CREDENTIALS]))).toEqual([]);
  });
});

describe(`the ${BIN} CLI`, () => {
  const started: ChildProcess[] = [];
  afterEach(() => {
    for (const child of started.splice(0)) if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGKILL');
  });

  /** Starts a command in its own process group (as a terminal does) and resolves with its first stdout line. */
  async function start(command: string, args: string[]): Promise<{ child: ChildProcess; ready: string; stdout: string[] }> {
    const child = spawn(command, args, { cwd: project.dir, env: consumerEnv, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    started.push(child);
    const stdout: string[] = [];
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += String(chunk)));
    const lines = createInterface({ input: child.stdout! });
    const ready = new Promise<string>((resolve, reject) => {
      lines.on('line', (line) => {
        stdout.push(line);
        if (stdout.length === 1) resolve(line);
      });
      child.once('exit', (code, signal) => reject(new Error(`${command} ${args.join(' ')} exited (${code ?? signal}) before its ready line: ${stderr}`)));
    });
    return { child, ready: await ready, stdout };
  }

  it('npx partner-recruitment-mock --port 0 --seed 7: one ready line, serves the client over HTTP, stops with its process group on SIGTERM', async () => {
    const { child, ready, stdout } = await start('npx', [BIN, '--port', '0', '--seed', '7']);
    expect(ready).toMatch(/^http:\/\/127\.0\.0\.1:\d+\S*$/);
    const report = await project.runScript<DriveReport>('drive-operations.mjs', [PACKAGE, `url=${ready}`, 'all', CREDENTIALS]);
    expectEveryOperationAnswered(report);
    // --seed 7 on the command line gives the bodies createMockApi({ seed: 7 }) gives in-process.
    expect(bodyDifferences(report, await drive('fetch'))).toEqual([]);

    const closed = once(child, 'close');
    process.kill(-child.pid!, 'SIGTERM');
    await closed;
    expect(stdout).toEqual([ready]);
    await expect(fetch(ready)).rejects.toThrow();
  });

  it.each(['SIGTERM', 'SIGINT'] as const)('the installed bin stops cleanly on %s: exit 0', async (signal) => {
    const { child, ready } = await start(path.join(project.dir, 'node_modules', '.bin', BIN), ['--port', '0']);
    expect((await fetch(new URL('/no-such-path', ready))).status).toBe(404);
    const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
    child.kill(signal);
    expect(await exited).toEqual([0, null]);
  });

  it('a bad flag: usage on stderr, nothing on stdout, exit 2', async () => {
    const result = await run('npx', [BIN, '--no-such-flag'], { cwd: project.dir, env: consumerEnv }).then(
      () => ({ code: 0, stdout: '', stderr: '' }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/usage/i);
    expect(result.stderr).toContain('--no-such-flag');
  });
});

describe('simulated limits', () => {
  interface LimitsReport {
    documented: { requestsPerSecond: number; burst: number; dailyQuota: number };
    results: { name: string; count: number; statuses: Record<string, number>; retryAfter: (string | null)[] }[];
  }

  it('a client with rateLimit: false gets 429 with Retry-After; the default client and one at the simulated rate get none', async () => {
    const report = await project.runScript<LimitsReport>('limits.mjs', [PACKAGE, CREDENTIALS]);
    const byName = Object.fromEntries(report.results.map((r) => [r.name, r]));
    for (const name of ['documented-unlimited-client', 'small-unlimited-client']) {
      expect(byName[name]!.statuses['429'], name).toBeGreaterThan(0);
      expect(byName[name]!.statuses['429']! + (byName[name]!.statuses['200'] ?? 0), name).toBe(byName[name]!.count);
      for (const value of byName[name]!.retryAfter) expect(value, name).toMatch(/^[1-9]\d*$/);
    }
    // The documented burst passes, the second after it is refused: the limits are the spec's.
    expect(byName['documented-unlimited-client']!.statuses['200']).toBeGreaterThanOrEqual(report.documented.burst);
    expect(byName['documented-unlimited-client']!.statuses['200']).toBeLessThan(byName['documented-unlimited-client']!.count);
    for (const name of ['documented-default-client', 'small-matching-client']) expect(byName[name]!.statuses, name).toEqual({ 200: byName[name]!.count });
    expect(byName['daily-quota']!.statuses).toEqual({ 200: 3, 429: 2 });
  });
});

// consumer.test.ts type-checks the mock's typed overrides in both resolutions; this adds the MSW
// subpath, whose types need msw installed (a consumer without msw never imports it).
describe('type-checks a TypeScript consumer of the MSW handlers', () => {
  it('exits 0 with moduleResolution node16, strict, skipLibCheck false', async () => {
    const result = await typeCheck({ dir: project.dir, fixtures: ['msw-check.ts'], resolution: 'node16' });
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
  });
});
