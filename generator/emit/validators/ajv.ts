/** The one ajv configuration used to compile validators and to test the spec's schemas. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { customKeywords } from './keywords.js';
import { patternEngine } from './regexp.js';

export interface AjvOptions {
  /** Emit source for ajv's standalone code generation. */
  standalone?: boolean;
  discriminator?: boolean;
  /** Count only a value's own properties as present (default true; see emit/validators/validators.ts usesInheritedNames). */
  ownProperties?: boolean;
  /**
   * Track which properties and items each subschema evaluated, for `unevaluatedProperties` and
   * `unevaluatedItems` (default true). Only those keywords read it: schemas without them (see
   * `usesKeywords`) validate the same without it, in less code compiled sooner.
   */
  unevaluated?: boolean;
  /** Pass dynamic anchors to every compiled function, for `$dynamicRef` and `$recursiveRef` (default true; schemas without DYNAMIC_KEYWORDS need none). */
  dynamicRef?: boolean;
  /** ajv's error messages in each error object (default true); the shipped validators build them at run time instead. */
  messages?: boolean;
  /**
   * ajv's strict schema checks (default true): they refuse schemas JSON Schema allows (`if`
   * without `then`, a property a pattern matches too, an unknown keyword), a lint for our own spec
   * (test/spec/). The validators are compiled without them: what the specification allows compiles.
   */
  strict?: boolean;
  /** Patterns whose validators use the linear-time engine, with their RE2 form (emit/validators/patterns.ts). */
  linearPatterns?: Readonly<Record<string, string>>;
}

/** OpenAPI's numeric formats, which ajv-formats does not know. */
const OPENAPI_FORMATS: Record<string, { type: 'number'; validate: (n: number) => boolean }> = {
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
};

/**
 * ajv-formats' formats whose regular expression is super-linear: the shipped validators call the
 * package's linear function of the same language instead (runtime/ajv-formats.js). ajv writes a
 * format that is a RegExp into the compiled code as a literal, and one that is a function as a
 * reference to ajv-formats' module, which the package's runtime replaces (validators.ts
 * ESM_RUNTIME): so these are registered as functions. At generation (and in the toolkit's tests)
 * the function runs ajv-formats' own expression: the same judgements. recheck (its automaton
 * checker, then fuzzing) finds `url` quadratic, and the other expressions linear or no attack.
 */
export const LINEAR_FORMATS: readonly string[] = ['url'];

export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
    // Off, schemas the specification allows compile (NaN and Infinity stay no numbers: strictNumbers).
    strictSchema: options.strict ?? true,
    strictRequired: false,
    // if/then branches constrain properties without restating their types, as JSON Schema intends.
    strictTypes: false,
    strictTuples: false,
    allowUnionTypes: true,
    discriminator: options.discriminator ?? true,
    // A property counts as present only when the value has it itself: `{}` has no `constructor`.
    ownProperties: options.ownProperties ?? true,
    // Each referenced schema compiles once into its own function, shared by every validator.
    inlineRefs: false,
    // Patterns valid only without the `u` flag compile without it (regexp.ts). ajv's optimisation
    // pass costs a third of the compile time on large documents, for ~15% less code: kept, because
    // consumers load that code at start-up.
    code: { regExp: patternEngine(options.linearPatterns), ...(options.standalone && { source: true, esm: true, optimize: 1 }) },
    messages: options.messages ?? true,
  });
  // Ajv2020 always turns both on; ajv reads these options when it compiles, never before.
  if (options.unevaluated === false) ajv.opts.unevaluated = false;
  if (options.dynamicRef === false) ajv.opts.dynamicRef = false;
  addFormats.default(ajv);
  for (const name of LINEAR_FORMATS) {
    const expression = fullFormats[name as keyof typeof fullFormats] as RegExp;
    ajv.addFormat(name, (value: string) => expression.test(value));
  }
  for (const [name, format] of Object.entries(OPENAPI_FORMATS)) ajv.addFormat(name, format);
  for (const keyword of customKeywords) ajv.addKeyword(keyword);
  return ajv;
}

/** Formats used by a document that ajv does not know get an accept-all definition (reported, not fatal). */
export function registerUnknownFormats(ajv: Ajv2020, formats: Iterable<string>): string[] {
  const unknown: string[] = [];
  for (const f of formats) {
    if (!ajv.formats[f]) {
      ajv.addFormat(f, true);
      unknown.push(f);
    }
  }
  return unknown.sort();
}

/** Whether a keyword of `keywords` is a key anywhere in the schemas (an over-approximation: also inside `const`, `examples`...). */
export function usesKeywords(keywords: ReadonlySet<string>, ...roots: unknown[]): boolean {
  const stack: unknown[] = [...roots];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (keywords.has(key)) return true;
        if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return false;
}

/** The keywords that need dynamic anchors passed along (2019-09's recursive ones are ajv's dynamic ones). */
export const DYNAMIC_KEYWORDS: ReadonlySet<string> = new Set(['$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor']);

/** The keywords that read what other subschemas evaluated. */
export const UNEVALUATED_KEYWORDS: ReadonlySet<string> = new Set(['unevaluatedProperties', 'unevaluatedItems']);
