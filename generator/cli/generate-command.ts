/**
 * The command line: npm run generate [-- --check] [--watch] [--spec <file> --out <dir>] [--lint-config <file>]
 * [--package-name <name>] [--client-name <Name>] [--allow-external-refs] [--debug]
 * Exit codes: 0 ok, 1 invalid input, refused output directory, stale output or unexpected failure, 2 usage.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { parseCommandLine, processIo, type Io } from './arguments.js';
import { generate, TOOL_ROOT, type GenerateResult } from '../generate.js';
import { countByLevel } from '../release/changes.js';
import { checkTree, isOutputPath, isStale, openTree, type StagedTree } from '../output/output.js';
import { DEFAULT_REF_MAX_BYTES, DEFAULT_REF_TIMEOUT_MS } from '../load/resolve.js';
import { GenerationError } from '../lib/problems.js';
import { clientNames, NamingError } from '../model/package-names.js';

const USAGE = `Usage: npm run generate -- [options]
  --spec <file>         OpenAPI 3.0 or 3.1 document (default: spec/openapi.yaml)
  --out <dir>           output directory (default: generated)
  --package-name <name> the generated package's npm name (default: partner-recruitment-client)
  --client-name <Name>  what the client API is named: create<Name>Client, <Name>Client,
                        <Name>ClientOptions, <Name>ClientError (a PascalCase identifier; default:
                        from --package-name, its scope and a last word "client" or "sdk" dropped:
                        @acme/my-api-client → MyApi; with neither option, Partner)
  --lint-config <file>  redocly.yaml to lint with (default: redocly.yaml for spec/, Redocly's minimal rules otherwise)
  --allow-external-refs let $refs read files outside the spec's folder and http(s) URLs
                        (each URL must answer within ${DEFAULT_REF_TIMEOUT_MS / 1000} s, in at most ${DEFAULT_REF_MAX_BYTES / 1024 / 1024} MiB)
  --check               compare with the output directory, write nothing; exit 1 listing stale files
  --watch               regenerate when the spec or templates change
  --debug               print the stack of an unexpected failure
  --help                show this text

--out must be a new or empty directory, or one generated before: it is replaced as a whole.

The package version moves from the output directory's previous release (as last committed to git,
else as on disk) by the largest change of the document: breaking → major, additive → minor,
documentation → patch; CHANGELOG.md gets an entry. See \`npm run diff -- --help\`.`;

const MAX_WARNINGS = 10;

/**
 * How long --watch waits after a change for more: an editor's save (write, rename) or a checkout
 * arrives as a burst of events within a few milliseconds, and ends in one regeneration.
 */
const WATCH_SETTLE_MS = 30;
const isDirectory = (dir: string): boolean => statSync(dir, { throwIfNoEntry: false })?.isDirectory() === true;

/** How often a removed watched folder is looked for. */
const WATCH_RETURN_POLL_MS = 200;

/** `; version 1.0.0 → 2.0.0 (2 breaking, 1 additive)` when the document changed since the previous release. */
function versionMove({ previousVersion, version, changes }: GenerateResult['release']): string {
  return changes.length ? `; version ${previousVersion ?? '(none)'} → ${version} (${countByLevel(changes)})` : '';
}

const options = {
  spec: { type: 'string' },
  out: { type: 'string' },
  'lint-config': { type: 'string' },
  'package-name': { type: 'string' },
  'client-name': { type: 'string' },
  'allow-external-refs': { type: 'boolean', default: false },
  debug: { type: 'boolean', default: false },
  check: { type: 'boolean', default: false },
  watch: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} as const;

/**
 * Runs the generator as the command line does and resolves with the exit code. With --watch it
 * resolves once the first run is done and keeps watching until `stop()` is called.
 */
export async function runCli(argv: string[], io: Io = processIo): Promise<{ code: number; stop: () => void }> {
  const none = () => {};
  const parsed = parseCommandLine(argv, options, USAGE, io);
  if (typeof parsed === 'number') return { code: parsed, stop: none };
  const args = parsed;
  if (args.check && args.watch) {
    io.stderr(`--check and --watch cannot be combined\n\n${USAGE}\n`);
    return { code: 2, stop: none };
  }

  try {
    clientNames(args['package-name'], args['client-name']);
  } catch (err) {
    if (!(err instanceof NamingError)) throw err;
    io.stderr(`${err.message}\n\n${USAGE}\n`);
    return { code: 2, stop: none };
  }

  const defaultSpec = path.join(TOOL_ROOT, 'spec', 'openapi.yaml');
  const spec = args.spec ?? path.relative(process.cwd(), defaultSpec);
  const out = args.out ?? path.relative(process.cwd(), path.join(TOOL_ROOT, 'generated'));
  const lintConfig = args['lint-config'] ?? (path.resolve(spec) === defaultSpec ? path.join(TOOL_ROOT, 'redocly.yaml') : undefined);
  /** What the output directory may be neither equal to nor contain. */
  const protect = [spec, ...(lintConfig ? [lintConfig] : []), path.join(TOOL_ROOT, 'templates'), TOOL_ROOT, process.cwd()];

  async function runOnce(): Promise<number> {
    const started = performance.now();
    // Written while generation runs (see GenerateOptions.stage), swapped in once it succeeds.
    let tree: StagedTree | undefined;
    try {
      if (!args.check) tree = openTree(out, protect);
      const result = await generate({
        spec,
        lintConfig,
        allowExternalRefs: args['allow-external-refs'],
        out,
        stage: tree?.write,
        packageName: args['package-name'],
        clientName: args['client-name'],
      });
      for (const w of result.warnings.slice(0, MAX_WARNINGS)) io.stderr(`warning: ${w}\n`);
      if (result.warnings.length > MAX_WARNINGS) io.stderr(`warning: … and ${result.warnings.length - MAX_WARNINGS} more\n`);
      const seconds = ((performance.now() - started) / 1000).toFixed(2);
      const { validators, docPages, operations, schemas } = result.stats;
      const counts = `${result.files.size} files: ${operations} operations, ${schemas} schemas, ${validators} validators, ${docPages} doc pages`;
      if (args.check) {
        const stale = checkTree(out, result.files);
        if (isStale(stale)) {
          const lines = [
            ...stale.changed.map((f) => `  changed: ${path.join(out, f)}`),
            ...stale.missing.map((f) => `  missing: ${path.join(out, f)}`),
            ...stale.extra.map((f) => `  not generated: ${path.join(out, f)}`),
          ];
          io.stderr(`${out}/ is stale (${lines.length} files); run \`npm run generate\` and commit the result:\n${lines.join('\n')}\n`);
          return 1;
        }
        io.stdout(`${out}/ is up to date (${counts}), checked in ${seconds}s\n`);
        return 0;
      }
      tree!.commit(result.files);
      io.stdout(`wrote ${counts} to ${out}/ in ${seconds}s${versionMove(result.release)}\n`);
      return 0;
    } catch (err) {
      const unchanged = `${out}/ was left unchanged.\n`;
      if (err instanceof GenerationError) {
        io.stderr(`error: ${err.message}\n${unchanged}`);
        return 1;
      }
      // A bug, or a library failing on hostile input: one located line, the stack only on request.
      const e = err instanceof Error ? err : new Error(String(err));
      const detail = args.debug ? `\n${e.stack ?? ''}` : ' (--debug prints the stack)';
      io.stderr(`error: ${spec}: generation failed unexpectedly: ${e.name}: ${e.message.split('\n')[0]}${detail}\n${unchanged}`);
      return 1;
    } finally {
      tree?.discard();
    }
  }

  if (!args.watch) return { code: await runOnce(), stop: none };

  // Watching starts before the first run, so that an edit made while it runs is not missed. The
  // output directory and its temporary siblings (it may lie in the spec's folder) hold the run's
  // own writes. chokidar watches each folder, not each file (Node 20's recursive fs.watch loses a
  // file an editor saves by renaming a new copy over it). Symbolic links are not followed: a link
  // to the folder itself or a parent would be a loop, and a $ref may not leave the folder anyway.
  const dirs = [path.dirname(path.resolve(spec)), path.join(TOOL_ROOT, 'templates')];
  const shown = (dir: string) => path.relative(process.cwd(), dir) || '.';
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => (running = running.then(runOnce)), WATCH_SETTLE_MS);
  };
  const { default: chokidar } = await import('chokidar'); // only when watching: 10 ms to load
  const watcher = chokidar.watch(dirs, { ignoreInitial: true, followSymlinks: false, ignored: (file) => isOutputPath(out, file) });
  // A watched folder removed (a branch switch, a fresh copy moved in) is watched again once it is back.
  const gone = new Set<string>();
  let poll: NodeJS.Timeout | undefined;
  const lookForReturn = () => {
    for (const dir of gone) {
      if (!isDirectory(dir)) continue;
      gone.delete(dir);
      watcher.add(dir);
      io.stderr(`${shown(dir)} is back: watching it again\n`);
      schedule();
    }
    if (!gone.size) poll = void clearInterval(poll);
  };
  watcher.on('all', (event, file) => {
    const dir = path.resolve(file);
    if (event === 'unlinkDir' && dirs.includes(dir) && !gone.has(dir)) {
      gone.add(dir);
      io.stderr(`warning: ${shown(dir)} was removed; watching for it to come back\n`);
      poll ??= setInterval(lookForReturn, WATCH_RETURN_POLL_MS);
      return;
    }
    schedule();
  });
  try {
    await new Promise<void>((resolve, reject) => watcher.once('ready', resolve).once('error', reject));
  } catch (err) {
    void watcher.close();
    io.stderr(`error: cannot watch ${dirs.map(shown).join(', ')}: ${(err as Error).message}\n`);
    return { code: 1, stop: none };
  }
  watcher.on('error', (err) => io.stderr(`warning: watching: ${(err as Error).message}\n`));
  const first = await (running = runOnce());
  io.stdout(`watching ${dirs.map(shown).join(', ')} (Ctrl-C to stop)\n`);
  return {
    code: first,
    stop: () => {
      clearTimeout(timer);
      clearInterval(poll);
      void watcher.close();
    },
  };
}
