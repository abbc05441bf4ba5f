/**
 * Load: bundle a multi-file OpenAPI document once with Redocly's library and lint it with the
 * repository's redocly.yaml (or Redocly's `minimal` rules for a document from elsewhere).
 * Every file is read through `SpecResolver` (what a `$ref` may read, YAML alias budget), and the
 * bundle keeps the author's component names (author-names.ts).
 * Every problem comes back located: file, line:column and JSON pointer.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import { bundle, createConfig, getLineColLocation, lint, loadConfig, type Config, type NormalizedProblem } from '@redocly/openapi-core';
import type { OpenAPI3 } from 'openapi-typescript';
import { parseDocument } from 'yaml';
import { readFileSync } from 'node:fs';
import { GenerationError, type Problem } from '../lib/problems.js';
import { SourceLocator } from './locate.js';
import { SpecResolver, type RefPolicy } from './resolve.js';
import { adoptAuthorNames } from './author-names.js';
import { checkAliasExpansion } from './aliases.js';

export interface LoadedSpec {
  /** The bundled document: one object, internal `$ref`s only. */
  document: OpenAPI3;
  /** Every file the document was read from, relative to the working directory. */
  files: string[];
  /** Lint warnings (errors stop loading). */
  warnings: Problem[];
}

export interface LoadOptions extends RefPolicy {
  /** A redocly.yaml to lint with; without it the structural rules apply. */
  lintConfig?: string | undefined;
  /**
   * Called with the bundled document as `loadSpec` resolves it, before linting, so that work on it
   * can start while lint runs (which does not change it, and may still refuse it).
   */
  bundled?: ((document: OpenAPI3) => void) | undefined;
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

/** The `openapi` versions generation reads: 3.0.x and 3.1.x. */
const SUPPORTED_VERSION = /^3\.[01]\.\d+/;
/** "3.0" or "3.1": accepted as 3.0.x / 3.1.x (openapi-typescript reads them so), with a warning. */
const VERSION_WITHOUT_PATCH = /^3\.[01]$/;
const supported = (version: unknown) => typeof version === 'string' && (SUPPORTED_VERSION.test(version) || VERSION_WITHOUT_PATCH.test(version));

function locate(p: NormalizedProblem): Problem {
  const loc = p.location[0];
  const out: Problem = { message: p.message, rule: p.ruleId };
  if (!loc) return out;
  out.file = relative(loc.source.absoluteRef);
  out.pointer = loc.pointer?.replace(/^#/, '') ?? '';
  try {
    const { start } = getLineColLocation(loc);
    out.line = start.line;
    out.column = start.col;
  } catch {
    // the source could not be parsed, so it has no line to point at
  }
  return out;
}

/** YAML syntax errors surface as "Failed to parse" problems; js-yaml puts line and column in the text. */
function yamlSyntaxProblem(p: NormalizedProblem): Problem | undefined {
  const m = /^(?:Failed to parse|Can't resolve \$ref): (.*?) in "(.+?)" \((\d+):(\d+)\)/s.exec(p.message);
  if (!m) return undefined;
  return { file: relative(m[2]!), line: Number(m[3]), column: Number(m[4]), message: `syntax error: ${m[1]}`, rule: 'syntax' };
}

/**
 * A document from elsewhere is checked for what generation needs (structure and references; the
 * model checks unique operation ids and declared path parameters itself), not for style:
 * Redocly's `minimal` ruleset costs six times as long on a large document and mostly warns.
 */
const STRUCTURAL_RULES = { struct: 'error', 'no-unresolved-refs': 'error' } as const;

async function configFor(options: LoadOptions): Promise<Config> {
  if (!options.lintConfig) return createConfig({ rules: STRUCTURAL_RULES });
  const file = options.lintConfig;
  if (!existsSync(file)) throw new GenerationError(`Lint configuration not found: ${file}`, [{ file, message: 'no such file' }]);
  try {
    return await loadConfig({ configPath: file });
  } catch (err) {
    const e = err as { line?: number; col?: number; message?: string };
    const message = String(e.message ?? err)
      .split('\n')[0]!
      .replace(/ in ".*" \(\d+:\d+\)$/, '');
    throw new GenerationError(`Lint configuration ${file} is invalid:`, [
      { file: relative(path.resolve(file)), ...(typeof e.line === 'number' && { line: e.line, column: e.col ?? 0 }), message },
    ]);
  }
}

/**
 * Checks the root file's syntax (YAML or JSON, with line:column) and `openapi` version, to locate
 * what Redocly refuses without a place. Run only when bundling fails or the version is wrong: a
 * second parse of a large root costs seconds.
 */
function precheckRoot(specFile: string): void {
  const file = relative(path.resolve(specFile));
  const text = readFileSync(specFile, 'utf8');
  const doc = parseDocument(text);
  const syntax = doc.errors[0];
  if (syntax) {
    const pos = syntax.linePos?.[0];
    throw new GenerationError(`${specFile} has a syntax error:`, [
      {
        file,
        ...(pos && { line: pos.line, column: pos.col }),
        message: `syntax error: ${syntax.message.split('\n')[0]!.replace(/ at line \d+, column \d+:?$/, '')}`,
        rule: 'syntax',
      },
    ]);
  }
  const aliases = checkAliasExpansion(text);
  if (aliases)
    throw new GenerationError(`${specFile} is refused:`, [
      { file, line: aliases.line, column: aliases.column, message: aliases.message, rule: 'yaml-aliases' },
    ]);
  // Within the alias budget: the yaml package's own, stricter alias count need not apply.
  const root: unknown = doc.toJS({ maxAliasCount: -1 });
  if (root === null || typeof root !== 'object' || Array.isArray(root)) {
    throw new GenerationError(`${specFile} is not an OpenAPI document:`, [
      { file, line: 1, column: 1, message: root == null ? 'the file is empty' : 'expected an object at the top level' },
    ]);
  }
  const version = (root as Record<string, unknown>).openapi;
  if (!supported(version)) {
    const swagger = (root as Record<string, unknown>).swagger;
    const at = new SourceLocator().locate(specFile, swagger !== undefined && version === undefined ? '/swagger' : version === undefined ? '' : '/openapi');
    const found = version === undefined ? (swagger !== undefined ? `swagger ${JSON.stringify(swagger)}` : 'no openapi field') : JSON.stringify(version);
    throw new GenerationError(`${specFile} is not an OpenAPI 3.0 or 3.1 document:`, [
      { file, ...(at && { line: at.line, column: at.column }), pointer: '/openapi', message: `expected "openapi: 3.0.x" or "3.1.x", found ${found}` },
    ]);
  }
}

export async function loadSpec(specFile: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  if (!existsSync(specFile) || !statSync(specFile).isFile()) {
    throw new GenerationError(`Spec file not found: ${specFile}`, [{ file: specFile, message: 'no such file' }]);
  }
  const config = await configFor(options);
  const externalRefResolver = new SpecResolver(specFile, config.resolve, options);
  const ref = path.resolve(specFile);
  const refusedInside = () => {
    if (externalRefResolver.problems.length) throw new GenerationError(`${specFile} is refused:`, externalRefResolver.problems);
  };

  const versionWarnings = await completeVersion(externalRefResolver, ref, specFile);
  let bundled: Awaited<ReturnType<typeof bundle>>;
  try {
    bundled = await bundle({ ref, config, externalRefResolver, dereference: false });
  } catch (err) {
    refusedInside();
    precheckRoot(specFile);
    throw fromThrown(err, specFile);
  }
  refusedInside();
  const bundleErrors = bundled.problems.filter((p) => p.severity === 'error' && !p.ignored);
  if (bundleErrors.length) {
    const problems = dedupe(bundleErrors.map((p) => yamlSyntaxProblem(p) ?? withRefTarget(locate(p))));
    throw new GenerationError(`${specFile} does not resolve:`, problems);
  }
  const document = bundled.bundle.parsed as OpenAPI3;
  adoptAuthorNames(document, externalRefResolver.authoredComponents);
  if (!supported((document as { openapi?: unknown }).openapi)) precheckRoot(specFile);
  options.bundled?.(document);

  // Bundling rewrites the documents it read in the resolver's cache (the root gains the lifted
  // components): lint reads the files afresh, so each problem points into the file that holds it.
  const lintResolver = new SpecResolver(specFile, config.resolve, options);
  await completeVersion(lintResolver, ref, specFile);
  const lintProblems = (await lint({ ref, config, externalRefResolver: lintResolver })).filter((p) => !p.ignored);
  const errors = lintProblems.filter((p) => p.severity === 'error').map(locate);
  if (errors.length) {
    // Redocly's struct rule reads every schema in the OpenAPI version's own dialect: a schema
    // written in draft-04 or draft-07 (`$schema`) needs rules of the author's choosing.
    const hint =
      !options.lintConfig && errors.some((e) => e.rule === 'struct')
        ? ' (for schemas in another JSON Schema dialect, choose the rules with --lint-config <file>)'
        : '';
    throw new GenerationError(`${specFile} has ${errors.length} lint error(s)${hint}:`, errors);
  }

  const files = [...bundled.fileDependencies, ref].map(relative).sort();
  return { document, files: [...new Set(files)], warnings: [...versionWarnings, ...lintProblems.filter((p) => p.severity === 'warn').map(locate)] };
}

/**
 * `openapi: "3.0"` or `"3.1"`: Redocly reads only "3.0.x" and "3.1.x", so the root as parsed gets
 * ".0" (its resolver caches it: bundle and lint read that copy), with a warning at the field.
 */
async function completeVersion(resolver: SpecResolver, ref: string, specFile: string): Promise<Problem[]> {
  let parsed: unknown;
  try {
    parsed = ((await resolver.resolveDocument(null, ref, true)) as { parsed?: unknown }).parsed;
  } catch {
    return []; // bundling reports it, located
  }
  if (parsed === null || typeof parsed !== 'object') return [];
  const root = parsed as { openapi?: unknown };
  if (typeof root.openapi !== 'string' || !VERSION_WITHOUT_PATCH.test(root.openapi)) return [];
  const warning = versionWithoutPatch(specFile, root.openapi);
  root.openapi = `${root.openapi}.0`;
  return [warning];
}

function versionWithoutPatch(specFile: string, version: string): Problem {
  const at = new SourceLocator().locate(specFile, '/openapi');
  return {
    file: relative(path.resolve(specFile)),
    ...(at && { line: at.line, column: at.column }),
    pointer: '/openapi',
    message: `"openapi: ${version}" has no patch version: read as ${version}.x (write e.g. "${version}.0")`,
    rule: 'openapi-version',
  };
}

/** An unresolved `$ref` problem names the target it could not find. */
function withRefTarget(problem: Problem): Problem {
  if (!problem.file || problem.pointer === undefined || !/resolve/i.test(problem.message) || /: refused: /.test(problem.message)) return problem;
  const node = new SourceLocator().locate(problem.file, problem.pointer)?.value as { $ref?: unknown } | undefined;
  return typeof node?.$ref === 'string' ? { ...problem, message: `${problem.message}: ${JSON.stringify(node.$ref)} not found` } : problem;
}

function dedupe(problems: Problem[]): Problem[] {
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.file}:${p.line}:${p.column}:${p.pointer}:${p.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function fromThrown(err: unknown, specFile: string): GenerationError {
  const e = err as { line?: number; col?: number; source?: { absoluteRef?: string }; originalError?: Error; message?: string };
  if (typeof e.line === 'number' && e.source?.absoluteRef) {
    return new GenerationError(`${specFile} is not valid YAML:`, [
      {
        file: relative(e.source.absoluteRef),
        line: e.line,
        column: e.col ?? 0,
        message: `syntax error: ${(e.originalError?.message ?? e.message ?? '').split('\n')[0]!.replace(/ in ".*" \(\d+:\d+\)$/, '')}`,
        rule: 'syntax',
      },
    ]);
  }
  return new GenerationError(`${specFile} could not be loaded:`, [
    { file: relative(path.resolve(specFile)), message: String(e.message ?? err).split('\n')[0]! },
  ]);
}
