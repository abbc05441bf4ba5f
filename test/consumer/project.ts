/**
 * A project outside the repository that installs a generated package the way another repository
 * does: `npm pack` of the package folder, then `npm install` of the tarball (plus any extra
 * packages) from the npm cache where it can. Scripts run in it as real child processes.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

export const run = promisify(execFile);
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Scripts copied into consumer projects (plain ESM JavaScript, as a consumer writes them). */
export const FIXTURES = path.join(ROOT, 'test', 'fixtures', 'consumer');

// `npm test` exports npm_* variables describing this repository; the consumer's npm must not see them.
const KEEP = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_registry']);
export const consumerEnv: NodeJS.ProcessEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) || KEEP.has(k.toLowerCase())));

export interface PackResult {
  /** The package's name. */
  name: string;
  filename: string;
  files: { path: string }[];
}

export interface ConsumerProject {
  /** The temporary folder holding the tarball and the project (removed by `dispose`). */
  work: string;
  /** The consumer project's folder. */
  dir: string;
  tarball: string;
  packed: PackResult;
  /** Copies a script of test/fixtures/consumer into the project; returns its file name. */
  addScript(name: string): string;
  /** Runs `node <script> ...args` in the project and parses the JSON it prints. */
  runScript<T>(script: string, args?: string[], timeoutMs?: number): Promise<T>;
  dispose(): void;
}

/** The version of `name` in the repository's lockfile. */
export function lockVersion(name: string): string {
  const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8')) as { packages: Record<string, { version: string }> };
  return lock.packages[`node_modules/${name}`]!.version;
}

/**
 * Packs `packageDir` and installs the tarball into a new project in the OS temp folder, with
 * `extra` packages (`name@version`) beside it. `--prefer-offline`: tarballs come from the cache
 * `npm ci` filled; the registry is asked only for metadata the cache lacks (a fresh CI machine
 * has none, so --offline fails there). `--ignore-scripts`: no install script runs (msw's
 * postinstall only copies its browser worker).
 */
export async function createConsumerProject(packageDir: string, extra: string[] = []): Promise<ConsumerProject> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'consumer-'));
  try {
    // An absolute path, never a bare folder name: `npm pack generated` would fetch the registry's "generated" package.
    const { stdout } = await run('npm', ['pack', path.resolve(packageDir), '--pack-destination', work, '--json'], { cwd: work, env: consumerEnv, maxBuffer: 64 * 2 ** 20 });
    const packed = (JSON.parse(stdout) as PackResult[])[0]!;
    const tarball = path.join(work, packed.filename);
    const dir = path.join(work, 'app');
    mkdirSync(dir);
    writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
    await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', tarball, ...extra], { cwd: dir, env: consumerEnv });
    return {
      work,
      dir,
      tarball,
      packed,
      addScript(name) {
        copyFileSync(path.join(FIXTURES, name), path.join(dir, name));
        return name;
      },
      async runScript<T>(script: string, args: string[] = [], timeoutMs = 60_000) {
        const { stdout } = await run(process.execPath, [script, ...args], { cwd: dir, env: consumerEnv, timeout: timeoutMs, maxBuffer: 64 * 2 ** 20 });
        return JSON.parse(stdout) as T;
      },
      dispose: () => rmSync(work, { recursive: true, force: true }),
    };
  } catch (err) {
    rmSync(work, { recursive: true, force: true });
    throw err;
  }
}
