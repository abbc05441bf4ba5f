/**
 * JSON Schema's own identifiers, read statically (JSON Schema 2020-12 §8.2): a `$ref` that names a
 * schema by its `$id`, by an `$anchor` (or a `$dynamicAnchor`), or by a JSON pointer inside a
 * schema resource (a subschema with an `$id`) is rewritten, in each file as it is parsed, into the
 * JSON pointer of its target in that file (`#/components/schemas/Tree/$defs/node`). Every stage
 * after the loader (Redocly's bundler and lint, the model, openapi-typescript, the docs, the mock,
 * the release diff) follows JSON pointers only; the validators keep the subschemas' `$id`s, so that
 * ajv's `$dynamicRef` finds the dynamic anchors of each resource (emit/validators/json-schema.ts).
 *
 * A `$ref` outside every `$id`, to a JSON pointer (`#/...`) or to another file, is left as written,
 * and so is one whose target is not in the file (another file's `$id`, a URL; a JSON pointer that
 * names nothing inside its resource, read as the document's): Redocly resolves it or reports it at
 * its place. `$dynamicRef` is left as written.
 */
import { pathToFileURL } from 'node:url';
import { escapePointer, pointerTokens } from '../lib/pointer.js';

/** A schema resource: where it is in the file, and its anchors' places. */
interface Resource {
  tokens: string[];
  anchors: Map<string, string[]>;
}

interface FoundRef {
  node: Record<string, unknown>;
  base: string;
  /** Inside a subschema with an `$id`. */
  inResource: boolean;
}

/** Values that are data, never schemas: an `$id` or `$ref` in them means nothing. */
const DATA = new Set(['example', 'examples', 'default', 'const', 'enum']);

/** The base URI a file's schemas start from: its URL. */
export const fileBase = (absoluteRef: string): string =>
  /^[a-z][a-z0-9+.-]*:/i.test(absoluteRef) && !/^[a-z]:[\\/]/i.test(absoluteRef) ? absoluteRef : pathToFileURL(absoluteRef).href;

const withoutFragment = (uri: string) => uri.replace(/#.*$/s, '');

function resolveUri(reference: string, base: string): URL | undefined {
  try {
    return new URL(reference, base);
  } catch {
    return undefined;
  }
}

/** Characters a URI fragment holds as they are (RFC 3986 §3.5); any other is percent-encoded. */
const encodeFragmentToken = (token: string) => escapePointer(token).replace(/[^A-Za-z0-9\-._~!$&'()*+,;=:@]/gu, (c) => encodeURIComponent(c));

/** `#/a/b` for the tokens `a`, `b`. */
export const pointerRef = (tokens: readonly string[]): string => `#${tokens.map((t) => `/${encodeFragmentToken(t)}`).join('')}`;

/**
 * Rewrites, in place, each `$ref` of the parsed file `root` that names a schema of the same file
 * by `$id`, anchor or a pointer inside a resource, into that schema's JSON pointer. Returns how many.
 */
export function resolveSchemaIdentifiers(root: unknown, base: string): number {
  const documentBase = withoutFragment(base);
  const resources = new Map<string, Resource>();
  const refs: FoundRef[] = [];
  const document: Resource = { tokens: [], anchors: new Map() };
  resources.set(documentBase, document);
  const seen = new Set<object>();
  const walk = (node: unknown, tokens: string[], base: string, resource: Resource) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) {
      for (const [i, item] of node.entries()) walk(item, [...tokens, String(i)], base, resource);
      return;
    }
    const schema = node as Record<string, unknown>;
    if (typeof schema.$id === 'string' && tokens.length) {
      const id = resolveUri(schema.$id, base);
      if (id) {
        base = withoutFragment(id.href);
        resource = { tokens, anchors: new Map() };
        if (!resources.has(base)) resources.set(base, resource);
      }
    }
    for (const keyword of ['$anchor', '$dynamicAnchor'] as const) {
      const name = schema[keyword];
      if (typeof name === 'string' && !resource.anchors.has(name)) resource.anchors.set(name, tokens);
    }
    if (typeof schema.$ref === 'string') refs.push({ node: schema, base, inResource: resource !== document });
    for (const [key, value] of Object.entries(schema)) if (!DATA.has(key)) walk(value, [...tokens, key], base, resource);
  };
  walk(root, [], documentBase, document);

  let rewritten = 0;
  for (const { node, base, inResource } of refs) {
    const ref = node.$ref as string;
    // Outside every `$id`, a JSON pointer is the document's own (as every OpenAPI tool reads it).
    if (!inResource && (ref === '#' || ref.startsWith('#/'))) continue;
    const target = resolveUri(ref, base);
    const resource = target && resources.get(withoutFragment(target.href));
    if (!target || !resource) continue;
    const fragment = target.hash.slice(1);
    let tokens: string[] | undefined;
    if (fragment === '') tokens = resource.tokens;
    else if (fragment.startsWith('/')) {
      try {
        tokens = [...resource.tokens, ...pointerTokens(decodeURIComponent(fragment))];
      } catch {
        continue; // a bare "%": the model reports it, located
      }
    } else tokens = resource.anchors.get(safeDecode(fragment));
    // A pointer that names nothing in its resource is read as the document's, as OpenAPI tools
    // write it (`$ref: '#/components/schemas/Planet'` inside a schema with an `$id`).
    if (!tokens || !exists(root, tokens)) continue;
    node.$ref = pointerRef(tokens);
    rewritten++;
  }
  return rewritten;
}

function exists(root: unknown, tokens: readonly string[]): boolean {
  let node = root;
  for (const token of tokens) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, token)) return false;
    node = (node as Record<string, unknown>)[token];
  }
  return true;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
