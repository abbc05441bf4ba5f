/** The source of truth the other spec tests read. */
import { describe, expect, it } from 'vitest';
import { headings, readSource } from './support/source.js';

describe('source document', () => {
  it('is the Partner Recruitment API specification', () => {
    expect(headings(readSource())[0]?.text).toBe('Partner Recruitment API Specification');
  });
});
