/**
 * npm run bench:fetch: downloads what the scale benchmark compares against into the git-ignored
 * .cache/bench/ (needs the registry; nothing here is a dependency of the repository):
 *  - GitHub's REST description from `@octokit/openapi` (`npm pack`, then the one JSON file);
 *  - @hey-api/openapi-ts in its own .cache/bench/hey-api project. 0.95.0 is its last release
 *    whose engines allow Node 20 (later ones need Node >= 22.13); a failed install is recorded
 *    in status.json and the benchmark prints the reason. Its `typescript` peer is pinned to the
 *    repository's version: left to npm, the peer range resolves to TypeScript 7, whose API it cannot load;
 *  - Prism (@stoplight/prism-cli) in .cache/bench/prism, for the mock benchmark. 5.14.2 is its last
 *    release whose engines allow Node 20 (5.15.10 and later need Node >= 24.14).
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CACHE, childEnv, ROOT } from './shared.js';
import { GITHUB_SPEC } from './github.js';

const OCTOKIT = '@octokit/openapi@23.0.2';
const HEY_API = '@hey-api/openapi-ts@0.95.0';
const HEY_API_DIR = 'hey-api';
const PRISM = '@stoplight/prism-cli@5.14.2';
const PRISM_DIR = 'prism';
const TYPESCRIPT = `typescript@${(JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies.typescript}`;
const MEMBER = 'package/generated/api.github.com.json'; // OpenAPI 3.0.3; the package ships no 3.1 variant for api.github.com

const npm = (args: string[], cwd: string) =>
  execFileSync('npm', args, { cwd, env: childEnv, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 64 * 2 ** 20 });

mkdirSync(CACHE, { recursive: true });

const [packed] = JSON.parse(npm(['pack', OCTOKIT, '--pack-destination', CACHE, '--json'], CACHE)) as { filename: string }[];
const tarball = path.join(CACHE, packed!.filename);
writeFileSync(GITHUB_SPEC, execFileSync('tar', ['-xOzf', tarball, MEMBER], { maxBuffer: 256 * 2 ** 20 }));
rmSync(tarball);
console.log(`${OCTOKIT}: ${MEMBER} → ${path.relative(process.cwd(), GITHUB_SPEC)}`);

/**
 * Installs `packages` into their own project .cache/bench/<dir> (its own package.json, so npm
 * installs there and not into the repository above) and runs `<bin> --version`; a failure is
 * recorded in its status.json, whose reason the benchmark prints.
 */
function installPeer(dir: string, bin: string, packages: string[]): void {
  const peerDir = path.join(CACHE, dir);
  rmSync(peerDir, { recursive: true, force: true });
  mkdirSync(peerDir);
  writeFileSync(path.join(peerDir, 'package.json'), JSON.stringify({ name: `bench-${dir}`, private: true }));
  try {
    npm(['install', '--no-save', '--no-audit', '--no-fund', ...packages], peerDir);
    execFileSync(path.join(peerDir, 'node_modules', '.bin', bin), ['--version'], { cwd: peerDir, env: childEnv, stdio: 'pipe' });
    console.log(`${packages[0]}: installed in ${path.relative(process.cwd(), peerDir)}`);
  } catch (err) {
    const e = err as { stderr?: string; message: string };
    const reason =
      (e.stderr ?? e.message)
        .split('\n')
        .filter((l) => /error/i.test(l))
        .slice(0, 3)
        .join(' ') || e.message.split('\n')[0]!;
    writeFileSync(path.join(peerDir, 'status.json'), JSON.stringify({ reason }));
    console.log(`${packages[0]}: not installed: ${reason}`);
  }
}

installPeer(HEY_API_DIR, 'openapi-ts', [HEY_API, TYPESCRIPT]);
installPeer(PRISM_DIR, 'prism', [PRISM]);
