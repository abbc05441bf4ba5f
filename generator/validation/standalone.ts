/**
 * Post-processing of ajv's standalone code where its output would be unsafe to ship as is. The
 * error-collection rewrite checks that no concatenation is left: if a new ajv version emits another
 * shape, generation fails here instead of silently shipping quadratic code.
 */

/** The most errors a validation stores; past it only their count grows (see `collectErrorsLinearly`). */
export const MAX_COLLECTED_ERRORS = 1000;

/**
 * Error collection in linear time and bounded memory. ajv (with `allErrors`) stores every error
 * object: `vErrors.push(err)` for its own, and after each failing call of another compiled schema
 * (a `$ref`) `vErrors = vErrors === null ? f.errors : vErrors.concat(f.errors)`, a new array per
 * failing call, so n failing array items cost O(n²) time, and a large invalid answer (13 errors per
 * empty item of a list) holds hundreds of bytes per error until validation ends.
 *
 * The rewrite appends in place, and stores at most MAX_COLLECTED_ERRORS errors per array; past that
 * only the array's length grows. ajv keeps its count of errors in the array's length (a callee
 * returns its errors as an array, `errors = vErrors.length` after the append, `vErrors.length = n`
 * to drop a failed alternative's errors), so validity stays exactly ajv's. The length grows past
 * the stored errors as holes, after one jump that makes the engine keep the array sparse (no
 * storage per hole). The wrapper (runtime/validation.ts) reads errors up to the first hole.
 */
const CONCAT_ERRORS = /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g;
const PUSH_ERROR = /\bvErrors\.push\((err\d+)\);/g;
const COLLECTION_HELPERS = `/** At most this many errors are stored; past it only the count (the array's length) grows. */
const __MAX_ERRORS = ${MAX_COLLECTED_ERRORS};
/** Counts n more errors without storing them: the length grows over holes in a sparse array. */
function __countErrors(errors, n) {
  const length = errors.length + n;
  if (errors.length === __MAX_ERRORS) errors.length = 2 ** 31;
  errors.length = length;
}
/** Stores an error, or only counts it past the limit. */
function __pushError(errors, error) {
  if (errors.length < __MAX_ERRORS) errors.push(error);
  else __countErrors(errors, 1);
}
/** Appends a called validator's errors in place (ajv's generated code concatenated them: quadratic). */
function __appendErrors(collected, errors) {
  if (collected === null) return errors;
  let i = 0;
  for (; i < errors.length && collected.length < __MAX_ERRORS; i++) collected.push(errors[i]);
  if (i < errors.length) __countErrors(collected, errors.length - i);
  return collected;
}`;

export function collectErrorsLinearly(code: string): string {
  let rewritten = 0;
  const body = code
    .replace(CONCAT_ERRORS, (_m, source: string) => {
      rewritten++;
      return `vErrors = __appendErrors(vErrors, ${source}.errors);`;
    })
    .replace(PUSH_ERROR, (_m, error: string) => {
      rewritten++;
      return `__pushError(vErrors, ${error});`;
    });
  const left = /\bvErrors\s*=[^;\n]*\.concat\(|\bvErrors\.push\(/.exec(body);
  if (left) throw new Error(`ajv's standalone code collects errors in an unknown way (${JSON.stringify(left[0])}): update collectErrorsLinearly`);
  return rewritten ? `${body}\n${COLLECTION_HELPERS}\n` : body;
}

/**
 * ajv embeds schemas and other values as JSON object literals (`const schema12 = {...};`,
 * `validate3.evaluated = {...};`). In a literal, a `"__proto__":` key sets the prototype instead of
 * defining a property, so a schema with a property or a `const` object keyed `__proto__` would lose
 * it; a computed key `["__proto__"]:` defines it. Every quote inside a string literal of the
 * generated code is escaped, so an unescaped `"__proto__":` after `{` or `,` is always such a key.
 */
export function ownProtoKeys(code: string): string {
  return code.replace(/([{,])"__proto__":/g, '$1["__proto__"]:');
}
