/**
 * Types: openapi-typescript turns the bundled document into `paths`, `components`, `operations`
 * and `webhooks`; friendly aliases name every component schema (`Project`, `Skill`, ...).
 * openapi-typescript does not express `if`/`then`: conditional rules live in the validators.
 */
import openapiTS, { astToString } from 'openapi-typescript';
import type { SpecModel } from '../model.js';

export type Files = Map<string, string>;

/** Doc comment for an alias: the schema's title and description. */
function aliasComment(schema: any): string {
  const text = [schema?.description, schema?.['x-source-gap'] && `Not shown in the source: ${schema['x-source-gap']}`, schema?.deprecated && '@deprecated']
    .filter(Boolean)
    .join('\n\n')
    .trim();
  if (!text) return '';
  return `/**\n${text.split('\n').map((l: string) => ` * ${l.replaceAll('*/', '*\\/')}`.trimEnd()).join('\n')}\n */\n`;
}

export async function emitTypes(model: SpecModel): Promise<Files> {
  // defaultNonNullable: false — a default does not make a field always present (the source's "required" does).
  const ast = await openapiTS(structuredClone(model.document), { silent: true, defaultNonNullable: false });
  const schema = astToString(ast);
  const schemas = (model.document.components?.schemas ?? {}) as Record<string, unknown>;
  const aliases = model.schemaNames
    .map(({ name, type }) => `${aliasComment(schemas[name])}export type ${type} = components['schemas'][${JSON.stringify(name)}];`)
    .join('\n');
  const types = [
    `import type { components } from './schema.js';`,
    `export type { paths, components, operations, webhooks } from './schema.js';`,
    '',
    aliases,
    '',
  ].join('\n');
  return new Map([
    ['src/schema.ts', schema],
    ['src/types.ts', types],
  ]);
}
