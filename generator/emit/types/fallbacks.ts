/**
 * What JSON Schema 2020-12 and OpenAPI 3.1 allow but openapi-typescript cannot read, found in the
 * bundled document and rewritten, in the types' copy only, to `{}` (typed `unknown`): a boolean
 * subschema where it throws on one (an `allOf` member, a `$defs` entry; elsewhere it reads `true`
 * as `unknown` and `false` as `never` or `unknown` itself), and a `$ref` that is not a
 * JSON pointer into the document (an `$anchor`'s `#name` or a URI that load.ts left as written; it
 * cannot parse them). generate.ts reports each place as a located warning; the validators compile
 * the schemas as written.
 */
import { escapePointer } from '../../lib/pointer.js';
import { isObject } from '../../lib/own.js';

export interface TypesFallback {
  /** JSON pointer of the subschema typed `unknown`. */
  pointer: string;
  message: string;
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas']);
const SCHEMA_LISTS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
// `additionalProperties` and `unevaluatedProperties` are left: openapi-typescript reads their booleans.
const SCHEMA_VALUES = new Set(['items', 'additionalItems', 'not', 'if', 'then', 'else', 'contains', 'propertyNames', 'unevaluatedItems']);
/** Keys of the document outside schemas whose values are data, never schemas. */
const DATA = new Set(['example', 'examples', 'default', 'const', 'enum', 'x-examples']);

/** A JSON pointer fragment into the document (`#`, `#/components/...`), which openapi-typescript follows. */
const isPointerRef = (ref: string) => ref === '#' || ref.startsWith('#/');

/** Where openapi-typescript throws on a boolean subschema. */
const NO_BOOLEAN = new Set(['allOf', '$defs']);

function why(schema: unknown, container: string | undefined): string | undefined {
  if (typeof schema === 'boolean' && container !== undefined && NO_BOOLEAN.has(container))
    return `the boolean schema \`${schema}\` is typed unknown (openapi-typescript reads no boolean schema there)`;
  if (isObject(schema) && typeof schema.$ref === 'string' && !isPointerRef(schema.$ref))
    return `$ref ${JSON.stringify(schema.$ref)} is typed unknown (openapi-typescript follows only JSON pointers into the document)`;
  return undefined;
}

/**
 * Reports every subschema of `schema` (at `pointer`) that openapi-typescript cannot read, the
 * outermost only, and with `rewrite` puts `{}` in its place (`set`).
 */
function visitSchema(
  schema: unknown,
  pointer: string,
  container: string | undefined,
  rewrite: boolean,
  set: (value: unknown) => void,
  fallbacks: TypesFallback[],
): void {
  const message = why(schema, container);
  if (message !== undefined) {
    fallbacks.push({ pointer, message });
    if (rewrite) set({});
    return;
  }
  if (!isObject(schema)) return;
  for (const [key, value] of Object.entries(schema)) {
    const at = `${pointer}/${escapePointer(key)}`;
    if (SCHEMA_MAPS.has(key) && isObject(value)) {
      for (const [name, sub] of Object.entries(value))
        visitSchema(
          sub,
          `${at}/${escapePointer(name)}`,
          key,
          rewrite,
          (v) => Object.defineProperty(value, name, { value: v, enumerable: true, writable: true, configurable: true }),
          fallbacks,
        );
    } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
      for (const [i, sub] of value.entries()) visitSchema(sub, `${at}/${i}`, key, rewrite, (v) => (value[i] = v), fallbacks);
    } else if (SCHEMA_VALUES.has(key) && !(key === 'items' && Array.isArray(value))) {
      visitSchema(value, at, key, rewrite, (v) => (schema[key] = v), fallbacks);
    }
  }
}

/**
 * Every schema of `document` (component schemas, and each `schema` of a parameter, header or media
 * type), rewritten in place where openapi-typescript cannot read it; the places, in document order.
 */
export function typesFallbacks(document: unknown, { rewrite }: { rewrite: boolean }): TypesFallback[] {
  const fallbacks: TypesFallback[] = [];
  const walk = (node: unknown, pointer: string) => {
    if (Array.isArray(node)) for (const [i, item] of node.entries()) walk(item, `${pointer}/${i}`);
    if (!isObject(node)) return;
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (DATA.has(key)) continue;
      if (key === 'schema') visitSchema(value, at, undefined, rewrite, (v) => (node[key] = v), fallbacks);
      else if (key === 'schemas' && pointer === '/components' && isObject(value)) {
        for (const [name, schema] of Object.entries(value))
          visitSchema(
            schema,
            `${at}/${escapePointer(name)}`,
            undefined,
            rewrite,
            (v) => Object.defineProperty(value, name, { value: v, enumerable: true, writable: true, configurable: true }),
            fallbacks,
          );
      } else walk(value, at);
    }
  };
  walk(document, '');
  return fallbacks;
}
