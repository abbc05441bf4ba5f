/**
 * What the emitters need to know about a bundled document, read once: operations with their
 * parameters, bodies and security requirements, the security schemes, the environments and their
 * limits (servers, `x-environment`, `x-rate-limit`), pagination defaults (`x-pagination`), and the
 * gaps (`x-source-gap`).
 */
import type { OpenAPI3, OperationObject, ParameterObject, ReferenceObject, SchemaObject } from 'openapi-typescript';
import { GenerationError, type Problem } from '../lib/problems.js';
import { assertUnique, pascalCase, typeName } from '../lib/names.js';
import { escapePointer, MAX_REF_HOPS, refSegments } from '../lib/pointer.js';
import { forEachEntry, own, type Doc } from '../lib/own.js';
import { readRequirements, readSecuritySchemes, type SecurityRequirements, type SecuritySchemeModel } from './security.js';
import { readEnvironments, type EnvironmentModel } from './servers.js';
import { paginationOf, parameterTypes, successOf, type PaginationFacts, type SuccessFacts } from './operation-facts.js';
import { queryTreatments, type QueryTreatment } from './query-treatments.js';
import { readDocumentFacts, type DocumentFacts } from './document-facts.js';

export { own } from '../lib/own.js';
export { refSegments } from '../lib/pointer.js';
export type { CredentialKind, SecurityRequirements, SecuritySchemeModel } from './security.js';
export type { EnvironmentModel, ServerVariableModel } from './servers.js';
export type { PaginationFacts, SuccessFacts } from './operation-facts.js';
export type { QueryEffect, QueryTreatment } from './query-treatments.js';
export type { DocumentFacts, InfoFacts, SchemeFacts, ServerFacts, TagFacts, WebhookFacts } from './document-facts.js';

export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
export type Method = (typeof METHODS)[number];

export type ParameterLocation = 'query' | 'path' | 'header' | 'cookie';
export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix';

/** The styles each location allows (OpenAPI 3.1 "Style Values"); the first is the default. */
const STYLES: Readonly<Record<ParameterLocation, readonly ParameterStyle[]>> = {
  query: ['form', 'spaceDelimited', 'pipeDelimited', 'deepObject'],
  path: ['simple', 'label', 'matrix'],
  header: ['simple'],
  cookie: ['form'],
};

/** How a parameter travels, defaults resolved: what the client writes and the mock reads. */
export interface ParameterWire {
  name: string;
  in: ParameterLocation;
  style: ParameterStyle;
  /** The document's, else true for `form` only. */
  explode: boolean;
  /** Query parameters only. */
  allowReserved: boolean;
  /** The media type, when the parameter uses `content` instead of `schema`. */
  content?: string;
  /** From the schema's type, when it tells. */
  shape?: 'array' | 'object' | 'primitive';
  required: boolean;
  /** The `schema`, or that of the `content` entry. */
  schema: unknown;
  /** The `type` its strings are read as (for arrays: of the items), when the schema states one (not for `content`). */
  type?: string;
  /** For an object: each property's `type` (`*`: of `additionalProperties`), where stated. */
  propertyTypes?: [string, string][];
}

export interface ResponseModel {
  /** `200`, `2XX`, `default`. */
  status: string;
  description: string;
  /** The JSON media type, else the first. */
  mediaType: string | undefined;
  schema: unknown;
  gap: string | undefined;
  /** The local `$ref` the response was given through, if any. */
  ref: string | undefined;
  /** The Response Object itself (`$ref`s followed): the same object for a response shared by alias. */
  node: object;
  /** The examples of its JSON media type (else the first), in document order. */
  examples: MediaExample[];
}

/** An example of a Media Type Object: a named `examples` entry (`$ref` followed) or its single `example` (no name). */
export interface MediaExample {
  name: string | undefined;
  summary: string;
  description: string;
  /** The value; undefined with `externalValue` (not fetched) only. */
  value: unknown;
  externalValue: string | undefined;
}

export interface OperationModel {
  operationId: string;
  /** PascalCase operationId, the stem of the operation's validator names. */
  name: string;
  method: Method;
  path: string;
  tag: string;
  summary: string;
  description: string;
  deprecated: boolean;
  gap: string | undefined;
  pointer: string;
  parameters: ParameterObject[];
  /** One per parameter, in the same order. */
  wire: ParameterWire[];
  requestBody:
    | {
        required: boolean;
        /** The JSON media type, else the first. */
        mediaType: string;
        /** Every media type (range) it is documented with, in document order. */
        mediaTypes: string[];
        schema: unknown;
        gap: string | undefined;
        description: string;
        /** The examples of the JSON media type (else the first), in document order. */
        examples: MediaExample[];
      }
    | undefined;
  responses: ResponseModel[];
  /** The 200 JSON body schema, when the operation has one. */
  successSchema: unknown;
  /** What a mock answers on success: status, and the media object when a body is shown. */
  success: SuccessFacts;
  /** True when the 200 body is the paginated list wrapper (page, pageSize, results). */
  paginated: boolean;
  /** How the wrapper pages, when paginated and its body is shown. */
  pagination: PaginationFacts | undefined;
  /** What the mock does with each documented query parameter. */
  queryTreatments: QueryTreatment[];
  /** The operation's `security`, else the document's: alternatives of scheme names. */
  security: SecurityRequirements;
  /** The operation's own `security` as written (requirement objects with scopes), undefined when it inherits the document's. */
  declaredSecurity: unknown;
  /** The operation's `servers`, else its path item's (none: the document's apply). */
  servers: { url: string; description?: string }[];
}

/**
 * The schemas as the types, validators and docs emitters walk them: the component schemas as
 * written, `$ref`s followed, and the document's root for a JSON pointer a schema's `$ref` names.
 */
export interface SchemaView {
  /** `components.schemas` as written (`{}` when absent). */
  components: Record<string, unknown>;
  /** Follows local `$ref`s to the object they name. */
  resolve: <T = any>(node: unknown) => T;
  /** The bundled document, which a schema's `$ref` points into. */
  root: Record<string, unknown>;
}

export interface SpecModel {
  /** The bundled document: openapi-typescript's input (emit/types); no other emitter reads it. */
  document: OpenAPI3;
  schemas: SchemaView;
  openapi30: boolean;
  title: string;
  version: string;
  operations: OperationModel[];
  schemaNames: { name: string; type: string }[];
  /** At least one: a document without servers has one environment, `default`, with no URL. */
  environments: EnvironmentModel[];
  securitySchemes: SecuritySchemeModel[];
  /** The document-wide `security` (none when absent). */
  security: SecurityRequirements;
  pagination: { defaultPage: number; defaultPageSize: number } | undefined;
  /** What the reference pages show of the document itself: info, tags, webhooks, schemes, servers, `x-` records. */
  facts: DocumentFacts;
}

/**
 * Every `$ref` whose fragment cannot be percent-decoded (a bare `%`, as in `#/components/schemas/%`):
 * the type generator would throw on it. Shared subtrees (YAML aliases) are visited once.
 */
function malformedRefs(doc: Doc): Problem[] {
  const problems: Problem[] = [];
  forEachEntry(doc, (key, value, pointer) => {
    if (key !== '$ref' || typeof value !== 'string' || !value.startsWith('#')) return true;
    try {
      refSegments(value);
    } catch {
      problems.push({ pointer, message: 'is not a URI fragment: a "%" must start a percent-encoding (write "%25" for "%")' });
    }
    return false;
  });
  return problems.sort((a, b) => a.pointer!.localeCompare(b.pointer!));
}

/** Follows local `$ref`s (`#/components/...`) to the object they name. */
export function deref<T = any>(doc: Doc, node: unknown): T {
  let cur: any = node;
  for (let hops = 0; cur && typeof cur === 'object' && typeof cur.$ref === 'string' && hops < MAX_REF_HOPS; hops++) {
    const ref: string = cur.$ref;
    if (!ref.startsWith('#/')) throw new GenerationError(`Unsupported external $ref: ${ref}`);
    cur = refSegments(ref).reduce((o: any, k) => own(o, k), doc);
    if (cur === undefined) throw new GenerationError(`Dangling $ref`, [{ pointer: ref.slice(1), message: `$ref target does not exist` }]);
  }
  return cur as T;
}

function isPaginatedWrapper(doc: Doc, schema: unknown): boolean {
  const s = deref<SchemaObject & Doc>(doc, schema);
  if (!s || typeof s !== 'object') return false;
  const req: unknown[] = Array.isArray(s.required) ? s.required : [];
  const props = s.properties ?? {};
  return ['page', 'pageSize', 'results'].every((k) => req.includes(k) && Object.hasOwn(props, k)) && deref<Doc>(doc, props.results)?.type === 'array';
}

function jsonMedia(content: Record<string, any> | undefined): [string, any] | undefined {
  if (!content) return undefined;
  const entries = Object.entries(content);
  return entries.find(([m]) => /^application\/(.+\+)?json/.test(m)) ?? entries[0];
}

/** array, object or primitive, from a schema's `type` (`null` aside), `items` or `properties`, or what all its `allOf`/`anyOf`/`oneOf` members agree on. */
function shapeOf(doc: Doc, schema: unknown, depth = 0): ParameterWire['shape'] {
  const s = deref<Doc>(doc, schema);
  if (!s || typeof s !== 'object' || depth > 8) return undefined;
  const types: unknown[] = (Array.isArray(s.type) ? s.type : s.type === undefined ? [] : [s.type]).filter((t: unknown) => t !== 'null');
  if (types.length) {
    const shapes = new Set(types.map((t) => (t === 'array' || t === 'object' ? t : 'primitive')));
    return shapes.size === 1 ? [...shapes][0] : undefined;
  }
  if (s.items !== undefined || s.prefixItems !== undefined) return 'array';
  if (s.properties !== undefined || s.additionalProperties !== undefined) return 'object';
  const members: unknown[] = [s.allOf, s.anyOf, s.oneOf].filter(Array.isArray).flat();
  const shapes = new Set(members.map((m) => shapeOf(doc, m, depth + 1)));
  return members.length && shapes.size === 1 ? [...shapes][0] : undefined;
}

/**
 * How a parameter is written, OpenAPI's defaults filled in (§4.8.12.4): `style` by location (the
 * default when the location does not allow the given one: `styleAllowed` false), `explode` true
 * for `form` only, `allowReserved` for a query parameter only. A default spelled out or left out
 * is the same request (the release diff compares these).
 */
export function serializationOf(p: Doc): Pick<ParameterWire, 'style' | 'explode' | 'allowReserved'> & { styleAllowed: boolean } {
  const allowed = STYLES[p.in as ParameterLocation] ?? ['simple'];
  const styleAllowed = p.style === undefined || allowed.includes(p.style);
  const style = styleAllowed && p.style !== undefined ? (p.style as ParameterStyle) : allowed[0]!;
  return {
    style,
    styleAllowed,
    explode: typeof p.explode === 'boolean' ? p.explode : style === 'form',
    allowReserved: p.in === 'query' && p.allowReserved === true,
  };
}

/** A parameter's wire facts, or a problem when its `style` does not belong to its location. */
function wireOf(doc: Doc, p: ParameterObject & Doc, pointer: string, problems: Problem[]): ParameterWire {
  const location = p.in as ParameterLocation;
  const { style, styleAllowed, explode, allowReserved } = serializationOf(p);
  if (!styleAllowed) {
    const allowed = STYLES[location] ?? ['simple'];
    const problem = { pointer: `${pointer}/style`, message: `style "${String(p.style)}" is not one of ${location} parameters' (${allowed.join(', ')})` };
    // A shared parameter is reported once, not once per operation.
    if (!problems.some((q) => q.pointer === problem.pointer)) problems.push(problem);
  }
  const media = p.content && typeof p.content === 'object' ? Object.entries<Doc>(p.content)[0] : undefined;
  const schema = media ? media[1]?.schema : p.schema;
  const shape = shapeOf(doc, schema);
  return {
    name: p.name,
    in: location,
    style,
    explode,
    allowReserved,
    ...(media && { content: media[0] }),
    ...(shape && { shape }),
    required: p.required === true,
    schema,
    ...parameterTypes((node) => deref(doc, node), schema, shape, media !== undefined),
  };
}

/** What reading one operation needs from the whole document. */
interface ReadContext {
  doc: Doc;
  securitySchemes: SecuritySchemeModel[];
  /** The names of the declared schemes. */
  declared: Set<string>;
  /** The document-wide requirements. */
  security: SecurityRequirements;
  documentPagination: SpecModel['pagination'];
  problems: Problem[];
}

/** Each parameter of an operation with where it is written (a shared one: its component), the operation's over the path item's. */
function parametersOf(ctx: ReadContext, path: string, item: Doc, op: Doc, pointer: string): { parameter: ParameterObject; pointer: string }[] {
  const declaredIn = (list: unknown, at: string) =>
    (Array.isArray(list) ? list : []).map((raw: ParameterObject | ReferenceObject, i) => ({
      parameter: deref<ParameterObject>(ctx.doc, raw),
      pointer: typeof (raw as Doc)?.$ref === 'string' && (raw as Doc).$ref.startsWith('#') ? (raw as Doc).$ref.slice(1) : `${at}/parameters/${i}`,
    }));
  const byKey = new Map(
    [...declaredIn(item.parameters, `/paths/${escapePointer(path)}`), ...declaredIn(op.parameters, pointer)].map((d) => [
      `${d.parameter.in}:${d.parameter.name}`,
      d,
    ]),
  );
  checkPathTemplate(path, pointer, byKey, ctx.problems);
  return [...byKey.values()];
}

/** Every `{name}` of the path is a declared path parameter, and none uses RFC 6570 operator syntax. */
function checkPathTemplate(path: string, pointer: string, byKey: Map<string, unknown>, problems: Problem[]): void {
  for (const [, name] of path.matchAll(/\{([^}]+)\}/g)) {
    if (byKey.has(`path:${name}`)) continue;
    // `{.x}`, `{;x}`, `{x*}`: RFC 6570 operators, which OpenAPI path templating does not have (a parameter's style says it).
    const operator = /^[.;+#/?&]|\*$/.test(name!);
    const bare = name!.replace(/^[.;+#/?&]/, '').replace(/\*$/, '');
    const hint = `write {${bare}} and declare the parameter with in: path${name!.startsWith('.') ? ', style: label' : name!.startsWith(';') ? ', style: matrix' : ''}${name!.endsWith('*') ? ', explode: true' : ''}`;
    problems.push({
      pointer,
      message: operator
        ? `path template {${name}} of ${path} uses RFC 6570 operator syntax, which OpenAPI path templating does not have: ${hint}`
        : `path parameter "${name}" of ${path} is not declared (add it to parameters with in: path)`,
    });
  }
}

/** Each response: its status, JSON media type (else the first) and schema, gap, and the `$ref` it came through. */
function responsesOf(doc: Doc, op: Doc): ResponseModel[] {
  return Object.entries<any>(op.responses ?? {}).map(([status, r]): ResponseModel => {
    const res = deref<Doc>(doc, r);
    const media = jsonMedia(res.content);
    return {
      status,
      description: res.description ?? '',
      mediaType: media?.[0],
      schema: media?.[1]?.schema,
      gap: res['x-source-gap'] ?? media?.[1]?.schema?.['x-source-gap'],
      ref: typeof r?.$ref === 'string' ? r.$ref : undefined,
      node: res,
      examples: examplesOf(doc, media?.[1]),
    };
  });
}

/** The request body: required, its JSON media type (else the first) and every one, schema, gap, examples. */
function requestBodyOf(doc: Doc, op: Doc): OperationModel['requestBody'] {
  const rb = op.requestBody ? deref<Doc>(doc, op.requestBody) : undefined;
  const media = jsonMedia(rb?.content);
  if (!media) return undefined;
  return {
    required: rb?.required === true,
    mediaType: media[0],
    mediaTypes: Object.keys(rb?.content ?? {}),
    schema: media[1]?.schema,
    gap: rb?.['x-source-gap'] ?? media[1]?.schema?.['x-source-gap'],
    description: rb?.description ?? '',
    examples: examplesOf(doc, media[1]),
  };
}

/** A Media Type Object's examples: its `examples` map (each `$ref` followed), else its `example`. */
function examplesOf(doc: Doc, media: Doc | undefined): MediaExample[] {
  if (!media || typeof media !== 'object') return [];
  const text = (value: unknown): string => (typeof value === 'string' ? value : '');
  if (media.examples && typeof media.examples === 'object' && !Array.isArray(media.examples)) {
    return Object.entries<unknown>(media.examples).flatMap(([name, entry]) => {
      const example = deref<Doc>(doc, entry);
      if (!example || typeof example !== 'object') return [];
      const externalValue = typeof example.externalValue === 'string' ? example.externalValue : undefined;
      if (!('value' in example) && externalValue === undefined) return [];
      return [{ name, summary: text(example.summary), description: text(example.description), value: example.value, externalValue }];
    });
  }
  return media.example === undefined ? [] : [{ name: undefined, summary: '', description: '', value: media.example, externalValue: undefined }];
}

/** One operation of a path item, read whole. */
function operationOf(
  ctx: ReadContext,
  path: string,
  item: Doc,
  method: Method,
  op: OperationObject & Doc,
  operationId: string,
  pointer: string,
): OperationModel {
  const { doc, problems } = ctx;
  const operationParameters = parametersOf(ctx, path, item, op, pointer);
  const responses = responsesOf(doc, op);
  const success = responses.find((r) => r.status === '200') ?? responses.find((r) => r.status === '201');
  const paginated = success?.schema !== undefined && isPaginatedWrapper(doc, success.schema);
  const successFacts = successOf(doc, pointer, responses);
  const wire = operationParameters.map((d) => wireOf(doc, d.parameter, d.pointer, problems));
  const pagination =
    paginated && successFacts.media
      ? paginationOf(
          doc,
          (node) => deref(doc, node),
          wire.filter((p) => p.in === 'query'),
          successFacts.media.pointer,
          ctx.documentPagination,
        )
      : undefined;
  const servers = Array.isArray(op.servers) ? op.servers : Array.isArray(item.servers) ? item.servers : [];
  return {
    operationId,
    name: pascalCase(operationId),
    method,
    path,
    tag: op.tags?.[0] ?? 'default',
    summary: op.summary ?? '',
    description: op.description ?? '',
    deprecated: op.deprecated === true,
    gap: op['x-source-gap'],
    pointer,
    parameters: operationParameters.map((d) => d.parameter),
    wire,
    requestBody: requestBodyOf(doc, op),
    responses,
    successSchema: success?.schema,
    success: successFacts,
    paginated,
    pagination,
    queryTreatments: queryTreatments(wire, pagination, ctx.securitySchemes),
    security: op.security === undefined ? ctx.security : readRequirements(op.security, `${pointer}/security`, ctx.declared, problems),
    declaredSecurity: op.security,
    servers: servers.filter((s: unknown): s is { url: string } => typeof s === 'object' && s !== null),
  };
}

/** The operationId of an operation that declares none (`get /items/{id}` → `getItemsId`): it names the operation's function, types and validators. */
export const defaultOperationId = (method: string, path: string): string => `${method}${pascalCase(path)}`;

/** Every operation of every path item, in document order; a duplicate operationId is a problem. */
function operationsOf(ctx: ReadContext): OperationModel[] {
  const operations: OperationModel[] = [];
  const seenIds = new Map<string, string>();
  for (const [path, rawItem] of Object.entries<any>(ctx.doc.paths ?? {})) {
    const item = deref<Doc>(ctx.doc, rawItem);
    for (const method of METHODS) {
      const op = item[method] as (OperationObject & Doc) | undefined;
      if (!op) continue;
      const pointer = `/paths/${escapePointer(path)}/${method}`;
      const operationId = op.operationId ?? defaultOperationId(method, path);
      const first = seenIds.get(operationId);
      if (first) ctx.problems.push({ pointer: `${pointer}/operationId`, message: `duplicate operationId "${operationId}" (also at #${first})` });
      seenIds.set(operationId, pointer);
      operations.push(operationOf(ctx, path, item, method, op, operationId, pointer));
    }
  }
  return operations;
}

export function buildModel(document: OpenAPI3): SpecModel {
  const doc = document as Doc;
  const badRefs = malformedRefs(doc);
  if (badRefs.length) throw new GenerationError('References are malformed:', badRefs);
  const problems: Problem[] = [];
  const securitySchemes = readSecuritySchemes(doc, (node) => deref(doc, node));
  const declared = new Set(securitySchemes.map((s) => s.name));
  const security = doc.security === undefined ? [] : readRequirements(doc.security, '/security', declared, problems);
  const xp = doc['x-pagination'];
  const documentPagination = xp ? { defaultPage: xp.defaultPage, defaultPageSize: xp.defaultPageSize } : undefined;
  const operations = operationsOf({ doc, securitySchemes, declared, security, documentPagination, problems });
  if (problems.length) throw new GenerationError('Operations are inconsistent:', problems);

  const schemaNames = Object.keys(doc.components?.schemas ?? {}).map((name) => ({ name, type: typeName(name) }));
  assertUnique(
    'type',
    schemaNames.map((s) => ({ identifier: s.type, pointer: `/components/schemas/${escapePointer(s.name)}` })),
  );

  const environments = readEnvironments(doc);
  const resolve = <T = any>(node: unknown): T => deref<T>(doc, node);
  return {
    document,
    schemas: { components: (doc.components?.schemas ?? {}) as Record<string, unknown>, resolve, root: doc },
    openapi30: String(doc.openapi).startsWith('3.0'),
    title: doc.info?.title ?? '',
    version: String(doc.info?.version ?? ''),
    operations,
    schemaNames,
    environments,
    securitySchemes,
    security,
    pagination: documentPagination,
    facts: readDocumentFacts(doc, resolve),
  };
}
