/**
 * JSON Schema dialects (OpenAPI 3.1 §4.8.24.1, "JSON Schema Dialect"): a schema is read in the
 * dialect of its `$schema`, else the document's `jsonSchemaDialect`, else OpenAPI's base dialect
 * (2020-12 with OpenAPI's vocabulary). The validators compile 2020-12 in one ajv instance, so that
 * every schema can reference every other; json-schema.ts rewrites the few keywords whose meaning
 * changed since draft-04 (`rewriteDialect`). A dialect not listed here cannot be read: the
 * validators needing that schema are skipped with a warning naming it.
 */

export type Dialect = 'draft-04' | 'draft-06' | 'draft-07' | '2019-09' | '2020-12';

const KNOWN: [RegExp, Dialect][] = [
  [/^https?:\/\/json-schema\.org\/draft-04\/schema$/, 'draft-04'],
  [/^https?:\/\/json-schema\.org\/draft-06\/schema$/, 'draft-06'],
  [/^https?:\/\/json-schema\.org\/draft-07\/schema$/, 'draft-07'],
  [/^https?:\/\/json-schema\.org\/draft\/2019-09\/schema$/, '2019-09'],
  [/^https?:\/\/json-schema\.org\/draft\/2020-12\/schema$/, '2020-12'],
  // OpenAPI 3.1's dialects: 2020-12 plus OpenAPI's vocabulary (discriminator, xml, example, ...).
  [/^https:\/\/spec\.openapis\.org\/oas\/3\.1\/dialect\/[\w.-]+$/, '2020-12'],
];

/** A schema declaring a dialect the validators cannot read. */
export class UnsupportedDialectError extends Error {
  override name = 'UnsupportedDialectError';
}

/** The dialect a `$schema` or `jsonSchemaDialect` URI names (a trailing empty fragment `#` aside). */
export function dialectOf(uri: unknown): Dialect {
  const id = typeof uri === 'string' ? uri.replace(/#$/, '') : undefined;
  const found = id === undefined ? undefined : KNOWN.find(([re]) => re.test(id));
  if (!found)
    throw new UnsupportedDialectError(
      `unsupported JSON Schema dialect ${JSON.stringify(uri)} ($schema): known are draft-04, -06, -07, 2019-09, 2020-12 and OpenAPI 3.1's`,
    );
  return found[1];
}

/** Up to draft-07, keywords beside `$ref` are ignored (draft-07 §8.3). */
export const refIgnoresSiblings = (dialect: Dialect): boolean => dialect === 'draft-04' || dialect === 'draft-06' || dialect === 'draft-07';

/** Up to 2019-09, an array `items` is a tuple and `additionalItems` applies after it. */
export const hasTupleItems = (dialect: Dialect): boolean => dialect !== '2020-12';
