/**
 * `npm run bench -- --write <file>`: the run as a Markdown page (docs/benchmarks.md), so the
 * figures the docs show are the ones a run printed, with when, where and how it ran: date, commit,
 * machine (OS, CPU model, core count, Node, load average), the options against their defaults,
 * then every measurement's table and notes and the summary table. Nothing in it is typed by hand.
 */
import os from 'node:os';
import { verdict, type Measurement, type Row } from './shared.js';

export interface RunFacts {
  /** What followed `npm run bench --`, as given (the --write flag included). */
  argv: string[];
  /** `commit abc1234`, `commit abc1234 + local changes` or `unknown commit`. */
  commit: string;
  started: Date;
  finished: Date;
  /** os.loadavg() when the run started and when it ended. */
  loadStart: number[];
  loadEnd: number[];
  /** Each setting and its default, in order: `runs` → [5, 5]. */
  settings: [name: string, value: string | number, fallback: string | number][];
  smoke: boolean;
  /** The measurements run (all of them unless --only named some). */
  ran: string[];
  skipped: string[];
  measurements: Measurement[];
}

export const SUMMARY_HEADERS = ['row', 'ours', 'compared with', 'ratio', 'target', 'met'];

/** A Markdown table: pipes inside cells escaped, so a cell cannot add a column. */
export function markdownTable(headers: string[], rows: string[][]): string[] {
  const cell = (text: string) => text.replace(/\\/g, '\\\\').replace(/\|/g, '\\|').replace(/\n/g, ' ');
  const line = (cells: string[]) => `| ${cells.map(cell).join(' | ')} |`;
  return [line(headers), `|${headers.map(() => '---').join('|')}|`, ...rows.map(line)];
}

export const rowCells = (r: Row): string[] => [r.name, r.ours, r.other, r.ratio, r.target, verdict(r.met)];

const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');

/** The machine as Node reports it. */
export function machine(): [string, string][] {
  const cpus = os.cpus();
  return [
    ['OS', `${os.type()} ${os.release()} (${os.arch()})`],
    ['CPU', `${cpus[0]?.model.trim() || 'unknown model'}, ${os.availableParallelism()} cores`],
    ['Memory', `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`],
    ['Node', process.version],
  ];
}

export function benchReport(run: RunFacts): string {
  const seconds = ((run.finished.getTime() - run.started.getTime()) / 1000).toFixed(0);
  const changed = run.settings.filter(([, value, fallback]) => value !== fallback);
  const rows = run.measurements.flatMap((m) => m.rows);
  const met = rows.filter((r) => r.met === true).length;
  const missed = rows.filter((r) => r.met === false).map((r) => r.name);
  const lines = [
    `<!-- Written by \`npm run bench -- ${run.argv.join(' ')}\`. Do not edit: run it again. -->`,
    '',
    '# Benchmark results',
    '',
    `Written by \`npm run bench -- ${run.argv.join(' ')}\` at ${run.commit}, ${run.started.toISOString()} to ${run.finished.toISOString()} (${seconds} s). What each row measures, and how to read it: [performance.md](performance.md).`,
    '',
  ];
  if (run.smoke)
    lines.push(
      "**A smoke run** (`--smoke`): tiny counts and a stand-in for GitHub's document, to check that every row prints. Its figures are not measurements.",
      '',
    );
  if (changed.length) lines.push(`**Not the defaults**: ${changed.map(([name, value, fallback]) => `${name} ${value} (default ${fallback})`).join(', ')}.`, '');
  if (run.skipped.length) lines.push(`**Not run** (\`--only ${run.ran.join(',')}\`): ${run.skipped.join(', ')}.`, '');
  lines.push(
    ...markdownTable(['Machine', ''], [...machine(), ['Load average (1, 5, 15 min)', `${load(run.loadStart)} at the start, ${load(run.loadEnd)} at the end`]]),
    '',
    `Settings: ${run.settings.map(([name, value]) => `${name} ${value}`).join(', ')}.`,
    '',
    '## Summary',
    '',
    ...markdownTable(SUMMARY_HEADERS, rows.map(rowCells)),
    '',
    `${met} targets met, ${missed.length} missed${missed.length ? `: ${missed.join('; ')}` : ''}.`,
  );
  for (const m of run.measurements) {
    lines.push('', `## ${m.title}`, '', ...markdownTable(SUMMARY_HEADERS, m.rows.map(rowCells)));
    if (m.notes.length) lines.push('', '```text', ...m.notes, '```');
  }
  return `${lines.join('\n')}\n`;
}
