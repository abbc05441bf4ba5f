/**
 * Component names come from the author's keys, not the bundler's. For
 * `components.schemas.User: {$ref: './schemas/user.yaml'}` Redocly's bundler lifts the file's
 * content into a component named after the file (`user`) and leaves `User` as an alias
 * `{$ref: '#/components/schemas/user'}`. This moves the content back under the author's key,
 * points every `$ref` to the lifted name at the author's key, and drops the lifted name; for
 * every component type. An alias between two keys the author wrote stays as written.
 */
import { escapePointer, unescapePointer } from '../lib/pointer.js';
import { isObject } from '../lib/own.js';
import type { AuthoredComponents } from './resolve.js';

type Json = Record<string, unknown>;

/** `#/components/<type>/<name>` as [type, name], or undefined for any other `$ref`. */
function componentRef(ref: unknown): [string, string] | undefined {
  if (typeof ref !== 'string') return undefined;
  const m = /^#\/components\/([^/]+)\/([^/]+)$/.exec(ref);
  return m ? [unescapePointer(m[1]!), unescapePointer(m[2]!)] : undefined;
}

/**
 * Renames bundler-made components to the author's keys in `document` (in place). `authored`: the
 * root document's component keys as written, with the `$ref` each one holds.
 */
export function adoptAuthorNames(document: object, authored: AuthoredComponents): void {
  const components = (document as Json).components;
  if (!isObject(components)) return;
  /** `#/components/<type>/<lifted>` → `#/components/<type>/<author's key>` */
  const renames = new Map<string, string>();
  for (const [type, names] of authored) {
    const entries = components[type];
    if (!isObject(entries)) continue;
    for (const [name, authoredRef] of names) {
      // Only a key that points to another file: an alias to a key in the root stays an alias.
      if (authoredRef === undefined || authoredRef.startsWith('#')) continue;
      const value = entries[name];
      if (!isObject(value) || Object.keys(value).length !== 1) continue;
      const target = componentRef(value.$ref);
      if (!target || target[0] !== type || names.has(target[1]) || !Object.hasOwn(entries, target[1])) continue;
      const lifted = target[1];
      const from = `#/components/${escapePointer(type)}/${escapePointer(lifted)}`;
      if (renames.has(from)) continue; // two keys for one file: the first takes it, the second stays an alias
      renames.set(from, `#/components/${escapePointer(type)}/${escapePointer(name)}`);
      entries[name] = entries[lifted];
      delete entries[lifted];
    }
  }
  if (renames.size) rewriteRefs(document, renames);
}

/** Renames every `$ref` (and discriminator mapping) to a key of `renames` or below it (`…/properties/id`). */
function rewriteRefs(root: unknown, renames: ReadonlyMap<string, string>): void {
  const seen = new Set<object>();
  const stack: unknown[] = [root];
  while (stack.length) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (Array.isArray(node)) {
      stack.push(...node);
      continue;
    }
    const json = node as Json;
    if (typeof json.$ref === 'string') json.$ref = renamed(json.$ref, renames);
    const mapping = isObject(json.discriminator) ? json.discriminator.mapping : undefined;
    if (isObject(mapping)) for (const [key, ref] of Object.entries(mapping)) if (typeof ref === 'string') mapping[key] = renamed(ref, renames);
    for (const value of Object.values(json)) if (value !== null && typeof value === 'object') stack.push(value);
  }
}

/** `ref` with its `#/components/<type>/<name>` part renamed, whatever follows it kept. */
function renamed(ref: string, renames: ReadonlyMap<string, string>): string {
  const parts = ref.split('/');
  const to = parts.length >= 4 ? renames.get(parts.slice(0, 4).join('/')) : undefined;
  return to ? [to, ...parts.slice(4)].join('/') : ref;
}
