/**
 * The runtimes, compilers and drivers of the matrix, fetched from their npm packages (a binary
 * shipped inside a registry package: `node-<platform>-<arch>`, `@oven/bun-<platform>-<arch>`,
 * `@deno/<platform>-<arch>[-glibc]`; or a package installed on its own: `typescript`,
 * `miniflare` (with workerd), `playwright-core`) and kept under the git-ignored `.cache/matrix/`,
 * one folder per version, reused while it is complete. Chromium is the machine's (Debian's
 * `chromium`): no browser is downloaded.
 */
import { execFile } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { consumerEnv, ROOT } from '../../test/consumer/project.js';

const run = promisify(execFile);
export const CACHE = path.join(ROOT, '.cache', 'matrix');
/** playwright-core, the driver of the machine's Chromium (the browser cells, site.ts); it downloads no browser. */
export const PLAYWRIGHT_VERSION = '1.65.1';
/** Written last into a cached folder: one without it is unfinished and is made again. */
const COMPLETE = '.complete';

export interface Runtime {
  /** `node`, `bun` or `deno`. */
  name: string;
  version: string;
  /** The executable. */
  bin: string;
  /** Arguments before the script's path (`deno run` and its permissions). */
  argv?: string[];
  /** Variables added to the consumer's environment. */
  env?: Record<string, string>;
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

/**
 * Deno `version`, the binary of the platform package the `deno` npm package installs
 * (`@deno/linux-x64-glibc`, ...), run as `deno run` with node_modules resolution (the consumer
 * project's package.json and node_modules, no deno.json, no lock file) and only the permissions a
 * consumer of the package needs: reading the project, the network on loopback.
 */
export async function denoRuntime(version: string): Promise<Runtime> {
  const platform = process.platform === 'linux' ? `linux-${arch()}-glibc` : `${process.platform}-${arch()}`;
  const dir = await cached(path.join(CACHE, `deno-${version}`), (temporary) =>
    binaryFromPackage(`@deno/${platform}@${version}`, 'deno', temporary).then(() => {}),
  );
  return {
    name: 'deno',
    version,
    bin: path.join(dir, 'package', 'deno'),
    argv: ['run', '--quiet', '--no-lock', '--no-config', '--node-modules-dir=manual', '--allow-read', '--allow-net=127.0.0.1,localhost'],
    env: { DENO_DIR: path.join(dir, 'deno-dir'), DENO_NO_UPDATE_CHECK: '1', NO_COLOR: '1' },
  };
}

/** The Node running this script: the machine's. */
export const machineNode = (): Runtime => ({ name: 'node', version: process.versions.node, bin: process.execPath });

/**
 * The npm package `name@version` installed on its own, with its dependencies (no install script
 * runs: workerd's binary comes in its platform package, playwright-core downloads no browser);
 * returns its folder.
 */
export async function npmPackage(name: string, version: string): Promise<string> {
  const dir = await cached(path.join(CACHE, `${name}-${version}`), async (temporary) => {
    writeFileSync(path.join(temporary, 'package.json'), JSON.stringify({ name: `matrix-${name}`, private: true }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', `${name}@${version}`], {
      cwd: temporary,
      env: consumerEnv,
      maxBuffer: 64 * 2 ** 20,
    });
  });
  return path.join(dir, 'node_modules', name);
}

/** TypeScript `version` installed on its own; returns its `tsc` bin script. */
export async function typescript(version: string): Promise<string> {
  return path.join(await npmPackage('typescript', version), 'bin', 'tsc');
}

/** The machine's Chromium (`CHROMIUM`, else Debian's `/usr/bin/chromium`) and its version; undefined when there is none. */
export async function machineChromium(): Promise<Runtime | undefined> {
  const candidates = process.env.CHROMIUM ? [process.env.CHROMIUM] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  const bin = candidates.find((file) => existsSync(file));
  if (!bin) return undefined;
  const { stdout } = await run(bin, ['--version'], { env: consumerEnv });
  return { name: 'chromium', version: /(\d+(?:\.\d+)+)/.exec(stdout)?.[1] ?? stdout.trim(), bin };
}
