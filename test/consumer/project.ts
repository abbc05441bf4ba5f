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
import { TSC } from '../tsc.js';

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

/** The mock's optional peers (json-schema-faker samples, ajv judges), at the locked versions: what a consumer using the mock installs. */
export const mockPeers = (): string[] => ['ajv', 'ajv-formats', 'json-schema-faker'].map((name) => `${name}@${lockVersion(name)}`);

/** `npm pack` of `packageDir` into `destination`. */
export async function packPackage(packageDir: string, destination: string): Promise<{ packed: PackResult; tarball: string }> {
  // An absolute path, never a bare folder name: `npm pack generated` would fetch the registry's "generated" package.
  const { stdout } = await run('npm', ['pack', path.resolve(packageDir), '--pack-destination', destination, '--json'], {
    cwd: destination,
    env: consumerEnv,
    maxBuffer: 64 * 2 ** 20,
  });
  const packed = (JSON.parse(stdout) as PackResult[])[0]!;
  return { packed, tarball: path.join(destination, packed.filename) };
}

/**
 * A new project in `dir` with `specs` installed (a tarball, `name@version`). `--prefer-offline`:
 * tarballs come from the cache `npm ci` filled; the registry is asked only for metadata the cache
 * lacks (a fresh CI machine has none, so --offline fails there). `--ignore-scripts`: no install
 * script runs (msw's postinstall only copies its browser worker).
 */
export async function installProject(dir: string, specs: string[]): Promise<void> {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name: 'consumer-app', private: true, type: 'module' }));
  await run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--ignore-scripts', '--save-exact', ...specs], {
    cwd: dir,
    env: consumerEnv,
    maxBuffer: 64 * 2 ** 20,
  });
}

/** Packs `packageDir` and installs the tarball into a new project in the OS temp folder, with `extra` packages (`name@version`) beside it. */
export async function createConsumerProject(packageDir: string, extra: string[] = []): Promise<ConsumerProject> {
  const work = mkdtempSync(path.join(os.tmpdir(), 'consumer-'));
  try {
    const { packed, tarball } = await packPackage(packageDir, work);
    const dir = path.join(work, 'app');
    await installProject(dir, [tarball, ...extra]);
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

/** Module settings of each resolution a consumer may use. */
export const RESOLUTIONS = {
  node16: { module: 'node16', moduleResolution: 'node16' },
  nodenext: { module: 'nodenext', moduleResolution: 'nodenext' },
  bundler: { module: 'esnext', moduleResolution: 'bundler' },
} as const;

export interface TypeCheck {
  /** The project holding the installed package. */
  dir: string;
  /** TypeScript files of test/fixtures/consumer, copied into the project and checked in one program. */
  fixtures: string[];
  resolution: keyof typeof RESOLUTIONS;
  /** The `tsc` to run (its bin script), by default the suite's (test/tsc.ts). */
  tsc?: string;
}

/**
 * Type-checks fixtures in the project under `strict` with `skipLibCheck: false`; the result's
 * output is tsc's (empty when it passes).
 */
export async function typeCheck({ dir, fixtures, resolution, tsc = TSC }: TypeCheck): Promise<{ code: number; output: string }> {
  for (const fixture of fixtures) copyFileSync(path.join(FIXTURES, fixture), path.join(dir, fixture));
  const config = `tsconfig.${fixtures.map((f) => path.basename(f, '.ts')).join('+')}.${resolution}.json`;
  const compilerOptions = {
    ...RESOLUTIONS[resolution],
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    types: [],
    strict: true,
    skipLibCheck: false,
    noEmit: true,
  };
  writeFileSync(path.join(dir, config), JSON.stringify({ compilerOptions, files: fixtures }, null, 2));
  return run(process.execPath, [tsc, '-p', config], { cwd: dir, env: consumerEnv, maxBuffer: 64 * 2 ** 20 }).then(
    () => ({ code: 0, output: '' }),
    (err: { code?: number; stdout?: string; stderr?: string }) => ({
      code: typeof err.code === 'number' ? err.code : 1,
      output: `${err.stdout ?? ''}${err.stderr ?? ''}` || String(err),
    }),
  );
}
