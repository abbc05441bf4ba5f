/**
 * ajv's standalone code split into ES modules: one per compiled function (a component schema, or a
 * place inside one a `$ref` points to, or an operation's schema), which imports the functions it
 * calls from their own modules. A consumer's bundler then keeps only the modules a validator
 * reaches, and no function is emitted twice. This walks what ajv's `standaloneCode` walks (each
 * function's `SourceCode` and the scope values it uses) and emits the same statements, per module.
 *
 * Scope values other than functions (a schema literal, a format, a regular expression, a runtime
 * helper) are each one short statement: a module declares those it uses itself, so that it holds
 * nothing another validator needs to load. The same parts, each value declared once, make the
 * one-file build.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { AnyValidateFunction } from 'ajv/dist/types/index.js';
import { SchemaEnv } from 'ajv/dist/compile/index.js';
import { createHash } from 'node:crypto';
import { maskStrings } from './standalone.js';

/** A value a compiled function uses: a schema literal, a format, a regular expression, a wrapper. */
export interface ScopeValue {
  name: string;
  /** The expression it is declared with (`const <name> = <code>;`). */
  code: string;
  /** A schema literal's value (`code` is its JSON), which the shipped code may declare pruned to what it reads. */
  schema?: unknown;
}

/** One compiled function's module, named by the function (`functionName`). */
export interface FunctionModule {
  name: string;
  /** Names of the functions it calls, each exported by the module of the same name. */
  imports: string[];
  /** The values it uses, to be declared before it. */
  values: ScopeValue[];
  /** The function and its `evaluated` annotation. */
  code: string;
}

export interface StandaloneModules {
  /** Every function module reached from the exports, in the order ajv would emit them. */
  modules: FunctionModule[];
  /** Each export name's compiled function (the module of the same name exports it). */
  exports: Map<string, string>;
}

/** The schema environment behind a compiled function, or a `root`/`wrapper` scope value. */
type Env = SchemaEnv;

/**
 * What identifies each compiled function independently of the order ajv compiled things in: a
 * schema added by `$id` is that `$id`; any other function ajv compiled for a `$ref` from the
 * schema with `$id` R is R and the reference (ajv compiles one per root and reference, and caches
 * it in that root's `refs`). Several ajv instances compiling overlapping parts of one document
 * thereby name the same function alike.
 */
function functionKeys(ajv: Ajv2020): Map<Env, string> {
  const keys = new Map<Env, string>();
  const roots = Object.entries((ajv as unknown as { schemas: Record<string, Env | undefined> }).schemas).filter(
    (e): e is [string, Env] => e[1] instanceof SchemaEnv,
  );
  for (const [id, env] of roots) keys.set(env, id);
  for (const [id, env] of roots) {
    for (const [ref, target] of Object.entries(env.refs)) if (target instanceof SchemaEnv && !keys.has(target)) keys.set(target, `${id}\n${ref}`);
  }
  return keys;
}

const hash = (text: string): string => createHash('sha256').update(text).digest('hex').slice(0, 12);

/** A compiled function's name: from its key (functionKeys), the same in every ajv that compiles it. */
export const functionName = (key: string): string => `validate_${hash(key)}`;

/** A scope value's name: its kind and a hash of its code (with the names it uses already canonical), so equal values share one name. */
const valueName = (prefix: string, code: string): string => `${prefix}_${hash(`${prefix}\n${code}`)}`;

const NAME_BOUNDARY = (names: Iterable<string>) =>
  new RegExp(`(?<![\\w$.])(?:${[...names].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\w$])`, 'g');

/** `code` with each name of `renames` (an identifier, not a property and not inside a string literal) replaced. */
function renamed(code: string, renames: ReadonlyMap<string, string>): string {
  if (!renames.size) return code;
  const { masked, unmask } = maskStrings(code);
  return unmask(masked.replace(NAME_BOUNDARY(renames.keys()), (name) => renames.get(name)!));
}

/**
 * The modules of the functions validating `exports` (export name → schema `$id`), compiled by
 * `ajv` with `code.source`. Every name is canonical, so that the code does not depend on what else
 * this ajv compiled or in which order: a function is named by what it validates (`functionName`),
 * a value (schema literal, pattern, format) by its code, and a call through ajv's indirections
 * for schemas still being compiled (`wrapper0.validate`, `root0.validate`) names the function
 * directly (ES modules resolve cyclic function imports).
 */
export function standaloneModules(ajv: Ajv2020, exports: Record<string, string>): StandaloneModules {
  const modules: FunctionModule[] = [];
  const emitted = new Map<AnyValidateFunction, string>();
  const result = new Map<string, string>();
  let keys: Map<Env, string> | undefined;
  const nameOf = (validate: AnyValidateFunction): string => {
    keys ??= functionKeys(ajv);
    const key = keys.get(validate.schemaEnv);
    if (key === undefined) throw new Error(`ajv internal error: a compiled function for ${validate.schemaEnv.baseId} is reached through no schema $id`);
    return functionName(key);
  };

  const emit = (validate: AnyValidateFunction | undefined): string => {
    const source = validate?.source;
    if (!validate || !source) throw new Error('ajv compiled a function without its source code (code.source is needed)');
    const done = emitted.get(validate);
    if (done !== undefined) return done;
    const name = nameOf(validate);
    emitted.set(validate, name);
    const imports = new Set<string>();
    const values: ScopeValue[] = [];
    // ajv's names in this function's code → canonical ones; `root0.validate` → the function.
    const renames = new Map<string, string>([[source.validateName.str, name]]);
    const indirections = new Map<string, string>();
    for (const prefix of Object.keys(source.scopeValues)) {
      for (const value of source.scopeValues[prefix] ?? []) {
        const ref = value.value?.ref;
        if (prefix === 'validate' && typeof ref === 'function') {
          const callee = emit(ref as AnyValidateFunction);
          if (callee !== name) imports.add(callee);
          renames.set(value.str, callee);
        } else if ((prefix === 'root' || prefix === 'wrapper') && ref instanceof SchemaEnv) {
          if (!ref.validate) throw new Error(`ajv internal error: ${value.str} has no function`);
          const callee = emit(ref.validate);
          if (callee !== name) imports.add(callee);
          indirections.set(`${value.str}.validate`, callee);
        } else if (value.value?.code !== undefined) {
          // A schema literal is JSON: it names nothing.
          const code = prefix === 'schema' ? value.value.code.toString() : renamed(value.value.code.toString(), renames);
          const canonical = valueName(prefix, code);
          renames.set(value.str, canonical);
          values.push({ name: canonical, code, ...(prefix === 'schema' && { schema: ref }) });
        } else throw new Error(`ajv's standalone code has no source for ${value.str}`);
      }
    }
    const code = source.evaluated ? `${source.validateCode}\n${source.validateName.str}.evaluated = ${source.evaluated.toString()};` : source.validateCode;
    modules.push({ name, imports: [...imports].sort(), values, code: canonicalCode(code, indirections, renames) });
    return name;
  };

  for (const [exportName, id] of Object.entries(exports)) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`no compiled schema with $id ${id}`);
    result.set(exportName, emit(validate));
  }
  return { modules, exports: result };
}

/**
 * `code` calling each function of `indirections` (`wrapper0.validate` → its canonical name)
 * directly, then with `renames` applied; fails if an indirection's holder is used otherwise.
 */
function canonicalCode(code: string, indirections: ReadonlyMap<string, string>, renames: ReadonlyMap<string, string>): string {
  const { masked, unmask } = maskStrings(code);
  let direct = masked;
  if (indirections.size) {
    direct = masked.replace(NAME_BOUNDARY(indirections.keys()), (use) => indirections.get(use)!);
    const left = NAME_BOUNDARY([...indirections.keys()].map((use) => use.slice(0, -'.validate'.length))).exec(direct);
    if (left) throw new Error(`ajv's standalone code uses ${left[0]} other than to call its function: update canonicalCode`);
  }
  return unmask(direct.replace(NAME_BOUNDARY(renames.keys()), (name) => renames.get(name)!));
}
