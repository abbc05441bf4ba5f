/**
 * Post-processing of ajv's standalone code where its output would be unsafe or needlessly large to
 * ship as is: linear error collection, one helper call per error, no call context or schema path
 * nobody reads, schema literals pruned to what the code reads. Each rewrite matches ajv's code with
 * its string literals masked, and checks that none of the old shape is left: if a new ajv version
 * emits another shape, generation fails here instead of silently shipping quadratic or wrong code.
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
/**
 * ajv's statements that store one error (errors.ts `addError`), matched on code
 * whose string literals are masked (`maskStrings`): the error object's fields (`schemaPath`, which
 * nothing reads, dropped), then the push. An error built where only the count matters is `{}`.
 */
const ERROR_BLOCK =
  /const (err\d+) = \{(?:instancePath(?::(.+?))?,schemaPath:"\d+",keyword:("\d+"),params:(\{[^{}]*\})(?:,message:(.+?))?(?:,propertyName:([\w$]+))?)?\};\n?if\(vErrors === null\)\{\n?vErrors = \[\1\];\n?\}\n?else \{\n?vErrors\.push\(\1\);\n?\}/g;
export const COLLECTION_HELPERS = `/** At most this many errors are stored; past it only the count (the array's length) grows. */
const __MAX_ERRORS = ${MAX_COLLECTED_ERRORS};
/** Counts n more errors without storing them: the length grows over holes in a sparse array. */
function __countErrors(errors, n) {
  const length = errors.length + n;
  if (errors.length === __MAX_ERRORS) errors.length = 2 ** 31;
  errors.length = length;
}
/** Stores an error (the first one makes the list), or only counts it past the limit. */
function __pushError(errors, error) {
  if (errors === null) return [error];
  if (errors.length < __MAX_ERRORS) errors.push(error);
  else __countErrors(errors, 1);
  return errors;
}
/** Stores the error ajv's code built inline: its fields in ajv's order, but for the schema path, which nothing reads. */
function __error(errors, instancePath, keyword, params, message, propertyName) {
  const error = { instancePath, keyword, params };
  if (message !== undefined) error.message = message;
  if (propertyName !== undefined) error.propertyName = propertyName;
  return __pushError(errors, error);
}
/** Appends a called validator's errors in place (ajv's generated code concatenated them: quadratic). */
function __appendErrors(collected, errors) {
  if (collected === null) return errors;
  let i = 0;
  for (; i < errors.length && collected.length < __MAX_ERRORS; i++) collected.push(errors[i]);
  if (i < errors.length) __countErrors(collected, errors.length - i);
  return collected;
}`;

/** The helpers the rewritten code calls. */
export const COLLECTION_HELPER_NAMES: readonly string[] = ['__pushError', '__error', '__appendErrors'];

/** `rewriteErrorCollection`, with the helpers appended when the code calls them: one self-contained module. */
export function collectErrorsLinearly(code: string): string {
  const body = rewriteErrorCollection(code);
  return body === code ? body : `${body}\n${COLLECTION_HELPERS}\n`;
}

/**
 * The code with each string literal replaced by `"<n>"` (ajv writes every string as JSON), so that
 * patterns match code only, never a property name or pattern inside a string; `literal(n)` is the
 * original literal, `unmask` puts them back.
 */
export function maskStrings(code: string): { masked: string; literal: (n: number) => string; unmask: (code: string) => string } {
  const literals: string[] = [];
  const masked = code.replace(/"[^"\\\n]*(?:\\.[^"\\\n]*)*"/g, (literal) => `"${literals.push(literal) - 1}"`);
  return { masked, literal: (n) => literals[n]!, unmask: (text) => text.replace(/"(\d+)"/g, (_m, n: string) => literals[Number(n)]!) };
}

/** The error-collection rewrite: the code then calls the helpers of COLLECTION_HELPERS, declared elsewhere. */
export function rewriteErrorCollection(code: string): string {
  const { masked, unmask } = maskStrings(code);
  return unmask(collectErrors(masked, unmask));
}

/**
 * A compiled function as shipped: `rewriteErrorCollection`, and without the call context no
 * function reads (`dropUnreadContext`); with what it reads of the schema literals named `schemas`.
 */
export function shippedCode(code: string, schemas: ReadonlySet<string>): { code: string; reads: Map<string, ReadPaths> } {
  const { masked, literal, unmask } = maskStrings(code);
  const reads = new Map<string, ReadPaths>();
  if (schemas.size) addReadPaths(masked, literal, schemas, reads);
  const body = dropUnreadContext(collectErrors(masked, unmask), unmask).replace(SOURCE_URL, '');
  return { code: unmask(body), reads };
}

/** The comment naming a function's schema for debuggers (`/*# sourceURL="<$id>" *\/`): bytes every load parses, for nothing. */
const SOURCE_URL = /\/\*# sourceURL="\d+" \*\/;?/g;

function collectErrors(masked: string, unmask: (code: string) => string): string {
  const body = masked
    .replace(CONCAT_ERRORS, (_m, source: string) => `vErrors = __appendErrors(vErrors, ${source}.errors);`)
    .replace(ERROR_BLOCK, (_m, _err, path: string | undefined, keyword: string | undefined, params: string, message: string | undefined, propertyName: string | undefined) => {
      if (keyword === undefined) return 'vErrors = __pushError(vErrors, {});';
      const args = [path ?? 'instancePath', keyword, params, ...(message !== undefined || propertyName !== undefined ? [message ?? 'undefined'] : []), ...(propertyName !== undefined ? [propertyName] : [])];
      return `vErrors = __error(vErrors, ${args.join(', ')});`;
    });
  const left = /\bvErrors\s*=[^;\n]*\.concat\(|\bvErrors\.push\(|\bconst err\d+ = /.exec(body);
  if (left) throw new Error(`ajv's standalone code collects errors in an unknown way (${JSON.stringify(unmask(left[0]))}): update rewriteErrorCollection`);
  return body;
}

/**
 * ajv passes every compiled function the parent object, the property name and the root value
 * (`{instancePath, parentData, parentDataProperty, rootData}`), read only for options the
 * validators do not use (`$data`, `useDefaults`, `coerceTypes`, modifying keywords): dropped from
 * the signatures and calls. If ajv's code reads them anyway, generation fails here.
 */
const CONTEXT_FIELD = /, ?(?:parentData|parentDataProperty|rootData)(?::[\w$."]+|=data)?(?=[,}])/g;

function dropUnreadContext(masked: string, unmask: (code: string) => string): string {
  const body = masked.replace(CONTEXT_FIELD, '');
  const left = /(?<![\w$.])(?:parentData|parentDataProperty|rootData)\b/.exec(body);
  if (left) throw new Error(`ajv's standalone code reads its call context (${JSON.stringify(unmask(body.slice(Math.max(0, left.index - 40), left.index + 40)))}): update dropUnreadContext`);
  return body;
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

/** What code reads of a value: `true` for the whole value, else the keys it reads, each with what it reads below. */
export type ReadPaths = true | Map<string, ReadPaths>;

const ACCESS = /\.([A-Za-z_$][\w$]*)|\[(\d+)\]|\["(\d+)"\]/y;

/**
 * Adds to `into` what code (masked: `maskStrings`) reads of each value named in `names` (ajv reads
 * a schema literal only through constant paths: `schema12.properties.kind.enum` for an error's
 * `allowedValues`). A use that is not such a path (the bare name, a computed index) reads the whole value.
 */
function addReadPaths(masked: string, literal: (n: number) => string, names: ReadonlySet<string>, into: Map<string, ReadPaths>): void {
  for (const match of masked.matchAll(new RegExp(`(?<![\\w$.])(?:${[...names].join('|')})(?![\\w$])`, 'g'))) {
    const name = match[0];
    const keys: string[] = [];
    ACCESS.lastIndex = match.index + name.length;
    for (let access = ACCESS.exec(masked); access; access = ACCESS.exec(masked)) {
      keys.push(access[1] ?? access[2] ?? (JSON.parse(literal(Number(access[3]))) as string));
    }
    let node: ReadPaths = into.get(name) ?? new Map();
    into.set(name, node);
    if (keys.length === 0) {
      into.set(name, true);
      continue;
    }
    for (const [i, key] of keys.entries()) {
      if (node === true) break;
      const last = i === keys.length - 1;
      const next: ReadPaths = last ? true : (node.get(key) ?? new Map());
      if (node.get(key) !== true) node.set(key, next);
      node = node.get(key)!;
    }
  }
}

/**
 * A schema literal holding only what `paths` reads, as code (`safeStringify` is how ajv writes
 * it). Array items nobody reads become `null`. A path that does not fit the value (a key it does not
 * have, a string's `length`) keeps that part whole.
 */
export function prunedLiteral(value: unknown, paths: ReadPaths, stringify: (value: unknown) => string): string {
  if (paths === true || value === null || typeof value !== 'object') return stringify(value);
  const keys = [...paths.keys()];
  if (Array.isArray(value)) {
    if (!keys.every((k) => /^\d+$/.test(k) && Number(k) < value.length)) return stringify(value);
    return `[${value.map((item, i) => (paths.has(String(i)) ? prunedLiteral(item, paths.get(String(i))!, stringify) : 'null')).join(',')}]`;
  }
  if (!keys.every((k) => Object.hasOwn(value, k))) return stringify(value);
  const entries = Object.entries(value).filter(([k]) => paths.has(k));
  return `{${entries.map(([k, v]) => `${stringify(k)}:${prunedLiteral(v, paths.get(k)!, stringify)}`).join(',')}}`;
}

/** What either reads. */
export function mergeReadPaths(a: ReadPaths, b: ReadPaths): ReadPaths {
  if (a === true || b === true) return true;
  const merged = new Map(a);
  for (const [key, paths] of b) merged.set(key, merged.has(key) ? mergeReadPaths(merged.get(key)!, paths) : paths);
  return merged;
}
