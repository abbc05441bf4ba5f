/**
 * Builds dist/ from src/ in memory: JavaScript with `transpileModule`, declarations with
 * `transpileDeclaration` (isolated declarations: every export of the runtime is annotated, so no
 * whole-program type check is needed here; test/generator type-checks the output under strict).
 */
import ts from 'typescript';
import { GenerationError, type Problem } from './problems.js';
import type { Files } from './emit/types.js';

const compilerOptions: ts.CompilerOptions = {
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  newLine: ts.NewLineKind.LineFeed,
  strict: true,
};
const declarationOptions: ts.CompilerOptions = { ...compilerOptions, declaration: true, isolatedDeclarations: true };

export function compileSources(files: Files): Files {
  const out: Files = new Map();
  const problems: Problem[] = [];
  for (const [file, source] of files) {
    if (!file.startsWith('src/') || !file.endsWith('.ts') || file.endsWith('.d.ts')) continue;
    const stem = `dist/${file.slice('src/'.length, -'.ts'.length)}`;
    const js = ts.transpileModule(source, { compilerOptions, fileName: file, reportDiagnostics: true });
    const dts = ts.transpileDeclaration(source, { compilerOptions: declarationOptions, fileName: file, reportDiagnostics: true });
    for (const d of [...(js.diagnostics ?? []), ...(dts.diagnostics ?? [])]) {
      const pos = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined;
      problems.push({
        file,
        ...(pos && { line: pos.line + 1, column: pos.character + 1 }),
        message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
        rule: `TS${d.code}`,
      });
    }
    out.set(`${stem}.js`, js.outputText.replace(/\n\/\/# sourceMappingURL=.*$/, ''));
    out.set(`${stem}.d.ts`, dts.outputText);
  }
  const unique = [...new Map(problems.map((p) => [`${p.file}:${p.line}:${p.column}:${p.message}`, p])).values()];
  if (unique.length) throw new GenerationError('Generated TypeScript does not compile:', unique);
  return out;
}
