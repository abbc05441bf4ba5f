/** Shared by the benchmarks: options, child-process timing (wall time, peak RSS), medians, tables. */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CACHE = path.join(ROOT, '.cache', 'bench');
export const BIN = (name: string) => path.join(ROOT, 'node_modules', '.bin', name);
export const TSC = path.join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
export const SPEC = path.join(ROOT, 'spec', 'openapi.yaml');

export interface Options {
  /** Runs per measurement; the median is reported. */
  runs: number;
  /** Sequential requests per side in the client benchmark. */
  requests: number;
  /** Tiny counts and a small stand-in for GitHub's document: checks that every row prints. */
  smoke: boolean;
}

export function parseOptions(argv: string[]): Options {
  const smoke = argv.includes('--smoke');
  const value = (flag: string) => {
    const i = argv.indexOf(flag);
    return i >= 0 ? Number(argv[i + 1]) : undefined;
  };
  return { smoke, runs: value('--runs') ?? (smoke ? 1 : 5), requests: value('--requests') ?? (smoke ? 200 : 5000) };
}

/** One line of the final table. `met` is undefined where there is no target or nothing was measured. */
export interface Row {
  name: string;
  ours: string;
  other: string;
  ratio: string;
  target: string;
  met: boolean | undefined;
}

export interface Measurement {
  title: string;
  rows: Row[];
  /** Detail lines printed under the section's table. */
  notes: string[];
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

export const ms = (t: number) => (t >= 1000 ? `${(t / 1000).toFixed(2)} s` : t >= 10 ? `${t.toFixed(0)} ms` : `${t.toFixed(2)} ms`);
export const mib = (kib: number) => `${(kib / 1024).toFixed(0)} MiB`;
export const times = (r: number) => `${r.toFixed(2)}×`;

// Children get no npm_* variables and no colour codes; Redocly stays quiet and offline.
export const childEnv: NodeJS.ProcessEnv = {
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k))),
  NO_COLOR: '1',
  FORCE_COLOR: '0',
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
};

export interface Timed {
  ms: number;
  /** Peak resident set size in KiB (when asked for). */
  rssKiB: number | undefined;
  code: number | null;
  stdout: string;
  stderr: string;
}

const GNU_TIME = '/usr/bin/time';
const RSS_HOOK = path.join(path.dirname(fileURLToPath(import.meta.url)), 'rss-hook.mjs');

/**
 * Runs a command, timing its wall clock from spawn to exit. With `rss`, the peak RSS comes from
 * GNU time's `%M`, or (without /usr/bin/time, for a `node` command) from `process.resourceUsage()`
 * written at exit by a preloaded hook. `env` adds to the children's environment (childEnv).
 */
export async function timeCommand(
  cmd: string,
  args: string[],
  opts: { cwd?: string; rss?: boolean; timeoutMs?: number; env?: NodeJS.ProcessEnv } = {},
): Promise<Timed> {
  const dir = opts.rss ? mkdtempSync(path.join(os.tmpdir(), 'bench-rss-')) : undefined;
  const rssFile = dir && path.join(dir, 'rss');
  let argv = [cmd, ...args];
  const env = { ...childEnv, ...opts.env };
  if (rssFile && existsSync(GNU_TIME)) argv = [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv];
  else if (rssFile && cmd === process.execPath) {
    argv = [cmd, '--import', RSS_HOOK, ...args];
    env.BENCH_RSS_FILE = rssFile;
  }
  const started = performance.now();
  const result = await new Promise<Omit<Timed, 'ms' | 'rssKiB'>>((resolve) => {
    // Own process group, so a timeout also ends what GNU time started.
    const child = spawn(argv[0]!, argv.slice(1), { cwd: opts.cwd ?? ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const kill = () => {
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    };
    process.once('exit', kill);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d));
    child.stderr.on('data', (d: Buffer) => (stderr += d));
    const timer = opts.timeoutMs ? setTimeout(kill, opts.timeoutMs) : undefined;
    child.on('close', (code) => {
      clearTimeout(timer);
      process.off('exit', kill);
      resolve({ code, stdout, stderr });
    });
  });
  const elapsed = performance.now() - started;
  let rssKiB: number | undefined;
  if (rssFile && existsSync(rssFile)) {
    const last = readFileSync(rssFile, 'utf8').trim().split('\n').pop();
    rssKiB = Number(last) || undefined;
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  return { ms: elapsed, rssKiB, ...result };
}

/** `node --import tsx <file> ...`: how the repository runs its TypeScript. */
export const tsxArgs = (file: string, ...args: string[]) => ['--import', 'tsx', file, ...args];

/** `node generator/cli/launch.mjs generator/<entry> ...`: how `npm run generate` runs the generator (plain JavaScript, built once). */
export const generatorArgs = (entry: string, ...args: string[]) => [
  path.join(ROOT, 'generator', 'cli', 'launch.mjs'),
  path.join(ROOT, 'generator', entry),
  ...args,
];

/**
 * A copy of the tool (generator/, templates/, spec/, package.json, redocly.yaml; node_modules linked)
 * in a temporary folder, with none of the repository's caches: a first run there is a cold one.
 */
export function toolCopy(): { root: string; remove: () => void } {
  const tmp = tempDir('tool');
  for (const entry of ['generator', 'templates', 'spec', 'package.json', 'redocly.yaml'])
    cpSync(path.join(ROOT, entry), path.join(tmp.dir, entry), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(tmp.dir, 'node_modules'), 'dir');
  return { root: tmp.dir, remove: tmp.remove };
}

/** The last few lines of a failed command's output. */
export const tail = (t: Timed, lines = 20) => `${`${t.stderr}\n${t.stdout}`.trim().split('\n').slice(-lines).join('\n')}`;

export function tempDir(prefix: string): { dir: string; remove: () => void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), `bench-${prefix}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

export function printTable(headers: string[], rows: string[][]): void {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const r of rows) console.log(line(r));
}

export const verdict = (met: boolean | undefined) => (met === undefined ? '—' : met ? 'yes' : 'NO');

export function printMeasurement(m: Measurement): void {
  console.log(`\n## ${m.title}\n`);
  printTable(
    ['row', 'ours', 'compared with', 'ratio', 'target', 'met'],
    m.rows.map((r) => [r.name, r.ours, r.other, r.ratio, r.target, verdict(r.met)]),
  );
  for (const n of m.notes) console.log(`  ${n}`);
}

/** A peer tool `npm run bench:fetch` installs into .cache/bench/<dir>: its executable, and why it is missing if it is. */
export function fetchedPeer(dir: string, bin: string): { dir: string; bin: string; missing: string | undefined } {
  const peerDir = path.join(CACHE, dir);
  const file = path.join(peerDir, 'node_modules', '.bin', bin);
  const status = path.join(peerDir, 'status.json');
  const reason = () => (JSON.parse(readFileSync(status, 'utf8')) as { reason?: string }).reason ?? 'install failed';
  const missing = existsSync(file) ? undefined : existsSync(status) ? `not installed: ${reason()}` : 'not fetched (npm run bench:fetch)';
  return { dir: peerDir, bin: file, missing };
}
