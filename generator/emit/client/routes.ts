/**
 * `src/routes/`: what the client loads for an operation on its first call, so a bundle holds an
 * operation's facts and validators only once it is called. One module per operation (its entry of
 * the table, as in facts.ts, and loaders of its validators), one per side of its validators (the
 * query and request body, checked by default; the responses, checked only with
 * `validateResponses`), and an index of each operation's loader by method and path, which the
 * client loads on its first path call (a named operation hands the client its own module). Node
 * takes the named operations as one file (ONE_FILE_OPERATIONS): faster to load than a module each.
 */
import type { SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import type { Files } from '../../lib/files.js';
import { ONE_FILE_OPERATIONS, OPERATIONS_DIR, PACKAGE_KEY_FILE, ROUTES_DIR, routeStems } from '../names.js';
import { OPERATION_IMPORTS, operationFunction } from './operations.js';
import type { ValidatorEntry } from '../validators/validators.js';
import { routeInfoLiteral } from './facts.js';

/**
 * `validators`: the validators kept (generator/emit/validators), an operation's by `operationId`;
 * `vendor`: the package's name, their Standard Schema `vendor`.
 */
export function emitRoutes(model: SpecModel, validators: readonly ValidatorEntry[], compiled: ReadonlyMap<string, string>, vendor: string): Files {
  const files: Files = new Map();
  const byOperation = new Map<string, ValidatorEntry[]>();
  for (const e of validators) if (e.operationId !== undefined) byOperation.set(e.operationId, [...(byOperation.get(e.operationId) ?? []), e]);
  const fileStems = routeStems(model.operations);
  const byMethod = new Map<string, string[]>();
  const oneFile: string[] = [];
  model.operations.forEach((o, i) => {
    const stem = fileStems[i]!;
    const entries = byOperation.get(o.operationId) ?? [];
    const request = entries.filter((e) => e.kind === 'query' || e.kind === 'request');
    const responses = entries.filter((e) => e.kind === 'response');
    const fields = (folder: string) => [
      '  key: packageKey,',
      `  info: ${routeInfoLiteral(o)},`,
      ...(request.length ? [`  // Its query and request body validators.\n  request: () => import('${folder}${stem}.request.js'),`] : []),
      ...(responses.length ? [`  // Its response validators, by status.\n  responses: () => import('${folder}${stem}.responses.js'),`] : []),
    ];
    oneFile.push(`const __route${i}: RouteModule = {\n${fields(`./${ROUTES_DIR}/`).join('\n')}\n};\n\n${operationFunction(o, `__route${i}`)}`);
    files.set(
      `src/${ROUTES_DIR}/${stem}.ts`,
      `import { packageKey } from '../${PACKAGE_KEY_FILE}.js';
import type { RouteModule } from '../runtime/client.js';

/** \`${o.method.toUpperCase()} ${o.path}\`: the facts its calls need, and what loads its validators. */
export const __route: RouteModule = {
${fields('./').join('\n')}
};
`,
    );
    files.set(
      `src/${OPERATIONS_DIR}/${stem}.ts`,
      `${OPERATION_IMPORTS}
import { __route } from '../${ROUTES_DIR}/${stem}.js';

${operationFunction(o, '__route')}
`,
    );
    const wrap = (e: ValidatorEntry) => `createValidator(${JSON.stringify(e.name)}, ${compiled.get(e.name)}, vendor)`;
    if (request.length)
      files.set(
        `src/${ROUTES_DIR}/${stem}.request.ts`,
        validatorsModule(
          request,
          compiled,
          vendor,
          request.map((e) => `export const ${e.kind}: Validator<unknown> = ${wrap(e)};`),
        ),
      );
    if (responses.length)
      files.set(
        `src/${ROUTES_DIR}/${stem}.responses.ts`,
        validatorsModule(responses, compiled, vendor, [
          `export const responses: Readonly<Record<string, Validator<unknown>>> = { ${responses.map((e) => `${propertyKey(e.status!)}: ${wrap(e)}`).join(', ')} };`,
        ]),
      );
    const method = o.method.toUpperCase();
    byMethod.set(method, [...(byMethod.get(method) ?? []), `    ${propertyKey(o.path)}: () => import('./${stem}.js'),`]);
  });
  files.set(
    ONE_FILE_OPERATIONS,
    `${OPERATION_IMPORTS.replaceAll("'../", "'./")}
import { packageKey } from './${PACKAGE_KEY_FILE}.js';
import type { RouteModule } from './runtime/client.js';

export type { NamedArgs, NamedInit, NamedResult, OperationsClient } from './runtime/operations.js';

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
  // The compiled functions the modules import, declared where a type check of src/ or dist/ looks for them.
  for (const fn of new Set(validators.filter((e) => e.operationId !== undefined).map((e) => compiled.get(e.name)!))) {
    const declaration = `import type { CompiledValidator } from '../runtime/validation.js';\n\nexport declare const ${fn}: CompiledValidator;\n`;
    files.set(`src/compiled/${fn}.d.ts`, declaration);
    files.set(`dist/compiled/${fn}.d.ts`, declaration);
  }
  files.set(
    `src/${ROUTES_DIR}/index.ts`,
    `import type { RouteIndex } from '../runtime/client.js';

/** Each operation's module by method and path, loaded on its first path call (a named call brings its own). */
export const routes: RouteIndex = {
${[...byMethod].map(([method, lines]) => `  ${method}: {\n${lines.join('\n')}\n  },`).join('\n')}
};
`,
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
import { createValidator, type Validator } from '../runtime/validation.js';

const vendor = ${JSON.stringify(vendor)};
${exports.join('\n')}
`;
}
