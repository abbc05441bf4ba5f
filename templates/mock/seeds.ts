/**
 * Seeds of the mock's data, free of heavy imports (the request path loads this, the sampler too):
 * a seeded generator, seeds derived from a seed and a counter, and a seed for an operation, path or
 * item from its names.
 */

/** A small seeded generator (Mulberry32). */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A seed derived from a seed and a counter: the same pair always gives the same seed. */
export function deriveSeed(seed: number, counter: number): number {
  let h = Math.imul((Math.trunc(seed) ^ 0x9e3779b9) >>> 0, 0x85ebca6b) ^ Math.imul(counter + 1, 0xc2b2ae35);
  h ^= h >>> 16;
  h = Math.imul(h, 0x7feb352d);
  h ^= h >>> 15;
  return h >>> 0;
}

/** FNV-1a over the parts: a 31-bit seed for one operation, path or item. */
export function seedOf(...parts: readonly (string | number)[]): number {
  let hash = 0x811c9dc5;
  for (const char of parts.join('\u0000')) {
    hash ^= char.codePointAt(0)!;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 1;
}
