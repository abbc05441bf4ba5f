/** A located problem: where it is (file, JSON pointer, line:column) and what is wrong. */
export interface Problem {
  file?: string;
  pointer?: string;
  line?: number;
  column?: number;
  message: string;
  rule?: string;
}

/** Thrown for bad input: the CLI prints every problem and exits 1. */
export class GenerationError extends Error {
  readonly summary: string;
  readonly problems: readonly Problem[];
  constructor(summary: string, problems: readonly Problem[] = []) {
    super(problems.length ? `${summary}\n${problems.map(formatProblem).join('\n')}` : summary);
    this.name = 'GenerationError';
    this.summary = summary;
    this.problems = problems;
  }
}

/** Text safe inside a generated block comment. */
export const commentSafe = (text: string): string => text.replaceAll('*/', '*\\/');

export function formatProblem(p: Problem): string {
  let where = p.file ?? '';
  if (p.line !== undefined) where += `:${p.line}${p.column !== undefined ? `:${p.column}` : ''}`;
  if (p.pointer !== undefined) where += `${where ? ' ' : ''}#${p.pointer}`;
  const rule = p.rule ? ` (${p.rule})` : '';
  return `  ${where ? `${where}: ` : ''}${p.message}${rule}`;
}
