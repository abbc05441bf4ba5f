/**
 * The validators' linear-time engine, for the patterns generation found able to backtrack
 * catastrophically (a quantifier inside a quantified group): re2js, a port of RE2, runs the
 * pattern, already written in RE2's syntax with ECMAScript's meaning, in time linear in the input.
 * Only a package whose document has such a pattern imports this module (and depends on re2js).
 */
import { RE2JS } from 're2js';

/** What a compiled validator calls on a pattern: `test`, as on a RegExp. */
export interface PatternTester {
  test(value: string): boolean;
}

export function linearRegExp(re2: string): PatternTester {
  const compiled = RE2JS.compile(re2);
  return { test: (value) => compiled.test(value) };
}
