/**
 * The facts of one operation that need the whole document to read: the answer it gives on success
 * (status, media type, the JSON pointer of its Media Type Object), how its paginated wrapper pages,
 * the types its parameters' strings are read as, its request body's media types and first
 * example. buildModel (model.ts) reads them once; every emitter takes them from the model.
 */
import { escapePointer, MAX_REF_HOPS, pointerTokens, refSegments } from '../lib/pointer.js';
import { isObject, own, type Doc } from '../lib/own.js';

type Deref = <T = any>(node: unknown) => T;

/** A schema that only marks a gap (`x-source-gap`, prose) has no shape to validate or sample. */
export function isGapSchema(schema: unknown): boolean {
  if (schema === undefined) return true;
  if (!schema || typeof schema !== 'object') return false;
  return Object.keys(schema).every((k) => k.startsWith('x-') || k === 'description' || k === 'title');
}

/** The answer the mock gives on success: the lowest explicit 2xx, else 200 (for `2XX`, or when none is documented). */
export interface SuccessFacts {
  status: number;
  /** The media type and the canonical pointer of its Media Type Object, when the response shows a body (a schema that is not a gap, or an example). */
  media?: { type: string; pointer: string };
}

/** How a paginated operation pages (the mock's `pagination`). */
export interface PaginationFacts {
  defaultPage: number;
  defaultPageSize: number;
  /** The boolean query parameter that asks for the count, and the wrapper's optional numeric property that carries it. */
  count?: { parameter: string; property: string };
  /** Canonical pointer of the wrapper's `results` items schema. */
  itemsPointer: string;
}

/** The `type` a parameter's strings are read as (for arrays: of its items), and for objects each property's. */
export interface ParameterTypes {
  type?: string;
  /** `[property, type]`, `*` standing for `additionalProperties`. */
  propertyTypes?: [string, string][];
}

/** The node at a JSON pointer (own properties only). */
export function nodeAt(doc: Doc, pointer: string): any {
  return pointerTokens(pointer).reduce((o: unknown, k) => own(o, k), doc);
}

/**
 * The JSON pointer that names the same node as `pointer` without passing through a `$ref`: each
 * `$ref` met on the way (a response, media or schema shared through components) is followed.
 */
export function canonicalPointer(doc: Doc, pointer: string): string {
  let node: unknown = doc;
  let at = '';
  const follow = () => {
    for (let hops = 0; isObject(node) && typeof node.$ref === 'string' && node.$ref.startsWith('#') && hops < MAX_REF_HOPS; hops++) {
      at = node.$ref.slice(1);
      node = refSegments(node.$ref).reduce((o: unknown, k) => own(o, k), doc);
    }
  };
  for (const segment of pointerTokens(pointer)) {
    follow();
    node = own(node, segment);
    at = `${at}/${escapePointer(segment)}`;
  }
  follow();
  return at;
}

interface ResponseFacts {
  status: string;
  mediaType: string | undefined;
  schema: unknown;
}

/** What the operation at `pointer` answers on success. */
export function successOf(doc: Doc, pointer: string, responses: readonly ResponseFacts[]): SuccessFacts {
  const explicit = responses.filter((r) => /^2\d\d$/.test(r.status)).sort((a, b) => a.status.localeCompare(b.status))[0];
  const response = explicit ?? responses.find((r) => r.status.toUpperCase() === '2XX');
  let media: SuccessFacts['media'];
  if (response?.mediaType) {
    const at = canonicalPointer(doc, `${pointer}/responses/${escapePointer(response.status)}/content/${escapePointer(response.mediaType)}`);
    const node = nodeAt(doc, at);
    const hasExample = isObject(node) && (node.example !== undefined || (isObject(node.examples) && Object.keys(node.examples).length > 0));
    if (!isGapSchema(response.schema) || hasExample) media = { type: response.mediaType, pointer: at };
  }
  return { status: explicit ? Number(explicit.status) : 200, ...(media && { media }) };
}

/** The first non-null `type` of a schema; for an array, whether it is one and its items' type. */
function schemaType(deref: Deref, schema: unknown): { type?: string; array?: boolean } {
  const s = deref<Doc>(schema);
  if (!isObject(s)) return {};
  const type = Array.isArray(s.type) ? s.type.find((t: unknown) => t !== 'null') : s.type;
  if (type === 'array') {
    const items = schemaType(deref, s.items).type;
    return { array: true, ...(typeof items === 'string' && { type: items }) };
  }
  return typeof type === 'string' ? { type } : {};
}

/** The types a parameter's strings are read as; none for a `content` parameter. */
export function parameterTypes(deref: Deref, schema: unknown, shape: string | undefined, content: boolean): ParameterTypes {
  if (content) return {};
  const { type } = schemaType(deref, schema);
  const result: ParameterTypes = type && type !== 'object' ? { type } : {};
  if (shape !== 'object') return result;
  const s = deref<Doc>(schema);
  if (!isObject(s)) return result;
  const types = Object.entries<unknown>(isObject(s.properties) ? s.properties : {}).flatMap(([key, property]): [string, string][] => {
    const t = schemaType(deref, property).type;
    return t ? [[key, t]] : [];
  });
  const additional = isObject(s.additionalProperties) ? schemaType(deref, s.additionalProperties).type : undefined;
  const all = additional ? [...types, ['*', additional] as [string, string]] : types;
  return all.length ? { ...result, propertyTypes: all } : result;
}

const numberOr = (value: unknown, fallback: number): number => (typeof value === 'number' && Number.isInteger(value) && value >= 1 ? value : fallback);

/**
 * Paging facts of a paginated operation: defaults from its `page`/`pageSize` query parameters'
 * schemas, else `x-pagination`, else 1 and 20; the count is the wrapper's optional numeric property
 * and a boolean query parameter naming a count or total (`includeCount` → `totalResults`).
 */
export function paginationOf(
  doc: Doc,
  deref: Deref,
  query: readonly { name: string; schema: unknown }[],
  successPointer: string,
  documentDefaults: { defaultPage: number; defaultPageSize: number } | undefined,
): PaginationFacts {
  const defaultOf = (name: string) => deref<Doc>(query.find((p) => p.name === name)?.schema)?.default;
  const wrapperPointer = canonicalPointer(doc, `${successPointer}/schema`);
  const wrapper = nodeAt(doc, wrapperPointer) as Doc;
  const required: unknown[] = Array.isArray(wrapper.required) ? wrapper.required : [];
  const property = Object.keys(wrapper.properties ?? {}).find(
    (k) => !required.includes(k) && ['number', 'integer'].includes(schemaType(deref, wrapper.properties[k]).type ?? ''),
  );
  const parameter = query.find((p) => schemaType(deref, p.schema).type === 'boolean' && /count|total/i.test(p.name));
  return {
    defaultPage: numberOr(defaultOf('page'), documentDefaults?.defaultPage ?? 1),
    defaultPageSize: numberOr(defaultOf('pageSize'), documentDefaults?.defaultPageSize ?? 20),
    ...(property && parameter && { count: { parameter: parameter.name, property } }),
    itemsPointer: canonicalPointer(doc, `${wrapperPointer}/properties/results/items`),
  };
}
