/**
 * Success bodies: deterministic per seed, operation and path, from the spec's examples first, else
 * sampled (./sample.ts), and always accepted by the package's response validator (an example it
 * rejects is skipped; it is the sampler's `check`). Each body is validated and serialized once,
 * when it is first asked for, then answered from a cache as bytes.
 *
 * The sampler (json-schema-faker, ajv) is imported and built only when a body has to be sampled, so
 * a mock whose answers come from examples starts and answers without it.
 *
 * Paginated operations answer pages of a collection: the caller's items, a sampled collection of a
 * size the caller asks for, or by default the items of the response's example (when it has one),
 * else a sampled collection of two full default pages and one item more. A sampled collection is
 * never built whole: a page samples its own items only (item `i` is seeded by seed, operation and
 * `i`), so a deep page of a collection of millions costs the same as the first. The identifiers of
 * a sampled collection's items (and of a sampled array body's) are made distinct by their index
 * (./identifiers.ts); examples and the caller's items are answered as they are.
 */
import type { Sampler } from './sample.js';
import type { Validator, ValidationProblem } from '../client/validation.js';
import { chooseExample, examplesAt } from './examples.js';
import { withDistinctIdentifiers } from './identifiers.js';
import { seedOf } from './seeds.js';
import type { MockOperation, MockPagination } from './types.js';

/** A body to answer, serialized (`null` for an empty answer), or why none could be produced. */
export type BodyResult = { readonly ok: true; readonly body: Uint8Array<ArrayBuffer> | null } | { readonly ok: false; readonly error: string };

/** What a paginated operation's collection is: the caller's items, a sampled collection of this size, or the default. */
export type CollectionSource = readonly unknown[] | number | undefined;

type PaginatedOperation = MockOperation & { readonly pagination: MockPagination };
type Failure = { readonly ok: false; readonly error: string };

const encoder = new TextEncoder();

/** A value as the body of `mediaType`: a string as is for a non-JSON type, else JSON; as bytes. */
const serialize = (value: unknown, mediaType: string): Uint8Array<ArrayBuffer> =>
  encoder.encode(typeof value === 'string' && !/json/i.test(mediaType) ? value : JSON.stringify(value));

/** Keeps at most `limit` entries, dropping the oldest. */
function remember<V>(cache: Map<string, V>, key: string, value: V, limit: number): V {
  if (cache.size >= limit) cache.delete(cache.keys().next().value!);
  cache.set(key, value);
  return value;
}

const describe = (problems: readonly ValidationProblem[]): string =>
  problems
    .slice(0, 5)
    .map((p) => `${p.pointer || '(root)'} ${p.message}`)
    .join('; ');

/** Most bodies kept per mock and per collection (same request, same bytes, without building them again). */
const CACHE_LIMIT = 1_000;

const isRecord = (value: unknown): value is Record<string, unknown> => value !== null && typeof value === 'object' && !Array.isArray(value);

/** A page number or size from the query (checked already: a positive integer), else the default. */
const pageValue = (value: unknown, fallback: number): number => (typeof value === 'number' ? value : fallback);

/** The sampler module's error class, loaded with it. */
type SampleErrorClass = typeof import('./sample.js').SampleError;

/** The sampler, loaded on first use. */
interface Sampling {
  readonly sampler: Sampler;
  readonly SampleError: SampleErrorClass;
}

/** The sampler's own dependencies: optional peers of the package, installed by those who use the mock. */
const SAMPLER_PEERS = ['ajv', 'ajv-formats', 'json-schema-faker'];

/**
 * The failure that says why the sampler could not be loaded, when one of its optional peers is the
 * cause (./peers.ts): the peer, the range the package wants, the version found (or that none is),
 * and what to install; else the load's own error, thrown. `ranges`: the package's peerDependencies.
 */
async function peerFailure(loadError: unknown, ranges: Readonly<Record<string, string>>): Promise<Failure> {
  let problem: import('./peers.js').PeerProblem | undefined;
  try {
    problem = await (await import('./peers.js')).peerProblem();
  } catch {
    problem = undefined;
  }
  if (!problem) throw loadError;
  const names = Object.keys(ranges).length > 0 ? Object.keys(ranges) : SAMPLER_PEERS;
  const wanted = (name: string): string => (ranges[name] ? `${name} ${ranges[name]}` : name);
  const install = `npm install --save-dev ${names.join(' ')}`;
  const note =
    Object.keys(ranges).length > 0 ? ` (the package's peerDependencies: ${names.map(wanted).join(', ')})` : " (the ranges are the package's peerDependencies)";
  const { name, found, lacks } = problem;
  const what =
    found === null
      ? `${name} is not installed`
      : `${found === undefined ? `${name} is installed at a version the mock cannot use` : `${name} ${found} is installed`} (${lacks}) where it needs ${wanted(name)}`;
  return { ok: false, error: `the mock samples this body with its optional peer dependencies, and ${what}: ${install}${note}` };
}

/** Runs `make` once the sampler is loaded, turning a SampleError (or a peer it cannot use) into a failure that names why sampling failed. */
async function sampled<T>(
  loading: Promise<Sampling | Failure>,
  what: string,
  make: (sampler: Sampler) => T,
): Promise<{ readonly ok: true; readonly value: T } | Failure> {
  const sampling = await loading;
  if ('ok' in sampling) return sampling;
  try {
    return { ok: true, value: make(sampling.sampler) };
  } catch (err) {
    if (err instanceof EvalError)
      return {
        ok: false,
        error: `no ${what} could be sampled: the sampler needs ajv to compile its checks at run time (new Function), which this environment refuses (${err.message}): answer it from an override or your own collection items, or allow code generation ('unsafe-eval' in a Content Security Policy)`,
      };
    if (!(err instanceof sampling.SampleError)) throw err;
    return { ok: false, error: `no ${what} passing the response validator could be produced (at #${err.pointer}): ${err.message}` };
  }
}

export class BodyMaker {
  private sampling: Promise<Sampling | Failure> | undefined;
  private readonly bodies = new Map<string, Promise<BodyResult>>();
  private readonly pagers = new Map<string, Promise<Pager | Failure>>();

  constructor(
    private readonly document: object,
    private readonly seed: number,
    /** The sampler's optional peers and the ranges the package wants (its peerDependencies). */
    private readonly peers: Readonly<Record<string, string>> = {},
  ) {}

  /** The sampler, imported and built on first use only; a peer it cannot use is a failure saying so (found once). */
  private sampler(): Promise<Sampling | Failure> {
    this.sampling ??= import('./sample.js').then(
      ({ createSampler, SampleError }) => ({ sampler: createSampler(this.document), SampleError }),
      (err: unknown) => peerFailure(err, this.peers),
    );
    return this.sampling;
  }

  /** The success body for a request to `path` (`null`: the spec shows none), built once. */
  success(operation: MockOperation, path: string): Promise<BodyResult> {
    const key = `${operation.operationId}\u0000${path}`;
    return this.bodies.get(key) ?? remember(this.bodies, key, this.makeSuccess(operation, seedOf(this.seed, operation.operationId, path)), CACHE_LIMIT);
  }

  private async makeSuccess(operation: MockOperation, seed: number): Promise<BodyResult> {
    const media = operation.success.media;
    if (!media) return { ok: true, body: null };
    const check = checkOf(operation);
    const example = chooseExample(examplesAt(this.document, media.pointer), seed, (value) => !check || check(value));
    if (example) return { ok: true, body: serialize(example.value, media.type) };
    const result = await sampled(this.sampler(), 'body', (sampler) => {
      const body = sampler.forMedia(media.pointer, seed, check);
      if (!Array.isArray(body)) return body;
      // A list: its items' identifiers made distinct, each change kept when the whole body still passes.
      let items = body;
      for (let i = 0; i < items.length; i++) {
        const others = items;
        const item = withDistinctIdentifiers(items[i], i, sampler.isIdentifier, (candidate) => {
          const next = others.map((value, j) => (j === i ? candidate : value));
          return sampler.fits(`${media.pointer}/schema`, next) && (!check || check(next));
        });
        if (item !== items[i]) items = items.map((value, j) => (j === i ? item : value));
      }
      return items;
    });
    if (!result.ok) return result;
    return { ok: true, body: result.value === undefined ? null : serialize(result.value, media.type) };
  }

  /** Problems of items meant for `operation`'s collection (empty: all valid); pointers `/<index>/...`. */
  itemProblems(operation: PaginatedOperation, items: readonly unknown[]): string[] {
    const validator = responseValidator(operation);
    if (!validator) return [];
    return items.flatMap((item, i) => itemProblems(validator, item).map((p) => `/${i}${p.pointer} ${p.message}`));
  }

  /** One page: `page`, `pageSize` and the count asked for, over the collection. */
  async page(operation: PaginatedOperation, query: Record<string, unknown>, collection: CollectionSource): Promise<BodyResult> {
    const pager = await this.pagerOf(operation);
    if (!(pager instanceof Pager)) return pager;
    return pager.page(query, collection);
  }

  /** The operation's pager: its page template and default items from the example, else sampled. */
  private pagerOf(operation: PaginatedOperation): Promise<Pager | Failure> {
    let pager = this.pagers.get(operation.operationId);
    if (!pager) this.pagers.set(operation.operationId, (pager = this.makePager(operation)));
    return pager;
  }

  private async makePager(operation: PaginatedOperation): Promise<Pager | Failure> {
    const pointer = operation.success.media!.pointer;
    const seed = seedOf(this.seed, operation.operationId);
    const check = checkOf(operation);
    const example = chooseExample(
      examplesAt(this.document, pointer),
      seed,
      (value) => isRecord(value) && Array.isArray(value['results']) && (!check || check(value)),
    );
    const validator = responseValidator(operation);
    const validItem = (item: unknown) => !validator || itemProblems(validator, item).length === 0;
    const itemsPointer = operation.pagination.itemsPointer;
    // Item `i` of the collection, its identifiers distinct from every other item's (./identifiers.ts).
    const sampleItems: SampleItems = async (from, count) =>
      sampled(this.sampler(), 'item', (sampler) =>
        Array.from({ length: count }, (_, i) => {
          const item = sampler.forSchema(itemsPointer, seedOf(this.seed, operation.operationId, from + i), validItem);
          return withDistinctIdentifiers(item, from + i, sampler.isIdentifier, (candidate) => sampler.fits(itemsPointer, candidate) && validItem(candidate));
        }),
      );
    if (example) {
      const template = example.value as Record<string, unknown>;
      return new Pager(operation, template, template['results'] as unknown[], sampleItems);
    }
    const template = await sampled(this.sampler(), 'page', (sampler) => sampler.forMedia(pointer, seed, check));
    if (!template.ok) return template;
    if (!isRecord(template.value)) return { ok: false, error: 'the sampled page is not an object' };
    return new Pager(operation, template.value, undefined, sampleItems);
  }
}

function responseValidator(operation: MockOperation): Validator<unknown> | undefined {
  const responses = operation.validators?.responses;
  const status = String(operation.success.status);
  return responses && Object.hasOwn(responses, status) ? responses[status] : undefined;
}

function checkOf(operation: MockOperation): ((value: unknown) => boolean) | undefined {
  const validator = responseValidator(operation);
  return validator && ((value) => validator(value));
}

/**
 * An item's problems, read from a page holding only it (pointers relative to the item): the
 * validators collect every error, so the page's other (absent) fields do not hide the item's.
 */
function itemProblems(validator: Validator<unknown>, item: unknown): ValidationProblem[] {
  const result = validator.check({ results: [item] }, { maxProblems: Infinity });
  if (result.valid) return [];
  return result.problems
    .filter((p) => p.pointer === '/results/0' || p.pointer.startsWith('/results/0/'))
    .map((p) => ({ ...p, pointer: p.pointer.slice('/results/0'.length) }));
}

/** Samples `count` items of the sequence from index `from`. */
type SampleItems = (from: number, count: number) => Promise<{ readonly ok: true; readonly value: unknown[] } | Failure>;

/** How many items a sampled collection holds by default: two full default pages and one more. */
const defaultSampledSize = (pagination: MockPagination): number => pagination.defaultPageSize * 2 + 1;

/** The items `start` to `end` (excluded) of a collection. */
type ItemsBetween = (start: number, end: number) => Promise<readonly unknown[] | Failure>;

class Pager {
  /** Built pages of the caller's collections, by collection then query. */
  private readonly builtForItems = new WeakMap<object, Map<string, Promise<BodyResult>>>();
  /** Built pages of the default and sampled collections, by size and query. */
  private readonly built = new Map<string, Promise<BodyResult>>();

  constructor(
    private readonly operation: PaginatedOperation,
    private readonly template: Record<string, unknown>,
    /** The example's items, when the page comes from an example. */
    private readonly exampleItems: readonly unknown[] | undefined,
    private readonly sampleItems: SampleItems,
  ) {}

  /** The page for the query, built (checked and serialized) once per collection and query. */
  page(query: Record<string, unknown>, collection: CollectionSource): Promise<BodyResult> {
    const { defaultPage, defaultPageSize, count } = this.operation.pagination;
    const pageNumber = pageValue(query['page'], defaultPage);
    const pageSize = pageValue(query['pageSize'], defaultPageSize);
    const withCount = count !== undefined && query[count.parameter] === true;
    const key = `${pageNumber}:${pageSize}:${withCount}`;
    let built: Map<string, Promise<BodyResult>>;
    let items: ItemsBetween;
    let total: number;
    if (Array.isArray(collection)) {
      built = this.builtForItems.get(collection) ?? new Map();
      this.builtForItems.set(collection, built);
      items = async (start, end) => collection.slice(start, end);
      total = collection.length;
    } else if (collection === undefined && this.exampleItems) {
      built = this.built;
      items = async (start, end) => this.exampleItems!.slice(start, end);
      total = this.exampleItems.length;
    } else {
      total = typeof collection === 'number' ? collection : defaultSampledSize(this.operation.pagination);
      built = this.built;
      items = (start, end) => this.sampleItems(start, end - start).then((sampled) => (sampled.ok ? sampled.value : sampled));
    }
    const cacheKey = `${Array.isArray(collection) ? '' : `${collection ?? 'default'}:`}${key}`;
    return built.get(cacheKey) ?? remember(built, cacheKey, this.make(pageNumber, pageSize, withCount, total, items), CACHE_LIMIT);
  }

  private async make(pageNumber: number, pageSize: number, withCount: boolean, total: number, items: ItemsBetween): Promise<BodyResult> {
    const count = this.operation.pagination.count;
    const start = Math.min(total, (pageNumber - 1) * pageSize);
    const end = Math.min(total, start + pageSize);
    const results = start === end ? [] : await items(start, end);
    if (!Array.isArray(results)) return results as Failure;
    const body: Record<string, unknown> = { ...this.template, page: pageNumber, pageSize, results };
    if (count) {
      if (withCount) body[count.property] = total;
      else delete body[count.property];
    }
    const validator = responseValidator(this.operation);
    if (validator) {
      const result = validator.check(body);
      if (!result.valid) return { ok: false, error: `the page does not pass the response validator: ${describe(result.problems)}` };
    }
    return { ok: true, body: serialize(body, this.operation.success.media!.type) };
  }
}
