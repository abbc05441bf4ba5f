/**
 * Post-processing of ajv's standalone code where its output would be unsafe to ship as is. The
 * error-collection rewrite checks that no concatenation is left: if a new ajv version emits another
 * shape, generation fails here instead of silently shipping quadratic code.
 */

/**
 * After each failing call of another compiled schema (a `$ref`, with `allErrors`), ajv appends the
 * callee's errors with `vErrors = vErrors === null ? f.errors : vErrors.concat(f.errors)`: a new
 * array per failing call, so n failing array items cost O(n²). The rewrite appends in place, as ajv
 * does for every other error; with nothing collected yet it takes the callee's array, as ajv did.
 */
const CONCAT_ERRORS = /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g;
const APPEND_ERRORS = `/** Appends a called validator's errors in place (ajv's generated code concatenated them: quadratic). */
function __appendErrors(collected, errors) {
  if (collected === null) return errors;
  for (let i = 0; i < errors.length; i++) collected.push(errors[i]);
  return collected;
}`;

export function collectErrorsLinearly(code: string): string {
  let rewritten = 0;
  const body = code.replace(CONCAT_ERRORS, (_m, source: string) => {
    rewritten++;
    return `vErrors = __appendErrors(vErrors, ${source}.errors);`;
  });
  const left = /\bvErrors\s*=[^;\n]*\.concat\(/.exec(body);
  if (left) throw new Error(`ajv's standalone code collects errors in an unknown way (${JSON.stringify(left[0])}): update collectErrorsLinearly`);
  return rewritten ? `${body}\n${APPEND_ERRORS}\n` : body;
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
