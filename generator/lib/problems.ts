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

/**
 * An error as it crosses to a worker thread's or a child process's parent (structured clone):
 * a GenerationError keeps its summary and problems; anything else its name, message and stack.
 */
export type ErrorReply = { ok: false } & ({ summary: string; problems: readonly Problem[] } | { crash: { name: string; message: string; stack: string } });

export function toErrorReply(err: unknown): ErrorReply {
  if (err instanceof GenerationError) return { ok: false, summary: err.summary, problems: err.problems };
  const e = err instanceof Error ? err : new Error(String(err));
  return { ok: false, crash: { name: e.name, message: e.message, stack: e.stack ?? '' } };
}

/**
 * The error again in the parent. An unexpected one keeps its name, the first line of its message
 * after `step` (the CLI prints one located line) and the other side's stack (for --debug).
 */
export function fromErrorReply(reply: ErrorReply, step: string): Error {
  if (!('crash' in reply)) return new GenerationError(reply.summary, reply.problems);
  const error = new Error(`${step}: ${reply.crash.message.split('\n')[0]}`);
  error.name = reply.crash.name;
  error.stack = reply.crash.stack;
  return error;
}
