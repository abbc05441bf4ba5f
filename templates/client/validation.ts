/**
 * Validation runtime: wraps a precompiled ajv function into a type guard whose problems name a
 * JSON pointer and a readable message. A validation always gives a result: it never throws, reports
 * at most `maxProblems` problems, and its problems share nothing with the compiled schemas.
 */

import { unescapeToken } from './pointer.js';

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
  /**
   * The JSON Schema keyword that failed, e.g. `maximum`, `required`, `x-future-date-time`; or
   * `validation-aborted` when the value could not be validated at all (nested too deeply, too large).
   */
  readonly keyword: string;
  readonly params: Readonly<Record<string, unknown>>;
}

/** How many problems a validation reports unless told otherwise: the first ones found. */
export const DEFAULT_MAX_PROBLEMS = 100;

export interface CheckOptions {
  /**
   * Report at most this many problems (default {@link DEFAULT_MAX_PROBLEMS}; at least 1). `Infinity`
   * reports every problem collected: the compiled validators store the first 1,000 of a value.
   */
  readonly maxProblems?: number;
}

export type ValidationResult<T> = { readonly valid: true; readonly value: T } | { readonly valid: false; readonly problems: readonly ValidationProblem[] };

/**
 * Standard Schema v1 (standardschema.dev), written out here so that the package needs no runtime
 * dependency for it: structurally the `StandardSchemaV1` of `@standard-schema/spec`, which
 * test/types/standard-schema.test.ts holds it to.
 */
export interface StandardSchemaV1<Input = unknown, Output = Input> {
  readonly '~standard': StandardSchemaV1.Props<Input, Output>;
}

export declare namespace StandardSchemaV1 {
  export interface Props<Input = unknown, Output = Input> {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => Result<Output> | Promise<Result<Output>>;
    readonly types?: Types<Input, Output> | undefined;
  }
  export type Result<Output> = SuccessResult<Output> | FailureResult;
  export interface SuccessResult<Output> {
    readonly value: Output;
    readonly issues?: undefined;
  }
  export interface FailureResult {
    readonly issues: ReadonlyArray<Issue>;
  }
  export interface Issue {
    readonly message: string;
    readonly path?: ReadonlyArray<PropertyKey | PathSegment> | undefined;
  }
  export interface PathSegment {
    readonly key: PropertyKey;
  }
  export interface Types<Input = unknown, Output = Input> {
    readonly input: Input;
    readonly output: Output;
  }
  export type InferInput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['input'];
  export type InferOutput<Schema extends StandardSchemaV1> = NonNullable<Schema['~standard']['types']>['output'];
}

export interface Validator<T> extends StandardSchemaV1<unknown, T> {
  /** Type guard. After a call, `problems` lists the problems found (empty when valid), at most {@link DEFAULT_MAX_PROBLEMS}. */
  (data: unknown): data is T;
  readonly problems: readonly ValidationProblem[];
  /** Validates without shared state: the result carries the value or the problems. */
  check(data: unknown, options?: CheckOptions): ValidationResult<T>;
  readonly validatorName: string;
  /**
   * Standard Schema v1, for libraries that take any validator (tRPC, Hono, TanStack Form, ...):
   * `validate` returns `{ value }` (the input itself) or `{ issues }`, one per problem of
   * {@link Validator.check} with its message and its JSON pointer as `path`.
   */
  readonly '~standard': StandardSchemaV1.Props<unknown, T>;
}

export interface OperationValidators {
  readonly query?: Validator<unknown>;
  readonly request?: Validator<unknown>;
  readonly responses: Readonly<Record<string, Validator<unknown>>>;
}

/** `if` failures only say "must match then schema"; the failing keyword inside is reported itself. */
const NOISE = new Set(['if']);

/** The first `maxProblems` problems of ajv's errors, each with its own copy of the parameters. */
export function toProblems(errors: readonly AjvError[] | null | undefined, maxProblems: number = DEFAULT_MAX_PROBLEMS): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  if (!errors) return problems;
  // Past the errors the compiled code stores, the array holds only holes (their count): stop at the first.
  for (let i = 0; i < errors.length && problems.length < maxProblems; i++) {
    const e = errors[i];
    if (e === undefined) break;
    if (NOISE.has(e.keyword)) continue;
    problems.push({ pointer: e.instancePath, message: describe(e), keyword: e.keyword, params: copyParams(e.params) });
  }
  return problems;
}

/**
 * ajv's error parameters, safe to hand out: ajv builds each error's parameter object afresh, but
 * values taken from the schema are the compiled schema's own (`allowedValues` is its `enum` array),
 * and a caller changing them would change what later validations accept. Those are copied.
 */
function copyParams(params: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in params) {
    const value = params[key];
    if (isPrimitive(value)) continue;
    // ajv's parameter names are fixed identifiers (`missingProperty`, `allowedValues`, ...), never `__proto__`.
    copy ??= { ...params };
    copy[key] = detach(value);
  }
  return copy ?? params;
}

const isPrimitive = (value: unknown): boolean => value === null || typeof value !== 'object';

/** A copy sharing no object with `value`; one that cannot be cloned (a function, too deep) becomes a description. */
function detach(value: unknown): unknown {
  if (isPrimitive(value)) return value;
  if (Array.isArray(value) && value.every(isPrimitive)) return value.slice();
  try {
    return structuredClone(value);
  } catch (err) {
    return `(not copied: ${err instanceof Error ? err.name : typeof err})`;
  }
}

/**
 * What a validation that threw becomes: a stack overflow on deeply nested data, a format's regular
 * expression giving up on a huge string, a getter of the value that throws.
 */
function abortedProblem(err: unknown): ValidationProblem {
  const reason = err instanceof RangeError ? 'the value is too deeply nested or too large' : 'the validator failed on this value';
  const name = err instanceof Error ? err.name : typeof err;
  return { pointer: '', message: `could not be validated: ${reason} (${name})`, keyword: 'validation-aborted', params: { error: name } };
}

const problemLimit = (options: CheckOptions | undefined): number => {
  const max = options?.maxProblems;
  return typeof max === 'number' && max >= 1 ? Math.floor(max) : DEFAULT_MAX_PROBLEMS;
};

/** The comparison words of ajv's limit keywords. */
const MORE_OR_FEWER: Readonly<Record<string, [unit: string, comparison: 'more' | 'fewer']>> = {
  maxLength: ['characters', 'more'],
  minLength: ['characters', 'fewer'],
  maxItems: ['items', 'more'],
  minItems: ['items', 'fewer'],
  maxProperties: ['properties', 'more'],
  minProperties: ['properties', 'fewer'],
};

/**
 * ajv's message for an error, from its keyword and parameters: the compiled validators carry no
 * messages (less code to load), so they are built here, word for word as ajv writes them
 * (test/generator/emit/validators/messages.test.ts compares every keyword).
 */
export function ajvMessage(keyword: string, params: Readonly<Record<string, unknown>>): string {
  const p = (name: string): string => String(params[name]);
  const limit = MORE_OR_FEWER[keyword];
  if (limit) return `must NOT have ${limit[1]} than ${p('limit')} ${limit[0]}`;
  switch (keyword) {
    case 'type':
      return `must be ${p('type')}`;
    case 'required':
      return `must have required property '${p('missingProperty')}'`;
    case 'enum':
      return 'must be equal to one of the allowed values';
    case 'const':
      return 'must be equal to constant';
    case 'additionalProperties':
      return 'must NOT have additional properties';
    case 'unevaluatedProperties':
      return 'must NOT have unevaluated properties';
    case 'additionalItems':
    case 'items':
    case 'unevaluatedItems':
      return `must NOT have more than ${p('limit')} items`;
    case 'minimum':
    case 'maximum':
    case 'exclusiveMinimum':
    case 'exclusiveMaximum':
      return `must be ${p('comparison')} ${p('limit')}`;
    case 'formatMinimum':
    case 'formatMaximum':
    case 'formatExclusiveMinimum':
    case 'formatExclusiveMaximum':
      return `should be ${p('comparison')} ${p('limit')}`;
    case 'multipleOf':
      return `must be multiple of ${p('multipleOf')}`;
    case 'pattern':
      return `must match pattern "${p('pattern')}"`;
    case 'format':
      return `must match format "${p('format')}"`;
    case 'uniqueItems':
      return `must NOT have duplicate items (items ## ${p('j')} and ${p('i')} are identical)`;
    case 'contains':
      return params.maxContains === undefined
        ? `must contain at least ${p('minContains')} valid item(s)`
        : `must contain at least ${p('minContains')} and no more than ${p('maxContains')} valid item(s)`;
    case 'dependencies':
    case 'dependentRequired':
      return `must have ${params.depsCount === 1 ? 'property' : 'properties'} ${p('deps')} when property ${p('property')} is present`;
    case 'propertyNames':
      return 'property name must be valid';
    case 'oneOf':
      return 'must match exactly one schema in oneOf';
    case 'anyOf':
      return 'must match a schema in anyOf';
    case 'not':
      return 'must NOT be valid';
    case 'if':
      return `must match "${p('failingKeyword')}" schema`;
    case 'false schema':
      return 'boolean schema is false';
    case 'discriminator':
      return params.error === 'tag' ? `tag "${p('tag')}" must be string` : `value of tag "${p('tag')}" must be in oneOf`;
    case 'x-future-date-time':
      return 'must be a date-time in the future';
    case 'x-unique-item-properties':
      return `must not repeat ${p('property')} ${p('value')} (items ${p('first')} and ${p('index')})`;
    case 'x-last-item-only':
      return `must not have item ${p('index')} anywhere but last (it matches x-last-item-only)`;
    default:
      return `must pass "${keyword}" keyword validation`;
  }
}

function describe(e: AjvError): string {
  const message = e.message ?? ajvMessage(e.keyword, e.params);
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

/**
 * A JSON pointer as Standard Schema path segments, read against the value it points into: a
 * segment is a number where it indexes an array, else the (unescaped) property name. Never throws:
 * past what cannot be read (a Proxy whose trap throws, a revoked one), segments stay names.
 */
export function pointerPath(pointer: string, root: unknown): PropertyKey[] {
  let at: unknown = root;
  return pointer === ''
    ? []
    : pointer
        .slice(1)
        .split('/')
        .map((raw) => {
          const key = unescapeToken(raw);
          let index = false;
          try {
            index = Array.isArray(at) && /^(0|[1-9]\d*)$/.test(key);
            // Own data properties only: no getter of the value runs.
            at = at !== null && typeof at === 'object' ? Object.getOwnPropertyDescriptor(at, key)?.value : undefined;
          } catch {
            at = undefined;
          }
          return index ? Number(key) : key;
        });
}

export function createValidator<T>(name: string, compiled: CompiledValidator, vendor: string): Validator<T> {
  let last: readonly ValidationProblem[] = [];
  const check = (data: unknown, options?: CheckOptions): ValidationResult<T> => {
    try {
      if (compiled(data)) return { valid: true, value: data as T };
      return { valid: false, problems: toProblems(compiled.errors, problemLimit(options)) };
    } catch (err) {
      return { valid: false, problems: [abortedProblem(err)] };
    }
  };
  const guard = (data: unknown): data is T => {
    const result = check(data);
    last = result.valid ? [] : result.problems;
    return result.valid;
  };
  const standard: StandardSchemaV1.Props<unknown, T> = {
    version: 1,
    vendor,
    validate: (value) => {
      const result = check(value);
      return result.valid ? { value: result.value } : { issues: result.problems.map((p) => ({ message: p.message, path: pointerPath(p.pointer, value) })) };
    },
  };
  return Object.defineProperties(guard, {
    problems: { get: () => last, enumerable: true },
    check: { value: check },
    validatorName: { value: name },
    '~standard': { value: standard },
  }) as Validator<T>;
}
