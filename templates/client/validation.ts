/**
 * Validation runtime: wraps a precompiled ajv function into a type guard whose problems name a
 * JSON pointer and a readable message.
 */

/** What ajv's standalone code exports for each schema. */
export interface CompiledValidator {
  (data: unknown): boolean;
  errors?: AjvError[] | null;
}

interface AjvError {
  instancePath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

export interface ValidationProblem {
  /** JSON pointer into the validated value; `''` is the value itself. */
  readonly pointer: string;
  /** Readable message, e.g. `must be <= 1000`. */
  readonly message: string;
  /** The JSON Schema keyword that failed, e.g. `maximum`, `required`, `x-future-date-time`. */
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

export type ValidationResult<T> = { readonly valid: true; readonly value: T } | { readonly valid: false; readonly problems: readonly ValidationProblem[] };

export interface Validator<T> {
  /** Type guard. After a call, `problems` lists every problem found (empty when valid). */
  (data: unknown): data is T;
  readonly problems: readonly ValidationProblem[];
  /** Validates without shared state: the result carries the value or the problems. */
  check(data: unknown): ValidationResult<T>;
  readonly validatorName: string;
}

export interface OperationValidators {
  readonly query?: Validator<unknown>;
  readonly request?: Validator<unknown>;
  readonly responses: Readonly<Record<string, Validator<unknown>>>;
}

/** `if` failures only say "must match then schema"; the failing keyword inside is reported itself. */
const NOISE = new Set(['if']);

export function toProblems(errors: readonly AjvError[] | null | undefined): ValidationProblem[] {
  return (errors ?? [])
    .filter((e) => !NOISE.has(e.keyword))
    .map((e) => ({
      pointer: e.instancePath,
      message: describe(e),
      keyword: e.keyword,
      params: e.params,
    }));
}

function describe(e: AjvError): string {
  const message = e.message ?? `must pass ${e.keyword}`;
  if (e.keyword === 'enum' && Array.isArray(e.params.allowedValues)) {
    const allowed = e.params.allowedValues as unknown[];
    return allowed.length <= 12 ? `${message}: ${allowed.map((v) => JSON.stringify(v)).join(', ')}` : `${message} (${allowed.length} allowed values)`;
  }
  if (e.keyword === 'false schema') return 'must not be present';
  if (e.keyword === 'const') return `${message} ${JSON.stringify(e.params.allowedValue)}`;
  if (e.keyword === 'additionalProperties') return `${message}: ${String(e.params.additionalProperty)}`;
  return message;
}

/** A problem list as text, one `pointer: message` per line. */
export function formatProblems(problems: readonly ValidationProblem[]): string {
  return problems.map((p) => `${p.pointer || '(root)'}: ${p.message}`).join('\n');
}

export function createValidator<T>(name: string, compiled: CompiledValidator): Validator<T> {
  let last: readonly ValidationProblem[] = [];
  const check = (data: unknown): ValidationResult<T> => {
    if (compiled(data)) return { valid: true, value: data as T };
    return { valid: false, problems: toProblems(compiled.errors) };
  };
  const guard = (data: unknown): data is T => {
    const result = check(data);
    last = result.valid ? [] : result.problems;
    return result.valid;
  };
  return Object.defineProperties(guard, {
    problems: { get: () => last, enumerable: true },
    check: { value: check },
    validatorName: { value: name },
  }) as Validator<T>;
}
