/**
 * Identifiers: the sampled values a consumer may pass back as path parameters. A property is one
 * when its name is `id`, `uid`, `uuid` or `guid` (any case), ends in one of them as a word
 * (`projectId`, `conversationUid`, `user_id`), or is the name of a path parameter of some operation
 * of the document. The sampler gives them no empty string (sample-schema.ts) and the items of a
 * collection distinct values (here); both only where the schema and the response validator agree.
 * Free of heavy imports: the sampler and the pager use it.
 */
import { dereference, isObject } from './sample-schema.js';

/** Whether a property name is an identifier's. */
export type IdentifierTest = (name: string) => boolean;

const WHOLE = /^(?:id|uid|uuid|guid)$/i;
/** camelCase (`projectId`, `externalUUID`): after a lower-case letter or a digit. */
const CAMEL = /[a-z0-9](?:Id|ID|Uid|UID|Uuid|UUID|Guid|GUID)$/;
/** snake_case or kebab-case (`user_id`, `user-uid`). */
const SEPARATED = /[_-](?:id|uid|uuid|guid)$/i;

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The identifier test of a document: the name rule, plus the names of its path parameters. */
export function identifierTest(document: unknown): IdentifierTest {
  const pathNames = new Set<string>();
  const paths = isObject(document) && isObject(document.paths) ? document.paths : {};
  const collect = (parameters: unknown) => {
    if (!Array.isArray(parameters)) return;
    for (const entry of parameters) {
      const parameter = dereference(document, entry);
      if (isObject(parameter) && parameter.in === 'path' && typeof parameter.name === 'string') pathNames.add(parameter.name);
    }
  };
  for (const entry of Object.values(paths)) {
    const item = dereference(document, entry);
    if (!isObject(item)) continue;
    collect(item.parameters);
    for (const method of METHODS) if (isObject(item[method])) collect(item[method].parameters);
  }
  return (name) => WHOLE.test(name) || CAMEL.test(name) || SEPARATED.test(name) || pathNames.has(name);
}

/** Most trailing characters replaced by the index (12 keeps a UUID's last group, and holds 10^12 indices). */
const TAIL = 12;

/**
 * Values for an identifier of item `index` of a collection, each distinct from those of every
 * other index (of the same form, and the forms never meet): `<value>-<index>`; the value with its
 * last characters (up to 12) replaced by the index in decimal, zero-padded (a UUID or a hex id
 * stays one); for a number, `index + 1`.
 */
export function distinctValues(value: unknown, index: number): unknown[] {
  if (typeof value === 'number') return [index + 1];
  if (typeof value !== 'string' || value === '') return [];
  const out: unknown[] = [`${value}-${index}`];
  const width = Math.min(value.length, TAIL);
  const digits = String(index);
  if (digits.length <= width) out.push(value.slice(0, value.length - width) + digits.padStart(width, '0'));
  return out;
}

/**
 * Item `index` of a collection with each of its identifier properties given a distinct value: the
 * first of {@link distinctValues} that `accept` takes for the whole item; a property none fits keeps
 * its sampled value (an enum, a `const`, a pattern with no room for digits).
 */
export function withDistinctIdentifiers(item: unknown, index: number, isIdentifier: IdentifierTest, accept: (item: unknown) => boolean): unknown {
  if (!isObject(item)) return item;
  let current: Record<string, unknown> = item;
  for (const name of Object.keys(item)) {
    if (!isIdentifier(name)) continue;
    for (const candidate of distinctValues(current[name], index)) {
      const next = { ...current, [name]: candidate };
      if (accept(next)) {
        current = next;
        break;
      }
    }
  }
  return current;
}
