/**
 * Builds dist/ from src/ in memory, in one TypeScript program with no type check (`noCheck`):
 * JavaScript and, thanks to isolated declarations (every export of the runtime is annotated),
 * declaration files. test/generator type-checks the output under strict as a consumer would.
 */
import ts from 'typescript';
import { GenerationError, type Problem } from './problems.js';
import type { Files } from './emit/types.js';

const ROOT = '/virtual/src/';
const OUT = '/virtual/dist/';

const options: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  declaration: true,
  isolatedDeclarations: true,
  // Declarations as a strict consumer reads them: without it `null` widens to `any` (`{ default: null } as const`).
  strict: true,
  noCheck: true,
  noLib: true,
  noResolve: true,
  types: [],
  rootDir: ROOT,
  outDir: OUT,
  newLine: ts.NewLineKind.LineFeed,
};

/** Files holding only types (openapi-typescript's output, the aliases): their declarations are their source. */
const TYPES_ONLY = new Set(['src/schema.ts', 'src/types.ts']);

export function compileSources(files: Files): Files {
  const out: Files = new Map();
  const sources = new Map<string, string>();
  for (const [file, source] of files) {
    if (!file.startsWith('src/') || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const stem = `dist/${file.slice('src/'.length, -'.ts'.length)}`;
    if (TYPES_ONLY.has(file)) {
      out.set(`${stem}.js`, 'export {};\n');
      out.set(`${stem}.d.ts`, source);
    } else sources.set(`${ROOT}${file.slice('src/'.length)}`, source);
  }

  const host = ts.createCompilerHost(options);
  host.getSourceFile = (name, languageVersion) => (sources.has(name) ? ts.createSourceFile(name, sources.get(name)!, languageVersion, true) : undefined);
  host.fileExists = (name) => sources.has(name);
  host.readFile = (name) => sources.get(name);
  host.writeFile = (name, text) => {
    // TypeScript copies a source's shebang into its declarations too: only the script runs.
    if (name.startsWith(OUT)) out.set(`dist/${name.slice(OUT.length)}`, name.endsWith('.d.ts') ? text.replace(/^#![^\n]*\n/, '') : text);
  };
  const program = ts.createProgram([...sources.keys()].sort(), options, host);
  const emitted = program.emit();

  const problems: Problem[] = [...program.getSyntacticDiagnostics(), ...emitted.diagnostics].map((d) => {
    const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
    return {
      ...(d.file && { file: `src/${d.file.fileName.slice(ROOT.length)}` }),
      ...(pos && { line: pos.line + 1, column: pos.character + 1 }),
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      rule: `TS${d.code}`,
    };
  });
  const unique = [...new Map(problems.map((p) => [`${p.file}:${p.line}:${p.column}:${p.message}`, p])).values()];
  if (unique.length) throw new GenerationError('Generated TypeScript does not compile:', unique);
  return out;
}
