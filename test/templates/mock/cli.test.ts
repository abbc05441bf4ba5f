/**
 * The mock's command (generated/dist/mock-cli.js) as a child process: one ready line with its
 * base URL, answers over HTTP, exit 0 on SIGTERM and SIGINT, usage and exit 2 on a bad flag.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED } from './support.js';

const CLI = path.join(GENERATED, 'dist', 'mock-cli.js');

interface Run {
  child: ChildProcess;
  stdout: () => string;
  stderr: () => string;
  exit: Promise<number | null>;
}

function run(args: string[]): Run {
  const child = spawn(process.execPath, [CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (chunk) => (stdout += chunk));
  child.stderr!.on('data', (chunk) => (stderr += chunk));
  const exit = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, stdout: () => stdout, stderr: () => stderr, exit };
}

async function readyLine(r: Run): Promise<string> {
  for (let waited = 0; !r.stdout().includes('\n'); waited += 20) {
    if (waited > 20_000 || r.child.exitCode !== null) throw new Error(`no ready line: ${r.stderr()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return r.stdout();
}

describe('mock CLI', () => {
  it('starts with a shebang line, so npm can link it as a bin', () => {
    expect(readFileSync(CLI, 'utf8').split('\n')[0]).toBe('#!/usr/bin/env node');
  });

  it('prints exactly its base URL when ready, answers over HTTP, and exits 0 on SIGTERM', async () => {
    const r = run(['--port', '0', '--seed', '9', '--environment', 'production']);
    const line = await readyLine(r);
    expect(line).toMatch(/^http:\/\/127\.0\.0\.1:\d+\n$/);
    const url = line.trim();
    const response = await fetch(`${url}/v1/skills`, { headers: CREDENTIALS });
    expect(response.status).toBe(200);
    expect((await response.json()).results).toBeInstanceOf(Array);
    expect((await fetch(`${url}/v1/skills`)).status).toBe(401);
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    expect(r.stdout()).toBe(line);
    expect(r.stderr()).toBe('');
  });

  it('simulates the documented limits with --simulate-limits and exits 0 on SIGINT', async () => {
    const r = run(['--port', '0', '--simulate-limits']);
    const url = (await readyLine(r)).trim();
    // Staging: burst 100, 50/s; the requests arrive faster than that over loopback.
    const statuses = await Promise.all(Array.from({ length: 300 }, () => fetch(`${url}/v1/projects/p`, { headers: CREDENTIALS }).then((a) => a.status)));
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(100);
    r.child.kill('SIGINT');
    expect(await r.exit).toBe(0);
  });

  it('--cors: answers preflights from the origins given, refuses others; --cors off sends no CORS header', async () => {
    const page = 'http://localhost:5173';
    const ask = (url: string, origin: string) =>
      fetch(`${url}/v1/projects`, {
        method: 'OPTIONS',
        headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'x-api-key' },
      });
    const allowList = run(['--port', '0', '--cors', page, '--cors', 'https://app.example.com']);
    const url = (await readyLine(allowList)).trim();
    const allowed = await ask(url, page);
    expect([allowed.status, allowed.headers.get('access-control-allow-origin')]).toEqual([204, page]);
    expect((await ask(url, 'https://app.example.com')).headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect((await ask(url, 'https://evil.example')).status).toBe(403);
    allowList.child.kill('SIGTERM');
    expect(await allowList.exit).toBe(0);

    const off = run(['--port', '0', '--cors', 'off']);
    const offUrl = (await readyLine(off)).trim();
    const routed = await ask(offUrl, page);
    expect([routed.status, routed.headers.get('access-control-allow-origin')]).toEqual([404, null]);
    off.child.kill('SIGTERM');
    expect(await off.exit).toBe(0);
  });

  it('answers any origin by default on 127.0.0.1, and without credentials with --no-require-credentials', async () => {
    const r = run(['--port', '0', '--no-require-credentials']);
    const url = (await readyLine(r)).trim();
    const response = await fetch(`${url}/v1/projects`, { headers: { origin: 'http://localhost:5173' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    r.child.kill('SIGTERM');
    expect(await r.exit).toBe(0);
    const strict = run(['--port', '0']);
    const strictUrl = (await readyLine(strict)).trim();
    expect((await fetch(`${strictUrl}/v1/projects`)).status).toBe(401);
    strict.child.kill('SIGTERM');
    expect(await strict.exit).toBe(0);
  });

  it('exits 1 with one line on stderr, and no usage, for a host it cannot listen on', async () => {
    const r = run(['--host', '256.1.1.1', '--port', '0']);
    expect(await r.exit).toBe(1);
    expect(r.stderr()).toMatch(/^mock-cli: .*256\.1\.1\.1.*\n$/);
    expect(r.stderr()).not.toMatch(/Usage/);
    expect(r.stdout()).toBe('');
  });

  it.each([
    [['--prot', '1'], /Unknown option '--prot'/],
    [['--port', 'eighty'], /--port must be an integer from 0 to 65535/],
    [['--seed', '1.5'], /--seed must be an integer/],
    [['--environment', 'qa'], /--environment must be staging or production/],
    [['extra'], /Unexpected argument 'extra'/],
    // `--host "$MOCK_HOST"` with the variable unset: not every interface.
    [['--host', '', '--port', '0'], /--host must name an address \(omit it for 127\.0\.0\.1\)/],
    [['--host', ' ', '--port', '0'], /--host must name an address/],
    [
      ['--cors', 'http://localhost:5173/app'],
      /--cors must be an origin \(scheme:\/\/host\[:port\], such as http:\/\/localhost:5173\), \* or off, not "http:\/\/localhost:5173\/app"/,
    ],
    [['--cors', '*', '--cors', 'http://localhost:5173'], /--cors \* cannot be combined with origins/],
    [['--cors'], /Option '--cors <value>' argument missing/],
  ])('refuses %j with the usage on stderr and exit 2', async (args, message) => {
    const r = run(args);
    expect(await r.exit).toBe(2);
    expect(r.stderr()).toMatch(message);
    expect(r.stderr()).toMatch(
      /^Usage: mock-cli \[--port N\] \[--host H\] \[--seed N\] \[--environment staging\|production\] \[--simulate-limits\] \[--cors ORIGIN\|\*\|off\]\.\.\. \[--no-require-credentials\]$/m,
    );
    expect(r.stdout()).toBe('');
  });
});
