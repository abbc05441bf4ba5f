/**
 * npm run bench [-- --runs N] [--scale-runs N] [--requests N] [--smoke] [--only NAME[,NAME...]] [--write FILE]
 * Runs every measurement in turn (or only those named by --only: generate, watch, scale,
 * validators, bundle, start-up, client, type-check, mock), prints each one's table, then one final table of every row.
 * `--write FILE` also writes the run as Markdown (date, commit, machine, settings, the tables:
 * report.ts), as docs/benchmarks.md is written. A measurement that throws prints as a failed row
 * and makes the exit code 1; missed targets do not.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchBrowser } from './browser.js';
import { benchClient } from './client.js';
import { benchGenerate } from './generate.js';
import { benchGithub } from './github.js';
import { benchMock } from './mock.js';
import { benchReport } from './report.js';
import { parseOptions, printMeasurement, printTable, verdict, type Measurement, type Options, type Row } from './shared.js';
import { benchStartup } from './startup.js';
import { benchTypecheck } from './typecheck.js';
import { benchValidators } from './validators.js';
import { benchWatch } from './watch.js';

process.once('SIGINT', () => process.exit(130)); // runs the exit handlers that end children

const argv = process.argv.slice(2);
const options = parseOptions(argv);
const i = argv.indexOf('--scale-runs');
const scaleRuns = i >= 0 ? Number(argv[i + 1]) : Math.min(options.runs, 3);
const w = argv.indexOf('--write');
const write = w >= 0 ? argv[w + 1] : undefined;
if (w >= 0 && (!write || write.startsWith('--'))) {
  console.error('--write: name the Markdown file to write (e.g. --write docs/benchmarks.md)');
  process.exit(2);
}

const benches: [string, (o: Options) => Promise<Measurement>][] = [
  ['generate', benchGenerate],
  ['watch', benchWatch],
  ['scale', (o) => benchGithub({ ...o, scaleRuns })],
  ['validators', benchValidators],
  ['bundle', benchBrowser],
  ['start-up', benchStartup],
  ['client', benchClient],
  ['type-check', benchTypecheck],
  ['mock', benchMock],
];
const o = argv.indexOf('--only');
const only = o >= 0 ? String(argv[o + 1] ?? '').split(',') : undefined;
const unknown = only?.filter((name) => !benches.some(([n]) => n === name)) ?? [];
if (unknown.length) {
  console.error(`--only: unknown measurement ${unknown.join(', ')} (one of ${benches.map(([n]) => n).join(', ')})`);
  process.exit(2);
}

let commit = 'unknown commit';
try {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  commit = `commit ${git('rev-parse', '--short', 'HEAD')}${git('status', '--porcelain', '--', 'generator', 'templates', 'spec', 'generated') ? ' + local changes' : ''}`;
} catch {
  // not a git checkout
}
console.log(
  `# Benchmarks (runs ${options.runs}, scale runs ${scaleRuns}, client requests ${options.requests}${options.smoke ? ', --smoke' : ''}; node ${process.version}; ${commit})`,
);
const runStarted = new Date();
const loadStart = os.loadavg();
const all: Row[] = [];
const measurements: Measurement[] = [];
let threw = false;
const chosen = benches.filter(([n]) => !only || only.includes(n));
for (const [name, bench] of chosen) {
  const started = performance.now();
  let m: Measurement;
  try {
    m = await bench(options);
  } catch (err) {
    threw = true;
    const message = String((err as Error).stack ?? err);
    m = { title: name, rows: [{ name, ours: `failed: ${message.split('\n')[0]}`, other: '', ratio: '', target: '', met: false }], notes: [message] };
  }
  m.notes.push(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  printMeasurement(m);
  measurements.push(m);
  all.push(...m.rows);
}

console.log('\n## Summary\n');
printTable(
  ['row', 'ours', 'compared with', 'ratio', 'target', 'met'],
  all.map((r) => [r.name, r.ours, r.other, r.ratio, r.target, verdict(r.met)]),
);
const missed = all.filter((r) => r.met === false).map((r) => r.name);
console.log(`\n${all.filter((r) => r.met === true).length} targets met, ${missed.length} missed${missed.length ? `: ${missed.join('; ')}` : ''}`);
if (write) {
  const defaults = parseOptions(options.smoke ? ['--smoke'] : []);
  const file = path.resolve(write);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(
    file,
    benchReport({
      argv,
      commit,
      started: runStarted,
      finished: new Date(),
      loadStart,
      loadEnd: os.loadavg(),
      settings: [
        ['runs', options.runs, defaults.runs],
        ['scale runs', scaleRuns, Math.min(defaults.runs, 3)],
        ['client requests', options.requests, defaults.requests],
      ],
      smoke: options.smoke,
      ran: chosen.map(([n]) => n),
      skipped: benches.filter(([n]) => !chosen.some(([c]) => c === n)).map(([n]) => n),
      measurements,
    }),
  );
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
if (threw) process.exitCode = 1;
