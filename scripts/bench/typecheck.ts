/**
 * Consumer type-check: `tsc --noEmit` of a file that imports the package's types and calls the
 * client, against an empty program under the same tsconfig (strict, node16, skipLibCheck true as
 * `tsc --init` sets it). The package is linked into a scratch project's node_modules.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median, ms, ROOT, tail, tempDir, timeCommand, times, TSC, type Measurement, type Options } from './shared.js';

const CONSUMER = `import { createPartnerClient } from 'partner-recruitment-client';
import type { Project, paths } from 'partner-recruitment-client/types';
import { validateProject } from 'partner-recruitment-client/validators';

const api = createPartnerClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: 'k', apiSecret: 's', environment: 'staging' });

export async function titles(status: NonNullable<paths['/v1/projects']['get']['parameters']['query']>['status']): Promise<string[]> {
  const { data } = await api.GET('/v1/projects', { params: { query: { status } } });
  return (data?.results ?? []).map((p) => p.publicTitle);
}

export const isProject = (x: unknown): x is Project => validateProject(x);
`;

export async function benchTypecheck(options: Options): Promise<Measurement> {
  const tmp = tempDir('typecheck');
  const consumerRuns: number[] = [];
  const emptyRuns: number[] = [];
  try {
    mkdirSync(path.join(tmp.dir, 'node_modules'));
    symlinkSync(path.join(ROOT, 'generated'), path.join(tmp.dir, 'node_modules', 'partner-recruitment-client'), 'dir');
    writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ private: true, type: 'module' }));
    writeFileSync(path.join(tmp.dir, 'consumer.ts'), CONSUMER);
    writeFileSync(path.join(tmp.dir, 'empty.ts'), 'export {};\n');
    const compilerOptions = {
      target: 'ES2022',
      module: 'node16',
      moduleResolution: 'node16',
      lib: ['ES2022', 'DOM'],
      types: [],
      strict: true,
      skipLibCheck: true,
      noEmit: true,
    };
    for (const name of ['consumer', 'empty'])
      writeFileSync(path.join(tmp.dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files: [`${name}.ts`] }));
    for (let i = 0; i < options.runs; i++) {
      for (const [name, runs] of [
        ['consumer', consumerRuns],
        ['empty', emptyRuns],
      ] as const) {
        const run = await timeCommand(process.execPath, [TSC, '-p', `tsconfig.${name}.json`], { cwd: tmp.dir });
        if (run.code !== 0) throw new Error(`tsc on ${name}.ts failed:\n${tail(run)}`);
        runs.push(run.ms);
      }
    }
  } finally {
    tmp.remove();
  }
  const [c, e] = [median(consumerRuns), median(emptyRuns)];
  return {
    title: 'Consumer type-check (tsc --noEmit, wall time, median)',
    rows: [
      {
        name: 'type-check: consumer file vs empty program',
        ours: ms(c),
        other: `empty program ${ms(e)}`,
        ratio: times(c / e),
        target: '≤ 3.00×',
        met: c / e <= 3,
      },
    ],
    notes: [`runs: ${options.runs}; consumer ${consumerRuns.map(ms).join(', ')}; empty ${emptyRuns.map(ms).join(', ')}`],
  };
}
