/**
 * OpenAPI Schema Object → JSON Schema 2020-12 for ajv. OpenAPI 3.1 schemas already are 2020-12;
 * what changes: `$ref`s to components point into one shared document, OpenAPI-only keywords
 * (`example`, `xml`, `externalDocs`, `discriminator.mapping`, `x-` extensions) are dropped, and
 * OpenAPI 3.0's `nullable` and boolean `exclusiveMinimum`/`exclusiveMaximum` are rewritten.
 */
import { customKeywordNames } from './keywords.js';

export type JsonSchema = boolean | { [key: string]: unknown };

/** The `$id` of the shared document whose `$defs` hold every component schema. */
export const SHARED_ID = 'https://partner-recruitment.invalid/components.json';

const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas', 'definitions']);
const SCHEMA_KEYS = new Set(['items', 'additionalProperties', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems']);
const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
// Annotations are dropped too: the compiled validators need only the assertions.
const DROPPED = new Set(['example', 'xml', 'externalDocs', 'nullable', 'title', 'description', 'examples', 'deprecated', 'default', 'readOnly', 'writeOnly', '$comment']);

export interface ConvertOptions {
  /** OpenAPI 3.0 documents need `nullable` and boolean exclusive bounds rewritten. */
  openapi30: boolean;
  /** Keep `discriminator` (ajv's `discriminator: true` then checks and uses it). */
  keepDiscriminator: boolean;
}

export function refToShared(ref: string): string {
  const m = /^#\/components\/schemas\/(.+)$/.exec(ref);
  if (!m) throw new Error(`unsupported $ref in a schema: ${ref}`);
  return `${SHARED_ID}#/$defs/${m[1]}`;
}

export function toJsonSchema(schema: unknown, options: ConvertOptions): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return {};
  const src = schema as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    if (DROPPED.has(key)) continue;
    if (key.startsWith('x-') && !customKeywordNames.has(key)) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = refToShared(value);
    else if (key === 'discriminator') {
      if (options.keepDiscriminator && value && typeof value === 'object') {
        out.discriminator = { propertyName: (value as { propertyName: unknown }).propertyName };
      }
    } else if (SCHEMA_MAP_KEYS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toJsonSchema(v, options)]));
    } else if (SCHEMA_KEYS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = toJsonSchema(value, options);
    } else if ((SCHEMA_LIST_KEYS.has(key) || key === 'items') && Array.isArray(value)) {
      out[key === 'items' ? 'prefixItems' : key] = value.map((v) => toJsonSchema(v, options));
    } else out[key] = value;
  }
  if (options.openapi30) rewrite30(src, out);
  return out;
}

function rewrite30(src: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const [bound, exclusive] of [['minimum', 'exclusiveMinimum'], ['maximum', 'exclusiveMaximum']] as const) {
    if (src[exclusive] === true && typeof src[bound] === 'number') {
      out[exclusive] = src[bound];
      delete out[bound];
    } else if (src[exclusive] === false) delete out[exclusive];
  }
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.$ref || out.allOf || out.oneOf || out.anyOf) {
      const { description, title, default: dflt, ...rest } = out;
      for (const k of Object.keys(out)) delete out[k];
      Object.assign(out, { ...(title !== undefined && { title }), ...(description !== undefined && { description }), ...(dflt !== undefined && { default: dflt }), anyOf: [rest, { type: 'null' }] });
    }
  }
}

/** The shared document: every component schema under `$defs`. */
export function sharedDocument(schemas: Record<string, unknown>, options: ConvertOptions): Record<string, unknown> {
  const $defs: Record<string, JsonSchema> = {};
  for (const name of Object.keys(schemas).sort()) $defs[name] = toJsonSchema(schemas[name], options);
  return { $id: SHARED_ID, $defs };
}
