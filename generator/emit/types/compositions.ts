/**
 * Composition rewrites for the types only: openapi-typescript types two common shapes of
 * `allOf`/`anyOf`/`oneOf` less precisely than the schema says. Each rewrite keeps the schema's
 * meaning; the validators compile the original document, so they are unaffected.
 *
 * - A branch that only names properties in `required` (`anyOf: [{required: [value]}, ...]`)
 *   becomes `unknown`: it gets the parent's schemas of the properties it requires, so it is typed
 *   `{ value: number }`.
 * - `anyOf` beside the schema's own keywords (`type: object, properties, anyOf`) becomes
 *   `own | branch | ...`, which any object of the own type satisfies; JSON Schema means
 *   `own & (branch | ...)`, which `allOf: [{anyOf}]` beside the own keywords gives.
 */
import { isObject, own } from '../../lib/own.js';

type Schema = Record<string, any>;

const COMPOSITIONS = ['allOf', 'anyOf', 'oneOf'] as const;
/** Keywords that give openapi-typescript a type of the schema's own, beside its compositions. */
const OWN_TYPE_KEYWORDS = ['type', 'properties', 'additionalProperties', 'patternProperties', 'items', 'enum', 'const', 'allOf', 'oneOf'];

/**
 * Copies into each inline branch of `schema`'s compositions the parent's schema of every property
 * the branch requires but does not define.
 */
function inheritRequiredProperties(schema: Schema): void {
  if (!isObject(schema.properties)) return;
  for (const key of COMPOSITIONS) {
    if (!Array.isArray(schema[key])) continue;
    for (const branch of schema[key] as unknown[]) {
      if (!isObject(branch) || typeof branch.$ref === 'string' || !Array.isArray(branch.required)) continue;
      const inherited = branch.required.filter(
        (name: unknown) => typeof name === 'string' && own(branch.properties, name) === undefined && own(schema.properties, name) !== undefined,
      );
      if (!inherited.length) continue;
      const properties = isObject(branch.properties) ? branch.properties : {};
      for (const name of inherited)
        Object.defineProperty(properties, name, { value: schema.properties[name], enumerable: true, writable: true, configurable: true });
      branch.properties = properties;
    }
  }
}

/** `anyOf` beside own keywords moves into an `allOf` item, so openapi-typescript intersects it with them. */
function intersectAnyOf(schema: Schema): void {
  if (!Array.isArray(schema.anyOf) || schema.discriminator !== undefined) return;
  if (!OWN_TYPE_KEYWORDS.some((keyword) => Object.hasOwn(schema, keyword))) return;
  const { anyOf } = schema;
  delete schema.anyOf;
  schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), { anyOf }];
}

/** Rewrites, in place, every schema of an OpenAPI document (a copy made for the types). */
export function rewriteCompositionsForTypes(document: Schema): void {
  forEachSchema(document, (schema) => {
    inheritRequiredProperties(schema);
    intersectAnyOf(schema);
  });
}

const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];
const SCHEMA_VALUES = [
  'items',
  'additionalProperties',
  'not',
  'if',
  'then',
  'else',
  'contains',
  'propertyNames',
  'unevaluatedItems',
  'unevaluatedProperties',
  'additionalItems',
];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems', 'items'];
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

const valuesOf = (map: unknown): unknown[] => (isObject(map) ? Object.values(map) : []);
const listOf = (list: unknown): unknown[] => (Array.isArray(list) ? list : []);

/**
 * Calls `visit` for every schema of the document, where the OpenAPI structure puts one (never in
 * examples or extensions), parents before their subschemas; each object once.
 */
function forEachSchema(document: Schema, visit: (schema: Schema) => void): void {
  const seen = new Set<object>();
  const schema = (node: unknown): void => {
    if (!isObject(node) || seen.has(node)) return;
    seen.add(node);
    visit(node);
    for (const key of SCHEMA_MAPS) valuesOf(node[key]).forEach(schema);
    for (const key of SCHEMA_VALUES) if (isObject(node[key])) schema(node[key]);
    for (const key of SCHEMA_LISTS) listOf(node[key]).forEach(schema);
  };
  const media = (node: unknown): void => {
    if (!isObject(node)) return;
    schema(node.schema);
    for (const encoding of valuesOf(node.encoding)) if (isObject(encoding)) valuesOf(encoding.headers).forEach(parameter);
  };
  // A parameter or a header: a schema, or content.
  const parameter = (node: unknown): void => {
    if (!isObject(node)) return;
    schema(node.schema);
    valuesOf(node.content).forEach(media);
  };
  const body = (node: unknown): void => {
    if (!isObject(node)) return;
    valuesOf(node.content).forEach(media);
    valuesOf(node.headers).forEach(parameter);
  };
  const callback = (node: unknown): void => valuesOf(node).forEach(pathItem);
  const operation = (node: unknown): void => {
    if (!isObject(node)) return;
    listOf(node.parameters).forEach(parameter);
    body(node.requestBody);
    valuesOf(node.responses).forEach(body);
    valuesOf(node.callbacks).forEach(callback);
  };
  function pathItem(node: unknown): void {
    if (!isObject(node)) return;
    listOf(node.parameters).forEach(parameter);
    for (const method of METHODS) operation(own(node, method));
  }
  const components = isObject(document.components) ? document.components : {};
  valuesOf(components.schemas).forEach(schema);
  valuesOf(components.parameters).forEach(parameter);
  valuesOf(components.headers).forEach(parameter);
  valuesOf(components.requestBodies).forEach(body);
  valuesOf(components.responses).forEach(body);
  valuesOf(components.pathItems).forEach(pathItem);
  valuesOf(components.callbacks).forEach(callback);
  valuesOf(document.paths).forEach(pathItem);
  valuesOf(document.webhooks).forEach(pathItem);
}
