/**
 * Full generation of our spec (`npm run generate`'s command, a child process) against what it
 * replaces: `redocly lint` plus the openapi-typescript CLI run separately and summed.
 * openapi-typescript is timed on spec/openapi.yaml directly (it bundles the multi-file document
 * itself), from a scratch working directory so it does not pick up redocly.yaml's `apis` section.
 * The timed runs use the repository's caches (the compiled generator, compiled runtime files) as a
 * developer's do; the notes add one cold run in a fresh copy of the tool, which builds both first.
 */
import path from 'node:path';
import { BIN, generatorArgs, median, ms, SPEC, tail, tempDir, timeCommand, times, toolCopy, type Measurement, type Options } from './shared.js';

export async function benchGenerate(options: Options): Promise<Measurement> {
  const tmp = tempDir('generate');
  const ours: number[] = [];
  const lint: number[] = [];
  const types: number[] = [];
  const notes: string[] = [];
  try {
    const cold = await coldRun(path.join(tmp.dir, 'cold'));
    for (let i = 0; i < options.runs; i++) {
      const gen = await timeCommand(process.execPath, generatorArgs('cli/generate.ts', '--out', path.join(tmp.dir, `ours-${i}`)));
      if (gen.code !== 0) throw new Error(`generator failed (exit ${gen.code}):\n${tail(gen)}`);
      ours.push(gen.ms);
      const l = await timeCommand(BIN('redocly'), ['lint', 'spec/openapi.yaml']);
      if (l.code !== 0) throw new Error(`redocly lint failed (exit ${l.code}):\n${tail(l)}`);
      lint.push(l.ms);
      const t = await timeCommand(BIN('openapi-typescript'), [SPEC, '-o', path.join(tmp.dir, `openapi-typescript-${i}.ts`)], { cwd: tmp.dir });
      if (t.code !== 0) throw new Error(`openapi-typescript failed (exit ${t.code}):\n${tail(t)}`);
      types.push(t.ms);
    }
    notes.push(`cold caches (first run in a fresh copy of the tool: builds generator/ with esbuild, compiles the runtime with TypeScript): ${ms(cold)}`);
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

/** One generation in a fresh copy of the tool: nothing built or compiled yet. */
async function coldRun(out: string): Promise<number> {
  const copy = toolCopy();
  try {
    const run = await timeCommand(
      process.execPath,
      [path.join(copy.root, 'generator', 'cli', 'launch.mjs'), path.join(copy.root, 'generator', 'cli', 'generate.ts'), '--out', out],
      { cwd: copy.root },
    );
    if (run.code !== 0) throw new Error(`generator (cold) failed (exit ${run.code}):\n${tail(run)}`);
    return run.ms;
  } finally {
    copy.remove();
  }
}
