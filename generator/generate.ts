/**
 * spec → load → model → pure emitters → one map of files. No I/O but reading inputs (the spec, the
 * templates, and the previous release in the output directory).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpec } from './load.js';
import { buildModel, type SpecModel } from './model.js';
import type { Files } from './emit/types.js';
import { emitTypesOffThread, startTypesEmitter } from './types-thread.js';
import { emitValidators, type ValidatorsOutput } from './emit/validators.js';
import { emitValidatorsInChildren } from './emit/validators-process.js';
import { emitClient } from './emit/client.js';
import { emitMock } from './emit/mock.js';
import { docsPages, emitDocs } from './emit/docs.js';
import { DEFAULT_PACKAGE_NAME, emitPackage } from './emit/package.js';
import { emitOpenApi, OPENAPI_FILE } from './emit/openapi.js';
import { compileSources } from './compile.js';
import { withBanner } from './banner.js';
import { withManifest } from './output.js';
import { formatProblem, GenerationError } from './problems.js';
import { SourceLocator } from './locate.js';
import { CHANGELOG_FILE } from './release/changelog.js';
import { lastCommitDate } from './release/git.js';
import { planRelease, type Release } from './release/plan.js';
import { readPreviousRelease } from './release/previous.js';
import { firstVersion } from './release/version.js';

/** The repository, parent of generator/ (where this module's source is, also when launch.mjs runs a compiled copy). */
export const TOOL_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.source ?? import.meta.url)), '..');

export interface GenerateOptions {
  spec: string;
  lintConfig?: string | undefined;
  templatesDir?: string;
  packageName?: string;
  /** Compile validators in child processes: default only for large documents. */
  validatorsInChild?: boolean;
  /** Let `$ref`s read files outside the spec's folder and http(s) URLs (default: no). */
  allowExternalRefs?: boolean | undefined;
  /** How long a `$ref`ed URL may take to answer, in ms (default: resolve.ts DEFAULT_REF_TIMEOUT_MS). */
  refTimeoutMs?: number | undefined;
  /** The most bytes a `$ref`ed URL may answer (default: resolve.ts DEFAULT_REF_MAX_BYTES). */
  refMaxBytes?: number | undefined;
  /**
   * The output directory whose previous release (release/previous.ts) this generation follows: its
   * version moves and CHANGELOG.md gets an entry when the document changed. None: a first release.
   */
  out?: string | undefined;
}

export interface GenerateResult {
  files: Map<string, string>;
  warnings: string[];
  stats: { validators: number; docPages: number; operations: number; schemas: number };
  /** The package version and how it moved from the previous release's (none for a first release). */
  release: Pick<Release, 'previousVersion' | 'version' | 'changes'>;
}

/** Where compiled runtime files are kept across runs (compile.ts). */
const COMPILE_CACHE = path.join(TOOL_ROOT, '.cache', 'typescript');

/** The generated package's dependencies (json-schema-faker: the mock's data sampler), at the versions in package.json. */
const RUNTIME_DEPENDENCIES = ['openapi-fetch', 'ajv', 'ajv-formats', 'json-schema-faker'];

/** Schemas plus operations above which validators compile in child processes, and types in the main thread. */
const LARGE_DOCUMENT = 400;

function runtimeDependencies(): Record<string, string> {
  const pkg = JSON.parse(readFileSync(path.join(TOOL_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
  return Object.fromEntries(RUNTIME_DEPENDENCIES.map((name) => [name, pkg.devDependencies[name]!]));
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const templatesDir = options.templatesDir ?? path.join(TOOL_ROOT, 'templates');
  // openapi-typescript loads in its worker meanwhile.
  startTypesEmitter();
  const loaded = await loadSpec(options.spec, { lintConfig: options.lintConfig, allowExternalRefs: options.allowExternalRefs, refTimeoutMs: options.refTimeoutMs, refMaxBytes: options.refMaxBytes });
  try {
    return await emitAll(options, loaded, templatesDir);
  } catch (err) {
    throw err instanceof GenerationError ? locateProblems(err, options.spec, loaded.files) : err;
  }
}

/** Problems found in the bundled document get the file and line they come from. */
function locateProblems(err: GenerationError, spec: string, files: string[]): GenerationError {
  const locator = new SourceLocator(files);
  const problems = err.problems.map((p) => {
    if (p.file || p.pointer === undefined) return p;
    const at = locator.locate(spec, p.pointer);
    return at ? { ...p, file: at.file, line: at.line, column: at.column } : { ...p, file: spec };
  });
  return new GenerationError(err.summary, problems);
}

async function emitAll(options: GenerateOptions, loaded: Awaited<ReturnType<typeof loadSpec>>, templatesDir: string): Promise<GenerateResult> {
  const sources: Files = new Map();
  const add = (files: Files) => files.forEach((v, k) => sources.set(k, v));
  // Serialised before anything else reads the document, so it is exactly the bundle.
  add(emitOpenApi(loaded.document));
  const model = buildModel(loaded.document);
  // git answers while the emitters run.
  const pendingDate = lastCommitDate(loaded.files.map((file) => path.resolve(file)), path.dirname(path.resolve(options.spec)));

  // A large document's validators compile in child processes while this one emits the rest (a
  // child's start-up costs more than it saves on a small one). Its types are emitted in this thread:
  // the types worker would hold another copy of the document and of its types (memory).
  const large = model.schemaNames.length + model.operations.length > LARGE_DOCUMENT;
  const pendingValidators: Promise<ValidatorsOutput> = (options.validatorsInChild ?? large) ? emitValidatorsInChildren(loaded.document, model) : Promise.resolve().then(() => emitValidators(model));
  pendingValidators.catch(() => {});
  add(await emitTypesOffThread(model, { inThread: large }));
  add(emitClient(model, templatesDir));
  add(emitMock(model, templatesDir, options.packageName ?? DEFAULT_PACKAGE_NAME));
  const validators = await pendingValidators;
  add(validators.files);
  const docs = emitDocs(model, templatesDir, validators.entries, { packageName: options.packageName ?? DEFAULT_PACKAGE_NAME });
  add(docs);
  const docPages = [...docs.keys()].filter((f) => f.startsWith('docs/'));
  add(compileSources(sources, { cacheDir: COMPILE_CACHE }));
  const release = planPackageRelease(options, JSON.parse(sources.get(OPENAPI_FILE)!) as object, model, await pendingDate);
  if (release.changelog !== undefined) sources.set(CHANGELOG_FILE, release.changelog);
  add(emitPackage(model, { name: options.packageName ?? DEFAULT_PACKAGE_NAME, dependencies: runtimeDependencies(), version: release.version }, [...sources.keys()], templatesDir));

  const files = withManifest(new Map([...sources].map(([file, text]) => [file, withBanner(file, text)])));
  return {
    files,
    warnings: [...loaded.warnings.map((w) => formatProblem(w).trim()), ...validators.warnings],
    // An operation's body that is its same-named component shares that validator: counted once.
    stats: { validators: validators.entries.filter((e) => !e.sameAsComponent).length, docPages: docPages.length, operations: model.operations.length, schemas: model.schemaNames.length },
    release: { previousVersion: release.previousVersion, version: release.version, changes: release.changes },
  };
}

/**
 * The release after `options.out`'s previous one, for the bundle as shipped (`bundle`, parsed from
 * the emitted openapi.json as the next generation will read it). A new entry is dated `date`: the
 * last commit of the spec's files, undefined while they have uncommitted changes.
 */
function planPackageRelease(options: GenerateOptions, bundle: object, model: SpecModel, date: string | undefined): Release {
  const previous = options.out === undefined ? undefined : readPreviousRelease(options.out);
  try {
    return planRelease({
      previousDocument: previous?.document,
      previousVersion: previous?.version,
      previousChangelog: previous?.changelog,
      nextDocument: bundle,
      firstVersion: firstVersion(model.version),
      date: () => date,
      links: docsPages(model),
    });
  } catch (err) {
    // The one input planRelease judges besides the documents: the previous package.json's version.
    if (err instanceof GenerationError && previous) throw new GenerationError(err.summary, err.problems.map((p) => ({ ...p, file: p.file ?? previous.label('package.json') })));
    throw err;
  }
}
