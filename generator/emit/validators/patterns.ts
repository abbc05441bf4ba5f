/**
 * Patterns that can backtrack catastrophically. A `pattern` (or `patternProperties` key) with an
 * unbounded quantifier inside an unbounded quantified group (`^(a+)+$`: star height above 1, not
 * counting `?` or `{m,n}`, whose nesting stays polynomial) makes JavaScript's backtracking engine
 * take exponential time on a crafted string of a few dozen characters, freezing whoever validates
 * it (the mock, a client checking its input). Not caught: overlapping alternatives under one
 * quantifier (`^(a|aa)+$`) and polynomial cases (`a\w+b`).
 *
 * Patterns are read as ECMAScript reads them, by @eslint-community/regexpp (ECMAScript's grammar,
 * Annex B included): with the `u` flag when they compile with it, else without, as the validators'
 * engine (regexp.ts) compiles them. Each unsafe pattern is reported with where it is, and its
 * validators match it with a linear-time engine (re2js, a port of RE2, in the package's
 * runtime/linear-regexp.js) when `toRe2` can write it for RE2 with exactly ECMAScript's meaning.
 * Otherwise (a lookaround, a backreference, or without the `u` flag a set that matches half a
 * surrogate pair) it keeps JavaScript's engine, and the report says that its time
 * is not bounded. Safe patterns are untouched: JavaScript's engine is some forty times faster than
 * re2js on them.
 */
import { RegExpParser } from '@eslint-community/regexpp';
import type { Alternative, CharacterClass, Element, EscapeCharacterSet, Node, Pattern } from '@eslint-community/regexpp/ast';
import { RE2JS } from 're2js';
import { escapePointer } from '../../lib/pointer.js';

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

/** Whether `pattern` has an unbounded quantifier inside another (false when it does not compile: ajv then reports it). */
function nestedUnbounded(pattern: string): boolean {
  let tree: Pattern;
  try {
    tree = parse(pattern);
  } catch {
    return false;
  }
  const walk = (node: Node, height: number): boolean => {
    switch (node.type) {
      case 'Quantifier': {
        const unbounded = node.max === Number.POSITIVE_INFINITY;
        if (unbounded && height === 1) return true;
        return walk(node.element, height + (unbounded ? 1 : 0));
      }
      case 'Pattern':
      case 'Group':
      case 'CapturingGroup':
        return node.alternatives.some((alternative) => walk(alternative, height));
      case 'Assertion':
        return (node.kind === 'lookahead' || node.kind === 'lookbehind') && node.alternatives.some((alternative) => walk(alternative, height));
      case 'Alternative':
        return node.elements.some((element) => walk(element, height));
      default:
        return false;
    }
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
    : `pattern ${JSON.stringify(u.pattern)} can backtrack catastrophically (a quantifier inside a quantified group), and no linear-time engine can run it with JavaScript's meaning (${u.reason}): it keeps JavaScript's engine, and a long input may take very long to validate`;

/** Whether `pattern` compiles as a JavaScript regular expression with `flags`. */
function compiles(pattern: string, flags: string): boolean {
  try {
    new RegExp(pattern, flags);
    return true;
  } catch {
    return false;
  }
}

/** `pattern` as the validators' engine compiles it: with the `u` flag if it can (regexp.ts). Throws when it compiles neither way. */
function parse(pattern: string): Pattern {
  const unicode = compiles(pattern, 'u');
  if (!unicode && !compiles(pattern, '')) throw new Error('not a JavaScript regular expression');
  return new RegExpParser({ ecmaVersion: 2025 }).parsePattern(pattern, 0, pattern.length, { unicode });
}

/** A set of code points (code units without the `u` flag): sorted, disjoint, inclusive ranges. */
type Ranges = readonly (readonly [number, number])[];

const MAX_CODE_POINT = 0x10ffff;
const SURROGATES = [0xd800, 0xdfff] as const;
const DIGITS: Ranges = [[0x30, 0x39]];
const WORD: Ranges = [
  [0x30, 0x39],
  [0x41, 0x5a],
  [0x5f, 0x5f],
  [0x61, 0x7a],
];
/** ECMAScript's `\s`: WhiteSpace and LineTerminator. */
const SPACE: Ranges = [
  [0x09, 0x0d],
  [0x20, 0x20],
  [0xa0, 0xa0],
  [0x1680, 0x1680],
  [0x2000, 0x200a],
  [0x2028, 0x2029],
  [0x202f, 0x202f],
  [0x205f, 0x205f],
  [0x3000, 0x3000],
  [0xfeff, 0xfeff],
];
/** What `.` does not match (no `s` flag): the line terminators. */
const LINE_TERMINATORS: Ranges = [
  [0x0a, 0x0a],
  [0x0d, 0x0d],
  [0x2028, 0x2029],
];

function union(sets: readonly Ranges[]): Ranges {
  const sorted = sets.flat().sort((a, b) => a[0] - b[0]);
  const merged: [number, number][] = [];
  for (const [from, to] of sorted) {
    const last = merged.at(-1);
    if (last && from <= last[1] + 1) last[1] = Math.max(last[1], to);
    else merged.push([from, to]);
  }
  return merged;
}

/** The members of [0, max] not in `set` (`max`: the last code point, or the last code unit without the `u` flag). */
function complement(set: Ranges, max: number): Ranges {
  const out: [number, number][] = [];
  let next = 0;
  for (const [from, to] of set) {
    if (from > next) out.push([next, from - 1]);
    next = to + 1;
  }
  if (next <= max) out.push([next, max]);
  return out;
}

const hex = (code: number) => `\\x{${code.toString(16).toUpperCase()}}`;

/** A set in RE2's class syntax, every member written as its code: nothing left for RE2 to read otherwise. */
function re2Class(set: Ranges): string {
  if (!set.length) return `[^${hex(0)}-${hex(MAX_CODE_POINT)}]`;
  if (set.length === 1 && set[0]![0] === set[0]![1]) return hex(set[0]![0]);
  return `[${set.map(([from, to]) => (from === to ? hex(from) : `${hex(from)}-${hex(to)}`)).join('')}]`;
}

const properties = new Map<string, Ranges>();

/**
 * The code points a Unicode property escape (`\p{L}`, `\P{Script=Greek}`) matches, as this
 * JavaScript engine's Unicode tables say, found by testing every code point: RE2's own tables may
 * be of another Unicode version.
 */
function propertySet(raw: string): Ranges {
  const known = properties.get(raw);
  if (known) return known;
  const test = new RegExp(`^${raw}$`, 'u');
  const set: [number, number][] = [];
  for (let code = 0; code <= MAX_CODE_POINT; code++) {
    if (!test.test(String.fromCodePoint(code))) continue;
    const last = set.at(-1);
    if (last && last[1] === code - 1) last[1] = code;
    else set.push([code, code]);
  }
  properties.set(raw, set);
  return set;
}

/** Why `toRe2` cannot write a pattern: the reason names the part of the pattern. */
class NoRe2Form extends Error {}

/**
 * `pattern` in RE2's syntax, matching exactly the strings JavaScript's engine matches (as the
 * validators compile it: `u` if it can). Every character and set is written as explicit code
 * ranges (`.`, `\s`, `[^...]` with ECMAScript's members), groups as non-capturing ones, `^` and `$`
 * as `\A` and `\z`. Without the `u` flag, JavaScript matches UTF-16 code units and RE2 code points:
 * a pattern none of whose sets holds a surrogate reads the same either way, any other throws, and
 * so does a part RE2 has no equivalent for (a lookaround, a backreference, `\B` without `u`). A
 * Unicode property is written as the code points this engine gives it. Throws with the reason.
 */
export function toRe2(pattern: string): string {
  const tree = parse(pattern);
  const unicode = compiles(pattern, 'u');
  const max = unicode ? MAX_CODE_POINT : 0xffff;
  const checked = (set: Ranges, raw: string): Ranges => {
    if (!unicode && set.some(([from, to]) => from <= SURROGATES[1] && to >= SURROGATES[0]))
      throw new NoRe2Form(`without the u flag ${raw} matches half a surrogate pair, which RE2 cannot`);
    return set;
  };
  const escapeSet = (node: EscapeCharacterSet): Ranges => {
    const set = node.kind === 'digit' ? DIGITS : node.kind === 'word' ? WORD : SPACE;
    return node.negate ? complement(set, max) : set;
  };
  const classSet = (node: CharacterClass): Ranges => {
    const members = node.elements.map((element): Ranges => {
      if (element.type === 'Character') return [[element.value, element.value]];
      if (element.type === 'CharacterClassRange') return [[element.min.value, element.max.value]];
      if (element.type === 'CharacterSet') return element.kind === 'property' ? propertySet(element.raw) : escapeSet(element);
      throw new NoRe2Form(`${element.raw} has no RE2 equivalent`);
    });
    const set = union(members);
    return node.negate ? complement(set, max) : set;
  };
  const alternatives = (list: readonly Alternative[]): string => list.map(alternative).join('|');
  const alternative = (node: Alternative): string => (node.elements.length ? node.elements.map(element).join('') : '(?:)');
  const element = (node: Element): string => {
    switch (node.type) {
      case 'Character':
        return re2Class(checked([[node.value, node.value]], node.raw));
      case 'CharacterClass':
        return re2Class(checked(classSet(node), node.raw));
      case 'CharacterSet':
        if (node.kind === 'any') return re2Class(checked(complement(LINE_TERMINATORS, max), node.raw));
        return re2Class(checked(node.kind === 'property' ? propertySet(node.raw) : escapeSet(node), node.raw));
      case 'Group':
        if (node.modifiers) throw new NoRe2Form(`the modifiers of ${node.raw} have no RE2 equivalent`);
        return `(?:${alternatives(node.alternatives)})`;
      case 'CapturingGroup':
        return `(?:${alternatives(node.alternatives)})`;
      case 'Quantifier': {
        const { min, max } = node;
        const count =
          max === Number.POSITIVE_INFINITY
            ? min === 0
              ? '*'
              : min === 1
                ? '+'
                : `{${min},}`
            : min === 0 && max === 1
              ? '?'
              : min === max
                ? `{${min}}`
                : `{${min},${max}}`;
        // Every element written is one atom: a code, a class or a group.
        return `${element(node.element)}${count}${node.greedy ? '' : '?'}`;
      }
      case 'Assertion':
        if (node.kind === 'start') return '\\A';
        if (node.kind === 'end') return '\\z';
        if (node.kind === 'word' && (unicode || !node.negate)) return node.negate ? '\\B' : '\\b';
        throw new NoRe2Form(`${node.raw} has no RE2 equivalent`);
      default:
        throw new NoRe2Form(`${node.raw} has no RE2 equivalent`);
    }
  };
  return alternatives(tree.alternatives);
}
