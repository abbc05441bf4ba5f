/**
 * The linear-time engine must judge every pattern exactly as JavaScript's engine does: a pattern's
 * RE2 form (patterns.ts `toRe2`) is compared with `new RegExp(pattern, 'u')` (without `u` where
 * that is how the validators compile it, regexp.ts) on crafted probes, each a way RE2 reads a
 * pattern otherwise, and on seeded random patterns and inputs (test/property-seed.ts). A pattern
 * with no exact RE2 form keeps JavaScript's engine: the verdict the validators give is then
 * JavaScript's by construction.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { linearPatterns, toRe2, unsafePatterns } from '../../../../generator/emit/validators/patterns.js';
import { LINEAR_ENGINE, patternEngine, patternRegExp } from '../../../../generator/emit/validators/regexp.js';
import { linearRegExp } from '../../../../templates/client/linear-regexp.js';

type Tester = { test(value: string): boolean };
const javascript = (pattern: string): RegExp => (patternRegExp as unknown as (p: string, flags: string) => RegExp)(pattern, 'u');

/**
 * The engine the package's compiled validators run for a document holding `pattern`: the code
 * ajv writes into the module (regexp.ts `patternEngine`), with the package's linear-time engine.
 */
function shippedEngine(pattern: string): { test: Tester; linear: boolean } {
  const linear = linearPatterns(unsafePatterns({ pattern }));
  const code = patternEngine(linear).code as string;
  const require = (spec: string) => {
    if (spec !== LINEAR_ENGINE) throw new Error(`unexpected require(${spec})`);
    return { linearRegExp };
  };
  const engine = new Function('require', `return ${code}`)(require) as (p: string, flags: string) => Tester;
  return { test: engine(pattern, 'u'), linear: pattern in linear };
}

/** Ways RE2 reads an ECMAScript pattern otherwise (#29); each nests unbounded quantifiers, so it gets the linear-time engine where it can. */
const PROBES: { name: string; pattern: string; input: string; linear: boolean }[] = [
  { name: 'a surrogate pair escape, u', pattern: '^((\\uD83D\\uDE00)+)+$', input: '😀', linear: true },
  { name: '\\a without u (RE2: bell)', pattern: '^(\\a+)+$', input: 'a', linear: true },
  { name: '\\z without u (RE2: end of text)', pattern: '^(\\z+)+$', input: 'z', linear: true },
  { name: '\\Q...\\E without u (RE2: quoting)', pattern: '^(\\Qa\\E+)+$', input: 'QaE', linear: true },
  { name: '\\pL without u (RE2: letters)', pattern: '^(\\pL+)+$', input: 'é', linear: true },
  { name: '\\p{Greek} without u (RE2: a script)', pattern: '^(\\p{Greek}+)+$', input: 'α', linear: true },
  { name: '[[:alpha:]] without u (RE2: a POSIX class)', pattern: '^([[:alpha:]]+)+$', input: 'a]', linear: true },
  { name: '[^\\x{41}] without u (RE2: not A)', pattern: '^([^\\x{41}]+)+$', input: 'A', linear: false },
  { name: '\\u{41} without u (JavaScript: 41 u)', pattern: '^(\\u{41}\\-+)+$', input: 'A-', linear: true },
  { name: '. without u on an astral character (JavaScript: half of it)', pattern: '^(.\\-+)+$', input: '😀-', linear: false },
  { name: 'a surrogate pair in a class, u', pattern: '^([\\uD83D\\uDE00]+)+$', input: '😀', linear: true },
  { name: '\\P{Greek} without u (RE2: not Greek)', pattern: '^(\\P{Greek}+)+$', input: '1', linear: true },
  { name: '\\A without u (RE2: start of text)', pattern: '^((\\Ab)+)+$', input: 'Ab', linear: true },
  { name: '[[:^alpha:]] without u (RE2: a negated POSIX class)', pattern: '^([[:^alpha:]]+)+$', input: '1', linear: true },
];

describe('patterns in the linear-time engine judge as JavaScript', () => {
  it.each(PROBES)('$name: $pattern on $input', ({ pattern, input, linear }) => {
    const shipped = shippedEngine(pattern);
    expect(shipped.test.test(input)).toBe(javascript(pattern).test(input));
    expect(shipped.linear).toBe(linear);
  });

  it('on seeded random patterns and inputs (JavaScript keeps the patterns with no exact RE2 form)', () => {
    const char = fc.constantFrom('a', 'b', 'x', 'A', 'z', 'Q', 'E', 'p', 'L', '-', '_', ' ', ':', '{', '}', ',', '1', '4', 'é', 'α', '😀', 'ſ');
    const escaped = fc.constantFrom(
      ...['\\d', '\\D', '\\w', '\\W', '\\s', '\\S', '.', '\\.', '\\-', '\\:', '\\/', '\\t', '\\n', '\\v', '\\0', '\\cJ', '\\x41', '\\x4'],
      ...['\\u0041', '\\u{41}', '\\u{1F600}', '\\uD83D\\uDE00', '\\uD83D', '\\uDE00', '\\u2028', '\\a', '\\z', '\\A', '\\Q', '\\E', '\\C', '\\e', '\\k'],
      ...['\\pL', '\\p{L}', '\\P{L}', '\\p{Lu}', '\\p{Script=Greek}', '\\p{Greek}', '\\x{41}', '\\1', '\\8', '\\b', '\\B', '^', '$'],
    );
    const classItem = fc.oneof(
      char,
      escaped,
      fc.constantFrom('a-z', 'A-Z', '0-9', '\\d-z', '[:alpha:]', '\\uD800-\\uDFFF', '\\u{1F600}-\\u{1F64F}', '^', ']', '\\]'),
    );
    const quantifier = fc.constantFrom('', '', '', '*', '+', '?', '{2}', '{1,3}', '{0,}', '*?', '+?', '{2,}', '{,2}');
    const { pattern } = fc.letrec<{ pattern: string; alternation: string; atom: string }>((tie) => ({
      atom: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        char,
        escaped,
        fc.tuple(fc.boolean(), fc.array(classItem, { maxLength: 4 })).map(([negate, items]) => `[${negate ? '^' : ''}${items.join('')}]`),
        fc.tuple(fc.constantFrom('(', '(?:', '(?=', '(?!', '(?<=', '(?<n>'), tie('alternation')).map(([open, body]) => `${open}${body})`),
      ),
      alternation: fc
        .array(
          fc.array(
            fc.tuple(tie('atom'), quantifier).map(([atom, q]) => atom + q),
            { maxLength: 4 },
          ),
          { minLength: 1, maxLength: 3 },
        )
        .map((alternatives) => alternatives.map((a) => a.join('')).join('|')),
      pattern: fc.tuple(fc.constantFrom('', '^'), tie('alternation'), fc.constantFrom('', '$')).map((parts) => parts.join('')),
    }));
    const unit = fc.constantFrom(
      'a',
      'b',
      'x',
      'A',
      'z',
      '-',
      '_',
      ' ',
      '\n',
      '\r',
      '\u2028',
      '\u00a0',
      '\t',
      '\v',
      'é',
      'α',
      '😀',
      '\uD83D',
      '\uDE00',
      '1',
      '4',
      'ſ',
      'K',
    );
    const compiles = (p: string) => {
      try {
        javascript(p);
        return true;
      } catch {
        return false;
      }
    };
    const seen = { valid: 0, linear: 0 };
    fc.assert(
      fc.property(
        pattern.chain((p) =>
          fc.tuple(fc.constant(p), fc.array(fc.string({ unit: fc.oneof(unit, fc.constantFrom(...Array.from(p), 'a')), maxLength: 8 }), { maxLength: 8 })),
        ),
        ([p, inputs]) => {
          if (!compiles(p)) return true;
          seen.valid++;
          let linear: Tester;
          try {
            linear = linearRegExp(toRe2(p));
          } catch {
            return true; // JavaScript's engine keeps it
          }
          seen.linear++;
          const native = javascript(p);
          for (const input of ['', ...inputs]) expect(linear.test(input), `${p} on ${JSON.stringify(input)}`).toBe(native.test(input));
          return true;
        },
      ),
      { numRuns: 3000 },
    );
    // Enough patterns of each kind were compared for the comparison to mean something.
    expect(seen.valid).toBeGreaterThan(1000);
    expect(seen.linear).toBeGreaterThan(seen.valid / 3);
  }, 120_000);
});
