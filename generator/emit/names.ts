/**
 * The names outputs share: files one emitter writes and another imports or links to, and the
 * public identifiers more than one emitter writes (an operation's function, its table entry, the
 * mock's command). Each is made here only.
 */
import type { OperationModel } from '../model/model.js';
import type { Problem } from '../lib/problems.js';
import { fileStem, IDENTIFIER, uniqueStems } from '../lib/names.js';

/** The bundled document at the package root. */
export const OPENAPI_FILE = 'openapi.json';

/** The release notes at the package root. */
export const CHANGELOG_FILE = 'CHANGELOG.md';

/**
 * The validators come in two builds of the same ajv output, each with its wrapper, chosen by
 * conditions (`validatorsEntry`) of the package's `exports` (`<name>/validators`, for consumers)
 * and `imports` (VALIDATORS_IMPORT, for the client and the mock, so that a program holds one
 * build): one module per compiled function for bundlers (the `module` condition, which esbuild,
 * webpack, Rollup and Vite set, before `node`) and any other runtime, so a bundle keeps only what
 * the validators it imports reach; one file for Node, which spends ~0.15 ms per module it loads
 * (longer for the hundred modules of the first build than to parse the one file). Each wrapper
 * imports its build by a relative path: Node's first resolution of a `#` import costs about a
 * millisecond of a consumer's start-up.
 */
export const VALIDATORS_IMPORT = '#validators';

/** The package's one table of operations, as src/ modules import it. */
export const FACTS_MODULE = './facts.js';

const RESERVED = new Set(
  (
    'break case catch class const continue debugger default delete do else enum export extends false finally for function if implements ' +
    'import in instanceof interface let new null package private protected public return static super switch this throw true try typeof ' +
    'var void while with yield await arguments eval undefined NaN Infinity'
  ).split(' '),
);

/**
 * Names `<package>/operations` cannot give a function: the types it exports beside them, and `then`
 * (a module namespace with a `then` function is a thenable: `await import()` would call it and
 * never settle).
 */
const TAKEN_IN_OPERATIONS = new Set(['NamedArgs', 'NamedInit', 'NamedResult', 'OperationsClient', 'then']);

/** The operationId's own spelling when it is a JavaScript identifier, else its PascalCase name with a lower-case first letter. */
const functionStem = (o: Pick<OperationModel, 'operationId' | 'name'>): string =>
  IDENTIFIER.test(o.operationId) ? o.operationId : o.name[0]!.toLowerCase() + o.name.slice(1);

/**
 * The function's name: the operationId when it is a JavaScript identifier, else the operation's
 * PascalCase name with a lower-case first letter; a reserved word, or a name in TAKEN_IN_OPERATIONS,
 * gets `Operation` appended (operationRenames warns about those).
 */
export function operationFunctionName(operation: Pick<OperationModel, 'operationId' | 'name'>): string {
  const id = functionStem(operation);
  return RESERVED.has(id) || TAKEN_IN_OPERATIONS.has(id) ? `${id}Operation` : id;
}

/** A warning per operation whose function cannot take its identifier's name, at its operationId. */
export function operationRenames(operations: readonly OperationModel[]): Problem[] {
  return operations.flatMap((o) => {
    const id = functionStem(o);
    const name = operationFunctionName(o);
    if (id === name) return [];
    const why = RESERVED.has(id)
      ? 'a reserved word'
      : id === 'then'
        ? 'a module exporting "then" is a thenable'
        : `the operations module exports a type of that name`;
    return [{ pointer: `${o.pointer}/operationId`, message: `operationId ${JSON.stringify(o.operationId)} names its function ${name} (${why})` }];
  });
}

/**
 * The prefix of the identifiers a module of named operations declares for itself (imports, route
 * constants): `__`, lengthened until none of its functions' names starts with it, so no operationId
 * (`__call`, `__route0`) can collide with them.
 */
export function internalPrefix(functionNames: readonly string[]): string {
  let prefix = '__';
  while (functionNames.some((name) => name.startsWith(prefix))) prefix += '_';
  return prefix;
}

/** The table entry of an operation (src/facts.ts). */
export const operationInfoName = (o: Pick<OperationModel, 'operationId' | 'name'>): string => `${operationFunctionName(o)}Info`;

/**
 * The mock's command: the unscoped package name without a last `-client` or `-sdk`, then `-mock`,
 * less any leading `-`, `.` or `_` (`@acme/-api-client` → `api-mock`: npx would read `-api-mock` as
 * an option, and `.api-mock` as a path).
 */
export const mockBinName = (packageName: string): string =>
  `${packageName.replace(/^@[^/]+\//, '').replace(/-(client|sdk)$/, '')}-mock`.replace(/^[^a-z0-9]+/, '');

/** The folder, under dist/, of each operation's module (emit/client/routes.ts), and its index, which the client's entry loads. */
export const ROUTES_DIR = 'routes';
/**
 * The folder, under dist/, of each named operation's own module: not the operation's module, which
 * the index loads (a bundler splitting code keeps every import of a module another chunk loads).
 */
export const OPERATIONS_DIR = 'operations';
/**
 * The named operations as one module, for Node (the `node` condition of `<name>/operations`),
 * which spends ~0.15 ms per module it loads: a module per operation costs a program that imports
 * them tens of milliseconds. Each operation's validators still load on its first call.
 */
export const ONE_FILE_OPERATIONS = 'dist/operations-node.js';
/** The module (under src/, without `.js`) of the package's own key, which the client's entry and each operation's module import. */
export const PACKAGE_KEY_FILE = 'package-key';
export const ROUTES_MODULE = `./${ROUTES_DIR}/index.js`;

/** Each operation's module's file stem: its function's name, unique as file systems compare names, never `index`. */
export const routeStems = (operations: readonly OperationModel[]): string[] => {
  const names = operations.map(operationFunctionName);
  const unique = uniqueStems(names, fileStem, { fallback: 'operation', reserved: ['index'] });
  return names.map((name) => unique.get(name)!);
};
