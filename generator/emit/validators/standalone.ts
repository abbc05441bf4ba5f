/**
 * Post-processing of ajv's standalone code where its output would be unsafe or needlessly large to
 * ship as is: linear error collection, one short helper call per error, the instance path passed on
 * its own and no call context or schema path nobody reads, schema literals pruned to what the code
 * reads, long enums tested on the schema's array. Each rewrite matches ajv's code with its string
 * literals masked. Those that correctness depends on check that none of the old shape is left: if a
 * new ajv version emits another shape, generation fails here instead of silently shipping quadratic
 * or wrong code. Those that only shorten code leave a shape they do not know as ajv wrote it.
 * Nothing here adds a function call where a valid value passes (measured: a helper for ajv's object
 * test or its error-list reset cost a quarter of `validateProject`'s throughput); only errors do.
 */
import { createHash } from 'node:crypto';

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
function __appendErrors(collected, validate) {
  const errors = validate.errors;
  if (collected === null) return errors;
  let i = 0;
  for (; i < errors.length && collected.length < __MAX_ERRORS; i++) collected.push(errors[i]);
  if (i < errors.length) __countErrors(collected, errors.length - i);
  return collected;
}
/** \`Array.isArray\`, which ajv's code calls at every array and object schema, under a name a minifier can shorten. */
const __isArray = Array.isArray;`;

/** The helpers the rewritten code calls. */
export const COLLECTION_HELPER_NAMES: readonly string[] = ['__pushError', '__error', '__appendErrors', '__isArray'];

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

/** A compiled function as shipped (`shippedCode`). */
export interface ShippedCode {
  code: string;
  /** What it reads of each schema literal. */
  reads: Map<string, ReadPaths>;
  /** The error helpers it calls (`errorHelpers`), by name: their declarations. */
  errorHelpers: Map<string, string>;
  /** Values it uses besides ajv's (`longEnums`). */
  values: AddedValue[];
}

/**
 * A compiled function as shipped: `rewriteErrorCollection` with one short call per error
 * (`errorHelpers`), the call context no function reads dropped and the instance path passed on its
 * own (`positionalContext`); with what it reads of the schema literals named `schemas`.
 */
export function shippedCode(code: string, schemas: ReadonlySet<string>): ShippedCode {
  const { masked, literal, unmask } = maskStrings(code);
  const reads = new Map<string, ReadPaths>();
  if (schemas.size) addReadPaths(masked, literal, schemas, reads);
  const { body: enums, sets } = longEnums(dropUnreadMissing(collectErrors(masked, unmask), literal), literal, unmask);
  const { body: compact, helpers } = errorHelpers(enums, literal);
  const body = hoistDataObjectTest(
    positionalContext(dropUnreadContext(compact, unmask), unmask).replace(SOURCE_URL, '').replace(IS_ARRAY, '__isArray('),
    literal,
  );
  return { code: unmask(body), reads, errorHelpers: helpers, values: sets };
}

/** ajv's array test, called through COLLECTION_HELPERS' `__isArray` (as fast: V8 sees the same built-in). */
const IS_ARRAY = /(?<![\w$.])Array\.isArray\(/g;

/**
 * ajv's test that the validated value is a JSON object, `data && typeof data == "object" &&
 * !__isArray(data)` (masked), as an operand of `&&`, `||` or a condition: nothing binding tighter
 * on either side.
 */
const DATA_OBJECT_TEST = /(?<![\w$.])data && typeof data == ("\d+") && !__isArray\(data\)(?=\s*(?:[)?:]|&&|\|\|))/g;
/** What may stand before DATA_OBJECT_TEST (checked on the text before a match: a lookbehind there would be tried at every character). */
const BEFORE_OPERAND = /(?:[(?:]|&&|\|\|)\s*$/;
const DATA_OBJECT = '__dataIsObject';

/**
 * A function that tests its value for an object more than once (every `if`, `then` and `allOf`
 * member of an object schema repeats the test) tests it once, at the start: the value is a
 * parameter no statement assigns, and whether it is an object cannot change.
 */
function hoistDataObjectTest(masked: string, literal: (n: number) => string): string {
  const isTest = (object: string, offset: number) =>
    literal(Number(object.slice(1, -1))) === '"object"' && BEFORE_OPERAND.test(masked.slice(Math.max(0, offset - 8), offset));
  const tests = [...masked.matchAll(DATA_OBJECT_TEST)].filter((m) => isTest(m[1]!, m.index));
  if (tests.length < 2 || /(?<![\w$.])data\s*=(?!=)/.test(masked) || masked.split('let vErrors = null;').length !== 2) return masked;
  const body = masked.replace(DATA_OBJECT_TEST, (test, object: string, offset: number) => (isTest(object, offset) ? DATA_OBJECT : test));
  return body.replace('let vErrors = null;', `let vErrors = null;const ${DATA_OBJECT} = ${tests[0]![0]};`);
}

/** An error stored with `__error` (`collectErrors`), without a message: keyword and parameters written out at the call. */
const ERROR_CALL = /__error\(vErrors, ([^;{}]+?), ("\d+"), \{([^{}]*)\}\);/g;
/** A parameter's value at an error call: a (masked) string, a number, a name or a constant path from one. */
const PARAM_VALUE = /^(?:"\d+"|-?\d[\w.+-]*|[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["\d+"\])*)$/;
const PARAM = /^([A-Za-z_$][\w$]*): (.+)$/s;

/**
 * Parameters whose value comes from a closed set (JSON Schema's types, `then`/`else`, the comparison
 * operators): a helper per value too, so that the call passes only the instance path.
 */
const FOLDED_PARAMS: Readonly<Record<string, string>> = {
  type: 'type',
  if: 'failingKeyword',
  maximum: 'comparison',
  minimum: 'comparison',
  exclusiveMaximum: 'comparison',
  exclusiveMinimum: 'comparison',
};

/** One parameter of an error: its name, and its value as code (masked, in the compiled code; a literal's text, in a helper). */
interface ErrorParam {
  name: string;
  value: string;
  /** Written in the helper, not passed (FOLDED_PARAMS). */
  folded: boolean;
}

/**
 * One helper per error shape (a keyword, its parameter names, the values of those in
 * FOLDED_PARAMS), which builds the error object itself: `__error(vErrors, path, "type", {type:
 * "string"})` becomes `__error_type_type$3d$string(vErrors, path)`, a third of the bytes of the most
 * frequent statement (ajv's code stores one error per failing keyword: hundreds per component). The
 * error objects are the same, fields in the same order. Returns the code and the declarations of the
 * helpers it calls; an error call of another shape keeps `__error`.
 */
function errorHelpers(masked: string, literal: (n: number) => string): { body: string; helpers: Map<string, string> } {
  const helpers = new Map<string, string>();
  const body = masked.replace(ERROR_CALL, (call, path: string, keywordCode: string, fields: string) => {
    const matches = fields.trim() === '' ? [] : fields.split(', ').map((field) => PARAM.exec(field));
    if (matches.some((m) => !m || !PARAM_VALUE.test(m[2]!) || m[1] === '__proto__')) return call;
    const keyword = JSON.parse(literal(Number(keywordCode.slice(1, -1)))) as string;
    const params = matches.map((match): ErrorParam => {
      const [, name, value] = match!;
      const folded = Object.hasOwn(FOLDED_PARAMS, keyword) && FOLDED_PARAMS[keyword] === name && /^"\d+"$/.test(value!);
      return { name: name!, value: folded ? literal(Number(value!.slice(1, -1))) : value!, folded };
    });
    const name = errorHelperName(
      keyword,
      params.map((p) => (p.folded ? `${p.name}=${JSON.parse(p.value) as string}` : p.name)),
    );
    if (!helpers.has(name)) helpers.set(name, errorHelper(name, literal(Number(keywordCode.slice(1, -1))), params));
    return `${name}(vErrors, ${[path, ...params.filter((p) => !p.folded).map((p) => p.value)].join(', ')});`;
  });
  return { body, helpers };
}

/**
 * ajv's `required` where no error is built (the condition of an `if`, a `oneOf` member) still
 * notes the missing property, `let missing0;if(((data.a === undefined) && (missing0 = "a")) ||
 * ...)`, in a variable nothing reads: dropped. A property named `""` keeps its assignment, whose
 * value (falsy) decides the condition.
 */
function dropUnreadMissing(masked: string, literal: (n: number) => string): string {
  let body = masked;
  for (const [, name] of masked.matchAll(/let (missing\d+);/g)) {
    const assignment = new RegExp(` && \\(${name} = ("\\d+")\\)`, 'g');
    const assignments = [...body.matchAll(assignment)];
    const uses = body.match(new RegExp(`(?<![\\w$])${name}(?![\\w$])`, 'g'))!.length;
    if (uses !== assignments.length + 1 || assignments.some((a) => literal(Number(a[1]!.slice(1, -1))) === '""')) continue;
    body = body.replace(`let ${name};`, '').replace(assignment, '');
  }
  return body;
}

/** The fewest values of an enum tested with a `Set` (`longEnums`). */
export const LONG_ENUM = 10;
/** ajv's test of an enum of primitives, `if(!(((x === "a") || (x === "b")) || ...)){` and its error, which passes the schema's array. */
const ENUM_TEST =
  /if\(!\(([()\s|=\w$"+.-]+)\)\)\{(vErrors = __error\(vErrors, [^;{}]+?, ("\d+"), \{allowedValues: ([A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*|\[\d+\]|\["\d+"\])*)\}\);)/g;
const ENUM_TERM = /^([A-Za-z_$][\w$]*) === ("\d+"|-?\d[\w.+-]*|null|true|false)$/;

/** A module-level value the shipped code adds: `const <name> = <code>;`, declared after the schema literals. */
export interface AddedValue {
  name: string;
  code: string;
}

/**
 * An enum of LONG_ENUM values or more tested with a `Set` of the schema's array, which the code
 * ships anyway for the error's `allowedValues`, instead of one comparison per value (ajv's code: the
 * values written twice). As exact for primitives (`Set` differs from `===` only on NaN, which JSON
 * has not). A test takes ~10 ns whatever the size, about as long as ajv's comparisons of 10 values
 * and less than those of 50 (Node 20); shorter enums, the most common, keep ajv's comparisons. The
 * sets are named by the schema literal and the path in it: one per array in the one-file build.
 */
function longEnums(masked: string, literal: (n: number) => string, unmask: (code: string) => string): { body: string; sets: AddedValue[] } {
  const sets = new Map<string, AddedValue>();
  const body = masked.replace(ENUM_TEST, (test, chain: string, error: string, keyword: string, values: string) => {
    const terms = chain
      .replace(/[()]/g, '')
      .split(' || ')
      .map((term) => ENUM_TERM.exec(term.trim()));
    const data = terms[0]?.[1];
    if (literal(Number(keyword.slice(1, -1))) !== '"enum"' || terms.length < LONG_ENUM || terms.some((t) => !t || t[1] !== data)) return test;
    const array = unmask(values);
    const name = `${/^[\w$]+/.exec(array)![0]}_enum_${createHash('sha256').update(array).digest('hex').slice(0, 12)}`;
    sets.set(name, { name, code: `new Set(${array})` });
    return `if(!${name}.has(${data})){${error}`;
  });
  return { body, sets: [...sets.values()] };
}

/** `__error_<keyword>_<parameter>...`, each part's characters other than letters and digits written `$<hex code>$`: one name per shape. */
export function errorHelperName(keyword: string, params: readonly string[]): string {
  const part = (text: string) => text.replace(/[^A-Za-z0-9]/g, (c) => `$${c.codePointAt(0)!.toString(16)}$`);
  return ['__error', part(keyword), ...params.map(part)].join('_');
}

/** The declaration of one error helper: `keyword` as code (a JSON string); the parameters passed, in order. */
function errorHelper(name: string, keyword: string, params: readonly ErrorParam[]): string {
  const passed = params.filter((p) => !p.folded).map((_p, i) => `p${i}`);
  let next = 0;
  const fields = params.map((p) => `${p.name}: ${p.folded ? p.value : passed[next++]}`).join(', ');
  return `function ${name}(errors, instancePath${passed.map((v) => `, ${v}`).join('')}) {\n  return __pushError(errors, { instancePath, keyword: ${keyword}, params: {${fields ? ` ${fields} ` : ''}} });\n}`;
}

/** The comment naming a function's schema for debuggers (`/*# sourceURL="<$id>" *\/`): bytes every load parses, for nothing. */
const SOURCE_URL = /\/\*# sourceURL="\d+" \*\/;?/g;

function collectErrors(masked: string, unmask: (code: string) => string): string {
  const body = masked
    .replace(CONCAT_ERRORS, (_m, source: string) => `vErrors = __appendErrors(vErrors, ${source});`)
    .replace(
      ERROR_BLOCK,
      (_m, _err, path: string | undefined, keyword: string | undefined, params: string, message: string | undefined, propertyName: string | undefined) => {
        if (keyword === undefined) return 'vErrors = __pushError(vErrors, {});';
        const args = [
          path ?? 'instancePath',
          keyword,
          params,
          ...(message !== undefined || propertyName !== undefined ? [message ?? 'undefined'] : []),
          ...(propertyName !== undefined ? [propertyName] : []),
        ];
        return `vErrors = __error(vErrors, ${args.join(', ')});`;
      },
    );
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
  if (left)
    throw new Error(
      `ajv's standalone code reads its call context (${JSON.stringify(unmask(body.slice(Math.max(0, left.index - 40), left.index + 40)))}): update dropUnreadContext`,
    );
  return body;
}

/** A compiled function's context parameter after `dropUnreadContext`: `{instancePath="", <rest>}={}`. */
const CONTEXT_PARAMETER = /\{instancePath=("\d+")((?:, ?[A-Za-z_$][\w$]*(?:=[^,{}]*|=\{\})?)*)\}=\{\}/g;
/** The context a call passes: `{instancePath:<path>,<rest>}`, or `{instancePath,<rest>}` to pass its own. */
const CONTEXT_ARGUMENT = /\{instancePath(?::([^{}\n]*?))?((?:,[A-Za-z_$][\w$]*(?::[^,{}\n]*)?)*)\}/g;

/**
 * The instance path as a parameter of its own instead of a field of the context object
 * (`function validate3(data, instancePath="")`, `validate4(data.a, instancePath+"/a")`): shorter
 * code at every function and call. Other context fields (`dynamicAnchors`) follow in an object.
 */
function positionalContext(masked: string, unmask: (code: string) => string): string {
  const rest = (fields: string, trailer: string) => (fields ? `, {${fields.replace(/^, ?/, '')}}${trailer}` : '');
  const body = masked
    .replace(CONTEXT_PARAMETER, (_m, empty: string, fields: string) => `instancePath=${empty}${rest(fields, '={}')}`)
    .replace(CONTEXT_ARGUMENT, (_m, path: string | undefined, fields: string) => `${path ?? 'instancePath'}${rest(fields, '')}`);
  const left = /\{\s*instancePath\b/.exec(body);
  if (left)
    throw new Error(
      `ajv's standalone code passes its call context in an unknown way (${JSON.stringify(unmask(body.slice(Math.max(0, left.index - 40), left.index + 60)))}): update positionalContext`,
    );
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
