/**
 * Named operations (`src/operations.ts`): one exported function per operation, named by its
 * operationId, that calls the client's path method with its entry of the package's table of
 * operations (src/facts.ts; templates/client/operations.ts). Each is its
 * own export with no side effect, so a bundler keeps only those imported. JSDoc from the
 * document: summary, description, what the source does not show, `@deprecated`.
 */
import type { OperationModel, SpecModel } from '../../model/model.js';
import { assertUnique } from '../../lib/names.js';
import { commentSafe } from '../../lib/problems.js';
import { FACTS_MODULE, operationFunctionName, operationInfoName } from '../names.js';
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

function emitFunction(o: OperationModel): string {
  const name = operationFunctionName(o);
  const pathType = `__paths[${JSON.stringify(o.path)}]`;
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
  return `${doc}
export function ${name}<Init extends __Init<${pathType}, ${method}> = __Init<${pathType}, ${method}>>(client: __Client, ...init: __Args<Init>): __Result<${pathType}[${method}], Init> {
  return __call(client, __${operationInfoName(o)}, init[0]);
}`;
}

export function emitOperations(model: SpecModel): Files {
  assertUnique(
    'operation function',
    model.operations.map((o) => ({ identifier: operationFunctionName(o), pointer: o.pointer })),
  );
  // The module's own names start with `__`, so no operationId can shadow them.
  const header = `import type { paths as __paths } from './schema.js';
import { ${model.operations.map((o) => `${operationInfoName(o)} as __${operationInfoName(o)}`).join(', ')} } from '${FACTS_MODULE}';
import { callOperation as __call, type NamedArgs as __Args, type NamedInit as __Init, type NamedResult as __Result, type OperationsClient as __Client } from './runtime/operations.js';

export type { NamedArgs, NamedInit, NamedResult, OperationsClient } from './runtime/operations.js';
`;
  // Each function calls its operation's entry of the package's table (facts.ts).
  const functions = model.operations.map(emitFunction);
  return new Map([['src/operations.ts', `${header}\n${functions.join('\n\n')}\n`]]);
}
