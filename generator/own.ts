/** Lookups in a parsed document that never reach the prototype. */

/** `obj[key]` when `obj` has it as its own property: a name like `__proto__` or `toString` never reaches the prototype. */
export const own = (obj: unknown, key: string): any => (obj !== null && typeof obj === 'object' && Object.hasOwn(obj, key) ? (obj as Record<string, any>)[key] : undefined);

/** A JSON object (not null, not an array). */
export const isObject = (value: unknown): value is Record<string, any> => value !== null && typeof value === 'object' && !Array.isArray(value);
