/**
 * spec → load → model → pure emitters → one map of files. No I/O but reading inputs (the spec, the
 * templates, and the previous release in the output directory).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenAPI3 } from 'openapi-typescript';
import { loadSpec } from './load/load.js';
import { buildModel, type SpecModel } from './model/model.js';
import type { Files } from './lib/files.js';
import { emitTypesOffThread, startTypesEmitter, stopTypesEmitter } from './emit/types/thread.js';
import { typesFallbacks, type TypesFallback } from './emit/types/fallbacks.js';
import { emitValidators, ONE_FILE, validatorEntries, withRuntimeInlined, type ValidatorEntry, type ValidatorsOutput } from './emit/validators/validators.js';
import { emitValidatorsInChildren } from './emit/validators/process.js';
import { emitClient } from './emit/client/client.js';
import { emitOperations } from './emit/client/operations.js';
import { emitFacts } from './emit/client/facts.js';
import { emitRoutes } from './emit/client/routes.js';
import { bundleForNode, NODE_ENTRY } from './compile/node-bundle.js';
import { bundleTryIt, canBundleTryIt, TRY_IT_FILE } from './compile/try-it-bundle.js';
import { emitMock, type MOCK_SAMPLER_PEERS } from './emit/mock/mock.js';
import { docsPages, emitDocs, searchEntries } from './emit/docs/docs.js';
import { emitSite } from './emit/site/site.js';
import { tryItPages } from './emit/site/try-it-data.js';
import { emitPackage, type PackageInfo } from './emit/package/package.js';
import { clientNames, NamingError, type ClientNames } from './model/package-names.js';
import { emitOpenApi } from './emit/package/openapi.js';
import { CHANGELOG_FILE, OPENAPI_FILE, operationRenames } from './emit/names.js';
import { compileSources } from './compile/compile.js';
import { linearPatterns, unsafePatternMessage, unsafePatterns, type UnsafePattern } from './emit/validators/patterns.js';
import { withBanner } from './output/banner.js';
import { withManifest } from './output/output.js';
import { formatProblem, GenerationError, type Problem } from './lib/problems.js';
import { SourceLocator } from './load/locate.js';
import { lastCommitDate } from './release/git.js';
import { planRelease, type Release } from './release/plan.js';
import { readPreviousRelease } from './release/previous.js';
import { firstVersion } from './release/version.js';

/** The repository, parent of generator/ (where this module's source is, also when launch.mjs runs a compiled copy). */
export const TOOL_ROOT = path.resolve(path.dirname(fileURLToPath(new URL(import.meta.source ?? '', import.meta.url))), '..');

export interface GenerateOptions {
  spec: string;
  lintConfig?: string | undefined;
  templatesDir?: string;
  /** The npm package name (default: `partner-recruitment-client`); names the client too unless `clientName` does (package-names.ts). */
  packageName?: string | undefined;
  /** The PascalCase stem of the factory, client, options and error names (`Partner` → `createPartnerClient`). */
  clientName?: string | undefined;
  /** Compile validators in a child process: default only for large documents. */
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
  /**
   * Receives, while the validators compile, the files emitted so far as the result will most
   * likely hold them (a writer can start on them: output.ts `openTree`). The result's `files`
   * remain the whole output.
   */
  stage?: ((files: Files) => void) | undefined;
}

export interface GenerateResult {
  files: Map<string, string>;
  warnings: string[];
  stats: { validators: number; docPages: number; operations: number; schemas: number };
  /** The package version and how it moved from the previous release's (none for a first release). */
  release: Pick<Release, 'previousVersion' | 'version' | 'changes'>;
}

/** Where compiled runtime files are kept across runs (compile.ts): inside node_modules/, so part of the install, as launch.mjs's builds. */
const COMPILE_CACHE = path.join(TOOL_ROOT, 'node_modules', '.cache', 'partner-recruitment-toolkit', 'typescript');

/** What the package's client needs at run time: its dependencies, at the versions in package.json. */
const CLIENT_DEPENDENCIES = ['openapi-fetch'];
/**
 * What only the mock needs (json-schema-faker samples bodies, ajv and ajv-formats judge the
 * samples): optional peers, so that a production install that never imports the mock skips them.
 * Ranges from the tested versions up: json-schema-faker is 0.x, where a minor release may change
 * what a seed gives.
 */
const MOCK_PEERS: Record<(typeof MOCK_SAMPLER_PEERS)[number], (version: string) => string> = {
  ajv: (v) => `^${v}`,
  'ajv-formats': (v) => `^${v}`,
  'json-schema-faker': (v) => `~${v}`,
};
/** The validators' linear-time engine: a dependency only of a package whose document needs it. */
const LINEAR_ENGINE_DEPENDENCY = 're2js';

/** Schemas plus operations above which validators compile in a child process, and types in the main thread. */
const LARGE_DOCUMENT = 400;

const toolDevDependencies = (): Record<string, string> =>
  (JSON.parse(readFileSync(path.join(TOOL_ROOT, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies;

/** The mock's optional peers and their ranges, as the package's peerDependencies state them (the mock names them when one does not fit). */
const mockPeerRanges = (devDependencies: Record<string, string>): Record<string, string> =>
  Object.fromEntries(Object.entries(MOCK_PEERS).map(([name, range]) => [name, range(devDependencies[name]!)]));

function runtimeDependencies(linearEngine: boolean): Pick<PackageInfo, 'dependencies' | 'mockPeers'> {
  const devDependencies = toolDevDependencies();
  const names = linearEngine ? [...CLIENT_DEPENDENCIES, LINEAR_ENGINE_DEPENDENCY].sort() : CLIENT_DEPENDENCIES;
  return {
    dependencies: Object.fromEntries(names.map((name) => [name, devDependencies[name]!])),
    mockPeers: mockPeerRanges(devDependencies),
  };
}

/** One located warning per place the types read as `unknown` (emit/types/fallbacks.ts). */
function typesWarnings(fallbacks: readonly TypesFallback[], spec: string, files: string[]): string[] {
  if (!fallbacks.length) return [];
  const locator = new SourceLocator(files);
  return fallbacks.map(({ pointer, message }) => {
    const at = locator.locate(spec, pointer);
    const where = at ? { file: at.file, line: at.line, column: at.column } : { file: spec };
    return formatProblem({ ...where, pointer, message: `types: ${message}` }).trim();
  });
}

/** One located warning per unsafe pattern, at the first place it appears (and how many others). */
function patternWarnings(unsafe: readonly UnsafePattern[], spec: string, files: string[]): string[] {
  if (!unsafe.length) return [];
  const locator = new SourceLocator(files);
  return unsafe.map((u) => {
    const [pointer = '', ...others] = u.pointers;
    const at = locator.locate(spec, pointer);
    const more = others.length ? ` (and ${others.length} more place${others.length > 1 ? 's' : ''})` : '';
    const where = at ? { file: at.file, line: at.line, column: at.column } : { file: spec };
    return formatProblem({ ...where, pointer, message: `${unsafePatternMessage(u)}${more}` }).trim();
  });
}

/** Each problem as a warning line, at its file, line and column. */
const locatedWarnings = (problems: readonly Problem[], spec: string, files: string[]): string[] =>
  problems.length ? located(problems, spec, files).map((p) => formatProblem(p).trim()) : [];

/** The package's names, or a GenerationError naming the bad option. */
export function packageNames(options: Pick<GenerateOptions, 'packageName' | 'clientName'>): ClientNames {
  try {
    return clientNames(options.packageName, options.clientName);
  } catch (err) {
    throw err instanceof NamingError ? new GenerationError(err.message) : err;
  }
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const names = packageNames(options);
  const templatesDir = options.templatesDir ?? path.join(TOOL_ROOT, 'templates');
  // openapi-typescript loads in its worker meanwhile, then emits the types while the spec is linted.
  startTypesEmitter();
  let types: Promise<Files> | undefined;
  const bundled = (document: OpenAPI3) => {
    types = emitTypesOffThread(document);
    types.catch(() => {}); // awaited once the document is accepted
  };
  const loaded = await loadSpec(options.spec, {
    lintConfig: options.lintConfig,
    allowExternalRefs: options.allowExternalRefs,
    refTimeoutMs: options.refTimeoutMs,
    refMaxBytes: options.refMaxBytes,
    bundled,
  });
  try {
    return await emitAll(options, names, loaded, templatesDir, types!); // (set: loadSpec calls `bundled` before it resolves)
  } catch (err) {
    throw err instanceof GenerationError ? locateProblems(err, options.spec, loaded.files) : err;
  }
}

/** Problems found in the bundled document get the file and line they come from. */
function located(problems: readonly Problem[], spec: string, files: string[]): Problem[] {
  const locator = new SourceLocator(files);
  return problems.map((p) => {
    if (p.file || p.pointer === undefined) return p;
    const at = locator.locate(spec, p.pointer);
    return at ? { ...p, file: at.file, line: at.line, column: at.column } : { ...p, file: spec };
  });
}

const locateProblems = (err: GenerationError, spec: string, files: string[]): GenerationError =>
  new GenerationError(err.summary, located(err.problems, spec, files));

async function emitAll(
  options: GenerateOptions,
  names: ClientNames,
  loaded: Awaited<ReturnType<typeof loadSpec>>,
  templatesDir: string,
  types: Promise<Files>,
): Promise<GenerateResult> {
  const sources: Files = new Map();
  const add = (files: Files) => {
    for (const [k, v] of files) sources.set(k, v);
  };
  // Serialised before anything else reads the document, so it is exactly the bundle.
  add(emitOpenApi(loaded.document));
  const model = buildModel(loaded.document);
  // git answers while the emitters run.
  const pendingDate = lastCommitDate(
    loaded.files.map((file) => path.resolve(file)),
    path.dirname(path.resolve(options.spec)),
  );

  // A large document's validators compile in child processes while this one emits the rest (a
  // child's start-up costs more than it saves on a small one). The types worker then ends once it
  // has answered: it holds another copy of the document and of its types (memory).
  const large = model.schemaNames.length + model.operations.length > LARGE_DOCUMENT;
  const packageName = names.package;
  // Patterns that can backtrack catastrophically: reported, and matched in linear time where RE2 can.
  const unsafe = unsafePatterns(loaded.document);
  const linear = linearPatterns(unsafe);
  const pendingValidators: Promise<ValidatorsOutput> =
    (options.validatorsInChild ?? large)
      ? emitValidatorsInChildren(loaded.document, model, undefined, linear, packageName)
      : Promise.resolve().then(() => emitValidators(model, undefined, linear, packageName));
  pendingValidators.catch(() => {});
  // Everything that needs neither the types nor the validators comes first: both may still be on their way.
  const facts = emitFacts(model);
  const client = emitClient(model, templatesDir, names);
  const operations = emitOperations(model);
  const mock = emitMock(model, templatesDir, packageName, sources.get(OPENAPI_FILE)!, mockPeerRanges(toolDevDependencies()));
  // The docs name each validator: emitted while the validators compile, for every validator the
  // document asks for, and again in the rare case that compiling skipped one.
  const expected = validatorEntries(model);
  const emitDocsFor = (entries: ValidatorEntry[]) => emitDocs(model, templatesDir, entries, { packageName });
  let docs = emitDocsFor(expected);
  const release = planPackageRelease(options, sources.get(OPENAPI_FILE)!, model, await pendingDate);
  add(await types);
  if (large) stopTypesEmitter();
  add(facts);
  add(client);
  add(operations);
  add(mock);
  if (release.changelog !== undefined) sources.set(CHANGELOG_FILE, release.changelog);
  const banner = bannerOnce();
  if (options.stage) {
    const early = new Map([...sources, ...docs, ...compileSources(sources, { cacheDir: COMPILE_CACHE })]);
    options.stage(new Map([...early].map(([file, text]) => [file, banner(file, text)])));
  }

  const validators = await pendingValidators;
  add(validators.files);
  // What the client loads per operation names its validators: the ones compiled.
  add(emitRoutes(model, validators.entries, validators.compiled, packageName));
  if (!sameValidators(validators.entries, expected)) docs = emitDocsFor(validators.entries);
  add(docs);
  // The site renders every docs page, the mock's among them (emit/site/site.ts).
  add(emitSite(sources, templatesDir, { title: model.title, entries: searchEntries(model), tryIt: tryItPages(model) }));
  add(compileSources(sources, { cacheDir: COMPILE_CACHE }));
  // The site's "Try it": the compiled mock and validators as one classic script (compile/try-it-bundle.ts).
  if (canBundleTryIt(sources)) sources.set(TRY_IT_FILE, await bundleTryIt(sources, TOOL_ROOT, COMPILE_CACHE));
  // Node's build of the client's entry: one file (compile/node-bundle.ts).
  if (sources.has(NODE_ENTRY.from)) sources.set(NODE_ENTRY.to, await bundleForNode(sources, COMPILE_CACHE));
  // Node's build of the validators holds the runtime helpers it imports, now compiled.
  if (sources.has(ONE_FILE))
    sources.set(
      ONE_FILE,
      withRuntimeInlined(sources.get(ONE_FILE)!, (file) => sources.get(file)),
    );
  add(
    emitPackage(
      model,
      { name: packageName, names, ...runtimeDependencies(Object.keys(linear).length > 0), version: release.version },
      [...sources.keys()],
      templatesDir,
    ),
  );

  const files = withManifest(new Map([...sources].map(([file, text]) => [file, banner(file, text)])));
  // Every page under docs/, the mock's included: the count the package README states.
  const docPages = [...sources.keys()].filter((f) => f.startsWith('docs/') && f.endsWith('.md'));
  return {
    files,
    warnings: [
      ...loaded.warnings.map((w) => formatProblem(w).trim()),
      ...locatedWarnings(operationRenames(model.operations), options.spec, loaded.files),
      ...patternWarnings(unsafe, options.spec, loaded.files),
      ...typesWarnings(typesFallbacks(loaded.document, { rewrite: false }), options.spec, loaded.files),
      ...validators.warnings,
    ],
    // An operation's body that is its same-named component shares that validator: counted once.
    stats: {
      validators: validators.entries.filter((e) => !e.sameAsComponent).length,
      docPages: docPages.length,
      operations: model.operations.length,
      schemas: model.schemaNames.length,
    },
    release: { previousVersion: release.previousVersion, version: release.version, changes: release.changes },
  };
}

/**
 * `withBanner`, giving the same string again for the same file and text: a staged file is then
 * recognised as final by identity, not by comparing its bytes.
 */
function bannerOnce(): (file: string, text: string) => string {
  const done = new Map<string, { text: string; withBanner: string }>();
  return (file, text) => {
    const known = done.get(file);
    if (known?.text === text) return known.withBanner;
    const result = withBanner(file, text);
    done.set(file, { text, withBanner: result });
    return result;
  };
}

/** The validators compiled are those expected (compiling keeps them in order, skipping some). */
const sameValidators = (compiled: readonly ValidatorEntry[], expected: readonly ValidatorEntry[]): boolean =>
  compiled.length === expected.length && compiled.every((e, i) => e.name === expected[i]!.name && e.pointer === expected[i]!.pointer);

/**
 * The release after `options.out`'s previous one, for the bundle as shipped (`openapiJson`, the
 * emitted openapi.json, parsed as the next generation will read it, and only when there is a
 * previous document to compare it with). A new entry is dated `date`: the last commit of the
 * spec's files, undefined while they have uncommitted changes.
 */
function planPackageRelease(options: GenerateOptions, openapiJson: string, model: SpecModel, date: string | undefined): Release {
  const previous = options.out === undefined ? undefined : readPreviousRelease(options.out);
  // info.version matters (and is judged, located in the spec) only when there is no previous version.
  const first = previous?.version === undefined ? firstVersion(model.version) : previous.version;
  try {
    return planRelease({
      previousDocument: previous?.document,
      previousVersion: previous?.version,
      previousChangelog: previous?.changelog,
      get nextDocument(): object {
        return JSON.parse(openapiJson) as object;
      },
      firstVersion: first,
      date: () => date,
      links: docsPages(model),
    });
  } catch (err) {
    // The one input planRelease judges besides the documents: the previous package.json's version.
    if (err instanceof GenerationError && previous)
      throw new GenerationError(
        err.summary,
        err.problems.map((p) => ({ ...p, file: p.file ?? previous.label('package.json') })),
      );
    throw err;
  }
}
