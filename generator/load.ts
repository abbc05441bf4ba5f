/**
 * Load: bundle a multi-file OpenAPI document once with Redocly's library and lint it with the
 * repository's redocly.yaml (or Redocly's `minimal` rules for a document from elsewhere).
 * Every problem comes back located: file, line:column and JSON pointer.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  BaseResolver,
  bundle,
  createConfig,
  getLineColLocation,
  lint,
  loadConfig,
  type Config,
  type NormalizedProblem,
} from '@redocly/openapi-core';
import type { OpenAPI3 } from 'openapi-typescript';
import { GenerationError, type Problem } from './problems.js';

export interface LoadedSpec {
  /** The bundled document: one object, internal `$ref`s only. */
  document: OpenAPI3;
  /** Every file the document was read from, relative to the working directory. */
  files: string[];
  /** Lint warnings (errors stop loading). */
  warnings: Problem[];
}

export interface LoadOptions {
  /** A redocly.yaml to lint with; without it Redocly's `minimal` ruleset applies. */
  lintConfig?: string | undefined;
}

const relative = (file: string) => path.relative(process.cwd(), file) || file;

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
  return { file: relative(m[2]!), line: Number(m[3]), column: Number(m[4]), message: `YAML syntax error: ${m[1]}`, rule: 'yaml' };
}

async function configFor(options: LoadOptions): Promise<Config> {
  if (options.lintConfig) {
    if (!existsSync(options.lintConfig)) throw new GenerationError(`Lint configuration not found: ${options.lintConfig}`);
    return loadConfig({ configPath: options.lintConfig });
  }
  return createConfig({ extends: ['minimal'] });
}

export async function loadSpec(specFile: string, options: LoadOptions = {}): Promise<LoadedSpec> {
  if (!existsSync(specFile) || !statSync(specFile).isFile()) {
    throw new GenerationError(`Spec file not found: ${specFile}`, [{ file: specFile, message: 'no such file' }]);
  }
  const config = await configFor(options);
  const externalRefResolver = new BaseResolver(config.resolve);
  const ref = path.resolve(specFile);

  let bundled;
  try {
    bundled = await bundle({ ref, config, externalRefResolver, dereference: false });
  } catch (err) {
    throw fromThrown(err, specFile);
  }
  const bundleErrors = bundled.problems.filter((p) => p.severity === 'error' && !p.ignored);
  if (bundleErrors.length) {
    const problems = dedupe(bundleErrors.map((p) => yamlSyntaxProblem(p) ?? locate(p)));
    throw new GenerationError(`${specFile} does not resolve:`, problems);
  }
  const document = bundled.bundle.parsed as OpenAPI3;
  const version = (document as { openapi?: unknown }).openapi;
  if (typeof version !== 'string' || !/^3\.[01]\./.test(version)) {
    throw new GenerationError(`${specFile} is not an OpenAPI 3.0 or 3.1 document`, [
      { file: relative(ref), pointer: '/openapi', message: `expected "3.0.x" or "3.1.x", found ${JSON.stringify(version ?? null)}` },
    ]);
  }

  const lintProblems = (await lint({ ref, config, externalRefResolver })).filter((p) => !p.ignored);
  const errors = lintProblems.filter((p) => p.severity === 'error').map(locate);
  if (errors.length) throw new GenerationError(`${specFile} has ${errors.length} lint error(s):`, errors);

  const files = [...bundled.fileDependencies, ref].map(relative).sort();
  return { document, files: [...new Set(files)], warnings: lintProblems.filter((p) => p.severity === 'warn').map(locate) };
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
      { file: relative(e.source.absoluteRef), line: e.line, column: e.col ?? 0, message: `YAML syntax error: ${(e.originalError?.message ?? e.message ?? '').split('\n')[0]!.replace(/ in ".*" \(\d+:\d+\)$/, '')}`, rule: 'yaml' },
    ]);
  }
  return new GenerationError(`${specFile} could not be loaded: ${e.message ?? String(err)}`);
}
