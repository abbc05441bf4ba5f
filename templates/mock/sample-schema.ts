/**
 * The document as the sampler reads it: JSON pointers, and a normalised copy of the document in
 * which every schema says what it means in JSON Schema 2020-12, so that the sampling library and the
 * judge (ajv) both understand it. The copy is made once per sampler; the caller's document is never changed.
 */

import { escapeToken, unescapeToken } from '../client/pointer.js';

/** A JSON Schema node: an object or a boolean. */
export type SchemaNode = Record<string, unknown> | boolean;

/** Which way a body travels: `readOnly` properties appear only in responses, `writeOnly` only in requests. */
export type Direction = 'request' | 'response';

export interface NormaliseOptions {
  readonly direction: Direction;
  readonly openApi30: boolean;
  /** Property names whose strings must not be empty (identifiers.ts); none when absent. */
  readonly nonEmpty?: (name: string) => boolean;
}

/** The format name the sampler gives a `x-future-date-time: true` string (a custom format of its own). */
export const FUTURE_DATE_TIME_FORMAT = 'x-future-date-time';

/** `'/a/b~1c'`, `'#/a/b~1c'` or `'#/a/b%7Bc%7D'` → its reference tokens. */
export function parsePointer(pointer: string): string[] {
  let p = pointer.startsWith('#') ? safeDecode(pointer.slice(1)) : pointer;
  if (p === '') return [];
  if (!p.startsWith('/')) throw new SyntaxError(`not a JSON pointer: ${JSON.stringify(pointer)}`);
  p = p.slice(1);
  return p.split('/').map(unescapeToken);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** Reference tokens → a JSON pointer (no `#`, not URI-encoded). */
export function formatPointer(tokens: readonly string[]): string {
  return tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/** The plain form of a pointer: no `#`, not URI-encoded. */
export function normalisePointer(pointer: string): string {
  return formatPointer(parsePointer(pointer));
}

/** The node a pointer names, or `undefined`. Only own properties are followed. */
export function resolvePointer(root: unknown, pointer: string): unknown {
  let node: unknown = root;
  for (const token of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * The pointer of the node `pointer` reaches when every `$ref` met on the way (`#/...` only) is
 * followed, e.g. `/paths/~1a/get/responses/200/content/application~1json` through
 * `responses/200: {$ref: '#/components/responses/Ok'}` → `/components/responses/Ok/content/application~1json`.
 * `undefined` when it reaches nothing.
 */
export function canonicalPointer(root: unknown, pointer: string): string | undefined {
  let node: unknown = root;
  let at: string[] = [];
  const follow = (): boolean => {
    const seen = new Set<unknown>();
    while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#')) {
      if (seen.has(node)) return false;
      seen.add(node);
      at = parsePointer(node.$ref);
      node = resolvePointer(root, node.$ref);
      if (node === undefined) return false;
    }
    return true;
  };
  for (const token of parsePointer(pointer)) {
    if (node === null || typeof node !== 'object') return undefined;
    if (!Object.hasOwn(node, token) && !follow()) return undefined;
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, token)) return undefined;
    node = (node as Record<string, unknown>)[token];
    at.push(token);
  }
  return formatPointer(at);
}

/** Follows `$ref`s that point into the document (`#/...`) until a node without one; stops on a cycle. */
export function dereference(root: unknown, node: unknown): unknown {
  const seen = new Set<unknown>();
  while (isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#') && !seen.has(node)) {
    seen.add(node);
    const target = resolvePointer(root, node.$ref);
    if (target === undefined) return node;
    node = target;
  }
  return node;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * A deep copy of a document (or of one schema) in which `transform` has rewritten every object in
 * a schema's place, children first. Data (examples, defaults, enums, `const`) is copied as it is,
 * and the keys of name maps (`properties`, `components.schemas`, ...) are read as names, never as
 * keywords. Shared nodes stay shared; cycles are kept.
 */
function copySchemas(node: unknown, transform: (copy: Record<string, unknown>) => void): unknown {
  const copies = new Map<object, unknown>();
  /** `names`: the object's keys are names (of properties, components, ...), not keywords. */
  const visit = (value: unknown, names: boolean): unknown => {
    if (value === null || typeof value !== 'object') return value;
    const done = copies.get(value);
    if (done !== undefined) return done;
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      copies.set(value, out);
      for (const item of value) out.push(visit(item, false));
      return out;
    }
    const out: Record<string, unknown> = {};
    copies.set(value, out);
    for (const [key, child] of Object.entries(value)) {
      if (!names && DATA_KEYWORDS.has(key)) out[key] = structuredClone(child);
      else out[key] = visit(child, !names && NAME_MAPS.has(key));
    }
    if (!names) transform(out);
    return out;
  };
  return visit(node, false);
}

/** Keywords whose value is JSON data, not a schema. */
const DATA_KEYWORDS = new Set(['example', 'examples', 'default', 'const', 'enum']);
/** Keywords (of schemas and of the OpenAPI objects) whose value maps names to schemas or objects. */
const NAME_MAPS = new Set([
  'properties',
  'patternProperties',
  '$defs',
  'definitions',
  'dependentSchemas',
  'schemas',
  'paths',
  'webhooks',
  'responses',
  'parameters',
  'requestBodies',
  'headers',
  'content',
  'callbacks',
  'securitySchemes',
  'links',
  'pathItems',
  'encoding',
]);

/**
 * A normalised copy of a document or of one schema, every schema saying what it means in 2020-12:
 * - OpenAPI 3.0 `nullable: true` → `null` added to `type` (and to `enum`);
 * - draft-04 boolean `exclusiveMinimum`/`exclusiveMaximum` → the 2020-12 numeric form;
 * - in OpenAPI 3.0, keywords beside `$ref` are ignored, as 3.0 says;
 * - `x-future-date-time: true` → the sampler's own string format {@link FUTURE_DATE_TIME_FORMAT};
 * - optional properties that do not travel in `direction` (`writeOnly` in responses, `readOnly` in
 *   requests) become `false`. A required one stays: OpenAPI 3.0 limits its `required` to one
 *   direction, but validators (the package's own too) read `required` in both;
 * - a property `nonEmpty` names gets `minLength: 1` (a stricter schema: what it accepts, the
 *   document's does), unless its own schema lists its values (`enum`, `const`) or allows no character.
 */
export function normalise(node: unknown, options: NormaliseOptions): unknown {
  return copySchemas(node, (schema) => {
    if (options.openApi30 && typeof schema.$ref === 'string') {
      for (const key of Object.keys(schema)) if (key !== '$ref') delete schema[key];
    }
    normaliseSchema(schema, options);
  });
}

function normaliseSchema(schema: Record<string, unknown>, options: NormaliseOptions): void {
  if (schema.nullable === true) {
    delete schema.nullable;
    if (typeof schema.type === 'string') schema.type = [schema.type, 'null'];
    else if (Array.isArray(schema.type) && !schema.type.includes('null')) schema.type = [...schema.type, 'null'];
    if (Array.isArray(schema.enum) && !schema.enum.includes(null)) schema.enum = [...schema.enum, null];
  }
  for (const [bound, exclusive] of [
    ['minimum', 'exclusiveMinimum'],
    ['maximum', 'exclusiveMaximum'],
  ] as const) {
    if (typeof schema[exclusive] !== 'boolean') continue;
    if (schema[exclusive] === true && typeof schema[bound] === 'number') {
      schema[exclusive] = schema[bound];
      delete schema[bound];
    } else delete schema[exclusive];
  }
  if (schema[FUTURE_DATE_TIME_FORMAT] === true) {
    delete schema[FUTURE_DATE_TIME_FORMAT];
    schema.format = FUTURE_DATE_TIME_FORMAT;
  }
  if (isObject(schema.properties)) {
    const hidden = options.direction === 'response' ? 'writeOnly' : 'readOnly';
    const required = new Set(Array.isArray(schema.required) ? schema.required : []);
    const properties = schema.properties;
    const gone = Object.keys(properties).filter((name) => !required.has(name) && isObject(properties[name]) && properties[name][hidden] === true);
    if (gone.length > 0) schema.properties = { ...properties, ...Object.fromEntries(gone.map((name) => [name, false])) };
    if (options.nonEmpty) schema.properties = nonEmptyProperties(schema.properties as Record<string, unknown>, options.nonEmpty);
  }
}

/** `properties` with `minLength: 1` on those `nonEmpty` names (a new map and new property schemas: shared nodes stay as they were). */
function nonEmptyProperties(properties: Record<string, unknown>, nonEmpty: (name: string) => boolean): Record<string, unknown> {
  let out = properties;
  for (const [name, property] of Object.entries(properties)) {
    if (!nonEmpty(name) || !isObject(property) || property.const !== undefined || property.enum !== undefined || property.maxLength === 0) continue;
    const minLength = typeof property.minLength === 'number' && property.minLength >= 1 ? property.minLength : 1;
    if (minLength === property.minLength) continue;
    if (out === properties) out = { ...properties };
    out[name] = { ...property, minLength };
  }
  return out;
}

/**
 * A copy for the sampling library, which applies `then` whenever a schema has `if` and never
 * `else`: `if`/`then`/`else` becomes a choice between the two branches (`anyOf`), so that seeds
 * reach both; the judge, which reads the normalised document, repairs a value that took `else`
 * while matching `if`.
 */
export function forGeneration(node: unknown): unknown {
  return copySchemas(node, (schema) => {
    const { if: condition, then: yes, else: no } = schema;
    if (condition === undefined) return;
    delete schema.if;
    delete schema.then;
    delete schema.else;
    if (yes === undefined && no === undefined) return;
    const choice = { anyOf: [{ allOf: [condition, yes ?? true] }, no ?? true] };
    schema.allOf = [...(Array.isArray(schema.allOf) ? schema.allOf : []), choice];
  });
}

/**
 * A discriminated `oneOf`/`anyOf` (OpenAPI `discriminator`): each branch the `mapping` names gets
 * its discriminator value as a constraint, so that a sample of that branch carries the value that
 * selects it. Branches the mapping does not name are left as they are (their implicit value, the
 * schema's name, may contradict the branch's own constraints). Changes `document` in place.
 */
export function constrainDiscriminators(document: unknown): void {
  const seen = new Set<unknown>();
  const stack: unknown[] = [document];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    for (const child of Object.values(node)) stack.push(child);
    if (!isObject(node) || !isObject(node.discriminator)) continue;
    const { propertyName, mapping } = node.discriminator;
    if (typeof propertyName !== 'string' || !isObject(mapping)) continue;
    for (const keyword of ['oneOf', 'anyOf'] as const) {
      const branches = node[keyword];
      if (!Array.isArray(branches)) continue;
      node[keyword] = branches.map((branch) => {
        if (!isObject(branch) || typeof branch.$ref !== 'string') return branch;
        const values = Object.keys(mapping).filter((value) => mappingTarget(mapping[value]) === branch.$ref);
        if (values.length === 0) return branch;
        return { allOf: [branch, { required: [propertyName], properties: { [propertyName]: { enum: values } } }] };
      });
    }
  }
}

/** A mapping value as a `$ref`: a schema name stands for `#/components/schemas/<name>`. */
function mappingTarget(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  return value.startsWith('#') || value.includes('/') ? value : `#/components/schemas/${value}`;
}

/**
 * True when a schema accepts every JSON value: `true`, or an object with no keyword that
 * constrains (annotations and `x-` extensions only). Such a body is "not shown": the sampler gives `{}`.
 */
export function isOpenSchema(schema: unknown): boolean {
  if (schema === true) return true;
  if (!isObject(schema)) return false;
  return Object.keys(schema).every((key) => ANNOTATIONS.has(key) || key.startsWith('x-'));
}

const ANNOTATIONS = new Set([
  'title',
  'description',
  'default',
  'examples',
  'example',
  'deprecated',
  'readOnly',
  'writeOnly',
  '$comment',
  'externalDocs',
  'xml',
  '$schema',
  '$id',
  '$anchor',
]);
