/**
 * Deterministic, schema-valid sample values for the mock, from an OpenAPI 3.0/3.1 document.
 *
 * json-schema-faker (zero dependencies, JSON Schema 2020-12, a seeded Mulberry32 generator) makes a
 * candidate; the judge (sample-judge.ts: ajv on a normalised copy of the document) repairs what the
 * library gets wrong (`if`/`then`, `oneOf`, `maxItems: 0`, uniqueness, formats, the custom keywords);
 * a candidate that still fails, or that `check` rejects, is replaced by one from a derived seed, a
 * bounded number of times, then {@link SampleError}. No global state of the library is touched:
 * formats are given per call, never registered.
 *
 * Identifiers (./identifiers.ts) are sampled non-empty: the document is read with `minLength: 1` on
 * them (a stricter schema), except where that leaves a schema no value (`const: ''`, a pattern only
 * `''` matches): there it is sampled as written.
 */
import { generateSync, type GenerateOptions, type JsonSchema } from 'json-schema-faker';
import { chooseExample, exampleValues } from './examples.js';
import { futureDateTime, Judge, type Generate } from './sample-judge.js';
import { identifierTest, type IdentifierTest } from './identifiers.js';
import { deriveSeed } from './seeds.js';
import {
  FUTURE_DATE_TIME_FORMAT,
  canonicalPointer,
  constrainDiscriminators,
  dereference,
  forGeneration,
  formatPointer,
  isObject,
  isOpenSchema,
  normalise,
  normalisePointer,
  resolvePointer,
  type Direction,
  type NormaliseOptions,
  type SchemaNode,
} from './sample-schema.js';

/** Accepts or rejects a candidate value (e.g. one of the package's validators). */
export type SampleCheck = (value: unknown) => boolean;

/** No value passing the schema (and the `check`) was found within the attempt budget. */
export class SampleError extends Error {
  override readonly name: 'SampleError' = 'SampleError';
  /** JSON pointer (without `#`) of the media type or schema that could not be sampled; `''` for a schema outside the document. */
  readonly pointer: string;

  constructor(pointer: string, message: string) {
    super(`${pointer === '' ? 'schema' : pointer}: ${message}`);
    this.pointer = pointer;
  }
}

export interface SamplerOptions {
  /** `'response'` (default): `readOnly` properties included, `writeOnly` ones left out; `'request'`: the reverse. */
  readonly direction?: Direction;
  /** Candidates tried per call before {@link SampleError} (default {@link DEFAULT_MAX_ATTEMPTS}). */
  readonly maxAttempts?: number;
}

export interface Sampler {
  /**
   * A value for a Media Type Object (`mediaPointer`, with or without `#`): one of its `example` and
   * `examples[*].value` (the first, from a place chosen by `seed`, that fits its schema and `check`;
   * `externalValue` is ignored), else a sample of its `schema`. `undefined` when it has neither.
   */
  forMedia(mediaPointer: string, seed: number, check?: SampleCheck): unknown;
  /**
   * A value for a schema: a node of the document or a JSON pointer to one (`$ref`s resolve against
   * the document). A schema that accepts anything (a "not shown" body) gives `{}`.
   */
  forSchema(schemaOrPointer: object | boolean | string, seed: number, check?: SampleCheck): unknown;
  /**
   * Whether a value fits the schema at a JSON pointer as this sampler reads it (its identifiers
   * non-empty, unless the schema leaves them no such value); true when the schema cannot be compiled.
   */
  fits(schemaPointer: string, value: unknown): boolean;
  /** Which property names are identifiers (./identifiers.ts): those it samples non-empty. */
  readonly isIdentifier: IdentifierTest;
}

/** Candidates tried per call unless told otherwise. */
export const DEFAULT_MAX_ATTEMPTS = 20;

/** Fixed bounds for plain `date-time` values (the library's default upper bound is "now", which would change output over time). */
const DATE_TIME_RANGE = { minDateTime: '2000-01-01T00:00:00Z', maxDateTime: '2030-12-31T23:59:59Z' } as const;

/** Formats ajv-formats validates and the library does not generate; given per call, never registered globally. */
const FORMATS: NonNullable<GenerateOptions['formats']> = {
  [FUTURE_DATE_TIME_FORMAT]: (r) => futureDateTime(() => r.next()),
  url: (r) => `https://example.com/${r.int(0, 99999)}`,
  regex: (r) => `^[a-z]{${r.int(1, 9)}}$`,
  'uri-template': (r) => `https://example.com/items/{id${r.int(0, 99)}}`,
  'json-pointer-uri-fragment': (r) => `#/items/${r.int(0, 99)}`,
  byte: (r) => btoa(String(r.int(0, 1e9))),
  'iso-time': (r) => `${pad(r.int(0, 23))}:${pad(r.int(0, 59))}:${pad(r.int(0, 59))}Z`,
  'iso-date-time': (r) => new Date(Date.UTC(2000 + r.int(0, 30), r.int(0, 11), r.int(1, 28))).toISOString(),
};

const pad = (n: number) => String(n).padStart(2, '0');

/** Keywords whose subschemas constrain the same instance as the schema that holds them. */
const IN_PLACE = ['allOf', 'anyOf', 'oneOf', 'if', 'then', 'else', 'not'] as const;

export function createSampler(document: object, options: SamplerOptions = {}): Sampler {
  const direction = options.direction ?? 'response';
  const maxAttempts = options.maxAttempts ?? DEFAULT_MAX_ATTEMPTS;
  const openApi30 = typeof (document as { openapi?: unknown }).openapi === 'string' && (document as { openapi: string }).openapi.startsWith('3.0');
  const isIdentifier = identifierTest(document);
  const strict = world(document, { direction, openApi30, nonEmpty: isIdentifier });
  const { normalised, judge } = strict;
  /** The document as written (identifiers may be empty), for schemas the strict one leaves without a value; built on first need. */
  let plain: World | undefined;
  const plainWorld = (): World => (plain ??= world(document, { direction, openApi30 }));
  /** Whether the strict world can sample a canonical pointer at all (tried once, with a fixed seed: the same answer whatever was asked before). */
  const strictWorks = new Map<string, boolean>();
  let pointers: WeakMap<object, string> | undefined;

  /** The pointer of a node of the caller's document (found once, by identity). */
  const pointerOf = (node: object): string | undefined => {
    pointers ??= indexPointers(document);
    return pointers.get(node);
  };

  /** The document's schemas for the library, found by `$ref` (`#/...`); the schema itself is given alone (see {@link refResolver}). */
  const resolvers = new WeakMap<object, (ref: string) => JsonSchema>();
  const generate = (schema: SchemaNode, seed: number, root: object): unknown => {
    if (typeof schema === 'boolean') return schema ? {} : undefined;
    let resolve = resolvers.get(root);
    if (!resolve) resolvers.set(root, (resolve = refResolver(root)));
    return generateSync(schema as JsonSchema, { seed, ...DATE_TIME_RANGE, formats: FORMATS, refResolver: resolve });
  };

  /**
   * Samples the schema at `at` (a canonical pointer, see canonicalPointer); errors name `pointer`,
   * the caller's. A schema that leaves some identifier no non-empty value (the strict world finds
   * none for a fixed seed, without `check`) is sampled as written.
   */
  const sampleAt = (pointer: string, at: string, seed: number, check: SampleCheck | undefined): unknown =>
    attempt(worldFor(pointer, at), pointer, at, seed, check);

  /** The world that samples `at`: the strict one, unless it has no value there. */
  const worldFor = (pointer: string, at: string): World => {
    if (!strictWorks.has(at))
      strictWorks.set(
        at,
        succeeds(() => attempt(strict, pointer, at, 0, undefined)),
      );
    return strictWorks.get(at) ? strict : plainWorld();
  };

  const attempt = (w: World, pointer: string, at: string, seed: number, check: SampleCheck | undefined): unknown => {
    const schema = resolvePointer(w.normalised, at);
    if (schema === undefined) throw new SampleError(pointer, 'no schema at this pointer');
    if (isOpenSchema(dereference(w.normalised, schema))) return {};
    if (schema === false) throw new SampleError(pointer, 'the schema is `false`: no value satisfies it');
    const generationSchema = resolvePointer(w.generationRoot, at) as SchemaNode;
    const validate = w.judge.validator(at);
    const generateHere: Generate = (node, nodeSeed) => generate(node, nodeSeed, w.generationRoot);
    let lastProblem = '';
    for (let attempt = 0; attempt < maxAttempts; attempt++) {
      const attemptSeed = deriveSeed(seed, attempt);
      let candidate: unknown;
      try {
        candidate = generateHere(generationSchema, attemptSeed);
        if (validate) {
          const repaired = w.judge.repair(validate, candidate, attemptSeed, generateHere, w.related);
          if (!repaired.valid) {
            const error = validate.errors?.[0];
            lastProblem = error ? `${error.instancePath || '(the value)'} ${error.message ?? error.keyword}` : 'invalid';
            continue;
          }
          candidate = repaired.value;
        }
      } catch (error) {
        // The library gave up on this seed (e.g. `not: true`, a recursion it cannot bound): try another.
        lastProblem = error instanceof Error ? error.message : String(error);
        continue;
      }
      if (!check || check(candidate)) return candidate;
      lastProblem = 'rejected by the check';
    }
    throw new SampleError(pointer, `no valid value found in ${maxAttempts} attempts (last: ${lastProblem})`);
  };

  return {
    isIdentifier,
    fits(schemaPointer, value) {
      const pointer = normalisePointer(schemaPointer);
      const at = canonicalPointer(normalised, pointer);
      const validate = at === undefined ? null : worldFor(pointer, at).judge.validator(at);
      return !validate || validate(value);
    },

    forSchema(schemaOrPointer, seed, check) {
      if (typeof schemaOrPointer === 'string') {
        const pointer = normalisePointer(schemaOrPointer);
        const at = canonicalPointer(normalised, pointer);
        if (at === undefined) throw new SampleError(pointer, 'no schema at this pointer');
        return sampleAt(pointer, at, seed, check);
      }
      if (typeof schemaOrPointer === 'boolean') {
        if (schemaOrPointer) return {};
        throw new SampleError('', 'the schema is `false`: no value satisfies it');
      }
      const pointer = pointerOf(schemaOrPointer);
      if (pointer === undefined) throw new SampleError('', 'the schema is not a node of the document: pass a node of it or a JSON pointer');
      return sampleAt(pointer, pointer, seed, check);
    },

    forMedia(mediaPointer, seed, check) {
      const pointer = normalisePointer(mediaPointer);
      const at = canonicalPointer(normalised, pointer);
      const media = at === undefined ? undefined : resolvePointer(normalised, at);
      if (at === undefined || !isObject(media)) throw new SampleError(pointer, 'no media type object at this pointer');
      const hasSchema = media.schema !== undefined;
      const validate = hasSchema ? judge.validator(`${at}/schema`) : null;
      const examples = exampleValues(normalised, media);
      const example = chooseExample(examples, seed, (value) => (!validate || validate(value)) && (!check || check(value)));
      if (example) return example.value;
      if (!hasSchema) {
        if (examples.length > 0) throw new SampleError(pointer, 'no example passes the check and there is no schema to sample');
        return undefined;
      }
      return sampleAt(`${pointer}/schema`, `${at}/schema`, seed, check);
    },
  };
}

/**
 * How the library finds `#/...` references: in the document, by pointer. The schema is never
 * merged with the document's root to give the library the document (as it once was): the library
 * reads the keys of an object schema that are not keywords as properties, so a free-form
 * `{ type: object }` was answered with a copy of the document (its `openapi`, `info`, `paths`).
 */
function refResolver(root: object): (ref: string) => JsonSchema {
  return (ref) => {
    const target = resolvePointer(root, ref);
    if (target === undefined || (typeof target !== 'boolean' && !isObject(target))) throw new SampleError(ref.slice(1), `$ref ${ref} reaches no schema`);
    return target as JsonSchema;
  };
}

/** Whether `run` returns rather than throwing a SampleError. */
function succeeds(run: () => unknown): boolean {
  try {
    run();
    return true;
  } catch (error) {
    if (error instanceof SampleError) return false;
    throw error;
  }
}

/** The document as the sampler reads it (sample-schema.ts), with its judge. */
interface World {
  readonly normalised: Record<string, unknown>;
  readonly generationRoot: Record<string, unknown>;
  readonly judge: Judge;
  /** Schemas related to a partial schema: those holding it in place, its `allOf` members and its `$ref` target. */
  readonly related: (schema: object) => readonly object[];
}

function world(document: object, options: NormaliseOptions): World {
  const normalised = normalise(document, options) as Record<string, unknown>;
  constrainDiscriminators(normalised);
  let containers: WeakMap<object, object[]> | undefined;
  const related = (schema: object): readonly object[] => {
    containers ??= indexContainers(normalised);
    const out: object[] = [...(containers.get(schema) ?? [])];
    const s = schema as Record<string, unknown>;
    if (Array.isArray(s.allOf)) for (const member of s.allOf) if (isObject(member)) out.push(dereference(normalised, member) as object);
    const target = dereference(normalised, s);
    if (target !== s && isObject(target)) out.push(target);
    return out;
  };
  return { normalised, generationRoot: forGeneration(normalised) as Record<string, unknown>, judge: new Judge(normalised), related };
}

/** Every object of the document by identity → its JSON pointer (the first path that reaches it). */
function indexPointers(document: object): WeakMap<object, string> {
  const index = new WeakMap<object, string>();
  const stack: [unknown, string][] = [[document, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop()!;
    if (node === null || typeof node !== 'object' || index.has(node)) continue;
    index.set(node, pointer);
    for (const [key, child] of Object.entries(node)) stack.push([child, `${pointer}${formatPointer([key])}`]);
  }
  return index;
}

/** Every schema object → the schemas that hold it in place (through `allOf`, `then`, ...). */
function indexContainers(document: object): WeakMap<object, object[]> {
  const index = new WeakMap<object, object[]>();
  const seen = new WeakSet<object>();
  const stack: unknown[] = [document];
  const link = (child: unknown, parent: object) => {
    if (!isObject(child)) return;
    const list = index.get(child) ?? [];
    list.push(parent);
    index.set(child, list);
  };
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (isObject(node)) {
      for (const key of IN_PLACE) {
        const sub = node[key];
        if (Array.isArray(sub)) for (const member of sub) link(member, node);
        else link(sub, node);
      }
    }
    for (const child of Object.values(node)) stack.push(child);
  }
  return index;
}
