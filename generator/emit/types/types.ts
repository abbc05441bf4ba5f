/**
 * Types: openapi-typescript turns the bundled document into `paths`, `components`, `operations`
 * and `webhooks`; friendly aliases name every component schema (`Project`, `Skill`, ...).
 * openapi-typescript does not express `if`/`then`: conditional rules live in the validators.
 * Two composition shapes it types loosely are rewritten first, in a copy (type-compositions.ts),
 * and what it cannot read becomes `unknown` (fallbacks.ts).
 */
import { createRequire } from 'node:module';
import type * as OpenapiTS from 'openapi-typescript';
import type { GlobalContext, OpenAPI3 } from 'openapi-typescript';
import type * as TypeScript from 'typescript';

// openapi-typescript's modules, not its entry point: the entry loads its own copy of Redocly's
// library (half a second at start-up) for bundling and linting, which load.ts has done already.
// Their CommonJS builds, and TypeScript's: Node loads CommonJS from its compile cache, about 0.3 s
// sooner than the same modules as ES modules.
const require = createRequire(import.meta.url);
const ts = require('typescript') as typeof TypeScript;
const transformSchema = require('openapi-typescript/dist/transform/index.cjs') as typeof OpenapiTS.transformSchema;
const { astToString } = require('openapi-typescript/dist/lib/ts.cjs') as Pick<typeof OpenapiTS, 'astToString'>;
const { resolveRef, scanDiscriminators } = require('openapi-typescript/dist/lib/utils.cjs') as Pick<typeof OpenapiTS, 'resolveRef' | 'scanDiscriminators'>;
import { own, type SpecModel } from '../../model/model.js';
import { forEachEntry } from '../../lib/own.js';
import { GenerationError, type Problem } from '../../lib/problems.js';
import { rewriteCompositionsForTypes } from './compositions.js';
import { typesFallbacks } from './fallbacks.js';

import type { Files } from '../../lib/files.js';

/** Doc comment for an alias: the schema's title and description. */
function aliasComment(schema: any): string {
  const text = [schema?.description, schema?.['x-source-gap'] && `Not shown in the source: ${schema['x-source-gap']}`, schema?.deprecated && '@deprecated']
    .filter(Boolean)
    .join('\n\n')
    .trim();
  if (!text) return '';
  return `/**\n${text
    .split('\n')
    .map((l: string) => ` * ${l.replaceAll('*/', '*\\/')}`.trimEnd())
    .join('\n')}\n */\n`;
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

/** `components["schemas"]["X"]` → `X`. */
function componentSchemaName(node: TypeScript.Node): string | undefined {
  if (!ts.isIndexedAccessTypeNode(node) || !ts.isIndexedAccessTypeNode(node.objectType)) return undefined;
  const { objectType, indexType } = node.objectType;
  const literal = (n: TypeScript.TypeNode) => (ts.isLiteralTypeNode(n) && ts.isStringLiteral(n.literal) ? n.literal.text : undefined);
  return ts.isTypeReferenceNode(objectType) &&
    ts.isIdentifier(objectType.typeName) &&
    objectType.typeName.text === 'components' &&
    literal(indexType) === 'schemas'
    ? literal(node.indexType)
    : undefined;
}

/** The component schema references in `type` that TypeScript resolves at once: all but those inside an object type's members. */
function eagerReferences(type: TypeScript.Node): { name: string; node: TypeScript.Node }[] {
  const name = componentSchemaName(type);
  if (name !== undefined) return [{ name, node: type }];
  if (ts.isTypeLiteralNode(type)) return [];
  const found: { name: string; node: TypeScript.Node }[] = [];
  type.forEachChild((child) => void found.push(...eagerReferences(child)));
  return found;
}

/**
 * A schema that is its own type without an object in between (\`Tree: {items: {$ref: Tree}}\`, an
 * \`allOf\` of itself, A and B each other's \`allOf\`) makes openapi-typescript write
 * \`Tree: components["schemas"]["Tree"][]\`, which TypeScript refuses (TS2502). The reference
 * closing each such cycle becomes \`unknown\`: \`Tree\` is \`unknown[]\`, A and B are \`unknown\`. A
 * reference inside an object's property is resolved lazily and stays.
 */
function breakEagerCycles(nodes: TypeScript.Node[]): TypeScript.Node[] {
  const components = nodes.find((n): n is TypeScript.InterfaceDeclaration => ts.isInterfaceDeclaration(n) && n.name.text === 'components');
  const schemas = components?.members.find((m) => m.name && ts.isIdentifier(m.name) && m.name.text === 'schemas');
  if (!schemas || !ts.isPropertySignature(schemas) || !schemas.type || !ts.isTypeLiteralNode(schemas.type)) return nodes;
  const edges = new Map<string, { name: string; node: TypeScript.Node }[]>();
  for (const member of schemas.type.members) {
    if (ts.isPropertySignature(member) && member.type && member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))) {
      edges.set(member.name.text, eagerReferences(member.type));
    }
  }
  const closing = new Set<TypeScript.Node>();
  const state = new Map<string, 'active' | 'done'>();
  const visit = (name: string) => {
    state.set(name, 'active');
    for (const edge of edges.get(name) ?? []) {
      if (state.get(edge.name) === 'active') closing.add(edge.node);
      else if (!state.has(edge.name)) visit(edge.name);
    }
    state.set(name, 'done');
  };
  for (const name of edges.keys()) if (!state.has(name)) visit(name);
  if (!closing.size) return nodes;
  const replace: TypeScript.TransformerFactory<TypeScript.Node> = (context) => {
    const visitor = (node: TypeScript.Node): TypeScript.Node =>
      closing.has(node) ? ts.factory.createKeywordTypeNode(ts.SyntaxKind.UnknownKeyword) : ts.visitEachChild(node, visitor, context);
    return (root) => ts.visitNode(root, visitor)!;
  };
  return ts.transform(nodes, [replace]).transformed;
}

/**
 * openapi-typescript percent-decodes the JSON pointers it builds from the document's keys, so a
 * name with a "%" that starts no percent-encoding (`50% off`) makes it throw a URIError: that
 * becomes a refusal naming each such key.
 */
function transform(document: OpenAPI3): TypeScript.Node[] {
  try {
    return transformSchema(document, typesContext(document));
  } catch (err) {
    if (!(err instanceof URIError)) throw err;
    throw new GenerationError('The type generator (openapi-typescript) cannot read these names:', keysWithBarePercent(document));
  }
}

function keysWithBarePercent(document: OpenAPI3): Problem[] {
  const problems: Problem[] = [];
  forEachEntry(document, (key, _value, pointer) => {
    if (/%(?![0-9A-Fa-f]{2})/.test(key)) problems.push({ pointer, message: 'a "%" in a name must start a percent-encoding (openapi-typescript decodes it)' });
  });
  return problems.sort((a, b) => a.pointer!.localeCompare(b.pointer!));
}

/**
 * `ownsDocument`: `model.document` is this call's own copy (the types worker's), which the types'
 * rewrites may change in place; otherwise they change a copy.
 */
export async function emitTypes(model: SpecModel, { ownsDocument = false } = {}): Promise<Files> {
  const schemas = model.schemas.components;
  // Read before the rewrites, which may change the document.
  const aliases = model.schemaNames
    .map(({ name, type }) => `${aliasComment(own(schemas, name))}export type ${type} = components['schemas'][${JSON.stringify(name)}];`)
    .join('\n');
  const document = ownsDocument ? model.document : structuredClone(model.document);
  typesFallbacks(document, { rewrite: true });
  rewriteCompositionsForTypes(document as Record<string, any>);
  const schema = astToString(breakEagerCycles(transform(document)));
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
