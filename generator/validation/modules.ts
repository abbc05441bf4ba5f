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
import type { AnyValidateFunction, SourceCode } from 'ajv/dist/types/index.js';
import type { ValueScopeName } from 'ajv/dist/compile/codegen/scope.js';

/** A value a compiled function uses: a schema literal, a format, a regular expression, a wrapper. */
export interface ScopeValue {
  name: string;
  /** The expression it is declared with (`const <name> = <code>;`). */
  code: string;
  /** A schema literal's value (`code` is its JSON), which the shipped code may declare pruned to what it reads. */
  schema?: unknown;
}

/** One compiled function's module, named by the function (ajv names every function uniquely). */
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

/** A scope value's name holding a schema environment (`root`, `wrapper`): ajv reaches its function through it. */
interface SchemaEnvRef {
  validate?: AnyValidateFunction;
  validateName?: ValueScopeName;
}

/**
 * The modules of the functions validating `exports` (export name → schema `$id`), compiled by
 * `ajv` with `code.source`. ajv names every function uniquely (`validate12`), and those names name
 * the modules.
 */
export function standaloneModules(ajv: Ajv2020, exports: Record<string, string>): StandaloneModules {
  const modules: FunctionModule[] = [];
  const emitted = new Set<string>();
  const result = new Map<string, string>();

  const emit = (source: SourceCode | undefined): string => {
    if (!source) throw new Error('ajv compiled a function without its source code (code.source is needed)');
    const name = source.validateName.str;
    if (emitted.has(name)) return name;
    emitted.add(name);
    const imports = new Set<string>();
    const values: ScopeValue[] = [];
    for (const prefix of Object.keys(source.scopeValues)) {
      for (const value of source.scopeValues[prefix] ?? []) {
        const ref = value.value?.ref;
        if (prefix === 'validate' && typeof ref === 'function') {
          const callee = emit((ref as AnyValidateFunction).source);
          if (callee !== name) imports.add(callee);
        } else if ((prefix === 'root' || prefix === 'wrapper') && ref && typeof ref === 'object') {
          const env = ref as SchemaEnvRef;
          if (!env.validateName) throw new Error(`ajv internal error: ${value.str} has no function`);
          const callee = emit(env.validate?.source);
          if (callee !== name) imports.add(callee);
          values.push({ name: value.str, code: `{validate: ${callee}}` });
        } else if (value.value?.code !== undefined) {
          values.push({ name: value.str, code: value.value.code.toString(), ...(prefix === 'schema' && { schema: ref }) });
        } else throw new Error(`ajv's standalone code has no source for ${value.str}`);
      }
    }
    const code = source.evaluated ? `${source.validateCode}\n${name}.evaluated = ${source.evaluated.toString()};` : source.validateCode;
    modules.push({ name, imports: [...imports].sort(), values, code });
    return name;
  };

  for (const [exportName, id] of Object.entries(exports)) {
    const validate = ajv.getSchema(id);
    if (!validate) throw new Error(`no compiled schema with $id ${id}`);
    result.set(exportName, emit(validate.source));
  }
  return { modules, exports: result };
}
