/**
 * The runtimes and compilers of the matrix, fetched from their npm packages (a binary shipped
 * inside a registry package: `node-<platform>-<arch>`, `@oven/bun-<platform>-<arch>`,
 * `typescript`) and kept under the git-ignored `.cache/matrix/`, one folder per version, reused
 * while it is complete.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { consumerEnv, ROOT } from '../../test/consumer/project.js';

const run = promisify(execFile);
export const CACHE = path.join(ROOT, '.cache', 'matrix');
/** Written last into a cached folder: one without it is unfinished and is made again. */
const COMPLETE = '.complete';

export interface Runtime {
  /** `node` or `bun`. */
  name: string;
  version: string;
  /** The executable. */
  bin: string;
}

const arch = (): string => (process.arch === 'arm64' ? 'arm64' : process.arch);

/** Fills `dir` with `make(temporary folder)` once; concurrent callers of one version share a promise. */
const pending = new Map<string, Promise<string>>();
function cached(dir: string, make: (temporary: string) => Promise<void>): Promise<string> {
  if (existsSync(path.join(dir, COMPLETE))) return Promise.resolve(dir);
  if (!pending.has(dir)) {
    pending.set(
      dir,
      (async () => {
        mkdirSync(path.dirname(dir), { recursive: true });
        const temporary = mkdtempSync(`${dir}.partial-`);
        try {
          await make(temporary);
          writeFileSync(path.join(temporary, COMPLETE), '');
          rmSync(dir, { recursive: true, force: true });
          renameSync(temporary, dir);
          return dir;
        } catch (err) {
          rmSync(temporary, { recursive: true, force: true });
          throw err;
        }
      })(),
    );
  }
  return pending.get(dir)!;
}

/** `npm pack` of `spec` into `into`, then the one member `member` of it extracted there; returns its path. */
async function binaryFromPackage(spec: string, member: string, into: string): Promise<string> {
  const { stdout } = await run('npm', ['pack', spec, '--json', '--pack-destination', into], { cwd: into, env: consumerEnv, maxBuffer: 64 * 2 ** 20 });
  const tarball = path.join(into, (JSON.parse(stdout) as { filename: string }[])[0]!.filename);
  await run('tar', ['-xzf', tarball, '-C', into, `package/${member}`]);
  rmSync(tarball);
  const bin = path.join(into, 'package', member);
  chmodSync(bin, 0o755);
  return bin;
}

/** Node `version` from the `node-<platform>-<arch>` package. */
export async function nodeRuntime(version: string): Promise<Runtime> {
  const dir = await cached(path.join(CACHE, `node-${version}`), (temporary) =>
    binaryFromPackage(`node-${process.platform}-${arch()}@${version}`, 'bin/node', temporary).then(() => {}),
  );
  return { name: 'node', version, bin: path.join(dir, 'package', 'bin', 'node') };
}

/** Bun `version` from the `@oven/bun-<platform>-<arch>` package. */
export async function bunRuntime(version: string): Promise<Runtime> {
  const cpu = process.arch === 'arm64' ? 'aarch64' : 'x64';
  const dir = await cached(path.join(CACHE, `bun-${version}`), (temporary) =>
    binaryFromPackage(`@oven/bun-${process.platform}-${cpu}@${version}`, 'bin/bun', temporary).then(() => {}),
  );
  return { name: 'bun', version, bin: path.join(dir, 'package', 'bin', 'bun') };
}

/** The Node running this script: the machine's. */
export const machineNode = (): Runtime => ({ name: 'node', version: process.versions.node, bin: process.execPath });

/** TypeScript `version` installed on its own; returns its `tsc` bin script. */
export async function typescript(version: string): Promise<string> {
  const dir = await cached(path.join(CACHE, `typescript-${version}`), async (temporary) => {
    writeFileSync(path.join(temporary, 'package.json'), JSON.stringify({ name: 'matrix-typescript', private: true }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', `typescript@${version}`], {
      cwd: temporary,
      env: consumerEnv,
      maxBuffer: 64 * 2 ** 20,
    });
  });
  return path.join(dir, 'node_modules', 'typescript', 'bin', 'tsc');
}
