/**
 * The sampler's judge: ajv (already a dependency of the package) compiles the normalised schemas at
 * run time, lazily and once each, and its errors (`verbose`, so each names the failing schema) say
 * what to repair. A repair changes the value at the error's place only: delete what is forbidden,
 * add what is missing, pick from `enum`, trim or pad arrays, or sample that place again.
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { url } from '../client/ajv-formats.js';
import { deriveSeed, random } from './seeds.js';
import { FUTURE_DATE_TIME_FORMAT, formatPointer, isObject, parsePointer, type SchemaNode } from './sample-schema.js';

/** Samples a schema node (of the normalised document) with a seed. */
export type Generate = (schema: SchemaNode, seed: number) => unknown;

/** Far enough ahead that "in the future" stays true for the lifetime of any test, and fixed, so output is deterministic. */
const FUTURE_FROM = Date.UTC(2200, 0, 1);
const FUTURE_SPAN = Date.UTC(2299, 11, 31) - FUTURE_FROM;

/** A date-time in the fixed far-future range, chosen by `next`. */
export function futureDateTime(next: () => number): string {
  return new Date(FUTURE_FROM + Math.floor(next() * (FUTURE_SPAN / 1000)) * 1000).toISOString().replace('.000Z', 'Z');
}

/** OpenAPI's numeric formats, which ajv-formats does not know (as the generated validators define them). */
const OPENAPI_FORMATS = {
  int32: { type: 'number', validate: (n: number) => Number.isInteger(n) && n >= -(2 ** 31) && n < 2 ** 31 },
  int64: { type: 'number', validate: (n: number) => Number.isInteger(n) },
  float: { type: 'number', validate: () => true },
  double: { type: 'number', validate: () => true },
} as const;

/** Compiles patterns with the `u` flag where they allow it, without it otherwise (as OpenAPI 3.0 documents often need). */
function patternRegExp(pattern: string, flags: string): RegExp {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return new RegExp(pattern, flags.replace('u', ''));
  }
}
patternRegExp.code = 'patternRegExp';

/** A document's own key in the judge's ajv. */
const DOCUMENT_ID = 'sampler:document';

/** How many rounds of repairs one candidate gets before it is given up. */
const REPAIR_ROUNDS = 12;

export class Judge {
  private readonly ajv: Ajv2020;
  private readonly compiled = new Map<string, ValidateFunction | null>();
  /** False when ajv could not take the document: there is no judge then. */
  private readonly loaded: boolean;

  constructor(document: unknown) {
    this.ajv = new Ajv2020({
      strict: false,
      allErrors: true,
      verbose: true,
      allowUnionTypes: true,
      inlineRefs: false,
      validateSchema: false,
      logger: false,
      code: { regExp: patternRegExp },
    });
    addFormats.default(this.ajv);
    // The package's url: the same language in linear time.
    this.ajv.addFormat('url', url);
    for (const [name, format] of Object.entries(OPENAPI_FORMATS)) this.ajv.addFormat(name, format);
    this.ajv.addFormat(FUTURE_DATE_TIME_FORMAT, { type: 'string', validate: (s: string) => Date.parse(s) > Date.now() });
    this.ajv.addKeyword({ keyword: 'x-unique-item-properties', type: 'array', schemaType: 'array', validate: uniqueItemProperties, errors: true });
    this.ajv.addKeyword({ keyword: 'x-last-item-only', type: 'array', schemaType: ['object', 'boolean'], validate: lastItemOnly(this.ajv), errors: true });
    try {
      this.ajv.addSchema(document as object, DOCUMENT_ID);
      this.loaded = true;
    } catch {
      // e.g. two schemas with one `$id`: no judge; the caller's `check` is then the only one.
      this.loaded = false;
    }
  }

  /** The validator of the schema at `pointer` in the normalised document, or null when ajv cannot compile it. */
  validator(pointer: string): ValidateFunction | null {
    if (!this.loaded) return null;
    let validate = this.compiled.get(pointer);
    if (validate === undefined) {
      try {
        validate = this.ajv.compile({ $ref: `${DOCUMENT_ID}#${pointer.split('/').map(encodeURIComponent).join('/')}` });
      } catch (err) {
        // Code generation from strings refused (a page's Content Security Policy without 'unsafe-eval',
        // Cloudflare Workers): ajv compiles nothing there, which the caller says; not a schema ajv cannot compile.
        if (err instanceof EvalError) throw err;
        validate = null;
      }
      this.compiled.set(pointer, validate);
    }
    return validate;
  }

  /**
   * Repairs `value` until `validate` accepts it, or gives up after a bounded number of rounds.
   * `parents` finds, for a partial schema (an `if`/`then` branch, an `allOf` member), the schemas
   * around it, where a missing property's own schema is declared.
   */
  repair(
    validate: ValidateFunction,
    value: unknown,
    seed: number,
    generate: Generate,
    parents: (schema: object) => readonly object[],
  ): { valid: boolean; value: unknown } {
    const next = random(seed);
    let current = value;
    for (let round = 0; round < REPAIR_ROUNDS; round++) {
      if (validate(current)) return { valid: true, value: current };
      const changed = new Set<string>();
      // Deepest places first, so that a repair is not undone by sampling its parent again.
      const errors = [...(validate.errors ?? [])].sort((a, b) => depth(b.instancePath) - depth(a.instancePath));
      for (const error of errors) {
        if (IGNORED.has(error.keyword) || within(changed, error.instancePath)) continue;
        const fixed = fix(current, error, { next, seed: deriveSeed(seed, round * 1000 + changed.size), generate, parents });
        if (fixed === undefined) continue;
        current = fixed.value;
        changed.add(fixed.changed);
      }
    }
    return { valid: validate(current), value: current };
  }
}

/** `if` only reports that `then` or `else` failed: that keyword's own error says what to repair. */
const IGNORED = new Set(['if']);

const depth = (pointer: string) => (pointer === '' ? 0 : pointer.split('/').length);

/** Whether a place is, or is inside, one already changed in this round (its errors are stale). */
function within(changed: Set<string>, pointer: string): boolean {
  for (const p of changed) if (pointer === p || pointer.startsWith(`${p}/`)) return true;
  return false;
}

interface FixContext {
  next: () => number;
  seed: number;
  generate: Generate;
  parents: (schema: object) => readonly object[];
}

/** A repaired value and the place whose errors it made stale (the changed value, or the array whose indices moved). */
interface Fixed {
  value: unknown;
  changed: string;
}

/** One repair for one error; `undefined` when the error gives nothing to act on. */
function fix(root: unknown, error: ErrorObject, cx: FixContext): Fixed | undefined {
  const at = error.instancePath;
  const path = parsePointer(at);
  const here = getAt(root, path);
  const schema = error.parentSchema as SchemaNode | undefined;
  const params = error.params as Record<string, unknown>;
  const child = (name: string) => `${at}${formatPointer([name])}`;
  switch (error.keyword) {
    case 'false schema': {
      const parentPath = path.slice(0, -1);
      const inArray = Array.isArray(getAt(root, parentPath));
      return { value: removeAt(root, path), changed: inArray ? at.slice(0, at.lastIndexOf('/')) : at };
    }
    case 'additionalProperties':
    case 'unevaluatedProperties': {
      const name = (params.additionalProperty ?? params.unevaluatedProperty) as string;
      return isObject(here) ? { value: setAt(root, path, omit(here, name)), changed: child(name) } : undefined;
    }
    case 'required':
    case 'dependentRequired': {
      const name = params.missingProperty as string;
      if (!isObject(here)) return undefined;
      const propertySchema = schema && typeof schema === 'object' ? findPropertySchema(schema, name, cx.parents) : true;
      return { value: setAt(root, path, { ...here, [name]: cx.generate(propertySchema, cx.seed) }), changed: child(name) };
    }
    case 'const':
      return { value: setAt(root, path, error.schema), changed: at };
    case 'enum': {
      const allowed = error.schema as unknown[];
      return { value: setAt(root, path, allowed[Math.floor(cx.next() * allowed.length)]), changed: at };
    }
    case 'maxItems':
      return Array.isArray(here) ? { value: setAt(root, path, here.slice(0, params.limit as number)), changed: at } : undefined;
    case 'minItems': {
      if (!Array.isArray(here) || !isObject(schema)) return undefined;
      const items = (schema.items ?? true) as SchemaNode;
      const padded = [...here];
      while (padded.length < (params.limit as number)) padded.push(cx.generate(items, deriveSeed(cx.seed, padded.length)));
      return { value: setAt(root, path, padded), changed: at };
    }
    case 'uniqueItems':
    case 'x-unique-item-properties': {
      if (!Array.isArray(here) || !isObject(schema)) return undefined;
      const index = (params.j ?? params.index) as number;
      const min = typeof schema.minItems === 'number' ? schema.minItems : 0;
      if (here.length > min)
        return {
          value: setAt(
            root,
            path,
            here.filter((_, i) => i !== index),
          ),
          changed: at,
        };
      const items = (schema.items ?? true) as SchemaNode;
      return {
        value: setAt(
          root,
          path,
          here.map((item, i) => (i === index ? cx.generate(items, cx.seed) : item)),
        ),
        changed: at,
      };
    }
    case 'x-last-item-only':
      // The item that matches before the end goes: what it stood for is the last item's to say.
      return Array.isArray(here)
        ? {
            value: setAt(
              root,
              path,
              here.filter((_, i) => i !== params.index),
            ),
            changed: at,
          }
        : undefined;
    case 'format':
      if (params.format === FUTURE_DATE_TIME_FORMAT) return { value: setAt(root, path, futureDateTime(cx.next)), changed: at };
      break;
  }
  // Anything else (type, bounds, pattern, format, oneOf, anyOf, not, ...): sample this place again from the schema that failed.
  if (schema === undefined) return undefined;
  return { value: setAt(root, path, cx.generate(schema, cx.seed)), changed: at };
}

/** The schema of property `name` as seen from a (possibly partial) object schema: itself, then the schemas around it. */
function findPropertySchema(schema: object, name: string, parents: (schema: object) => readonly object[]): SchemaNode {
  const queue: object[] = [schema];
  const seen = new Set<object>();
  while (queue.length > 0) {
    const s = queue.shift()!;
    if (seen.has(s)) continue;
    seen.add(s);
    const properties = (s as Record<string, unknown>).properties;
    if (isObject(properties) && Object.hasOwn(properties, name) && properties[name] !== false) return properties[name] as SchemaNode;
    queue.push(...parents(s));
  }
  return true;
}

/** `x-unique-item-properties: [name, [name, name], ...]`: no two object items share a value of a named property (or of all the names of a list). */
function uniqueItemProperties(this: unknown, entries: (string | string[])[], data: unknown[]): boolean {
  const validate = uniqueItemProperties as unknown as { errors?: Partial<ErrorObject>[] };
  for (const entry of entries) {
    const names = typeof entry === 'string' ? [entry] : entry;
    const seen = new Map<unknown, number>();
    for (let index = 0; index < data.length; index++) {
      const item = data[index];
      if (!isObject(item) || !names.every((name) => Object.hasOwn(item, name))) continue;
      const key = JSON.stringify(names.map((name) => item[name]));
      if (seen.has(key)) {
        validate.errors = [
          {
            keyword: 'x-unique-item-properties',
            message: `must not repeat ${names.join(', ')}`,
            params: { property: names.join(', '), index, first: seen.get(key) },
          },
        ];
        return false;
      }
      seen.set(key, index);
    }
  }
  return true;
}

/**
 * `x-last-item-only: <schema>`: an item matching the schema only as the last item. The schema is
 * compiled once, its `$ref`s read in the judge's document.
 */
function lastItemOnly(ajv: Ajv2020) {
  const compiled = new WeakMap<object, ValidateFunction>();
  const matches = (schema: unknown, item: unknown): boolean => {
    if (typeof schema === 'boolean' || !isObject(schema)) return schema === true;
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile(inDocument(schema) as object);
      compiled.set(schema, validate);
    }
    return validate(item);
  };
  const validate = (schema: unknown, data: unknown[]): boolean => {
    const index = data.slice(0, -1).findIndex((item) => matches(schema, item));
    if (index < 0) return true;
    (validate as { errors?: Partial<ErrorObject>[] }).errors = [{ keyword: 'x-last-item-only', message: 'must be last', params: { index } }];
    return false;
  };
  return validate;
}

/** A copy of a schema of the judge's document whose local `$ref`s name that document. */
function inDocument(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(inDocument);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#') ? `${DOCUMENT_ID}${value}` : inDocument(value),
    ]),
  );
}

function getAt(root: unknown, path: readonly string[]): unknown {
  let node = root;
  for (const token of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/** A copy of `root` with the value at `path` replaced (the path's containers are copied, the rest shared). */
function setAt(root: unknown, path: readonly string[], value: unknown): unknown {
  if (path.length === 0) return value;
  const [head, ...rest] = path as [string, ...string[]];
  if (Array.isArray(root)) {
    const copy = [...root];
    copy[Number(head)] = setAt(root[Number(head)], rest, value);
    return copy;
  }
  const container = isObject(root) ? root : {};
  return { ...container, [head]: setAt(container[head], rest, value) };
}

/** A copy of `root` without the value at `path` (an array item is spliced out). */
function removeAt(root: unknown, path: readonly string[]): unknown {
  if (path.length === 0) return undefined;
  const parentPath = path.slice(0, -1);
  const key = path[path.length - 1]!;
  const parent = getAt(root, parentPath);
  if (Array.isArray(parent))
    return setAt(
      root,
      parentPath,
      parent.filter((_, i) => i !== Number(key)),
    );
  if (isObject(parent)) return setAt(root, parentPath, omit(parent, key));
  return root;
}

function omit(object: Record<string, unknown>, name: string): Record<string, unknown> {
  const { [name]: _dropped, ...rest } = object;
  return rest;
}
