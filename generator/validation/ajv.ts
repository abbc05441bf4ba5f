/** The one ajv configuration used to compile validators and to test the spec's schemas. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { customKeywords } from './keywords.js';
import { patternRegExp } from './regexp.js';
import { forEachEntry, isObject } from '../own.js';

export interface AjvOptions {
  /** Emit source for ajv's standalone code generation. */
  standalone?: boolean;
  discriminator?: boolean;
  /** Count only a value's own properties as present (default true; see usesInheritedNames). */
  ownProperties?: boolean;
}

/** Names every plain object inherits (`constructor`, `toString`, `__proto__`, ...). */
const INHERITED: ReadonlySet<string> = new Set(Object.getOwnPropertyNames(Object.prototype));

/**
 * Whether any schema names a property that every object inherits: then ajv's `ownProperties` is
 * needed (`required: [constructor]` would otherwise be met by `{}`). It halves the validators'
 * throughput (a `hasOwnProperty` call per property), so a document without such names goes without.
 */
export function usesInheritedNames(...roots: unknown[]): boolean {
  let found = false;
  const names = (list: unknown) => (Array.isArray(list) ? list : []).some((n) => typeof n === 'string' && INHERITED.has(n));
  for (const root of roots) {
    forEachEntry(root, (key, value) => {
      if (found) return false;
      if ((key === 'properties' || key === 'dependentSchemas' || key === 'patternProperties') && isObject(value)) found = names(Object.keys(value));
      else if (key === 'dependentRequired' && isObject(value)) found = names(Object.keys(value)) || Object.values(value).some(names);
      else if (key === 'required' || key === 'x-unique-item-properties') found = names(value);
      else if (key === 'discriminator' && isObject(value)) found = names([value.propertyName]);
      return !found;
    });
  }
  return found;
}

/** OpenAPI's numeric formats, which ajv-formats does not know. */
const OPENAPI_FORMATS: Record<string, { type: 'number'; validate: (n: number) => boolean }> = {
  int32: { type: 'number', validate: (n) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
};

export function createAjv(options: AjvOptions = {}): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    strict: true,
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
    code: { regExp: patternRegExp, ...(options.standalone && { source: true, esm: true, lines: true, optimize: 1 }) },
  });
  addFormats.default(ajv);
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
