/**
 * `src/facts.ts`: the package's one table of operations, read from the model (method, path,
 * parameters and how they are written, request body media types, security, the success answer,
 * pagination), and the security schemes. The mock (mock.ts) and the package's `operations` export
 * read the table; the client's entry (index.ts) reads the security schemes; what the client reads
 * of each operation is in its own module (routes.ts), loaded on its first call.
 */
import type { OperationModel, ParameterWire, SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import { operationInfoName } from '../names.js';
import type { Files } from '../../lib/files.js';

/** One parameter: how the client writes it (templates/client/params.ts `ParameterFacts`), and with `forMock`, how the mock reads it (operation-info.ts `OperationParameter`). */
function parameterOf(p: ParameterWire, forMock = true): string {
  const fields = [
    `name: ${JSON.stringify(p.name)}`,
    `in: ${JSON.stringify(p.in)}`,
    `style: ${JSON.stringify(p.style)}`,
    `explode: ${p.explode}`,
    `allowReserved: ${p.allowReserved}`,
  ];
  if (p.content !== undefined) fields.push(`content: ${JSON.stringify(p.content)}`);
  if (p.shape) fields.push(`shape: ${JSON.stringify(p.shape)}`);
  if (!forMock) return `{ ${fields.join(', ')} }`;
  fields.push(`required: ${p.required}`);
  if (p.type) fields.push(`type: ${JSON.stringify(p.type)}`);
  if (p.propertyTypes?.length)
    fields.push(`propertyTypes: { ${p.propertyTypes.map(([key, type]) => `${propertyKey(key)}: ${JSON.stringify(type)}`).join(', ')} }`);
  return `{ ${fields.join(', ')} }`;
}

/** Interns literals shared by several operations as `<prefix><n>` constants, in order of first use. */
function interner(prefix: string) {
  const names = new Map<string, string>();
  return {
    name: (literal: string) => {
      if (!names.has(literal)) names.set(literal, `${prefix}${names.size}`);
      return names.get(literal)!;
    },
    declarations: (type: string) => [...names].map(([literal, name]) => `const ${name}: ${type} = ${literal};`),
  };
}

/** An operation's entry as an object literal; `security` and `parameters` name the literals of its security alternatives and of its parameters. */
function operationLiteral(o: OperationModel, security: (literal: string) => string, parameters: (literal: string) => string): string {
  const fields = [
    `operationId: ${JSON.stringify(o.operationId)}`,
    `method: ${JSON.stringify(o.method.toUpperCase())}`,
    `path: ${JSON.stringify(o.path)}`,
    `paginated: ${o.paginated}`,
    `security: ${security(JSON.stringify(o.security))}`,
    `parameters: ${o.wire.length ? parameters(`[${o.wire.map((p) => parameterOf(p)).join(', ')}]`) : '[]'}`,
    ...(o.requestBody ? [`requestBodyRequired: ${o.requestBody.required}`, `requestMediaTypes: ${JSON.stringify(o.requestBody.mediaTypes)}`] : []),
    `success: ${JSON.stringify(o.success)}`,
    ...(o.pagination ? [`pagination: ${JSON.stringify(o.pagination)}`] : []),
  ];
  return `{ ${fields.join(', ')} }`;
}

/** What the client reads of an operation (templates/client/operation-info.ts `RouteInfo`), as an object literal. */
export function routeInfoLiteral(o: OperationModel): string {
  const fields = [
    `operationId: ${JSON.stringify(o.operationId)}`,
    `method: ${JSON.stringify(o.method.toUpperCase())}`,
    `path: ${JSON.stringify(o.path)}`,
    ...(o.paginated ? ['paginated: true'] : []),
    `security: ${JSON.stringify(o.security)}`,
    `parameters: [${o.wire.map((p) => parameterOf(p, false)).join(', ')}]`,
  ];
  return `{ ${fields.join(', ')} }`;
}

const operationOf = (o: OperationModel, security: (literal: string) => string, parameters: (literal: string) => string): string =>
  `export const ${operationInfoName(o)}: OperationEntry = ${operationLiteral(o, security, parameters)};`;

export function emitFacts(model: SpecModel): Files {
  const security = interner('security');
  const parameters = interner('parameters');
  const operations = model.operations.map((o) => operationOf(o, security.name, parameters.name));
  const documentSecurity = security.name(JSON.stringify(model.security));
  const schemes = model.securitySchemes.map((scheme) => {
    const fields = Object.entries({ ...(scheme.option !== undefined && { option: scheme.option }), ...scheme.kind });
    return `    ${propertyKey(scheme.name)}: { ${fields.map(([key, value]) => `${key}: ${JSON.stringify(value)}`).join(', ')} },`;
  });
  const parameterDeclarations = parameters.declarations('readonly OperationParameter[]');
  // OperationInfo is imported as OperationEntry: an entry's name ends in `Info`, and an operation `Operation` would take it.
  const source = `import type { SecurityFacts } from './runtime/credentials.js';
import type { OperationInfo as OperationEntry${parameterDeclarations.length ? ', OperationParameter' : ''} } from './runtime/operation-info.js';

${security.declarations('readonly (readonly string[])[]').join('\n')}
${parameterDeclarations.length ? `\n${parameterDeclarations.join('\n')}\n` : ''}
/** The spec's security schemes (by name) and its document-wide requirements. */
export const security: SecurityFacts = {
  schemes: {
${schemes.join('\n')}
  },
  requirements: ${documentSecurity},
};

/*
 * One entry per operation:
 * id, method, path template, whether it returns the paginated list wrapper, its security
 * alternatives, its parameters (how each is written, and the types its strings are read as), its
 * request body's media types, the success answer a mock gives and how a paginated one pages.
 */
${operations.join('\n')}

/** Every operation of the spec, in document order: the table the mock reads, and the package exports. */
export const operations: readonly OperationEntry[] = [
${model.operations.map((o) => `  ${operationInfoName(o)},`).join('\n')}
];
`;
  return new Map([['src/facts.ts', source]]);
}
