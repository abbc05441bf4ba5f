/**
 * `dist/routes/`: what the client loads for an operation on its first call, so a bundle holds an
 * operation's facts and validators only once it is called. One module per operation (its entry of
 * the table, as in facts.ts, and loaders of its validators), one per side of its validators (the
 * query and request body, checked by default; the responses, checked only with
 * `validateResponses`), and an index of each operation's loader by method and path, which the
 * client loads on its first path call; `dist/operations/`: each named function in a module of its
 * own, handing the client its operation's module. Node takes the named operations as one file
 * (ONE_FILE_OPERATIONS): faster to load than a module each.
 *
 * These are written as JavaScript and declarations, not as TypeScript for compile/ to build: a
 * document of a thousand operations would otherwise compile five thousand small files.
 */
import type { SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import type { Files } from '../../lib/files.js';
import { internalPrefix, ONE_FILE_OPERATIONS, OPERATIONS_DIR, operationFunctionName, PACKAGE_KEY_FILE, ROUTES_DIR, routeStems } from '../names.js';
import { operationFunction, operationImports } from './operations.js';
import type { ValidatorEntry } from '../validators/validators.js';
import { routeInfoLiteral } from './facts.js';

/**
 * A module as JavaScript and its declaration, under dist/; with `imported`, its declaration under
 * src/ too, where src/'s TypeScript imports it (a type check of src/ finds it there).
 */
function both(files: Files, stem: string, js: string, dts: string, imported = false): void {
  files.set(`dist/${stem}.js`, js);
  files.set(`dist/${stem}.d.ts`, dts);
  if (imported) files.set(`src/${stem}.d.ts`, dts);
}

/**
 * `validators`: the validators kept (generator/emit/validators), an operation's by `operationId`;
 * `compiled`: each one's compiled function (its module under dist/compiled/); `vendor`: the
 * package's name, their Standard Schema `vendor`.
 */
export function emitRoutes(model: SpecModel, validators: readonly ValidatorEntry[], compiled: ReadonlyMap<string, string>, vendor: string): Files {
  const files: Files = new Map();
  const byOperation = new Map<string, ValidatorEntry[]>();
  for (const e of validators) if (e.operationId !== undefined) byOperation.set(e.operationId, [...(byOperation.get(e.operationId) ?? []), e]);
  const fileStems = routeStems(model.operations);
  const byMethod = new Map<string, string[]>();
  const oneFile: string[] = [];
  // The one file's own identifiers start with a prefix none of its functions' names starts with.
  const oneFilePrefix = internalPrefix(model.operations.map(operationFunctionName));
  const wrap = (e: ValidatorEntry) => `createValidator(${JSON.stringify(e.name)}, ${compiled.get(e.name)}, vendor)`;
  model.operations.forEach((o, i) => {
    const stem = fileStems[i]!;
    const entries = byOperation.get(o.operationId) ?? [];
    const request = entries.filter((e) => e.kind === 'query' || e.kind === 'request');
    const responses = entries.filter((e) => e.kind === 'response');
    const route = (folder: string, keyName: string) => `{
  key: ${keyName},
  info: ${routeInfoLiteral(o)},${request.length ? `\n  // Its query and request body validators.\n  request: () => import('${folder}${stem}.request.js'),` : ''}${
    responses.length ? `\n  // Its response validators, by status.\n  responses: () => import('${folder}${stem}.responses.js'),` : ''
  }
}`;
    const prefix = internalPrefix([operationFunctionName(o)]);
    const named = operationFunction(o, `${prefix}route`, prefix);
    both(
      files,
      `${ROUTES_DIR}/${stem}`,
      `import { packageKey } from '../${PACKAGE_KEY_FILE}.js';

/** \`${o.method.toUpperCase()} ${o.path}\`: the facts its calls need, and what loads its validators. */
export const __route = ${route('./', 'packageKey')};
`,
      `import type { RouteModule } from '../runtime/client.js';

export declare const __route: RouteModule;
`,
    );
    both(
      files,
      `${OPERATIONS_DIR}/${stem}`,
      `${operationImports(prefix).js}
import { ${prefix === '__' ? '__route' : `__route as ${prefix}route`} } from '../${ROUTES_DIR}/${stem}.js';

${named.js}
`,
      `${operationImports(prefix).dts}

${named.dts}
`,
      true,
    );
    oneFile.push(
      `const ${oneFilePrefix}route${i} = ${route(`./${ROUTES_DIR}/`, `${oneFilePrefix}packageKey`)};\n\n${operationFunction(o, `${oneFilePrefix}route${i}`, oneFilePrefix).js}`,
    );
    if (request.length)
      both(
        files,
        `${ROUTES_DIR}/${stem}.request`,
        validatorsModule(
          request,
          compiled,
          vendor,
          request.map((e) => `export const ${e.kind} = ${wrap(e)};`),
        ),
        `import type { Validator } from '../runtime/validation.js';

${request.map((e) => `export declare const ${e.kind}: Validator<unknown>;`).join('\n')}
`,
      );
    if (responses.length)
      both(
        files,
        `${ROUTES_DIR}/${stem}.responses`,
        validatorsModule(responses, compiled, vendor, [
          `export const responses = { ${responses.map((e) => `${propertyKey(e.status!)}: ${wrap(e)}`).join(', ')} };`,
        ]),
        `import type { Validator } from '../runtime/validation.js';

export declare const responses: Readonly<Record<string, Validator<unknown>>>;
`,
      );
    const method = o.method.toUpperCase();
    byMethod.set(method, [...(byMethod.get(method) ?? []), `    ${propertyKey(o.path)}: () => import('./${stem}.js'),`]);
  });
  files.set(
    ONE_FILE_OPERATIONS,
    `${operationImports(oneFilePrefix).js.replaceAll("'../", "'./")}
import { packageKey as ${oneFilePrefix}packageKey } from './${PACKAGE_KEY_FILE}.js';

${oneFile.join('\n\n')}
`,
  );
  files.set(
    `src/${PACKAGE_KEY_FILE}.ts`,
    `/**
 * This package's own key: its operations' modules carry it, and the client uses a module a named
 * operation hands it only when it carries this one (not another document's, nor another version's).
 */
export const packageKey: object = Object.freeze({});
`,
  );
  both(
    files,
    `${ROUTES_DIR}/index`,
    `/** Each operation's module by method and path, loaded on its first path call (a named call brings its own). */
export const routes = {
${[...byMethod].map(([method, lines]) => `  ${method}: {\n${lines.join('\n')}\n  },`).join('\n')}
};
`,
    `import type { RouteIndex } from '../runtime/client.js';

export declare const routes: RouteIndex;
`,
    true,
  );
  return files;
}

/**
 * A module of an operation's validators: each compiled function imported from its own module under
 * dist/compiled/ (a bundler then splits them per operation), wrapped as the package's validators are.
 */
function validatorsModule(entries: ValidatorEntry[], compiled: ReadonlyMap<string, string>, vendor: string, exports: string[]): string {
  const modules = [...new Set(entries.map((e) => compiled.get(e.name)!))];
  return `${modules.map((fn) => `import { ${fn} } from '../compiled/${fn}.js';`).join('\n')}
import { createValidator } from '../runtime/validation.js';

const vendor = ${JSON.stringify(vendor)};
${exports.join('\n')}
`;
}
