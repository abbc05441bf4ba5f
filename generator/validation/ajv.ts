/** The one ajv configuration used to compile validators and to test the spec's schemas. */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { customKeywords } from './keywords.js';
import { patternRegExp } from './regexp.js';

export interface AjvOptions {
  /** Emit source for ajv's standalone code generation. */
  standalone?: boolean;
  discriminator?: boolean;
  /** Count only a value's own properties as present (default true; see emit/validators.ts usesInheritedNames). */
  ownProperties?: boolean;
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
