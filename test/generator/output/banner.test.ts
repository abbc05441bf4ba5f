/** The banner of every generated file (generator/output/banner.ts), in each file kind's comment syntax. */
import { describe, expect, it } from 'vitest';
import { withBanner } from '../../../generator/output/banner.js';

describe('banner', () => {
  it.each<[string, { given: string; want: RegExp }]>([
    ['TypeScript', { given: 'src/a.ts', want: /^\/\/ Generated .* Do not edit/ }],
    ['Markdown', { given: 'docs/a.md', want: /^<!-- Generated .* Do not edit.* -->/ }],
  ])('%s', (_name, { given, want }) => expect(withBanner(given, 'x')).toMatch(want));
  it('JSON is left to carry its own "//" key', () => expect(withBanner('package.json', '{}')).toBe('{}'));
});
