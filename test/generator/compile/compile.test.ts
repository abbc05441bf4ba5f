/** The package's TypeScript compiled file by file (generator/compile/compile.ts): output and located errors. */
import { describe, expect, it } from 'vitest';
import { compileSources } from '../../../generator/compile/compile.js';

describe('compileSources', () => {
  it('emits JavaScript and declarations; types-only files keep their source as declarations', () => {
    const out = compileSources(
      new Map([
        ['src/a.ts', 'export const double = (n: number): number => n * 2;\n'],
        ['src/schema.ts', 'export interface paths { a: string }\n'],
      ]),
    );
    expect(out.get('dist/a.js')).toBe('export const double = (n) => n * 2;\n');
    expect(out.get('dist/a.d.ts')).toBe('export declare const double: (n: number) => number;\n');
    expect(out.get('dist/schema.js')).toBe('export {};\n');
    expect(out.get('dist/schema.d.ts')).toBe('export interface paths { a: string }\n');
  });

  it.each<[string, { given: string; want: RegExp }]>([
    ['syntax error', { given: 'export const = 1;', want: /src\/bad\.ts:1:14: .*TS1134/ }],
    [
      'export without the annotation isolated declarations need',
      { given: 'export const xs = [1].map((x) => x);', want: /src\/bad\.ts:1:14: .*explicit type annotation.*TS9010/ },
    ],
  ])('reports %s with its place', (_name, { given, want }) => {
    expect(() => compileSources(new Map([['src/bad.ts', given]]))).toThrow(want);
  });
});
