/**
 * Defaults and bounds of the numeric options, checked the same way for the client and for each
 * request: a value out of bounds is a TypeError naming the option, never a silent surprise (Node's
 * timers fire at once for delays above 2^31 - 1 ms; an unbounded body can exhaust the process).
 */

/** Longest delay a Node timer honours (about 24.8 days); longer ones fire at once. */
export const MAX_TIMER_MS: number = 2 ** 31 - 1;

export const DEFAULT_TIMEOUT_MS: number = 30_000;

/**
 * 32 MiB: far above any answer the API documents (a page of records of a few KiB each), and
 * small enough that parsing it (several times its size in memory) cannot exhaust a default V8 heap.
 */
export const DEFAULT_MAX_RESPONSE_BYTES: number = 32 * 1024 * 1024;

type Bound = (value: number) => boolean;

/** A positive safe integer (a count: bytes, pages, a page size). */
export const isPositiveInteger = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** `record[key]` when it is the record's own property: a name like `constructor` finds nothing inherited. */
export const own = (record: unknown, key: string): any =>
  record !== null && typeof record === 'object' && Object.hasOwn(record, key) ? (record as Record<string, unknown>)[key] : undefined;

/** Errors of invalidOption, which createRuntimeClient prefixes with the factory's name. */
const optionErrors = new WeakSet<object>();

/** The TypeError of a bad client option: names the option, never a credential's value. */
export function invalidOption(message: string): never {
  const error = new TypeError(message);
  optionErrors.add(error);
  throw error;
}

/** `error` again, as `<factory>: <message>` when invalidOption threw it. */
export const namedOptionError = (error: unknown, factory: string): unknown =>
  error instanceof TypeError && optionErrors.has(error) ? new TypeError(`${factory}: ${error.message}`) : error;

export type NumericOption = 'timeoutMs' | 'maxRetries' | 'retryBaseDelayMs' | 'maxRetryDelayMs' | 'maxResponseBytes' | 'maxPages';

/** Each numeric option and what it accepts. */
const NUMERIC_OPTIONS: Readonly<Record<NumericOption, { accepts: Bound; rule: string }>> = {
  timeoutMs: { accepts: (v) => v > 0 && v <= MAX_TIMER_MS, rule: `a number of ms in (0, ${MAX_TIMER_MS}]` },
  maxRetries: { accepts: (v) => Number.isSafeInteger(v) && v >= 0, rule: 'an integer >= 0' },
  retryBaseDelayMs: { accepts: (v) => v >= 0 && v <= MAX_TIMER_MS, rule: `a number of ms in [0, ${MAX_TIMER_MS}]` },
  maxRetryDelayMs: { accepts: (v) => v >= 0 && v <= MAX_TIMER_MS, rule: `a number of ms in [0, ${MAX_TIMER_MS}]` },
  maxResponseBytes: { accepts: isPositiveInteger, rule: 'an integer number of bytes > 0' },
  maxPages: { accepts: isPositiveInteger, rule: 'an integer > 0' },
};

/** Throws a TypeError (prefixed by `where`) when `value` is given but not accepted for option `name`. */
export function checkNumericOption(where: string, name: NumericOption, value: unknown): void {
  if (value === undefined) return;
  const option = NUMERIC_OPTIONS[name];
  if (typeof value !== 'number' || Number.isNaN(value) || !option.accepts(value)) throw new TypeError(`${where}: \`${name}\` must be ${option.rule}`);
}

/**
 * An HTTP field value as RFC 9110 defines it (visible characters, inner spaces and tabs), so a
 * credential cannot split a header or be altered by trimming on its way out.
 */
const FIELD_VALUE = /^[\x21-\x7e\x80-\xff](?:[\t\x20-\x7e\x80-\xff]*[\x21-\x7e\x80-\xff])?$/;

export const isHeaderValue = (value: string): boolean => FIELD_VALUE.test(value);
