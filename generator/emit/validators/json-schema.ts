/**
 * OpenAPI Schema Object → JSON Schema 2020-12 for ajv. OpenAPI 3.1 schemas already are 2020-12;
 * what changes: `$ref`s to components point into one shared document, OpenAPI-only keywords
 * (`example`, `xml`, `externalDocs`, `discriminator.mapping`, `x-` extensions) are dropped, and
 * OpenAPI 3.0's `nullable` and boolean `exclusiveMinimum`/`exclusiveMaximum` are rewritten, and so
 * are the keywords of older JSON Schema dialects a schema declares (dialects.ts). A subschema's own
 * `$id` is kept (the loader has already turned every `$ref` by `$id` or anchor into a JSON pointer:
 * load/identifiers.ts), so that ajv's `$dynamicRef` sees each resource.
 */
import { customKeywordNames, schemaValuedKeywords, writeTimeKeywords } from './keywords.js';
import { escapePointer, pointerTokens, refSegments, unescapePointer } from '../../lib/pointer.js';
import { dialectOf, hasTupleItems, refIgnoresSiblings, type Dialect } from './dialects.js';

export type JsonSchema = boolean | { [key: string]: unknown };

/** Base of the `$id`s the validators' schemas get (never fetched: `.invalid` is reserved). */
export const SCHEMA_BASE = 'https://partner-recruitment.invalid/';

/** The `$id` of a component schema: each compiles once, into a function every reference calls. */
export const componentId = (name: string): string => `${SCHEMA_BASE}schemas/${encodeURIComponent(name)}`;

/** The `$id` of a component's variant for what is sent (write-time keywords kept; see `ConvertOptions.sent`). */
export const sentComponentId = (name: string): string => `${SCHEMA_BASE}sent/schemas/${encodeURIComponent(name)}`;

const SCHEMA_MAP_KEYS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas', 'definitions']);
const SCHEMA_KEYS = new Set([
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
]);
const SCHEMA_LIST_KEYS = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
// Annotations are dropped too: the compiled validators need only the assertions.
const DROPPED = new Set([
  'example',
  'xml',
  'externalDocs',
  'nullable',
  'title',
  'description',
  'examples',
  'deprecated',
  'default',
  'readOnly',
  'writeOnly',
  '$comment',
]);
// A dialect, once read, is not needed. A converted schema gets the `$id` the validators address it
// by; a subschema keeps its own (ajv's `$dynamicRef` reads the dynamic anchors of each resource),
// except in a variant for what is sent, which would declare it a second time.
const IDENTIFYING = new Set(['$schema']);

export interface ConvertOptions {
  /** OpenAPI 3.0 documents need `nullable` and boolean exclusive bounds rewritten. */
  openapi30: boolean;
  /**
   * Keep `discriminator` (ajv's `discriminator: true` then checks and uses it): `true` always, or
   * per schema, e.g. `discriminatorUsable` (ajv refuses a discriminator its rules do not allow).
   */
  keepDiscriminator: boolean | ((schema: Record<string, unknown>) => boolean);
  /** The dialect of schemas that declare none (the document's `jsonSchemaDialect`); default 2020-12. */
  dialect?: Dialect;
  /**
   * Convert for what is sent (a request's body or parameters): write-time keywords (keywords.ts
   * `writeTimeKeywords`) are kept, and a `$ref` to a component named here (those that reach one:
   * `componentsWithWriteRules`) points at its variant for what is sent (`sentComponentId`).
   * Without it the schema is read as returned: write-time keywords are dropped.
   */
  sent?: ReadonlySet<string>;
}

/**
 * Whether ajv's `discriminator` keyword accepts this schema and judges as its `oneOf` would:
 * `oneOf` members (followed through `$ref`) each of `type: object`, each declaring the tag as a
 * required property with string `const` or `enum` values, no value twice. ajv skips the keyword,
 * and with it the `oneOf` it replaces, for a value that is not an object: the converted schema
 * says `type: object` (toJsonSchema), exactly what members that are all objects require, and a
 * schema whose own type allows more (or 3.0's `nullable`) keeps its plain `oneOf`.
 */
export function discriminatorUsable(document: Record<string, any>, schema: Record<string, any>): boolean {
  const tag = schema.discriminator?.propertyName;
  if (typeof tag !== 'string' || !Array.isArray(schema.oneOf)) return false;
  if ((schema.type !== undefined && schema.type !== 'object') || schema.nullable === true) return false;
  const parentRequires = Array.isArray(schema.required) && schema.required.includes(tag);
  const seen = new Set<unknown>();
  for (const member of schema.oneOf) {
    const resolved = typeof member?.$ref === 'string' ? lookup(document, member.$ref) : member;
    const property = resolved?.properties?.[tag];
    if (resolved?.type !== 'object' || !property || typeof property !== 'object') return false;
    const values: unknown[] | undefined = 'const' in property ? [property.const] : Array.isArray(property.enum) ? property.enum : undefined;
    if (!values || !(parentRequires || (Array.isArray(resolved.required) && resolved.required.includes(tag)))) return false;
    for (const value of values) {
      if (typeof value !== 'string' || seen.has(value)) return false;
      seen.add(value);
    }
  }
  return true;
}

function lookup(document: Record<string, any>, ref: string): any {
  if (!ref.startsWith('#/')) return undefined;
  return pointerTokens(ref).reduce((node, key) => node?.[key], document);
}

/**
 * A `$ref` to a component schema, or to a place inside one (`#/components/schemas/A/properties/b`,
 * a JSON pointer fragment of that component's `$id`: conversion keeps the structure).
 */
export function refToShared(ref: string, sent?: ReadonlySet<string>): string {
  if (!/^#\/components\/schemas\/[^/]+/.test(ref)) throw new Error(`unsupported $ref in a schema: ${ref}`);
  // Decoded once (percent-encoding, then the pointer's escapes) and encoded once, as ajv reads it back.
  const [, , name, ...inside] = refSegments(ref) as [string, string, string, ...string[]];
  const fragment = inside.length ? `#${inside.map((key) => `/${encodeURIComponent(escapePointer(key))}`).join('')}` : '';
  return (sent?.has(name) ? sentComponentId(name) : componentId(name)) + fragment;
}

/** The component a `$ref` points into (`#/components/schemas/<name>...`), if any. */
function refComponent(ref: string): string | undefined {
  const m = /^#\/components\/schemas\/([^/]+)/.exec(ref);
  return m ? unescapePointer(m[1]!) : undefined;
}

/**
 * The components whose schema holds a write-time keyword, or reaches one through `$ref`s: those
 * that need a variant for what is sent. (An over-approximation: a keyword's name found as data, in
 * `const` or `examples`, counts too; it costs only an unneeded variant.)
 */
export function componentsWithWriteRules(schemas: Record<string, unknown>): Set<string> {
  const refs = new Map<string, Set<string>>();
  const found = new Set<string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const targets = new Set<string>();
    const stack: unknown[] = [schema];
    while (stack.length) {
      const node = stack.pop();
      if (Array.isArray(node)) stack.push(...node);
      else if (node && typeof node === 'object') {
        for (const [key, value] of Object.entries(node)) {
          if (writeTimeKeywords.has(key)) found.add(name);
          else if (key === '$ref' && typeof value === 'string') {
            const target = refComponent(value);
            if (target !== undefined) targets.add(target);
          } else if (value && typeof value === 'object') stack.push(value);
        }
      }
    }
    refs.set(name, targets);
  }
  for (let grew = true; grew; ) {
    grew = false;
    for (const [name, targets] of refs) {
      if (found.has(name)) continue;
      for (const target of targets) {
        if (!found.has(target)) continue;
        found.add(name);
        grew = true;
        break;
      }
    }
  }
  return found;
}

export function toJsonSchema(schema: unknown, options: ConvertOptions): JsonSchema {
  return convert(schema, options, false);
}

function convert(schema: unknown, options: ConvertOptions, nested: boolean): JsonSchema {
  if (typeof schema === 'boolean') return schema;
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return {};
  let src = schema as Record<string, unknown>;
  const dialect = Object.hasOwn(src, '$schema') ? dialectOf(src.$schema) : (options.dialect ?? '2020-12');
  if (dialect !== (options.dialect ?? '2020-12')) options = { ...options, dialect };
  if (refIgnoresSiblings(dialect) && typeof src.$ref === 'string') src = { $ref: src.$ref };
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(src)) {
    if (DROPPED.has(key) || IDENTIFYING.has(key) || (key === 'id' && dialect === 'draft-04')) continue;
    if (key === '$id' && (!nested || options.sent)) continue;
    if (key.startsWith('x-') && !customKeywordNames.has(key)) continue;
    if (writeTimeKeywords.has(key) && !options.sent) continue;
    if (key === '$ref' && typeof value === 'string') out.$ref = refToShared(value, options.sent);
    else if (key === 'discriminator') {
      const keep = typeof options.keepDiscriminator === 'function' ? options.keepDiscriminator(src) : options.keepDiscriminator;
      if (keep && value && typeof value === 'object') {
        out.discriminator = { propertyName: (value as { propertyName: unknown }).propertyName };
        // ajv lets any value that is not an object through a discriminator (see discriminatorUsable).
        out.type ??= 'object';
      }
    } else if (SCHEMA_MAP_KEYS.has(key) && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value).map(([k, v]) => [k, convert(v, options, true)]));
    } else if ((SCHEMA_KEYS.has(key) || schemaValuedKeywords.has(key)) && value !== null && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = convert(value, options, true);
    } else if ((SCHEMA_LIST_KEYS.has(key) || key === 'items') && Array.isArray(value)) {
      out[key === 'items' ? 'prefixItems' : key] = value.map((v) => convert(v, options, true));
    } else out[key] = value;
  }
  if (hasTupleItems(dialect)) rewriteAdditionalItems(src, out);
  if (dialect === 'draft-04') rewriteBooleanBounds(src, out);
  if (options.openapi30) rewrite30(src, out);
  moveProtoProperty(out);
  return out;
}

/**
 * Before 2020-12, `additionalItems` applied after an array `items` (now `prefixItems` and `items`)
 * and meant nothing beside a single `items` schema.
 */
function rewriteAdditionalItems(src: Record<string, unknown>, out: Record<string, unknown>): void {
  if (!Object.hasOwn(out, 'additionalItems')) return;
  if (Array.isArray(src.items)) out.items = out.additionalItems;
  delete out.additionalItems;
}

/**
 * ajv skips a property named `__proto__` under `properties` (against prototype pollution), so its
 * schema would never apply. `patternProperties` with the exact name applies it to the same own
 * property, with the same meaning for `additionalProperties` and `unevaluatedProperties`.
 */
function moveProtoProperty(out: Record<string, unknown>): void {
  const properties = out.properties as Record<string, unknown> | undefined;
  if (!properties || !Object.hasOwn(properties, '__proto__')) return;
  const { ['__proto__']: schema, ...rest } = properties;
  const patterns = { ...(out.patternProperties as Record<string, unknown> | undefined) };
  const exact = '^__proto__$';
  patterns[exact] = Object.hasOwn(patterns, exact) ? { allOf: [patterns[exact], schema] } : schema;
  out.properties = rest;
  out.patternProperties = patterns;
}

/** OpenAPI 3.0 and draft-04: `exclusiveMinimum: true` makes `minimum` exclusive (a number since draft-06). */
function rewriteBooleanBounds(src: Record<string, unknown>, out: Record<string, unknown>): void {
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (src[exclusive] === true && typeof src[bound] === 'number') {
      out[exclusive] = src[bound];
      delete out[bound];
    } else if (src[exclusive] === false) delete out[exclusive];
  }
}

function rewrite30(src: Record<string, unknown>, out: Record<string, unknown>): void {
  rewriteBooleanBounds(src, out);
  if (src.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
    if (out.$ref || out.allOf || out.oneOf || out.anyOf) {
      const { description, title, default: dflt, ...rest } = out;
      for (const k of Object.keys(out)) delete out[k];
      Object.assign(out, {
        ...(title !== undefined && { title }),
        ...(description !== undefined && { description }),
        ...(dflt !== undefined && { default: dflt }),
        anyOf: [rest, { type: 'null' }],
      });
    }
  }
}

/**
 * A component schema as its own JSON Schema with its `$id`, for `ajv.addSchema`: `componentId(name)`,
 * or `sentComponentId(name)` when converted for what is sent and `options.sent` names it.
 */
export function componentSchema(name: string, schema: unknown, options: ConvertOptions): Record<string, unknown> {
  const converted = toJsonSchema(schema, options);
  const $id = options.sent?.has(name) ? sentComponentId(name) : componentId(name);
  return typeof converted === 'boolean' ? { $id, ...(converted ? {} : { not: {} }) } : { $id, ...converted };
}

/**
 * Every component schema as returned, in name order (see `componentSchema`), then, when `sent` is
 * given, the variant for what is sent of each component it names.
 */
export function componentSchemas(schemas: Record<string, unknown>, options: ConvertOptions, sent?: ReadonlySet<string>): Record<string, unknown>[] {
  const names = Object.keys(schemas).sort();
  const { sent: _ignored, ...returned } = options;
  return [
    ...names.map((name) => componentSchema(name, schemas[name], returned)),
    ...(sent ? names.filter((name) => sent.has(name)).map((name) => componentSchema(name, schemas[name], { ...returned, sent })) : []),
  ];
}
