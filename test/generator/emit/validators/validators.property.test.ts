/**
 * Issue #8, validators, property-based: random JSON (deep nesting, long strings, keys such as
 * `__proto__` and `constructor`) through every validator of the committed package gives a result,
 * never a throw; and the work of collecting problems grows linearly with the number of invalid items.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import * as generated from '../../../../generated/dist/validators.js';
import { b2bRemoteProject } from '../../../spec/cases/fixtures.js';

type AnyValidator = generated.Validator<unknown>;
const validators = Object.entries(generated as unknown as Record<string, unknown>).filter(
  (entry): entry is [string, AnyValidator] => typeof entry[1] === 'function' && typeof (entry[1] as Partial<AnyValidator>).check === 'function',
);

/** Long enough for ajv-formats' `uri` expression to overflow the regexp stack. */
const HUGE_URI = `https://a.example/${'a'.repeat(10_000_000)}`;
const ODD_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', '', '~1', '/'];
const key = fc.oneof(fc.constantFrom(...ODD_KEYS, ...Object.keys(b2bRemoteProject), 'results', 'page', 'pageSize'), fc.string({ maxLength: 8 }));
const leaf = fc.oneof(
  fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53, ''),
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer({ min: 10_000, max: 300_000 }).map((n) => `https://a.example/${'a'.repeat(n)}`),
  fc.constant(HUGE_URI),
);
/** JSON values; objects built with `Object.fromEntries`, so a `__proto__` key is an own property as in `JSON.parse`. */
const { json } = fc.letrec((tie) => ({
  json: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    leaf,
    fc.array(tie('json'), { maxLength: 5 }),
    fc.array(fc.tuple(key, tie('json')), { maxLength: 6 }).map((e) => Object.fromEntries(e)),
  ),
}));
/**
 * JSON without the long strings: the linear-work property repeats an item up to 20,000 times, and a
 * format check on a 300,000-character string in each would take minutes (linear, but not the point).
 */
const { shortJson } = fc.letrec((tie) => ({
  shortJson: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.oneof(fc.constantFrom(null, true, false, 0, -1, 1.5, ''), fc.string({ maxLength: 20 }), fc.integer()),
    fc.array(tie('shortJson'), { maxLength: 5 }),
    fc.array(fc.tuple(key, tie('shortJson')), { maxLength: 6 }).map((e) => Object.fromEntries(e)),
  ),
}));
/** A value nested `depth` levels down, through arrays or objects with a known key. */
const deep = fc.tuple(json, fc.integer({ min: 100, max: 20_000 }), fc.constantFrom('array', 'results', '__proto__')).map(([value, depth, via]) => {
  let out: unknown = value;
  for (let i = 0; i < depth; i++) out = via === 'array' ? [out] : Object.fromEntries([[via, out]]);
  return out;
});
/** Many copies of a value (no long strings: see shortJson), in a list wrapper: hundreds to thousands of problems. */
const many = fc
  .tuple(shortJson, fc.integer({ min: 101, max: 3000 }))
  .map(([value, n]) => ({ page: 1, pageSize: 1, results: Array.from({ length: n }, () => value) }));

describe('every generated validator on random JSON', () => {
  it('covers the whole package', () => {
    expect(validators.length).toBeGreaterThanOrEqual(70);
  });

  it('returns a boolean and a result, never throws, reports 1 to 100 problems', () => {
    fc.assert(
      fc.property(fc.oneof({ weight: 4, arbitrary: json }, { weight: 1, arbitrary: deep }, { weight: 1, arbitrary: many }), (value) => {
        for (const [name, validate] of validators) {
          const valid = validate(value);
          expect(typeof valid, name).toBe('boolean');
          const result = validate.check(value);
          expect(result.valid, name).toBe(valid);
          if (result.valid) continue;
          expect(result.problems.length, name).toBeGreaterThanOrEqual(1);
          expect(result.problems.length, name).toBeLessThanOrEqual(100);
          for (const p of result.problems) expect(typeof p.pointer === 'string' && typeof p.message === 'string', name).toBe(true);
        }
      }),
      { numRuns: 150 },
    );
  });
});

/** Array elements added by `push` and copied by `concat` while `fn` runs: the work of collecting errors. */
function arrayWork(fn: () => void): number {
  const { push, concat } = Array.prototype;
  let work = 0;
  Array.prototype.push = function (this: unknown[], ...items: unknown[]) {
    work += items.length;
    return push.apply(this, items);
  };
  Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
    const result = concat.apply(this, items);
    work += result.length;
    return result;
  };
  try {
    fn();
  } finally {
    Array.prototype.push = push;
    Array.prototype.concat = concat;
  }
  return work;
}

describe('problem collection', () => {
  it('does twice the work for twice as many invalid items (was quadratic)', () => {
    const item = fc.array(fc.tuple(key, shortJson), { maxLength: 4 }).map((e) => Object.fromEntries(e));
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 5 }), fc.integer({ min: 200, max: 2000 }), (pattern, n) => {
        const items = (count: number) => Array.from({ length: count }, (_, i) => pattern[i % pattern.length]);
        const work = (count: number) => arrayWork(() => generated.validateListProjectsResponse.check({ page: 1, pageSize: 1, results: items(count) }));
        const once = work(n * pattern.length);
        const twice = work(2 * n * pattern.length);
        expect(once).toBeGreaterThan(0);
        expect(twice / once).toBeLessThan(2.1);
      }),
      { numRuns: 20 },
    );
  });
});
