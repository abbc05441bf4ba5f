/**
 * Start-up (issue #28): in a fresh `node` process, the time to import the client's module and
 * create a client, against openapi-fetch's import + `createClient({ baseUrl })` in its own fresh
 * process. Timed inside the child with performance.now() around the dynamic `import()` and the
 * creation (the process's own boot is not counted; the notes give it too). Both packages are
 * imported by name from a temporary folder whose node_modules links them, as a consumer's are.
 * Then, in the same child, the first call's extra cost: a second client for a loopback server in
 * the bench process, one `GET /v1/projects` (the first: loading what it needs lazily, Node's
 * fetch and the connection included), then 20 more; the extra cost is the first minus the median
 * of the 20, on each side. The sides alternate, one fresh child each per run.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { linkPackages, packageName } from './bundle.js';
import { projectsServer } from './loopback.js';
import { median, ms, ROOT, tail, tempDir, timeCommand, times, type Measurement, type Options, type Row } from './shared.js';

const GENERATED = path.join(ROOT, 'generated');
const STEADY_CALLS = 20;
/** Start-up children are cheap: this many per --runs. */
const CHILDREN_PER_RUN = 3;

/** The child's common tail: the first call and the steady state through `client`, then the figures as JSON. */
const calls = `const call = async () => {
  const t = performance.now();
  const { data, response } = await client.GET('/v1/projects', { params: { query: { page: 1 } } });
  if (!data) throw new Error('GET /v1/projects answered ' + response.status);
  return performance.now() - t;
};
const first = await call();
const steady = [];
for (let i = 0; i < ${STEADY_CALLS}; i++) steady.push(await call());
steady.sort((a, b) => a - b);
process.stdout.write(JSON.stringify({ startup: created - started, sinceBoot: created, first, steady: (steady[${STEADY_CALLS / 2 - 1}] + steady[${STEADY_CALLS / 2}]) / 2 }));
`;

const oursChild = (name: string) => `const started = performance.now();
const { createPartnerClient } = await import(${JSON.stringify(name)});
createPartnerClient({ environment: 'production', baseUrl: 'http://127.0.0.1:1', apiKey: 'k', apiSecret: 's' });
const created = performance.now();
const client = createPartnerClient({ environment: 'production', baseUrl: process.env.BENCH_BASE_URL, apiKey: 'k', apiSecret: 's' });
${calls}`;

const peerChild = `const started = performance.now();
const { default: createClient } = await import('openapi-fetch');
createClient({ baseUrl: 'http://127.0.0.1:1' });
const created = performance.now();
const client = createClient({ baseUrl: process.env.BENCH_BASE_URL, headers: { 'x-api-key': 'k', 'x-api-secret': 's' } });
${calls}`;

interface Figures {
  startup: number;
  sinceBoot: number;
  first: number;
  steady: number;
}

export async function benchStartup(options: Options): Promise<Measurement> {
  const tmp = tempDir('startup');
  const server = await projectsServer();
  const sides = { ours: [] as Figures[], peer: [] as Figures[] };
  try {
    linkPackages(tmp.dir, { [packageName(GENERATED)]: GENERATED, 'openapi-fetch': path.join(ROOT, 'node_modules', 'openapi-fetch') });
    writeFileSync(path.join(tmp.dir, 'package.json'), JSON.stringify({ type: 'module', private: true }));
    writeFileSync(path.join(tmp.dir, 'ours.mjs'), oursChild(packageName(GENERATED)));
    writeFileSync(path.join(tmp.dir, 'peer.mjs'), peerChild);
    const children = options.runs * CHILDREN_PER_RUN;
    for (let i = 0; i < children; i++) {
      // Alternating which side goes first, so a trend on the machine falls on both alike.
      for (const side of i % 2 ? (['peer', 'ours'] as const) : (['ours', 'peer'] as const)) {
        const run = await timeCommand(process.execPath, [path.join(tmp.dir, `${side}.mjs`)], { cwd: tmp.dir, env: { BENCH_BASE_URL: server.baseUrl } });
        if (run.code !== 0) throw new Error(`start-up child (${side}) failed:\n${tail(run)}`);
        sides[side].push(JSON.parse(run.stdout) as Figures);
      }
    }
  } finally {
    await server.close();
    tmp.remove();
  }
  const m = (side: keyof typeof sides, key: keyof Figures) => median(sides[side].map((f) => f[key]));
  const extra = (side: keyof typeof sides) => median(sides[side].map((f) => f.first - f.steady));
  const [o, p] = [m('ours', 'startup'), m('peer', 'startup')];
  const [oExtra, pExtra] = [extra('ours'), extra('peer')];
  const rows: Row[] = [
    {
      name: 'start-up: import + createPartnerClient in a fresh process',
      ours: ms(o),
      other: `openapi-fetch import + createClient ${ms(p)}`,
      ratio: times(o / p),
      target: '≤ 1.50×',
      met: o / p <= 1.5,
    },
    {
      name: "start-up: first call's extra cost (first GET /v1/projects minus steady state)",
      ours: ms(oExtra),
      other: `openapi-fetch ${ms(pExtra)}`,
      ratio: times(oExtra / pExtra),
      target: '(reported)',
      met: undefined,
    },
  ];
  return {
    title: `Start-up (fresh node processes, ${sides.ours.length} per side, alternating; timed inside the child, median)`,
    rows,
    notes: [
      `import + create: ours ${sides.ours.map((f) => ms(f.startup)).join(', ')}; openapi-fetch ${sides.peer.map((f) => ms(f.startup)).join(', ')}`,
      `process boot to client created (node's own start included): ours ${ms(m('ours', 'sinceBoot'))}, openapi-fetch ${ms(m('peer', 'sinceBoot'))}`,
      `first call: ours ${ms(m('ours', 'first'))}, openapi-fetch ${ms(m('peer', 'first'))}; steady state (median of the next ${STEADY_CALLS}): ours ${ms(m('ours', 'steady'))}, openapi-fetch ${ms(m('peer', 'steady'))}`,
      "ours: createPartnerClient({ environment: 'production', baseUrl, apiKey, apiSecret }), the package's defaults; the calls: client.GET('/v1/projects', { params: { query: { page: 1 } } }) on both sides",
    ],
  };
}
