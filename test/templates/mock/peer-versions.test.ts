/**
 * Issue #29 item 12: the mock's optional peers at a version it cannot use get the same clear
 * answer as a missing one, naming the peer, the range the package wants and the version found,
 * from `mock.fetch` and over HTTP alike (a 500 whose body says what to install, never a rejection
 * with `Cannot find module …/ajv/dist/2020.js` or a bare 500).
 *
 * A real node_modules layout in a temporary folder: the generated package copied in, openapi-fetch
 * and the usable peers linked from this repository, and in place of a peer a package with the
 * layout of the version at fault: ajv 6 (`lib/ajv.js`, no `dist/2020.js`), as another tool hoists
 * it, or a CommonJS json-schema-faker 0.5 (no `generateSync`); or no package at all.
 */
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { CREDENTIALS, GENERATED, ROOT } from './support.js';

const run = promisify(execFile);
const manifest = JSON.parse(readFileSync(path.join(GENERATED, 'package.json'), 'utf8')) as { name: string; peerDependencies: Record<string, string> };
const PEERS = ['ajv', 'ajv-formats', 'json-schema-faker'];
const INSTALL = `npm install --save-dev ${PEERS.join(' ')} (the package's peerDependencies: ${PEERS.map((n) => `${n} ${manifest.peerDependencies[n]}`).join(', ')})`;

const folders: string[] = [];
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

type Peer = 'real' | 'missing' | { version: string; main: string; code: string };

/** A project with the package installed and each peer as given; returns its folder. */
function project(peers: Record<string, Peer>): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'mock-peers-'));
  folders.push(folder);
  const modules = path.join(folder, 'node_modules');
  const installed = path.join(modules, manifest.name);
  mkdirSync(installed, { recursive: true });
  cpSync(path.join(GENERATED, 'package.json'), path.join(installed, 'package.json'));
  cpSync(path.join(GENERATED, 'dist'), path.join(installed, 'dist'), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules', 'openapi-fetch'), path.join(modules, 'openapi-fetch'), 'dir');
  for (const name of PEERS) {
    const peer = peers[name] ?? 'real';
    if (peer === 'missing') continue;
    if (peer === 'real') {
      symlinkSync(path.join(ROOT, 'node_modules', name), path.join(modules, name), 'dir');
      continue;
    }
    const dir = path.join(modules, name);
    mkdirSync(path.dirname(path.join(dir, peer.main)), { recursive: true });
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, version: peer.version, main: peer.main }));
    writeFileSync(path.join(dir, peer.main), peer.code);
  }
  writeFileSync(path.join(folder, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  // Three sampled items of a paginated operation: a body the mock must sample, in process and over HTTP.
  writeFileSync(
    path.join(folder, 'answer.mjs'),
    `import { createMockApi } from '${manifest.name}/mock';
const headers = ${JSON.stringify(CREDENTIALS)};
const mock = createMockApi({ seed: 1, collections: { listSkills: 3 } });
const inProcess = await mock.fetch('http://mock.test/v1/skills', { headers }).then(
  async (response) => ({ status: response.status, body: await response.text() }),
  (error) => ({ rejected: String(error) }),
);
const server = await mock.listen();
const response = await fetch(server.url + '/v1/skills', { headers });
const overHttp = { status: response.status, body: await response.text() };
await server.close();
console.log(JSON.stringify({ inProcess, overHttp }));
`,
  );
  return folder;
}

async function answers(
  folder: string,
): Promise<{ inProcess: { status?: number; body?: string; rejected?: string }; overHttp: { status: number; body: string } }> {
  const { stdout } = await run(process.execPath, ['answer.mjs'], { cwd: folder, timeout: 60_000 });
  return JSON.parse(stdout);
}

/** Both answers are this 500 of the mock's, its error the sentence given. */
async function expectFailure(folder: string, error: string): Promise<void> {
  const { inProcess, overHttp } = await answers(folder);
  for (const answer of [inProcess, overHttp]) {
    expect(answer.status, JSON.stringify(answer)).toBe(500);
    expect(JSON.parse(answer.body!)).toEqual({ mock: true, status: 500, error: `listSkills: ${error}` });
  }
}

const AJV_6 = { version: '6.12.6', main: 'lib/ajv.js', code: "'use strict';\nmodule.exports = function Ajv() {};\n" };
const FAKER_05 = { version: '0.5.6', main: 'dist/main.cjs.js', code: "'use strict';\nmodule.exports = { generate: () => ({}), resolve: async () => ({}) };\n" };

describe("the mock's optional peers at versions it cannot use", () => {
  it('ajv 6 hoisted at node_modules/ajv: the peer, the range wanted, the version found', async () => {
    await expectFailure(
      project({ ajv: AJV_6 }),
      `the mock samples this body with its optional peer dependencies, and ajv 6.12.6 is installed (no Ajv2020 in ajv/dist/2020.js) where it needs ajv ${manifest.peerDependencies.ajv}: ${INSTALL}`,
    );
  }, 90_000);

  it('a json-schema-faker without generateSync: the same sentence for it', async () => {
    await expectFailure(
      project({ 'json-schema-faker': FAKER_05 }),
      `the mock samples this body with its optional peer dependencies, and json-schema-faker 0.5.6 is installed (no generateSync) where it needs json-schema-faker ${manifest.peerDependencies['json-schema-faker']}: ${INSTALL}`,
    );
  }, 90_000);

  it('a missing peer: said as before, with the ranges', async () => {
    await expectFailure(
      project({ 'json-schema-faker': 'missing' }),
      `the mock samples this body with its optional peer dependencies, and json-schema-faker is not installed: ${INSTALL}`,
    );
  }, 90_000);

  it('the peers at the versions the package wants: three sampled items', async () => {
    const { inProcess, overHttp } = await answers(project({}));
    for (const answer of [inProcess, overHttp]) {
      expect(answer.status, JSON.stringify(answer)).toBe(200);
      expect(JSON.parse(answer.body!).results).toHaveLength(3);
    }
  }, 90_000);
});
