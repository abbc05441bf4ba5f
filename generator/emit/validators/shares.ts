/**
 * How a document's validators are dealt out to shares compiled in parallel (validators-process.ts).
 * Each share's ajv compiles every component schema its validators reach, so a component reached
 * from two shares is compiled twice: validators go where the components they reach already are,
 * within an even load. Any partition gives the same output (validators.ts `mergeShares`); this one
 * only decides how fast.
 */
import type { SpecModel } from '../../model/model.js';
import { unescapePointer } from '../../lib/pointer.js';
import { compiledEntries, type ValidatorEntry } from './validators.js';

const COMPONENT_REF = '#/components/schemas/';

/** The component names a schema `$ref`s directly (`#/components/schemas/<name>[/...]`). */
function componentRefs(schema: unknown, out: Set<string> = new Set()): Set<string> {
  const stack = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) stack.push(...node);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(COMPONENT_REF)) {
          out.add(unescapePointer(value.slice(COMPONENT_REF.length).split('/')[0]!));
        } else if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return out;
}

/** Keys that annotate a schema: no code is compiled for them. */
const ANNOTATIONS = new Set(['description', 'title', 'example', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', '$comment']);

/**
 * Roughly what compiling a schema costs, without what it references: how many keywords and list
 * items (`enum` values, `required` names: each is a check) it holds, at any depth.
 */
function weightOf(schema: unknown): number {
  let weight = 1;
  const stack = [schema];
  while (stack.length) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      weight += node.length;
      stack.push(...node);
    } else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (ANNOTATIONS.has(key) || key.startsWith('x-')) continue;
        weight++;
        if (value && typeof value === 'object') stack.push(value);
      }
    }
  }
  return weight;
}

/**
 * The compiled entries (indices into `entries`, from `validatorEntries(model)`) dealt into `count`
 * shares. Heaviest first (an entry's own schema plus every component it reaches), each goes to
 * the share where it adds the least not already compiled there, among the shares it keeps under an
 * even load; failing that, to the least loaded.
 */
export function partitionEntries(model: SpecModel, entries: ValidatorEntry[], count: number): number[][] {
  const compiled = compiledEntries(entries);
  if (count <= 1) return [compiled];
  const schemas = model.schemas.components;
  const weight = new Map(Object.entries(schemas).map(([name, schema]) => [name, weightOf(schema)]));
  const direct = new Map(Object.entries(schemas).map(([name, schema]) => [name, componentRefs(schema)]));
  const reachCache = new Map<string, ReadonlySet<string>>();
  /** The components reachable from `start` (itself included). */
  const reach = (start: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const stack = [...start];
    while (stack.length) {
      const name = stack.pop()!;
      if (seen.has(name) || !weight.has(name)) continue;
      const cached = reachCache.get(name);
      if (cached) for (const c of cached) seen.add(c);
      else {
        seen.add(name);
        stack.push(...direct.get(name)!);
      }
    }
    return seen;
  };
  const items = compiled.map((index) => {
    const entry = entries[index]!;
    const own = entry.kind === 'schema' ? 0 : weightOf(entry.schema);
    const reached = entry.kind === 'schema' ? reach([entry.component!]) : reach(componentRefs(entry.schema));
    if (entry.kind === 'schema') reachCache.set(entry.component!, reached);
    let total = own;
    for (const c of reached) total += weight.get(c)!;
    return { index, own, reached, total };
  });
  const everything = [...weight.values()].reduce((a, b) => a + b, 0) + items.reduce((sum, item) => sum + item.own, 0);
  const even = everything / count;
  const shares = Array.from({ length: count }, () => ({ load: 0, has: new Set<string>(), entries: [] as number[] }));
  items.sort((a, b) => b.total - a.total || a.index - b.index);
  for (const item of items) {
    const added = shares.map((share) => {
      let cost = item.own;
      for (const c of item.reached) if (!share.has.has(c)) cost += weight.get(c)!;
      return cost;
    });
    const order = shares.map((_, i) => i);
    const fits = order.filter((i) => shares[i]!.load + added[i]! <= even);
    const chosen = (fits.length ? fits : order).reduce((best, i) => {
      const [a, b] = fits.length ? [added[i]!, added[best]!] : [shares[i]!.load + added[i]!, shares[best]!.load + added[best]!];
      return a < b || (a === b && shares[i]!.load < shares[best]!.load) ? i : best;
    });
    const share = shares[chosen]!;
    share.load += added[chosen]!;
    for (const c of item.reached) share.has.add(c);
    share.entries.push(item.index);
  }
  return shares.map((share) => share.entries.sort((a, b) => a - b));
}
