/**
 * Scale: our generator on GitHub's REST description (from `npm run bench:fetch`) against
 * openapi-typescript alone and @hey-api/openapi-ts: wall time and peak RSS of each child, then a
 * strict type-check of our generated declarations. `--smoke` runs a small stand-in document.
 */
import { existsSync, symlinkSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  BIN,
  CACHE,
  fetchedPeer,
  median,
  mib,
  ms,
  ROOT,
  tail,
  tempDir,
  timeCommand,
  times,
  TSC,
  generatorArgs,
  type Measurement,
  type Options,
  type Row,
  type Timed,
} from './shared.js';

export const GITHUB_SPEC = path.join(CACHE, 'api.github.com.json');
const HEY_API = fetchedPeer('hey-api', 'openapi-ts');
const GIB = 1024 * 1024;

interface Series {
  ms: number[];
  rss: number[];
  failed?: Timed;
}

const series = (): Series => ({ ms: [], rss: [] });
function record(s: Series, t: Timed): void {
  if (t.code !== 0) s.failed ??= t;
  else {
    s.ms.push(t.ms);
    if (t.rssKiB) s.rss.push(t.rssKiB);
  }
}
const rssText = (s: Series) => (s.rss.length ? `${mib(median(s.rss))} (max ${mib(Math.max(...s.rss))})` : 'n/a');
const firstError = (t: Timed) => (`${t.stderr}\n${t.stdout}`.split('\n').find((l) => /error/i.test(l)) ?? `exit ${t.code}`).trim().slice(0, 160);

/** Type-checks the generated declarations strictly, as a consumer with skipLibCheck false would. */
async function typecheck(out: string): Promise<Timed> {
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(out, 'node_modules'), 'dir');
  const config = {
    compilerOptions: {
      target: 'ES2022',
      module: 'NodeNext',
      moduleResolution: 'NodeNext',
      lib: ['ES2022', 'DOM', 'DOM.Iterable'],
      types: [],
      strict: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      skipLibCheck: false,
      noEmit: true,
    },
    include: ['dist/**/*.d.ts'],
  };
  writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify(config));
  return timeCommand(process.execPath, [TSC, '-p', path.join(out, 'tsconfig.json')], { cwd: out, rss: true, timeoutMs: 15 * 60_000 });
}

export async function benchGithub(options: Options & { scaleRuns: number }): Promise<Measurement> {
  const spec = options.smoke ? createRequire(import.meta.url).resolve('@readme/oas-examples/3.0/json/petstore.json') : GITHUB_SPEC;
  const label = options.smoke ? 'stand-in petstore (--smoke)' : 'GitHub REST';
  const title = `Scale: ${label} (${path.relative(ROOT, spec)}; wall time and peak RSS of each child, median)`;
  const rowNames = [`${label}: generate, time`, `${label}: generate, peak RSS`, `${label}: vs @hey-api/openapi-ts`, `${label}: type-check of our dist/*.d.ts`];
  if (!existsSync(spec)) {
    const rows = rowNames.map((name): Row => ({ name, ours: 'run npm run bench:fetch', other: '', ratio: '', target: '', met: undefined }));
    return { title, rows, notes: [`${path.relative(ROOT, spec)} is missing: run npm run bench:fetch`] };
  }

  const tmp = tempDir('github');
  const [ours, ot, hey] = [series(), series(), series()];
  const heyMissing = HEY_API.missing;
  const notes: string[] = [];
  const timeout = { rss: true, timeoutMs: 20 * 60_000 };
  let check: Timed | undefined;
  try {
    let lastOut = '';
    for (let i = 0; i < options.scaleRuns; i++) {
      const out = path.join(tmp.dir, `ours-${i}`);
      const run = await timeCommand(process.execPath, generatorArgs('cli/generate.ts', '--spec', spec, '--out', out), timeout);
      record(ours, run);
      if (run.code === 0) lastOut = out;
      record(ot, await timeCommand(BIN('openapi-typescript'), [spec, '-o', path.join(tmp.dir, `ot-${i}.ts`)], { ...timeout, cwd: tmp.dir }));
      if (!heyMissing)
        record(hey, await timeCommand(HEY_API.bin, ['-i', spec, '-o', path.join(tmp.dir, `hey-${i}`), '--no-log-file'], { ...timeout, cwd: HEY_API.dir }));
    }
    if (lastOut) check = await typecheck(lastOut);
  } finally {
    tmp.remove();
  }

  const o = median(ours.ms);
  const t = median(ot.ms);
  const h = median(hey.ms);
  if (ours.failed) notes.push(`our generator FAILED on ${spec} (exit ${ours.failed.code}):\n${tail(ours.failed, 40)}`);
  if (ot.failed) notes.push(`openapi-typescript failed (exit ${ot.failed.code}):\n${tail(ot.failed)}`);
  if (hey.failed) notes.push(`@hey-api/openapi-ts failed (exit ${hey.failed.code}):\n${tail(hey.failed)}`);
  notes.push(
    `runs: ${options.scaleRuns}; ours ${ours.ms.map(ms).join(', ')}; openapi-typescript ${ot.ms.map(ms).join(', ')}${hey.ms.length ? `; @hey-api/openapi-ts ${hey.ms.map(ms).join(', ')}` : ''}`,
  );
  if (check) notes.push(`type-check: ${ms(check.ms)}, peak RSS ${check.rssKiB ? mib(check.rssKiB) : 'n/a'}${check.code ? `\n${tail(check, 15)}` : ''}`);

  const oursFailed = ours.failed && !ours.ms.length;
  const failed = (t: Timed) => `failed: ${firstError(t)}`;
  const rows: Row[] = [
    {
      name: rowNames[0]!,
      ours: oursFailed ? failed(ours.failed!) : ms(o),
      other: ot.ms.length ? `openapi-typescript ${ms(t)}` : `openapi-typescript ${ot.failed ? failed(ot.failed) : 'n/a'}`,
      ratio: oursFailed || !ot.ms.length ? '' : times(o / t),
      target: '≤ 1.50×',
      met: oursFailed ? false : ot.ms.length ? o <= 1.5 * t : undefined,
    },
    {
      name: rowNames[1]!,
      ours: oursFailed ? 'failed' : rssText(ours),
      other: `openapi-typescript ${rssText(ot)}`,
      ratio: ours.rss.length && ot.rss.length ? times(median(ours.rss) / median(ot.rss)) : '',
      target: '≤ 1024 MiB',
      met: oursFailed ? false : ours.rss.length ? Math.max(...ours.rss) <= GIB : undefined,
    },
    {
      name: rowNames[2]!,
      ours: oursFailed ? 'failed' : `${ms(o)}, ${rssText(ours)}`,
      other: heyMissing ? heyMissing : hey.ms.length ? `${ms(h)}, ${rssText(hey)}` : failed(hey.failed!),
      ratio: !oursFailed && hey.ms.length ? times(o / h) : '',
      target: '(for reference)',
      met: undefined,
    },
    {
      name: rowNames[3]!,
      ours: check ? (check.code === 0 ? `pass (${ms(check.ms)})` : `FAIL: ${firstError(check)}`) : 'not run (generation failed)',
      other: '',
      ratio: '',
      target: 'pass',
      met: check ? check.code === 0 : false,
    },
  ];
  return { title, rows, notes };
}
