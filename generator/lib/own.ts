/** Lookups in a parsed document that never reach the prototype, and a walk over all of it. */
import { escapePointer } from './pointer.js';

/** A JSON object of the parsed document, read without a schema (its values may be anything). */
export type Doc = Record<string, any>;

/** `obj[key]` when `obj` has it as its own property: a name like `__proto__` or `toString` never reaches the prototype. */
export const own = (obj: unknown, key: string): any =>
  obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<string, any>)[key] : undefined;

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Doc => value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * Calls `visit` for every key of every object and array in `root` with the JSON pointer of that
 * entry. Iterative, and each shared subtree (a YAML alias) is visited once. `visit` returning
 * false skips the entry's value.
 */
// biome-ignore lint/suspicious/noConfusingVoidType: callers pass `(…): void` visitors; TypeScript 5.9 (the matrix's) does not take those for `boolean | undefined`
export function forEachEntry(root: unknown, visit: (key: string, value: unknown, pointer: string) => boolean | void): void {
  const seen = new Set<object>();
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length) {
    const [node, pointer] = stack.pop()!;
    if (!node || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    for (const [key, value] of Object.entries(node)) {
      const at = `${pointer}/${escapePointer(key)}`;
      if (visit(key, value, at) !== false) stack.push([value, at]);
    }
  }
}
