/**
 * Validators: ajv (JSON Schema 2020-12, ajv-formats, the custom keywords) compiled at generation
 * time into standalone ESM: one module per compiled function (emit/validators/modules.ts), so that a
 * bundler keeps only what the validators a consumer imports reach, and the same code as one file
 * for Node (see VALIDATORS_IMPORT). One validator per component schema and per known request body,
 * 200 response body and query-parameter set. ajv's standalone output still `require`s its format
 * and runtime helpers; those become ESM imports here, of the package's own ES modules where it
 * ships them (ESM_RUNTIME). The code is compiled without ajv's messages (the runtime writes them,
 * templates/client/validation.ts) and without what no keyword of the document needs (evaluated
 * properties, dynamic anchors), then trimmed (emit/validators/standalone.ts `shippedCode`).
 */
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { createAjv, DYNAMIC_KEYWORDS, registerUnknownFormats, UNEVALUATED_KEYWORDS, usesKeywords } from './ajv.js';
import { LINEAR_ENGINE } from './regexp.js';
import { forEachEntry, isObject } from '../../lib/own.js';
import {
  componentId,
  componentSchema,
  componentsWithWriteRules,
  discriminatorUsable,
  SCHEMA_BASE,
  sentComponentId,
  toJsonSchema,
  type ConvertOptions,
} from './json-schema.js';
import { dialectOf, type Dialect } from './dialects.js';
import { standaloneModules, type FunctionModule, type ScopeValue } from './modules.js';
import { safeStringify } from 'ajv/dist/compile/codegen/code.js';
import { COLLECTION_HELPER_NAMES, COLLECTION_HELPERS, mergeReadPaths, ownProtoKeys, prunedLiteral, shippedCode, type ReadPaths } from './standalone.js';
import type { OperationModel, SpecModel } from '../../model/model.js';
import { assertUnique, DEFAULT_PACKAGE_NAME } from '../../lib/names.js';
import { escapePointer } from '../../lib/pointer.js';
import { commentSafe } from '../../lib/problems.js';
import type { Files } from '../../lib/files.js';

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

import { isGapSchema } from '../../model/operation-facts.js';

export { isGapSchema };

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
    if (e.kind !== 'schema' && components.has(e.name) && refOnly(e.schema) === `#/components/schemas/${escapePointer(components.get(e.name)!)}`)
      e.sameAsComponent = true;
  }
  assertUnique(
    'validator',
    entries.filter((e) => !e.sameAsComponent).map((e) => ({ identifier: e.name, pointer: e.pointer })),
  );
  return entries;
}

/** The `$ref` of a schema that is nothing but a reference (annotations aside). */
function refOnly(schema: unknown): string | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const { $ref, description, summary, ...rest } = schema as Record<string, unknown>;
  return typeof $ref === 'string' && Object.keys(rest).length === 0 ? $ref : undefined;
}

function collectFormats(node: unknown, out: Set<string>): Set<string> {
  if (Array.isArray(node)) for (const n of node) collectFormats(n, out);
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
      // Draft 2019-09's `dependentRequired` and `dependentSchemas` were one keyword before: `dependencies`.
      else if ((key === 'dependentRequired' || key === 'dependencies') && isObject(value))
        found = names(Object.keys(value)) || Object.values(value).some(names);
      else if (key === 'required') found = names(value);
      else if (key === 'x-unique-item-properties') found = names(Array.isArray(value) ? value.flat() : value);
      else if (key === 'discriminator' && isObject(value)) found = names([value.propertyName]);
      return !found;
    });
  }
  return found;
}

/** ajv names schemas by the `$id`s given here; a message reads better with the document's pointers. */
const readable = (message: string) => message.split('\n')[0]!.replaceAll(`${SCHEMA_BASE}schemas/`, '#/components/schemas/').replaceAll(SCHEMA_BASE, '');

/**
 * The validators compiled by one ajv: the functions they reach, as shipped, named canonically
 * (modules.ts), so that shares compiled by separate ajv instances merge into what one would give.
 */
export interface CompiledShare {
  functions: ShippedFunction[];
  /** Each compiled validator's name and its function. */
  exports: [validator: string, fn: string][];
  /** Validators (by index in `validatorEntries`) that could not be compiled, with why; `all` when none could. */
  skipped: [index: number | 'all', reason: string][];
}

/**
 * Whether ajv's code for a schema depends on what it compiled before: with `unevaluated*` a call
 * into a schema still being compiled reads its evaluated properties at run time, otherwise they
 * are written in; dynamic anchors are passed along likewise. Such a document compiles in one share.
 */
export function compilesInOrder(model: SpecModel, entries: ValidatorEntry[]): boolean {
  const { unevaluated, dynamicRef } = trackingNeeded(model, entries);
  return unevaluated || dynamicRef;
}

/** Which of ajv's run-time tracking the document's schemas need: evaluated properties and items, dynamic anchors. */
function trackingNeeded(model: SpecModel, entries: ValidatorEntry[]): { unevaluated: boolean; dynamicRef: boolean } {
  const roots = [model.schemas.components, entries.map((e) => e.schema)];
  return { unevaluated: usesKeywords(UNEVALUATED_KEYWORDS, ...roots), dynamicRef: usesKeywords(DYNAMIC_KEYWORDS, ...roots) };
}

/** Compiles the entries at `indices` (of `entries`, from `validatorEntries(model)`) with one ajv. */
export function compileShare(
  model: SpecModel,
  entries: ValidatorEntry[],
  indices: readonly number[],
  abandoned: () => boolean = () => false,
  linearPatterns: Readonly<Record<string, string>> = {},
): CompiledShare {
  const ownProperties = usesInheritedNames(
    model.schemas.components,
    entries.map((e) => e.schema),
  );
  const ajv = createAjv({
    standalone: true,
    strict: false,
    discriminator: true,
    ownProperties,
    ...trackingNeeded(model, entries),
    messages: false,
    linearPatterns,
  });
  const skipped: CompiledShare['skipped'] = [];
  const declared = model.facts.info.jsonSchemaDialect;
  let dialect: Dialect | undefined;
  try {
    dialect = declared === undefined ? undefined : dialectOf(declared);
  } catch (err) {
    return { functions: [], exports: [], skipped: [['all', `#/jsonSchemaDialect: ${(err as Error).message}: every validator`]] };
  }
  // A discriminator ajv cannot use is dropped from that schema only; `oneOf` still validates.
  const options: ConvertOptions = {
    openapi30: model.openapi30,
    keepDiscriminator: (s) => discriminatorUsable(model.schemas.root, s),
    ...(dialect && { dialect }),
  };
  const schemas = model.schemas.components;
  registerUnknownFormats(
    ajv,
    collectFormats(
      schemas,
      collectFormats(
        entries.map((e) => e.schema),
        new Set(),
      ),
    ),
  );
  // Write-time rules apply to what is sent: requests and queries reach the variants that keep them.
  const sent = { ...options, sent: componentsWithWriteRules(schemas) };
  // One component at a time: one ajv cannot read (a dialect, an invalid keyword) costs only the
  // validators that need it, each skipped with the reason.
  const unreadable = new Map<string, string>();
  for (const name of Object.keys(schemas).sort()) {
    for (const converting of sent.sent.has(name) ? [options, sent] : [options]) {
      // Converting may fail too (an unknown dialect): that also costs only this component's validators.
      const id = converting === options ? componentId(name) : sentComponentId(name);
      try {
        ajv.addSchema(componentSchema(name, schemas[name], converting));
      } catch (err) {
        ajv.removeSchema(id);
        if (converting === options) unreadable.set(name, readable((err as Error).message));
      }
    }
  }
  const exports: Record<string, string> = {};
  for (const index of indices) {
    if (abandoned()) throw new Error('validator compilation abandoned: the process that asked for it is gone');
    const entry = entries[index]!;
    const id = entryId(entry);
    const reason = entry.kind === 'schema' ? unreadable.get(entry.component!) : undefined;
    if (reason !== undefined) {
      skipped.push([index, `#${entry.pointer}: ${reason}`]);
      continue;
    }
    try {
      if (entry.kind !== 'schema') ajv.addSchema({ $id: id, ...(toJsonSchema(entry.schema, entry.kind === 'response' ? options : sent) as object) });
      ajv.getSchema(id);
      exports[entry.name] = id;
    } catch (err) {
      if (entry.kind !== 'schema') ajv.removeSchema(id);
      skipped.push([index, `#${entry.pointer}: ${readable((err as Error).message)}`]);
    }
  }
  const compiled = standaloneModules(ajv, exports);
  return { functions: compiled.modules.map(shipped), exports: [...compiled.exports], skipped };
}

/**
 * The shares of one document's validators as one: each function once, in the order a walk from
 * the validators in `entries`' order reaches them (the shares' order does not matter); the
 * validators kept, in `entries`' order, and the reasons of those skipped.
 */
export function mergeShares(
  entries: ValidatorEntry[],
  shares: CompiledShare[],
): { functions: ShippedFunction[]; exports: Map<string, string>; kept: ValidatorEntry[]; skipped: string[] } {
  const everything = shares.flatMap((s) => s.skipped).find(([index]) => index === 'all');
  if (everything) return { functions: [], exports: new Map(), kept: [], skipped: [everything[1]] };
  const byName = new Map<string, ShippedFunction>();
  const values = new Map<string, string>();
  for (const share of shares) {
    for (const fn of share.functions) {
      const seen = byName.get(fn.name);
      if (!seen) byName.set(fn.name, fn);
      // Same name, other code: two schemas hashed alike (modules.ts functionName), or ajv's output depends on what else it compiled.
      else if (seen.code !== fn.code) throw new Error(`validator function ${fn.name} was compiled to different code by two shares of the document`);
      // Values are declared once per name in the one-file build: one name must be one value.
      for (const value of fn.values) {
        if ((values.get(value.name) ?? value.code) !== value.code) throw new Error(`two values of the compiled validators hash to the same name ${value.name}`);
        values.set(value.name, value.code);
      }
    }
  }
  const compiled = new Map(shares.flatMap((s) => s.exports));
  const reasons = new Map(shares.flatMap((s) => s.skipped) as [number, string][]);
  const kept: ValidatorEntry[] = [];
  const skipped: string[] = [];
  const exports = new Map<string, string>();
  entries.forEach((entry, index) => {
    if (entry.sameAsComponent) {
      if (exports.has(entry.name)) kept.push(entry);
    } else if (compiled.has(entry.name)) {
      kept.push(entry);
      exports.set(entry.name, compiled.get(entry.name)!);
    } else if (reasons.has(index)) skipped.push(reasons.get(index)!);
  });
  const functions: ShippedFunction[] = [];
  const reached = new Set<string>();
  const visit = (name: string): void => {
    if (reached.has(name)) return;
    reached.add(name);
    const fn = byName.get(name);
    if (!fn) throw new Error(`validator function ${name} is called but was not compiled`);
    fn.imports.forEach(visit);
    functions.push(fn);
  };
  for (const fn of exports.values()) visit(fn);
  return { functions, exports, kept, skipped };
}

/**
 * ajv's CommonJS modules the package ships as ES modules of its runtime (templates/client/ajv-*.ts):
 * `require(spec).<member>.<name>` (or `.<member>` alone, for `name`) is that module's export
 * `name`. A bundle then keeps only the formats used, and Node loads no CommonJS for them.
 */
const ESM_RUNTIME: Record<string, { member: string; module: string; name?: string; names?: ReadonlySet<string> }> = {
  'ajv-formats/dist/formats': { member: 'fullFormats', module: 'ajv-formats.js', names: new Set(Object.keys(fullFormats)) },
  'ajv/dist/runtime/ucs2length': { member: 'default', module: 'ajv-runtime.js', name: 'ucs2length' },
  'ajv/dist/runtime/equal': { member: 'default', module: 'ajv-runtime.js', name: 'equal' },
  [LINEAR_ENGINE]: { member: 'linearRegExp', module: 'linear-regexp.js', name: 'linearRegExp' },
};

const REQUIRE = /require\("([^"]+)"\)((?:\.[\w$]+|\["(?:[^"\\]|\\.)*"\])*)/g;
const ACCESSOR = /\.([\w$]+)|\[("(?:[^"\\]|\\.)*")\]/g;

/** The export of the package's runtime that `require(spec)<accessors>` names, if it ships one (ESM_RUNTIME). */
function runtimeExport(spec: string, accessors: string): { module: string; name: string } | undefined {
  const entry = ESM_RUNTIME[spec.replace(/\.js$/, '')];
  if (!entry) return undefined;
  const keys = [...accessors.matchAll(ACCESSOR)].map((m) => m[1] ?? (JSON.parse(m[2]!) as string));
  if (keys[0] !== entry.member) return undefined;
  const name = entry.name !== undefined ? (keys.length === 1 ? entry.name : undefined) : keys.length === 2 ? keys[1] : undefined;
  if (name === undefined || (entry.names && !entry.names.has(name))) return undefined;
  return { module: entry.module, name };
}

export interface ImportOptions {
  /** The package's runtime folder, relative to the module (`./runtime/`): ajv's helpers it ships as ES modules are imported from there. */
  runtime?: string;
  /** Imports each other CommonJS module from the module this names, whose default export is its value (see `interopModule`). */
  interop?: (spec: string) => string;
}

/**
 * ajv's standalone module `require`s format and runtime helpers (CommonJS with `__esModule`);
 * rewrite them to ESM imports: of the package's runtime where it ships them (ESM_RUNTIME, with
 * `runtime`), else of the CommonJS module. `require(m)` is module.exports: Node exposes it as the
 * namespace's `default`, bundlers that honour `__esModule` as the namespace itself; `__cjs` picks
 * the right one. With `interop`, each module is instead imported from the module `interop(m)`
 * names, whose default export is that value (see `interopModule`).
 */
export function requiresToImports(code: string, { runtime, interop }: ImportOptions = {}): string {
  const modules = new Map<string, string>();
  const runtimeImports = new Map<string, Map<string, string>>();
  let imported = 0;
  const body = code.replace(REQUIRE, (_m, mod: string, accessors: string) => {
    const shipped = runtime === undefined ? undefined : runtimeExport(mod, accessors);
    if (shipped) {
      const names = runtimeImports.get(shipped.module) ?? new Map<string, string>();
      runtimeImports.set(shipped.module, names);
      if (!names.has(shipped.name)) names.set(shipped.name, `__rt${imported++}`);
      return names.get(shipped.name)!;
    }
    const spec = mod.endsWith('.js') ? mod : `${mod}.js`;
    if (!modules.has(spec)) modules.set(spec, `__dep${modules.size}`);
    return `${modules.get(spec)!}${accessors}`;
  });
  const strict = body.replace(/^"use strict";\n?/, '');
  const fromRuntime = [...runtimeImports].map(
    ([module, names]) =>
      `import { ${[...names].map(([name, local]) => `${JSON.stringify(name)} as ${local}`).join(', ')} } from ${JSON.stringify(`${runtime}${module}`)};`,
  );
  if (!modules.size) return [...fromRuntime, strict].join('\n');
  if (interop) return [...fromRuntime, ...[...modules].map(([spec, local]) => `import ${local} from ${JSON.stringify(interop(spec))};`), strict].join('\n');
  const imports = [...modules].map(([spec, local]) => `import * as ${local}ns from ${JSON.stringify(spec)};`);
  const bindings = [...modules.values()].map((local) => `const ${local} = __cjs(${local}ns);`);
  return [...fromRuntime, ...imports, CJS_HELPER, ...bindings, strict].join('\n');
}

const CJS_HELPER = 'function __cjs(ns) { return ns.default && ns.default.__esModule ? ns.default : ns; }';

/** The conditions of `<name>/validators` and of VALIDATORS_IMPORT (names.ts). */
export const validatorsEntry = (): Record<string, string> => ({
  types: './dist/validators.d.ts',
  module: './dist/validators.modules.js',
  node: './dist/validators.js',
  default: './dist/validators.modules.js',
});

/** The entries compiled by a share: all but those served by their component's validator. */
export const compiledEntries = (entries: ValidatorEntry[]): number[] => entries.flatMap((e, i) => (e.sameAsComponent ? [] : [i]));

/** Where the one-file build is, and the runtime modules it imports (`import { "uri" as __rt0 } from "./runtime/ajv-formats.js";`). */
export const ONE_FILE = 'dist/validators.compiled.js';
const RUNTIME_IMPORT = /^import \{ ([^}]*) \} from "\.\/runtime\/([\w-]+\.js)";\n/gm;
const IMPORTED = /^"([^"]+)" as ([\w$]+)$/;
const EXPORTED_DECLARATION = /^export (?=(?:const|let|function|class) ([\w$]+))/gm;
const EXPORT_LIST = /^export \{([^}]*)\};?$/gm;

/**
 * The one-file build (Node's) with the runtime modules it imports written into it, each in a
 * function scope that returns what the build imports: two modules fewer for Node to resolve and
 * load at start-up (0.6 ms of 6.5 ms for our package). `compiled(file)` is the JavaScript of
 * `dist/runtime/<file>`; a module that imports anything itself stays imported. The bundlers' build
 * keeps importing them, so that a bundle holds each helper once.
 */
export function withRuntimeInlined(oneFile: string, compiled: (file: string) => string | undefined): string {
  return oneFile.replace(RUNTIME_IMPORT, (statement, names: string, file: string) => {
    const source = compiled(`dist/runtime/${file}`);
    if (source === undefined || /^\s*import\b/m.test(source)) return statement;
    const exported = new Map<string, string>();
    let body = source.replace(EXPORTED_DECLARATION, (_m, local: string) => {
      exported.set(local, local);
      return '';
    });
    body = body.replace(EXPORT_LIST, (_m, list: string) => {
      for (const item of list
        .split(',')
        .map((i) => i.trim())
        .filter(Boolean)) {
        const [local, name = local] = item.split(/\s+as\s+/) as [string, string?];
        exported.set(name.replace(/^['"]|['"]$/g, ''), local);
      }
      return '';
    });
    if (/^\s*export\b/m.test(body)) throw new Error(`runtime/${file} exports in a way withRuntimeInlined does not read`);
    const bindings = names.split(', ').map((item) => {
      const [, name, alias] = IMPORTED.exec(item) ?? [];
      const local = name === undefined ? undefined : exported.get(name);
      if (local === undefined) throw new Error(`the one-file build imports ${item} from runtime/${file}, which does not export it`);
      return `${JSON.stringify(name)}: ${alias}`;
    });
    const returned = [...new Set(names.split(', ').map((item) => IMPORTED.exec(item)![1]!))].map((name) => `${JSON.stringify(name)}: ${exported.get(name)}`);
    return `const { ${bindings.join(', ')} } = (() => {\n${body.trim()}\nreturn { ${returned.join(', ')} };\n})();\n`;
  });
}

/** The one-file build's declarations serve the modules' index too: the same exports. */
const COMPILED_INDEX_DTS = `export * from '../validators.compiled.js';\n`;

/** Where the bundlers' build lives: one module per compiled function, plus their shared helpers. */
const COMPILED_DIR = 'dist/compiled';
const HELPERS = 'helpers.js';

/** The module shared by every compiled function: error collection, and the error helpers any of `functions` calls. */
function helpersModule(functions: readonly ShippedFunction[]): string {
  const errorHelpers = usedErrorHelpers(functions);
  return [COLLECTION_HELPERS, ...errorHelpers.values(), `export { ${[...COLLECTION_HELPER_NAMES, ...errorHelpers.keys()].join(', ')} };`, ''].join('\n');
}

/** The error helpers (standalone.ts `errorHelpers`) `functions` call, by name, sorted: the same output whatever the order of the functions. */
function usedErrorHelpers(functions: readonly ShippedFunction[]): Map<string, string> {
  const all = new Map(functions.flatMap((fn) => [...fn.errorHelpers]));
  return new Map([...all].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/**
 * The module through which the compiled functions import one CommonJS module (`ajv/dist/runtime/equal.js`):
 * Node resolves a package specifier once, not once per function module (that costs ~1 ms each).
 */
const interopFile = (spec: string): string => `cjs-${spec.replace(/\.js$/, '').replace(/[^\w]+/g, '-')}.js`;
const interopModule = (spec: string): string =>
  [`import * as ns from ${JSON.stringify(spec)};`, CJS_HELPER, 'export default /* @__PURE__ */ __cjs(ns);', ''].join('\n');

/** A compiled function as shipped: trimmed, with linear error collection and shorter statements (standalone.ts `shippedCode`), `__proto__` keys kept. */
interface ShippedFunction extends FunctionModule {
  /** The helpers it calls: error collection, and its error helpers. */
  helpers: string[];
  /** Its error helpers' declarations, by name. */
  errorHelpers: Map<string, string>;
  /** What its code reads of each schema literal it uses. */
  reads: Map<string, ReadPaths>;
  /** Its module (`functionModule`), made where it was compiled. */
  module: string;
  /** The CommonJS modules that module imports through an interop module (`interopFile`). */
  requires: string[];
}

function shipped(fn: FunctionModule): ShippedFunction {
  const trimmed = shippedCode(fn.code, new Set(fn.values.filter((v) => v.schema !== undefined).map((v) => v.name)));
  const code = ownProtoKeys(trimmed.code);
  const helpers = [...COLLECTION_HELPER_NAMES.filter((helper) => new RegExp(`\\b${helper}\\(`).test(code)), ...trimmed.errorHelpers.keys()];
  const function_ = { ...fn, values: [...fn.values, ...trimmed.values], code, reads: trimmed.reads, helpers, errorHelpers: trimmed.errorHelpers };
  const requires = new Set<string>();
  return { ...function_, module: functionModule(function_, requires), requires: [...requires] };
}

/**
 * A value's declaration. A schema literal (ajv embeds the whole schema of a compiled function,
 * whose code reads only an `enum` here, a `type` list there) holds only what `reads` says is read.
 */
function declare(value: ScopeValue, reads: ReadPaths | undefined): string {
  const code = value.schema !== undefined ? prunedLiteral(value.schema, reads ?? new Map(), safeStringify) : value.code;
  return `const ${value.name} = ${ownProtoKeys(code)};`;
}

/** One compiled function's module: imports of the functions and helpers it calls, its code, its export. */
function functionModule(fn: Omit<ShippedFunction, 'module' | 'requires'>, required: Set<string>): string {
  const values = fn.values.map((v) => declare(v, fn.reads.get(v.name)));
  const body = requiresToImports([...values, fn.code].join('\n'), {
    runtime: '../runtime/',
    interop: (spec) => {
      required.add(spec);
      return `./${interopFile(spec)}`;
    },
  });
  return [
    ...(fn.helpers.length ? [`import { ${fn.helpers.join(', ')} } from './${HELPERS}';`] : []),
    ...fn.imports.map((callee) => `import { ${callee} } from './${callee}.js';`),
    body,
    `export { ${fn.name} };`,
    '',
  ].join('\n');
}

/** The one-file build: every function, each value declared once (a schema literal with what all its readers read), the helpers, the exports by validator name. */
function singleFile(functions: ShippedFunction[], exports: Map<string, string>): string {
  const reads = new Map<string, ReadPaths>();
  for (const fn of functions) for (const [name, paths] of fn.reads) reads.set(name, reads.has(name) ? mergeReadPaths(reads.get(name)!, paths) : paths);
  const declared = new Set<string>();
  const parts: string[] = [];
  for (const fn of functions) {
    for (const value of fn.values) {
      if (declared.has(value.name)) continue;
      declared.add(value.name);
      parts.push(declare(value, reads.get(value.name)));
    }
    parts.push(fn.code);
  }
  if (functions.some((fn) => fn.helpers.length)) parts.push(COLLECTION_HELPERS, ...usedErrorHelpers(functions).values());
  parts.push(`export { ${[...exports].map(([name, fn]) => `${fn} as ${name}`).join(', ')} };`, '');
  return requiresToImports(parts.join('\n'), { runtime: './runtime/' });
}

export interface ValidatorsOutput {
  files: Files;
  entries: ValidatorEntry[];
  /**
   * Each validator's compiled function, by validator name: the module under dist/compiled/ (its
   * name, without `.js`) that exports it under that name too.
   */
  compiled: ReadonlyMap<string, string>;
  warnings: string[];
}

/**
 * Marks a call a bundler may drop when its result is unused: the wrappers of validators a consumer
 * does not import, and with them the compiled modules only those reach.
 */
const PURE = '/* @__PURE__ */ ';

/**
 * The validators' files; `shares` are the document's validators compiled in parts
 * (validators-process.ts), else all are compiled here, the patterns of `linearPatterns` with the
 * linear-time engine. `vendor`: the package's name, which each validator's Standard Schema
 * `vendor` gives.
 */
export function emitValidators(
  model: SpecModel,
  shares?: CompiledShare[],
  linearPatterns: Readonly<Record<string, string>> = {},
  vendor: string = DEFAULT_PACKAGE_NAME,
): ValidatorsOutput {
  const all = validatorEntries(model);
  const {
    kept: entries,
    skipped,
    functions,
    exports,
  } = mergeShares(all, shares ?? [compileShare(model, all, compiledEntries(all), undefined, linearPatterns)]);
  const exported = entries.filter((e) => !e.sameAsComponent);
  const compiled = { exports };
  const required = new Set(functions.flatMap((fn) => fn.requires));
  const functionFiles = functions.map((fn): [string, string] => [`${COMPILED_DIR}/${fn.name}.js`, fn.module]);
  // The function modules' index: re-exports only, so a bundler follows those a consumer uses.
  const index = [...compiled.exports].map(([name, fn]) => `export { ${fn} as ${name} } from './${fn}.js';`).join('\n');

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
    `export { DEFAULT_MAX_PROBLEMS, type Validator, type ValidationProblem, type ValidationResult, type CheckOptions, type OperationValidators, type StandardSchemaV1 } from './runtime/validation.js';`,
    '',
    '/** The Standard Schema `vendor` of every validator. */',
    `const vendor = ${JSON.stringify(vendor)};`,
    ...exported.map(
      (e) =>
        `/** Validates ${commentSafe(describe(e))} (\`#${commentSafe(e.pointer)}\`). */\nexport const ${e.name}: Validator<${e.type}> = ${PURE}createValidator(${JSON.stringify(e.name)}, compiled.${e.name}, vendor);`,
    ),
    '',
    '/** Validators by operationId: query parameters, request body and response bodies by status. No prototype: only operationIds are keys. */',
    `export const operationValidators: Record<string, OperationValidators> = ${PURE}Object.assign(${PURE}Object.create(null), {`,
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
  const header = wrapper.replace(
    `import type { components, operations } from './schema.js';`,
    `import type { ${[usesComponents && 'components', usesOperations && 'operations'].filter(Boolean).join(', ') || 'components'} } from './schema.js';`,
  );
  return {
    files: new Map([
      ...functionFiles,
      ...[...required].sort().map((spec): [string, string] => [`${COMPILED_DIR}/${interopFile(spec)}`, interopModule(spec)]),
      [`${COMPILED_DIR}/${HELPERS}`, helpersModule(functions)],
      [`${COMPILED_DIR}/index.js`, `${index}\n`],
      [ONE_FILE, singleFile(functions, compiled.exports)],
      // The declarations each wrapper's import finds, beside the sources (type-checked as they are) and the build.
      ['dist/validators.compiled.d.ts', dts],
      ['src/validators.compiled.d.ts', dts],
      [`${COMPILED_DIR}/index.d.ts`, COMPILED_INDEX_DTS],
      ['src/compiled/index.d.ts', COMPILED_INDEX_DTS],
      ['src/validators.ts', header],
      ['src/validators.modules.ts', header.replace(`from './validators.compiled.js';`, `from './compiled/index.js';`)],
    ]),
    entries,
    compiled: exports,
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
