/**
 * Validators: ajv (JSON Schema 2020-12, ajv-formats, the custom keywords) compiled at generation
 * time into standalone ESM. One validator per component schema and per known request body, 200
 * response body and query-parameter set. ajv's standalone output still `require`s its format and
 * runtime helpers; those become ESM imports here.
 */
import standaloneCode from 'ajv/dist/standalone/index.js';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import { createAjv, registerUnknownFormats } from '../validation/ajv.js';
import { forEachEntry, isObject } from '../own.js';
import { componentId, componentSchema, discriminatorUsable, SCHEMA_BASE, toJsonSchema, type ConvertOptions } from '../validation/json-schema.js';
import { dialectOf, type Dialect } from '../validation/dialects.js';
import { collectErrorsLinearly, ownProtoKeys } from '../validation/standalone.js';
import type { OperationModel, SpecModel } from '../model.js';
import { assertUnique, escapePointer } from '../names.js';
import { commentSafe } from '../problems.js';
import type { Files } from './types.js';

export interface ValidatorEntry {
  /** Export name, e.g. `validateProject`, `validateUpdateQuotaTargetsRequest`. */
  name: string;
  /** TypeScript type the validator guards. */
  type: string;
  /** JSON pointer of the schema in the bundled document. */
  pointer: string;
  schema: unknown;
  kind: 'schema' | 'query' | 'request' | 'response';
  /** The component schema's name (kind `schema`). */
  component?: string;
  operationId?: string;
  status?: string;
  /**
   * An operation's schema that is exactly a `$ref` to the component whose validator has the same
   * name (`createThing`'s body and `CreateThingRequest`): one validator serves both.
   */
  sameAsComponent?: true;
}

/** A schema that only marks a gap (`x-source-gap`, prose) has no shape to validate. */
export function isGapSchema(schema: unknown): boolean {
  if (schema === undefined) return true;
  if (!schema || typeof schema !== 'object') return false;
  return Object.keys(schema).every((k) => k.startsWith('x-') || k === 'description' || k === 'title');
}

const prop = (k: string) => `[${JSON.stringify(k)}]`;

/**
 * The key of an operation in openapi-typescript's `operations` interface: the operationId with
 * every `#` replaced by `/` (openapi-typescript 7 builds a `$ref` from it, where `#` cannot stand).
 */
export const operationTypeKey = (operationId: string): string => operationId.replaceAll('#', '/');

function operationEntries(op: OperationModel): ValidatorEntry[] {
  const entries: ValidatorEntry[] = [];
  const opType = `operations${prop(operationTypeKey(op.operationId))}`;
  const query = op.parameters.filter((p) => p.in === 'query');
  if (query.length) {
    entries.push({
      name: `validate${op.name}Query`,
      type: `NonNullable<${opType}['parameters']['query']>`,
      pointer: `${op.pointer}/parameters`,
      schema: {
        type: 'object',
        properties: Object.fromEntries(query.map((p) => [p.name, p.schema ?? {}])),
        ...(query.some((p) => p.required) && { required: query.filter((p) => p.required).map((p) => p.name) }),
      },
      kind: 'query',
      operationId: op.operationId,
    });
  }
  if (op.requestBody && !isGapSchema(op.requestBody.schema)) {
    entries.push({
      name: `validate${op.name}Request`,
      type: `NonNullable<${opType}['requestBody']>['content']${prop(op.requestBody.mediaType)}`,
      pointer: `${op.pointer}/requestBody/content/${escapePointer(op.requestBody.mediaType)}/schema`,
      schema: op.requestBody.schema,
      kind: 'request',
      operationId: op.operationId,
    });
  }
  for (const r of op.responses) {
    if (!/^2\d\d$/.test(r.status) || !r.mediaType || isGapSchema(r.schema)) continue;
    const suffix = r.status === '200' ? '' : r.status;
    entries.push({
      name: `validate${op.name}Response${suffix}`,
      type: `${opType}['responses'][${r.status}]['content']${prop(r.mediaType)}`,
      pointer: `${op.pointer}/responses/${r.status}/content/${escapePointer(r.mediaType)}/schema`,
      schema: r.schema,
      kind: 'response',
      operationId: op.operationId,
      status: r.status,
    });
  }
  return entries;
}

export function validatorEntries(model: SpecModel): ValidatorEntry[] {
  const schemas = (model.document.components?.schemas ?? {}) as Record<string, unknown>;
  const entries: ValidatorEntry[] = [
    ...model.schemaNames.map(({ name, type }) => ({
      name: `validate${type}`,
      type: `components['schemas']${prop(name)}`,
      pointer: `/components/schemas/${escapePointer(name)}`,
      schema: { $ref: `#/components/schemas/${name}` },
      kind: 'schema' as const,
      component: name,
    })),
    ...model.operations.flatMap(operationEntries),
  ];
  const components = new Map(entries.filter((e) => e.kind === 'schema').map((e) => [e.name, e.component!]));
  for (const e of entries) {
    if (e.kind !== 'schema' && components.has(e.name) && refOnly(e.schema) === `#/components/schemas/${escapePointer(components.get(e.name)!)}`) e.sameAsComponent = true;
  }
  assertUnique('validator', entries.filter((e) => !e.sameAsComponent).map((e) => ({ identifier: e.name, pointer: e.pointer })));
  return entries;
}

/** The `$ref` of a schema that is nothing but a reference (annotations aside). */
function refOnly(schema: unknown): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const { $ref, description, summary, ...rest } = schema as Record<string, unknown>;
  return typeof $ref === 'string' && Object.keys(rest).length === 0 ? $ref : undefined;
}

function collectFormats(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, out));
  else if (node && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'format' && typeof v === 'string') out.add(v);
      else collectFormats(v, out);
    }
  }
  return out;
}

/** A component schema's validator is that schema itself; the others get their own `$id`. */
const entryId = (entry: ValidatorEntry) => (entry.kind === 'schema' ? componentId(entry.component!) : `${SCHEMA_BASE}${entry.name}`);

interface Compiled {
  ajv: Ajv2020;
  entries: ValidatorEntry[];
  skipped: string[];
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

/** ajv names schemas by the `$id`s given here; a message reads better with the document's pointers. */
const readable = (message: string) =>
  message
    .split('\n')[0]!
    .replaceAll(`${SCHEMA_BASE}schemas/`, '#/components/schemas/')
    .replaceAll(SCHEMA_BASE, '');

function compileAll(model: SpecModel, entries: ValidatorEntry[]): Compiled {
  const ownProperties = usesInheritedNames(model.document.components?.schemas, entries.map((e) => e.schema));
  const ajv = createAjv({ standalone: true, discriminator: true, ownProperties });
  const skipped: string[] = [];
  const declared = (model.document as { jsonSchemaDialect?: unknown }).jsonSchemaDialect;
  let dialect: Dialect | undefined;
  try {
    dialect = declared === undefined ? undefined : dialectOf(declared);
  } catch (err) {
    return { ajv, entries: [], skipped: [`#/jsonSchemaDialect: ${(err as Error).message}: every validator`] };
  }
  // A discriminator ajv cannot use is dropped from that schema only; `oneOf` still validates.
  const options: ConvertOptions = {
    openapi30: model.openapi30,
    keepDiscriminator: (s) => discriminatorUsable(model.document as unknown as Record<string, unknown>, s),
    ...(dialect && { dialect }),
  };
  const schemas = (model.document.components?.schemas ?? {}) as Record<string, unknown>;
  registerUnknownFormats(ajv, collectFormats(schemas, collectFormats(entries.map((e) => e.schema), new Set())));
  // One component at a time: one ajv cannot read (a dialect, an invalid keyword) costs only the
  // validators that need it, each skipped with the reason.
  const unreadable = new Map<string, string>();
  for (const name of Object.keys(schemas).sort()) {
    try {
      ajv.addSchema(componentSchema(name, schemas[name], options));
    } catch (err) {
      ajv.removeSchema(componentId(name));
      unreadable.set(name, readable((err as Error).message));
    }
  }
  const kept: ValidatorEntry[] = [];
  for (const entry of entries) {
    const id = entryId(entry);
    const reason = entry.kind === 'schema' ? unreadable.get(entry.component!) : undefined;
    if (reason !== undefined) {
      skipped.push(`#${entry.pointer}: ${reason}`);
      continue;
    }
    if (entry.sameAsComponent) {
      if (kept.some((k) => k.kind === 'schema' && k.name === entry.name)) kept.push(entry);
      continue;
    }
    try {
      if (entry.kind !== 'schema') ajv.addSchema({ $id: id, ...(toJsonSchema(entry.schema, options) as object) });
      ajv.getSchema(id);
      kept.push(entry);
    } catch (err) {
      if (entry.kind !== 'schema') ajv.removeSchema(id);
      skipped.push(`#${entry.pointer}: ${readable((err as Error).message)}`);
    }
  }
  return { ajv, entries: kept, skipped };
}

/**
 * ajv's standalone module `require`s format and runtime helpers (CommonJS with `__esModule`);
 * rewrite them to ESM imports. `require(m)` is module.exports: Node exposes it as the namespace's
 * `default`, bundlers that honour `__esModule` as the namespace itself; `__cjs` picks the right one.
 */
export function requiresToImports(code: string): string {
  const modules = new Map<string, string>();
  const body = code.replace(/require\("([^"]+)"\)/g, (_m, mod: string) => {
    const spec = mod.endsWith('.js') ? mod : `${mod}.js`;
    if (!modules.has(spec)) modules.set(spec, `__dep${modules.size}`);
    return modules.get(spec)!;
  });
  if (!modules.size) return body.replace(/^"use strict";\n?/, '');
  const imports = [...modules].map(([spec, local]) => `import * as ${local}ns from ${JSON.stringify(spec)};`);
  const bindings = [...modules.values()].map((local) => `const ${local} = __cjs(${local}ns);`);
  const helper = 'function __cjs(ns) { return ns.default && ns.default.__esModule ? ns.default : ns; }';
  return [...imports, helper, ...bindings, body.replace(/^"use strict";\n?/, '')].join('\n');
}

export interface ValidatorsOutput {
  files: Files;
  entries: ValidatorEntry[];
  warnings: string[];
}

export function emitValidators(model: SpecModel): ValidatorsOutput {
  const { ajv, entries, skipped } = compileAll(model, validatorEntries(model));
  const exported = entries.filter((e) => !e.sameAsComponent);
  const standalone = standaloneCode.default(ajv, Object.fromEntries(exported.map((e) => [e.name, entryId(e)])));
  const code = requiresToImports(ownProtoKeys(collectErrorsLinearly(standalone)));

  const dts = [
    `import type { CompiledValidator } from './runtime/validation.js';`,
    ...exported.map((e) => `export declare const ${e.name}: CompiledValidator;`),
    '',
  ].join('\n');

  const byOperation = new Map<string, ValidatorEntry[]>();
  for (const e of entries) if (e.operationId) byOperation.set(e.operationId, [...(byOperation.get(e.operationId) ?? []), e]);
  const wrapper = [
    `import * as compiled from './validators.compiled.js';`,
    `import { createValidator, type Validator, type OperationValidators } from './runtime/validation.js';`,
    `import type { components, operations } from './schema.js';`,
    `export { DEFAULT_MAX_PROBLEMS, type Validator, type ValidationProblem, type ValidationResult, type CheckOptions, type OperationValidators } from './runtime/validation.js';`,
    '',
    ...exported.map(
      (e) => `/** Validates ${commentSafe(describe(e))} (\`#${commentSafe(e.pointer)}\`). */\nexport const ${e.name}: Validator<${e.type}> = createValidator(${JSON.stringify(e.name)}, compiled.${e.name});`,
    ),
    '',
    '/** Validators by operationId: query parameters, request body and response bodies by status. No prototype: only operationIds are keys. */',
    'export const operationValidators: Record<string, OperationValidators> = Object.assign(Object.create(null), {',
    ...[...byOperation].map(([id, es]) => {
      const query = es.find((e) => e.kind === 'query');
      const request = es.find((e) => e.kind === 'request');
      const responses = es.filter((e) => e.kind === 'response').map((e) => `${prop(e.status!)}: ${e.name}`);
      const fields = [query && `query: ${query.name}`, request && `request: ${request.name}`, `responses: { ${responses.join(', ')} }`].filter(Boolean);
      // Computed keys: a literal `"__proto__":` key would set the prototype instead.
      return `  ${prop(id)}: { ${fields.join(', ')} },`;
    }),
    '});',
    '',
  ].join('\n');
  const usesOperations = exported.some((e) => e.kind !== 'schema');
  const usesComponents = exported.some((e) => e.kind === 'schema');
  const header = wrapper
    .replace(`import type { components, operations } from './schema.js';`, `import type { ${[usesComponents && 'components', usesOperations && 'operations'].filter(Boolean).join(', ') || 'components'} } from './schema.js';`);
  return {
    files: new Map([
      ['dist/validators.compiled.js', code],
      ['dist/validators.compiled.d.ts', dts],
      // src/ type-checks on its own: the compiled module's declarations sit beside its import.
      ['src/validators.compiled.d.ts', dts],
      ['src/validators.ts', header],
    ]),
    entries,
    warnings: skipped.map((s) => `validator skipped: ${s}`),
  };
}

function describe(e: ValidatorEntry): string {
  switch (e.kind) {
    case 'schema':
      return `the \`${e.pointer.split('/').pop()}\` schema`;
    case 'query':
      return `the query parameters of \`${e.operationId}\``;
    case 'request':
      return `the request body of \`${e.operationId}\``;
    case 'response':
      return `the ${e.status} response body of \`${e.operationId}\``;
  }
}
