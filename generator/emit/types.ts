/**
 * Types: openapi-typescript turns the bundled document into `paths`, `components`, `operations`
 * and `webhooks`; friendly aliases name every component schema (`Project`, `Skill`, ...).
 * openapi-typescript does not express `if`/`then`: conditional rules live in the validators.
 */
import type * as OpenapiTS from 'openapi-typescript';
import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';

// openapi-typescript's modules, not its entry point: the entry loads its own copy of Redocly's
// library (half a second at start-up) for bundling and linting, which load.ts has done already.
const { default: transformSchema } = (await import('openapi-typescript/dist/transform/index.mjs' as string)) as { default: typeof OpenapiTS.transformSchema };
const { astToString } = (await import('openapi-typescript/dist/lib/ts.mjs' as string)) as Pick<typeof OpenapiTS, 'astToString'>;
const { resolveRef, scanDiscriminators } = (await import('openapi-typescript/dist/lib/utils.mjs' as string)) as Pick<typeof OpenapiTS, 'resolveRef' | 'scanDiscriminators'>;
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

/**
 * openapi-typescript's own context with its defaults (as `openapiTS()` builds it), for a document
 * that load.ts has already bundled and linted: `openapiTS()` would bundle and lint it once more.
 * `defaultNonNullable: false`: a default does not make a field always present (the source's
 * "required" does).
 */
function typesContext(document: OpenAPI3): GlobalContext {
  const options = { silent: true };
  return {
    additionalProperties: false,
    alphabetize: false,
    arrayLength: false,
    defaultNonNullable: false,
    discriminators: scanDiscriminators(document, options),
    emptyObjectsUnknown: false,
    enum: false,
    enumValues: false,
    conditionalEnums: false,
    dedupeEnums: false,
    excludeDeprecated: false,
    exportType: false,
    immutable: false,
    rootTypes: false,
    rootTypesNoSchemaPrefix: false,
    rootTypesKeepCasing: false,
    injectFooter: [],
    pathParamsAsTypes: false,
    postTransform: undefined,
    propertiesRequiredByDefault: false,
    silent: true,
    inject: undefined,
    transform: undefined,
    transformProperty: undefined,
    makePathsEnum: false,
    generatePathParams: false,
    readWriteMarkers: false,
    resolve: ($ref: string) => resolveRef(document, $ref, options),
    // Only openapiTS() reads Redocly's config (to bundle and lint), which load.ts has done.
    redoc: undefined,
  } as unknown as GlobalContext;
}

export async function emitTypes(model: SpecModel): Promise<Files> {
  const document = structuredClone(model.document);
  const schema = astToString(transformSchema(document, typesContext(document)));
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
