/**
 * Shared helpers of the spec tests: load the bundled document once per file (through the
 * repository's own loader), walk it with JSON pointers and `$ref`s, and compile its schemas with
 * the repository's ajv configuration.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ValidateFunction } from 'ajv';
import { loadSpec, type LoadedSpec } from '../../../generator/load/load.js';
import { createAjv } from '../../../generator/emit/validators/ajv.js';
import { componentId, componentSchemas, componentsWithWriteRules, sentComponentId, toJsonSchema } from '../../../generator/emit/validators/json-schema.js';

export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const SPEC_FILE = path.join(REPO_ROOT, 'spec/openapi.yaml');
export const LINT_CONFIG = path.join(REPO_ROOT, 'redocly.yaml');

export type JsonObject = { [key: string]: unknown };

export const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

/** Bundles and lints spec/openapi.yaml with redocly.yaml, as the generator does. */
export function loadBundledSpec(): Promise<LoadedSpec> {
  return loadSpec(SPEC_FILE, { lintConfig: LINT_CONFIG });
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object at `value`, or a thrown error naming `what` (so a missing node fails loudly). */
export function obj(value: unknown, what: string): JsonObject {
  if (!isObject(value)) throw new Error(`${what}: expected an object, found ${JSON.stringify(value)}`);
  return value;
}

/** The value at a JSON pointer (`/components/schemas/Project`) inside `root`, or undefined. */
export function at(root: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '#') return root;
  let node: unknown = root;
  for (const raw of pointer.replace(/^#/, '').split('/').slice(1)) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(node)) node = node[Number(key)];
    else if (isObject(node)) node = node[key];
    else return undefined;
  }
  return node;
}

/** Follows a chain of internal `$ref`s (`#/components/...`) from `node`. */
export function deref(root: unknown, node: unknown): unknown {
  let current = node;
  for (let hops = 0; isObject(current) && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${current.$ref}`);
    const ref = current.$ref;
    if (!ref.startsWith('#/')) throw new Error(`external $ref left in the bundle: ${ref}`);
    const target = at(root, ref);
    if (target === undefined) throw new Error(`unresolved $ref ${ref}`);
    current = target;
  }
  return current;
}

/** Like `deref`, but insists on an object. */
export function derefObj(root: unknown, node: unknown, what: string): JsonObject {
  return obj(deref(root, node), what);
}

/** A component schema of the bundled document. */
export function componentSchema(document: unknown, name: string): JsonObject {
  return obj(at(document, `/components/schemas/${name}`), `components.schemas.${name}`);
}

/** Every operation of `document.paths`: method, path and the resolved operation object. */
export interface FoundOperation {
  method: HttpMethod;
  path: string;
  operation: JsonObject;
  /** Parameters of the path item and the operation, `$ref`s resolved (operation's win by name+in). */
  parameters: JsonObject[];
}

export function operationsOf(document: unknown): FoundOperation[] {
  const paths = obj(at(document, '/paths'), 'paths');
  const found: FoundOperation[] = [];
  for (const [p, rawItem] of Object.entries(paths)) {
    const item = derefObj(document, rawItem, `paths[${p}]`);
    const itemParams = Array.isArray(item.parameters) ? item.parameters : [];
    for (const method of HTTP_METHODS) {
      if (item[method] === undefined) continue;
      const operation = obj(item[method], `${method.toUpperCase()} ${p}`);
      const opParams = Array.isArray(operation.parameters) ? operation.parameters : [];
      const byKey = new Map<string, JsonObject>();
      for (const raw of [...itemParams, ...opParams]) {
        const param = derefObj(document, raw, `parameter of ${method.toUpperCase()} ${p}`);
        byKey.set(`${String(param.in)}:${String(param.name)}`, param);
      }
      found.push({ method, path: p, operation, parameters: [...byKey.values()] });
    }
  }
  return found;
}

export function findOperation(document: unknown, method: HttpMethod, p: string): FoundOperation {
  const op = operationsOf(document).find((o) => o.method === method && o.path === p);
  if (!op) throw new Error(`no operation ${method.toUpperCase()} ${p} in the bundled document`);
  return op;
}

/** The schema of an operation's JSON request body (unresolved, as written). */
export function requestBodySchema(document: unknown, op: FoundOperation): unknown {
  const body = derefObj(document, op.operation.requestBody, `request body of ${op.method.toUpperCase()} ${op.path}`);
  return at(body, '/content/application~1json/schema');
}

/** The schema of an operation's JSON response for `status` (unresolved, as written). */
export function responseSchema(document: unknown, op: FoundOperation, status: string): unknown {
  const response = derefObj(document, at(op.operation, `/responses/${status}`), `${status} response of ${op.method.toUpperCase()} ${op.path}`);
  return at(response, '/content/application~1json/schema');
}

/**
 * Compiles schemas of the bundled document with the repository's ajv: component schemas by name,
 * inline schemas (a request body, a parameter) converted with `toJsonSchema`.
 */
export class SchemaCompiler {
  readonly #ajv = createAjv();
  readonly #cache = new Map<string, ValidateFunction>();
  readonly #sent: ReadonlySet<string>;
  static readonly #options = { openapi30: false, keepDiscriminator: true };

  constructor(document: unknown) {
    const schemas = obj(at(document, '/components/schemas'), 'components.schemas');
    this.#sent = componentsWithWriteRules(schemas);
    this.#ajv.addSchema(componentSchemas(schemas, SchemaCompiler.#options, this.#sent));
  }

  /** A component's validator for data as returned (default) or as sent, which also checks write-time rules. */
  component(name: string, as: 'sent' | 'returned' = 'returned'): ValidateFunction {
    const key = `component:${as}:${name}`;
    let validate = this.#cache.get(key);
    if (!validate) {
      validate = this.#ajv.getSchema(as === 'sent' && this.#sent.has(name) ? sentComponentId(name) : componentId(name))!;
      this.#cache.set(key, validate);
    }
    return validate;
  }

  inline(key: string, schema: unknown, as: 'sent' | 'returned' = 'sent'): ValidateFunction {
    let validate = this.#cache.get(`inline:${as}:${key}`);
    if (!validate) {
      const converted = toJsonSchema(schema, { ...SchemaCompiler.#options, ...(as === 'sent' && { sent: this.#sent }) });
      validate = this.#ajv.compile(typeof converted === 'boolean' ? converted : { ...converted });
      this.#cache.set(`inline:${as}:${key}`, validate);
    }
    return validate;
  }
}

/** ajv's errors as short readable lines, for assertion messages. */
export function describeErrors(validate: ValidateFunction): string {
  return (validate.errors ?? []).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}`).join('; ');
}
