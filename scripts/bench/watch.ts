/**
 * `npm run generate -- --watch` after a one-line edit: one watching process on a copy of spec/
 * (and its own output folder), the spec's `info.summary` edited again and again; each edit is timed
 * from the write to the process's "wrote" line, printed once the new output is in place. The first
 * edits warm the process up (as a developer's first save does): the median is of the later ones.
 */
import { spawn } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { childEnv, generatorArgs, median, ms, ROOT, tempDir, type Measurement, type Options } from './shared.js';

const WARM_UP = 2;
const TARGET_MS = 300;

export async function benchWatch(options: Options): Promise<Measurement> {
  const tmp = tempDir('watch');
  const spec = path.join(tmp.dir, 'spec', 'openapi.yaml');
  const out = path.join(tmp.dir, 'out');
  cpSync(path.join(ROOT, 'spec'), path.join(tmp.dir, 'spec'), { recursive: true });
  const original = readFileSync(spec, 'utf8');
  const summary = /^ {2}summary: .*$/m.exec(original)?.[0];
  if (!summary) throw new Error(`${spec} has no info.summary line to edit`);

  const child = spawn(process.execPath, generatorArgs('cli/generate.ts', '--watch', '--spec', spec, '--out', out), {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stopChild = () => child.kill();
  process.once('exit', stopChild);
  let stdout = '';
  let stderr = '';
  let waiting: { done: () => boolean; resolve: () => void } | undefined;
  const writes = () => stdout.match(/^wrote /gm)?.length ?? 0;
  child.stdout.on('data', (d: Buffer) => {
    stdout += d;
    if (waiting?.done()) waiting.resolve();
  });
  child.stderr.on('data', (d: Buffer) => (stderr += d));
  const until = (done: () => boolean) =>
    new Promise<void>((resolve, reject) => {
      if (done()) return resolve();
      const timer = setTimeout(() => reject(new Error(`no regeneration within 60 s:\n${stderr}\n${stdout}`)), 60_000);
      waiting = { done, resolve: () => (clearTimeout(timer), resolve()) };
    });

  const edits = WARM_UP + (options.smoke ? 1 : Math.max(5, options.runs * 2));
  const times: number[] = [];
  try {
    await until(() => /^watching /m.test(stdout));
    for (let i = 1; i <= edits; i++) {
      const started = performance.now();
      writeFileSync(spec, original.replace(summary, `${summary} (edit ${i})`));
      await until(() => writes() > i);
      times.push(performance.now() - started);
      if (!readFileSync(path.join(out, 'openapi.json'), 'utf8').includes(`(edit ${i})`)) throw new Error(`edit ${i} is not in the regenerated output`);
    }
  } finally {
    process.off('exit', stopChild);
    stopChild();
    tmp.remove();
  }
  const timed = times.slice(WARM_UP);
  const m = median(timed);
  return {
    title: 'Watch: regeneration after a one-line spec edit (npm run generate -- --watch, warm process)',
    rows: [{ name: 'watch: regenerate after a one-line edit', ours: ms(m), other: '', ratio: '', target: `≤ ${TARGET_MS} ms`, met: m <= TARGET_MS }],
    notes: [`edits: ${times.map(ms).join(', ')} (the first ${WARM_UP} warm up, not in the median)`],
  };
}
