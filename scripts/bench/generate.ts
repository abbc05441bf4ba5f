/**
 * Full generation of our spec (`generator/cli.ts`, a child process) against what it replaces:
 * `redocly lint` plus the openapi-typescript CLI run separately and summed. openapi-typescript is
 * timed on spec/openapi.yaml directly (it bundles the multi-file document itself), from a scratch
 * working directory so it does not pick up redocly.yaml's `apis` section.
 */
import path from 'node:path';
import { BIN, median, ms, SPEC, tail, tempDir, timeCommand, times, tsxArgs, type Measurement, type Options } from './shared.js';

export async function benchGenerate(options: Options): Promise<Measurement> {
  const tmp = tempDir('generate');
  const ours: number[] = [];
  const lint: number[] = [];
  const types: number[] = [];
  const notes: string[] = [];
  try {
    for (let i = 0; i < options.runs; i++) {
      const gen = await timeCommand(process.execPath, tsxArgs('generator/cli.ts', '--out', path.join(tmp.dir, `ours-${i}`)));
      if (gen.code !== 0) throw new Error(`generator failed (exit ${gen.code}):\n${tail(gen)}`);
      ours.push(gen.ms);
      const l = await timeCommand(BIN('redocly'), ['lint', 'spec/openapi.yaml']);
      if (l.code !== 0) throw new Error(`redocly lint failed (exit ${l.code}):\n${tail(l)}`);
      lint.push(l.ms);
      const t = await timeCommand(BIN('openapi-typescript'), [SPEC, '-o', path.join(tmp.dir, `openapi-typescript-${i}.ts`)], { cwd: tmp.dir });
      if (t.code !== 0) throw new Error(`openapi-typescript failed (exit ${t.code}):\n${tail(t)}`);
      types.push(t.ms);
    }
  } finally {
    tmp.remove();
  }
  const [o, l, t] = [median(ours), median(lint), median(types)];
  notes.push(`runs: ${options.runs}; ours ${ours.map(ms).join(', ')}; redocly lint ${lint.map(ms).join(', ')}; openapi-typescript ${types.map(ms).join(', ')}`);
  return {
    title: 'Generation of spec/openapi.yaml (wall time, child processes, median)',
    rows: [
      {
        name: 'generate our spec',
        ours: ms(o),
        other: `redocly lint ${ms(l)} + openapi-typescript ${ms(t)} = ${ms(l + t)}`,
        ratio: times(o / (l + t)),
        target: '≤ 1.00×',
        met: o <= l + t,
      },
    ],
    notes,
  };
}
