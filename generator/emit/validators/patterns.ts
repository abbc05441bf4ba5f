/**
 * Patterns that can backtrack catastrophically. A `pattern` (or `patternProperties` key) with an
 * unbounded quantifier inside an unbounded quantified group (`^(a+)+$`: star height above 1, read
 * from the pattern's tree as `ret` parses it, as safe-regex2 does, but not counting `?` or `{m,n}`,
 * whose nesting stays polynomial) makes JavaScript's backtracking engine take exponential time on
 * a crafted string of a few dozen characters, freezing whoever validates it (the mock, a client
 * checking its input). Not caught: overlapping alternatives under one quantifier (`^(a|aa)+$`)
 * and polynomial cases (`a\w+b`).
 *
 * Each such pattern is reported with where it is, and its validators match it with a linear-time
 * engine (re2js, a port of RE2, in the package's runtime/linear-regexp.js) instead: `toRe2` writes
 * the pattern in RE2's syntax with ECMAScript's meaning (`.`, `\s`, `\uXXXX`). A pattern RE2 cannot
 * run (a lookaround, a backreference, a class it cannot state) keeps JavaScript's engine, and the
 * report says that its time is not bounded. Safe patterns are untouched: JavaScript's engine is
 * some forty times faster than re2js on them.
 */
import { RE2JS } from 're2js';
import { createRequire } from 'node:module';
import type { Token, Tokens } from 'ret';
import { escapePointer } from '../../lib/pointer.js';

// CommonJS: module.exports is the tokenizer, with `types` on it.
const tokenizer = createRequire(import.meta.url)('ret') as typeof import('ret').tokenizer & { types: typeof import('ret').types };
const { types } = tokenizer;

const formatPointer = (path: readonly string[]): string => path.map((s) => `/${escapePointer(s)}`).join('');

/** A pattern found unsafe, where it appears, and its RE2 form when a linear-time engine can run it. */
export interface UnsafePattern {
  pattern: string;
  /** JSON pointers into the bundled document, sorted. */
  pointers: string[];
  /** The pattern in RE2's syntax, or undefined with `reason`. */
  re2?: string;
  reason?: string;
}

/** Values that are data, not schemas: a `pattern` key inside them is not a keyword. */
const DATA_KEYS = new Set(['example', 'examples', 'default', 'enum', 'const']);

/** Every `pattern` and `patternProperties` key of the document, with the pointers where it appears. */
function collectPatterns(document: unknown): Map<string, string[]> {
  const found = new Map<string, string[]>();
  const add = (pattern: string, pointer: string) => found.set(pattern, [...(found.get(pattern) ?? []), pointer]);
  const walk = (node: unknown, path: string[]): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => {
        walk(item, [...path, String(i)]);
      });
      return;
    }
    if (!node || typeof node !== 'object') return;
    for (const [key, value] of Object.entries(node)) {
      if (DATA_KEYS.has(key) || key.startsWith('x-')) continue;
      if (key === 'pattern' && typeof value === 'string') add(value, formatPointer([...path, key]));
      if (key === 'patternProperties' && value && typeof value === 'object')
        for (const name of Object.keys(value)) add(name, formatPointer([...path, key, name]));
      walk(value, [...path, key]);
    }
  };
  walk(document, []);
  return found;
}

/** The unsafe patterns of `document`, in the order of their first pointer. */
export function unsafePatterns(document: unknown): UnsafePattern[] {
  const unsafe: UnsafePattern[] = [];
  for (const [pattern, pointers] of collectPatterns(document)) {
    if (!nestedUnbounded(pattern)) continue;
    const sorted = [...new Set(pointers)].sort();
    try {
      const re2 = toRe2(pattern);
      RE2JS.compile(re2);
      unsafe.push({ pattern, pointers: sorted, re2 });
    } catch (err) {
      unsafe.push({ pattern, pointers: sorted, reason: (err as Error).message });
    }
  }
  return unsafe.sort((a, b) => (a.pointers[0]! < b.pointers[0]! ? -1 : 1));
}

/** Whether `pattern` has an unbounded quantifier inside another (false when `ret` cannot read it: ajv then reports it). */
function nestedUnbounded(pattern: string): boolean {
  let tree: Tokens;
  try {
    tree = tokenizer(pattern);
  } catch {
    return false;
  }
  const walk = (token: Tokens, height: number): boolean => {
    if (token.type === types.REPETITION) {
      const unbounded = token.max === Infinity;
      if (unbounded && height === 1) return true;
      return walk(token.value, height + (unbounded ? 1 : 0));
    }
    if (token.type === types.ROOT || token.type === types.GROUP) {
      const branches = token.options ?? (token.stack ? [token.stack] : []);
      return branches.some((branch: Token[]) => branch.some((t) => walk(t, height)));
    }
    return false;
  };
  return walk(tree, 0);
}

/** The RE2 forms of the patterns that get the linear-time engine, by pattern. */
export const linearPatterns = (unsafe: readonly UnsafePattern[]): Record<string, string> =>
  Object.fromEntries(unsafe.filter((u) => u.re2 !== undefined).map((u) => [u.pattern, u.re2!]));

/** The warning for one unsafe pattern (its location is added by the caller). */
export const unsafePatternMessage = (u: UnsafePattern): string =>
  u.re2 !== undefined
    ? `pattern ${JSON.stringify(u.pattern)} can backtrack catastrophically (a quantifier inside a quantified group): its validators match it in linear time with re2js`
    : `pattern ${JSON.stringify(u.pattern)} can backtrack catastrophically (a quantifier inside a quantified group), and no linear-time engine can run it (${u.reason}): a long input may take very long to validate`;

/** ECMAScript's white space and line terminators, `\s`, in RE2's class syntax. */
const SPACE = '\\t\\n\\x{0B}\\f\\r \\x{A0}\\x{1680}\\x{2000}-\\x{200A}\\x{2028}\\x{2029}\\x{202F}\\x{205F}\\x{3000}\\x{FEFF}';

/**
 * `pattern` in RE2's syntax, matching what ECMAScript matches: `.` stops at every line terminator,
 * `\s` is ECMAScript's white space, `\uXXXX` and `\u{X}` become `\x{X}`. Throws for what RE2
 * reads otherwise and cannot be rewritten here (`[]`, `[^]`, `\S` inside a class, `\c`).
 */
export function toRe2(pattern: string): string {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1];
      if (next === undefined) throw new Error('a trailing backslash');
      const unicode = /^u(?:([0-9a-fA-F]{4})|\{([0-9a-fA-F]+)\})/.exec(pattern.slice(i + 1));
      if (unicode) {
        out += `\\x{${unicode[1] ?? unicode[2]}}`;
        i += unicode[0].length;
      } else if (next === 's') {
        out += inClass ? SPACE : `[${SPACE}]`;
        i++;
      } else if (next === 'S') {
        if (inClass) throw new Error('\\S inside a character class');
        out += `[^${SPACE}]`;
        i++;
      } else if (next === 'c') {
        throw new Error('a control escape \\c');
      } else {
        out += c + next;
        i++;
      }
    } else if (inClass) {
      if (c === ']') inClass = false;
      out += c;
    } else if (c === '[') {
      const negated = pattern[i + 1] === '^';
      if (pattern[i + (negated ? 2 : 1)] === ']') throw new Error(`${negated ? '[^]' : '[]'}, which RE2 reads otherwise`);
      inClass = true;
      out += negated ? '[^' : '[';
      if (negated) i++;
    } else if (c === '.') {
      out += '[^\\n\\r\\x{2028}\\x{2029}]';
    } else {
      out += c;
    }
  }
  return out;
}
