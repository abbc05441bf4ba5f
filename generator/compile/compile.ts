/**
 * Builds dist/ from src/ in memory, one file at a time with no type check: JavaScript with
 * `transpileModule` and, thanks to isolated declarations (every export of the runtime is
 * annotated), declaration files with `transpileDeclaration`. test/generator type-checks the
 * output under strict as a consumer would.
 *
 * A file's output depends only on its name, its text, TypeScript's version and the options, so it
 * is kept by a hash of those (in memory, and in `cacheDir` when given): the runtime copied from
 * templates/ compiles once, and a spec edit recompiles only the files it changed. The cache is only
 * a shortcut: an unreadable, corrupt or unwritable one means compiling, with the same output.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type TypeScript from 'typescript';
import { GenerationError, type Problem } from '../lib/problems.js';
import type { Files } from '../lib/files.js';

/** Options as tsconfig.json spells them (so they are also the cache key's text). */
const JS_OPTIONS = {
  target: 'ES2022',
  module: 'ESNext',
  verbatimModuleSyntax: true,
  // Declarations as a strict consumer reads them: without it `null` widens to `any` (`{ default: null } as const`).
  strict: true,
  noCheck: true,
  noLib: true,
  noResolve: true,
  types: [],
  newLine: 'lf',
};
const DECLARATION_OPTIONS = { ...JS_OPTIONS, declaration: true, isolatedDeclarations: true };

const require = createRequire(import.meta.url);

/** What a cache entry's key covers besides the file's name and text. */
const COMPILER = JSON.stringify({ typescript: (require('typescript/package.json') as { version: string }).version, JS_OPTIONS, DECLARATION_OPTIONS });

let loaded: { ts: typeof TypeScript; js: TypeScript.CompilerOptions; declaration: TypeScript.CompilerOptions } | undefined;

/**
 * TypeScript, loaded on the first file to compile (none when every file is cached). Required, not
 * imported: as an ES import, Node scans its 9 MB of CommonJS for export names first (~0.3 s).
 */
function typescript(): NonNullable<typeof loaded> {
  if (!loaded) {
    const ts = require('typescript') as typeof TypeScript;
    const convert = (options: object) => ts.convertCompilerOptionsFromJson(options, '/').options;
    loaded = { ts, js: convert(JS_OPTIONS), declaration: convert(DECLARATION_OPTIONS) };
  }
  return loaded;
}

/** Files holding only types (openapi-typescript's output, the aliases): their declarations are their source. */
const TYPES_ONLY = new Set(['src/schema.ts', 'src/types.ts']);

export interface Compiled {
  js: string;
  dts: string;
}

/**
 * Compiled outputs of the last run, by key: a watching process recompiles only what changed, and
 * keeps no more than one run's outputs however long it watches.
 */
let memory = new Map<string, Compiled>();

export interface CompileOptions {
  /** A folder keeping each file's output across runs (created when missing). */
  cacheDir?: string | undefined;
}

export function compileSources(files: Files, options: CompileOptions = {}): Files {
  const out: Files = new Map();
  const problems: Problem[] = [];
  const previous = memory;
  memory = new Map();
  for (const [file, source] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    if (!file.startsWith('src/') || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const stem = `dist/${file.slice('src/'.length, -'.ts'.length)}`;
    if (TYPES_ONLY.has(file)) {
      out.set(`${stem}.js`, 'export {};\n');
      out.set(`${stem}.d.ts`, source);
      continue;
    }
    const compiled = compileCached(file, source, options.cacheDir, problems, previous);
    if (!compiled) continue;
    out.set(`${stem}.js`, compiled.js);
    out.set(`${stem}.d.ts`, compiled.dts);
  }
  const unique = [...new Map(problems.map((p) => [`${p.file}:${p.line}:${p.column}:${p.message}`, p])).values()];
  if (unique.length) throw new GenerationError('Generated TypeScript does not compile:', unique);
  return out;
}

/** One file's output from memory, the cache folder, or the compiler (then kept in both); undefined when it has problems. */
function compileCached(file: string, source: string, cacheDir: string | undefined, problems: Problem[], previous: Map<string, Compiled>): Compiled | undefined {
  const key = createHash('sha256').update(`${COMPILER}\0${file}\0${source}`).digest('hex');
  const known = previous.get(key) ?? (cacheDir === undefined ? undefined : readEntry(cacheDir, key));
  if (known) {
    memory.set(key, known);
    return known;
  }
  const compiled = compileFile(file, source, problems);
  if (!compiled) return undefined;
  memory.set(key, compiled);
  if (cacheDir !== undefined) writeEntry(cacheDir, key, compiled);
  return compiled;
}

function compileFile(file: string, source: string, problems: Problem[]): Compiled | undefined {
  const { ts, js: jsOptions, declaration } = typescript();
  const js = ts.transpileModule(source, { fileName: file, compilerOptions: jsOptions, reportDiagnostics: true });
  const dts = ts.transpileDeclaration(source, { fileName: file, compilerOptions: declaration, reportDiagnostics: true });
  const found = [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])].map((d) => toProblem(ts, d));
  problems.push(...found);
  // TypeScript copies a source's shebang into its declarations too: only the script runs.
  return found.length ? undefined : { js: js.outputText, dts: dts.outputText.replace(/^#![^\n]*\n/, '') };
}

function toProblem(ts: typeof TypeScript, d: TypeScript.Diagnostic): Problem {
  const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
  return {
    ...(d.file && { file: d.file.fileName }),
    ...(pos && { line: pos.line + 1, column: pos.character + 1 }),
    message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
    rule: `TS${d.code}`,
  };
}

/** An entry is a JSON file naming its own key: anything else (truncated, foreign, unreadable) is a miss. */
export function readEntry(cacheDir: string, key: string): Compiled | undefined {
  try {
    const entry = JSON.parse(readFileSync(path.join(cacheDir, `${key}.json`), 'utf8')) as Partial<Compiled & { key: string }>;
    return entry.key === key && typeof entry.js === 'string' && typeof entry.dts === 'string' ? { js: entry.js, dts: entry.dts } : undefined;
  } catch {
    return undefined;
  }
}

/** Written to a temporary name, then renamed: a concurrent reader sees the whole entry or none. */
export function writeEntry(cacheDir: string, key: string, compiled: Compiled): void {
  const tmp = path.join(cacheDir, `.${key}.${process.pid}.tmp`);
  try {
    mkdirSync(cacheDir, { recursive: true });
    writeFileSync(tmp, JSON.stringify({ key, ...compiled }));
    renameSync(tmp, path.join(cacheDir, `${key}.json`));
  } catch {
    try {
      rmSync(tmp, { force: true });
    } catch {
      // the folder itself is unusable: nothing was written
    }
  }
}
