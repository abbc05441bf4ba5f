/**
 * The examples of a Media Type Object, read without the sampler (no json-schema-faker, no ajv), so
 * an operation whose response shows examples is answered from them at no start-up cost.
 */
import { random } from './seeds.js';
import { dereference, isObject, resolvePointer } from './sample-schema.js';

/** A media type's example values, in document order: `example`, then each `examples` entry's `value` (`$ref`s followed). */
export function exampleValues(document: unknown, media: unknown): unknown[] {
  const values: unknown[] = [];
  if (!isObject(media)) return values;
  if (media.example !== undefined) values.push(media.example);
  if (isObject(media.examples)) {
    for (const entry of Object.values(media.examples)) {
      const example = dereference(document, entry);
      if (isObject(example) && Object.hasOwn(example, 'value')) values.push(example.value);
    }
  }
  return values;
}

/** The example values of the Media Type Object at `mediaPointer` (a pointer without `$ref`s on the way). */
export const examplesAt = (document: unknown, mediaPointer: string): unknown[] => exampleValues(document, resolvePointer(document, mediaPointer));

/**
 * The first of `values`, from a place chosen by `seed` and going round, that `accept` takes (a
 * copy); `undefined` when none is accepted.
 */
export function chooseExample(values: readonly unknown[], seed: number, accept: (value: unknown) => boolean): { readonly value: unknown } | undefined {
  const start = Math.floor(random(seed)() * values.length);
  for (let i = 0; i < values.length; i++) {
    const value = values[(start + i) % values.length];
    if (accept(value)) return { value: structuredClone(value) };
  }
  return undefined;
}
