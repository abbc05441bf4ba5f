/** The source of truth the other spec tests read. */
import { expect, it } from 'vitest';
import { describeWithSource, headings, readSource } from './support/source.js';

describeWithSource('source document', () => {
  it('is the Partner Recruitment API specification', () => {
    expect(headings(readSource())[0]?.text).toBe('Partner Recruitment API Specification');
  });
});
