/**
 * The `npm run diff` command (entry point: generator/cli/diff.ts): the classified changes between
 * two versions of the spec (default: HEAD's against the working tree's), for spec reviews and CI.
 * Exit codes: 0 ok, 1 `--fail-on` matched or invalid input, 2 usage.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, type Io } from './arguments.js';
import { loadSpec } from '../load/load.js';
import { GenerationError } from '../lib/problems.js';
import { countByLevel, groupChanges, highestLevel, LEVELS, type Change, type Level } from '../release/changes.js';
import { diffDocuments } from '../release/diff.js';
import { commitOf, exportAt, fileAt, MAX_EXPORTED_FILE_BYTES, repositoryRoot } from '../release/git.js';

const USAGE = `Usage: npm run diff -- [options]
  --base <ref|file>   the version to compare against: a git commit-ish (its spec/ and redocly.yaml) or a file (default: HEAD)
  --head <file>       the new version (default: spec/openapi.yaml of the working tree)
  --json              print JSON instead of text
  --fail-on <level>   exit 1 when a change is at least this level: breaking, or additive (breaking or additive)
  --help              show this text`;

const DEFAULT_SPEC = path.join('spec', 'openapi.yaml');
const LINT_CONFIG = 'redocly.yaml';
const BUMP: Record<Level, string> = { breaking: 'major', additive: 'minor', docs: 'patch' };
const FAIL_ON = ['breaking', 'additive'] as const;

const options = {
  base: { type: 'string', default: 'HEAD' },
  head: { type: 'string' },
  json: { type: 'boolean', default: false },
  'fail-on': { type: 'string' },
  help: { type: 'boolean', default: false },
} as const;

class UsageError extends Error {}

const isFile = (file: string) => existsSync(file) && statSync(file).isFile();

/** A spec to load: its file, the lint configuration of its tree, and what to call it. */
interface Side {
  spec: string;
  lintConfig: string | undefined;
  label: string;
  /** A commit's copy: the ref it came from, the temporary folder to delete afterwards, the files left out for their size. */
  exported?: { ref: string; commit: string; dir: string; tooLarge: Map<string, number>; remove: () => void };
}

/** The redocly.yaml at the top of the tree a spec belongs to, when the spec is inside it. */
function lintConfigFor(spec: string, root: string | undefined): string | undefined {
  if (!root || path.relative(root, path.resolve(spec)).startsWith('..')) return undefined;
  const config = path.join(root, LINT_CONFIG);
  return isFile(config) ? config : undefined;
}

function headSide(head: string | undefined, root: string | undefined, cwd: string): Side {
  const spec = head ?? path.relative(cwd, path.join(root ?? cwd, DEFAULT_SPEC));
  return { spec, lintConfig: lintConfigFor(spec, repositoryRoot(path.dirname(path.resolve(spec)))), label: spec };
}

/** A file, or the commit's copy of the head spec's folder (and redocly.yaml) in a temporary folder. */
function baseSide(base: string, head: Side, root: string | undefined): Side {
  if (isFile(base)) return { spec: base, lintConfig: lintConfigFor(base, repositoryRoot(path.dirname(path.resolve(base)))), label: base };
  const commit = root && commitOf(root, base);
  if (!root || !commit)
    throw new UsageError(`--base ${JSON.stringify(base)} is neither a file nor a git commit${root ? '' : ' (not inside a git repository)'}`);
  const inRepo = path.relative(root, path.resolve(head.spec));
  const specPath = (inRepo.startsWith('..') ? DEFAULT_SPEC : inRepo).split(path.sep).join('/');
  if (!fileAt(root, commit, specPath)) throw new GenerationError(`${base}:${specPath} does not exist`, []);
  const folder = path.posix.dirname(specPath);
  const exported = exportAt(root, commit, folder === '.' ? ['.'] : [folder, LINT_CONFIG]);
  const config = path.join(exported.dir, LINT_CONFIG);
  return {
    spec: path.join(exported.dir, specPath),
    lintConfig: isFile(config) ? config : undefined,
    label: `${base}:${specPath}`,
    exported: { ref: base, commit, ...exported },
  };
}

/** Bundles a side; its problems name `<ref>:<path>` rather than the temporary folder. */
async function load(side: Side, cwd: string): Promise<object> {
  try {
    return (await loadSpec(side.spec, { lintConfig: side.lintConfig })).document;
  } catch (err) {
    if (!(err instanceof GenerationError) || !side.exported) throw err;
    const { ref, commit, dir, tooLarge } = side.exported;
    const rename = (text: string) =>
      text
        .split(dir + path.sep)
        .join(`${ref}:`)
        .split(path.relative(cwd, dir) + path.sep)
        .join(`${ref}:`);
    // A file the spec needs was left out for its size: that is the refusal.
    const needed = [...tooLarge].find(([file]) =>
      rename(`${err.summary}\n${err.problems.map((p) => `${p.file}\n${p.message}`).join('\n')}`).includes(`${ref}:${file}`),
    );
    if (needed) {
      const [file, bytes] = needed;
      throw new GenerationError(
        `${ref}:${file} (commit ${commit.slice(0, 12)}) has ${bytes} bytes, more than the ${MAX_EXPORTED_FILE_BYTES} a spec file may have: not read`,
        [],
      );
    }
    throw new GenerationError(
      rename(err.summary),
      err.problems.map((p) => ({ ...p, message: rename(p.message), ...(p.file !== undefined && { file: rename(p.file) }) })),
    );
  }
}

function text(changes: Change[], base: string, head: string): string {
  const level = highestLevel(changes);
  const lines = [`${base} → ${head}: ${changes.length ? `${countByLevel(changes, true)} (a ${BUMP[level!]} version)` : 'no changes'}`];
  for (const l of LEVELS) {
    const groups = groupChanges(changes.filter((c) => c.level === l));
    if (!groups.length) continue;
    lines.push('', `${l}:`);
    for (const group of groups) {
      const { pointer, rule, message } = group[0]!;
      const operations = group.flatMap((c) => (c.operation === undefined ? [] : [JSON.stringify(c.operation)]));
      lines.push(`  #${pointer}: ${message} (${rule})${operations.length ? ` in ${operations.join(', ')}` : ''}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** Runs the command as the command line does and resolves with the exit code. */
export async function runDiff(argv: string[], io: Io, cwd = process.cwd()): Promise<number> {
  const usage = (message: string) => {
    io.stderr(`${message}\n\n${USAGE}\n`);
    return 2;
  };
  const parsed = parseCommandLine(argv, options, USAGE, io);
  if (typeof parsed === 'number') return parsed;
  const args = parsed;
  const failOn = args['fail-on'];
  if (failOn !== undefined && !(FAIL_ON as readonly string[]).includes(failOn))
    return usage(`--fail-on must be one of ${FAIL_ON.join(', ')}, not ${JSON.stringify(failOn)}`);

  const sides: Side[] = [];
  try {
    const root = repositoryRoot(cwd);
    const head = headSide(args.head, root, cwd);
    if (!isFile(head.spec)) throw new UsageError(`--head ${JSON.stringify(head.spec)} is not a file`);
    sides.push(head);
    const base = baseSide(args.base, head, root);
    sides.push(base);
    const changes = diffDocuments(await load(base, cwd), await load(head, cwd));
    if (args.json) {
      const level = highestLevel(changes);
      io.stdout(`${JSON.stringify({ base: base.label, head: head.label, bump: level ? BUMP[level] : 'none', changes }, null, 2)}\n`);
    } else io.stdout(text(changes, base.label, head.label));
    const fails = failOn !== undefined && changes.some((c) => LEVELS.indexOf(c.level) <= LEVELS.indexOf(failOn as Level));
    return fails ? 1 : 0;
  } catch (err) {
    if (err instanceof UsageError) return usage(err.message);
    if (err instanceof GenerationError) {
      io.stderr(`error: ${err.message}\n`);
      return 1;
    }
    const e = err instanceof Error ? err : new Error(String(err));
    io.stderr(`error: diff failed unexpectedly: ${e.name}: ${e.message.split('\n')[0]}\n`);
    return 1;
  } finally {
    for (const side of sides) side.exported?.remove();
  }
}
