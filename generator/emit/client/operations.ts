/**
 * Named operations (`src/operations.ts`): one exported function per operation, named by its
 * operationId, that calls the client's path method with its method and path
 * (templates/client/operations.ts). Each is its own export with no side effect and no import of
 * the table of operations, so a bundler keeps only those imported. JSDoc from the
 * document: summary, description, what the source does not show, `@deprecated`.
 */
import type { OperationModel, SpecModel } from '../../model/model.js';
import { assertUnique } from '../../lib/names.js';
import { commentSafe } from '../../lib/problems.js';
import { OPERATIONS_DIR, operationFunctionName, routeStems } from '../names.js';
import type { Files } from '../../lib/files.js';

/** A JSDoc block: each paragraph's lines prefixed, `*\/` and a line-leading `@` made harmless. */
function jsDoc(paragraphs: string[], tags: string[]): string {
  const lines = paragraphs
    .map((p) => p.trim())
    .filter(Boolean)
    .flatMap((p, i) => [...(i ? [''] : []), ...p.split(/\r\n|\r|\n|\u2028|\u2029/)])
    .map((line) => commentSafe(line).replace(/^(\s*)@/, '$1\\@'));
  const all = [...lines, ...tags];
  return `/**\n${all.map((line) => (line ? ` * ${line}` : ' *')).join('\n')}\n */`;
}

/**
 * The named function of operation `o`, calling with its module `route` (routes.ts): as JavaScript
 * (`js`, importing operationImports(prefix).js) and as a declaration (`dts`, its `.dts`); `prefix`
 * starts the module's own identifiers (internalPrefix).
 */
export function operationFunction(o: OperationModel, route: string, prefix: string): { js: string; dts: string } {
  const name = operationFunctionName(o);
  const pathType = `${prefix}paths[${JSON.stringify(o.path)}]`;
  const method = JSON.stringify(o.method);
  const doc = jsDoc(
    [
      o.summary,
      o.description !== o.summary ? o.description : '',
      o.gap ? `Not shown in the source: ${o.gap}` : '',
      `\`${o.method.toUpperCase()} ${o.path}\`: the same call as the client's \`${o.method.toUpperCase()}\` with \`path\`, \`query\`, \`header\` and \`cookie\` under \`params\`.`,
    ],
    o.deprecated ? ['@deprecated The document marks this operation deprecated.'] : [],
  );
  return {
    js: `${doc}
export function ${name}(client, ...init) {
  return ${prefix}call(client, ${method}, ${JSON.stringify(o.path)}, ${route}, init[0]);
}`,
    dts: `${doc}
export declare function ${name}<Init extends ${prefix}Init<${pathType}, ${method}> = ${prefix}Init<${pathType}, ${method}>>(client: ${prefix}Client, ...init: ${prefix}Args<Init>): ${prefix}Result<${pathType}[${method}], Init>;`,
  };
}

/**
 * What a named function's module imports (its folder one below dist/), under names starting with
 * `prefix` (internalPrefix), which none of its functions' names does.
 */
export const operationImports = (prefix: string) => ({
  js: `import { callOperation as ${prefix}call } from '../runtime/operations.js';`,
  dts: `import type { paths as ${prefix}paths } from '../schema.js';
import type { NamedArgs as ${prefix}Args, NamedInit as ${prefix}Init, NamedResult as ${prefix}Result, OperationsClient as ${prefix}Client } from '../runtime/operations.js';`,
});

export function emitOperations(model: SpecModel): Files {
  assertUnique(
    'operation function',
    model.operations.map((o) => ({ identifier: operationFunctionName(o), pointer: o.pointer })),
  );
  const stems = routeStems(model.operations);
  // Each function has a module of its own (emitted by routes.ts, beside its operation's module): re-exported here.
  const exports = model.operations.map((o, i) => `export { ${operationFunctionName(o)} } from './${OPERATIONS_DIR}/${stems[i]}.js';`);
  return new Map([
    ['src/operations.ts', `export type { NamedArgs, NamedInit, NamedResult, OperationsClient } from './runtime/operations.js';\n\n${exports.join('\n')}\n`],
  ]);
}
