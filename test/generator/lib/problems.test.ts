/** Problems and text put into generated comments (generator/lib/problems.ts). */
import { describe, expect, it } from 'vitest';
import { commentSafe } from '../../../generator/lib/problems.js';

describe('generated comments', () => {
  it.each<[string, { given: string; want: string }]>([
    ['closing sequence escaped', { given: 'Partner */ API', want: 'Partner *\\/ API' }],
    ['plain text unchanged', { given: 'Partner API', want: 'Partner API' }],
  ])('commentSafe: %s', (_name, { given, want }) => expect(commentSafe(given)).toBe(want));
});
