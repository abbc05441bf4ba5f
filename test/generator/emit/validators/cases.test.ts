/**
 * The precompiled validators shipped in generated/ accept and reject exactly what the spec's
 * case collection (test/spec/cases) says, and report every problem with a JSON pointer.
 */
import { describe, expect, it } from 'vitest';
import * as validators from '../../../../generated/dist/validators.js';
import { caseGroups } from '../../../spec/cases/index.js';
import { b2cRemoteSurvey, type Target } from '../../../spec/cases/fixtures.js';

type AnyValidator = validators.Validator<unknown>;

const byTarget = (target: Target): AnyValidator | undefined => {
  const named: Record<string, string> = {
    'PATCH quotas/targets body': 'validateUpdateQuotaTargetsRequest',
    'PUT quotas/external-fills body': 'validateSetQuotaExternalFillsRequest',
  };
  return (validators as unknown as Record<string, AnyValidator>)[named[target] ?? `validate${target}`];
};

// Schema validators judge data as returned, request validators as sent (write-time rules).
const sentOnly = (target: Target) => target.endsWith(' body');
const cases = caseGroups
  .flatMap((g) => g.cases.map((c) => ({ ...c, schema: g.schema })))
  .filter((c) => c.schema !== 'GET /v1/skills query' && (c.as === undefined || c.as === (sentOnly(c.schema) ? 'sent' : 'returned')));

describe('generated validators', () => {
  it.each(cases.map((c) => [`${c.schema}: ${c.source} — ${c.description}`, c] as const))('%s', (_name, c) => {
    const validate = byTarget(c.schema)!;
    expect(validate, `no generated validator for ${c.schema}`).toBeTypeOf('function');
    const result = validate.check(c.data);
    expect(result.valid, JSON.stringify(result)).toBe(c.valid);
    expect(validate(c.data)).toBe(c.valid);
    expect(validate.problems.length > 0).toBe(!c.valid);
    for (const p of validate.problems) {
      expect(p.pointer).toMatch(/^(\/[^/]*)*$/);
      expect(p.message.length).toBeGreaterThan(3);
    }
  });

  it('validates the skills query parameters through the query validator', () => {
    expect(validators.validateListSkillsQuery({ query: 'fig' })).toBe(true);
    expect(validators.validateListSkillsQuery({ query: 'fi' })).toBe(false);
    expect(validators.validateListSkillsQuery.problems).toEqual([expect.objectContaining({ pointer: '/query', keyword: 'minLength' })]);
    expect(validators.validateListProjectsQuery({ status: 'OPEN' })).toBe(false);
  });

  it('reports every problem at once with pointers and readable messages', () => {
    const result = validators.validateProject.check({ id: 1, incentiveAmount: 2, targetMarketType: 'b2x' });
    expect(result.valid).toBe(false);
    if (result.valid) return;
    const pointers = result.problems.map((p) => p.pointer);
    expect(pointers).toEqual(expect.arrayContaining(['/id', '/incentiveAmount', '/targetMarketType', '']));
    expect(result.problems.find((p) => p.pointer === '/incentiveAmount')?.message).toBe('must be >= 5');
    expect(result.problems.find((p) => p.pointer === '/targetMarketType')?.message).toBe('must be equal to one of the allowed values: "b2b", "b2c"');
  });

  it('names the duplicate option id and the refused field', () => {
    const dup = validators.validateExternalQuestion.check({
      questionId: 'q',
      questionType: 'RADIO',
      text: 't',
      options: [
        { id: 'a', text: '1' },
        { id: 'a', text: '2' },
      ],
    });
    expect(dup).toMatchObject({
      valid: false,
      problems: [{ pointer: '/options', keyword: 'x-unique-item-properties', message: 'must not repeat id "a" (items 0 and 1)' }],
    });
    const refused = validators.validateExternalQuestion.check({ questionId: 'q', questionType: 'TEXT', text: 't', options: [] });
    expect(refused).toMatchObject({ valid: false, problems: [{ pointer: '/options', message: 'must not be present' }] });
  });

  it('names the repeated quota bucket and the misplaced end-of-screener sentinel', () => {
    const entry = { groupId: 'g', segmentId: 's', target: { value: 3 } };
    expect(validators.validateUpdateQuotaTargetsRequest.check([entry, { ...entry, segmentId: 't' }, { ...entry, target: { op: 'track' } }])).toMatchObject({
      valid: false,
      problems: [{ pointer: '', keyword: 'x-unique-item-properties', message: 'must not repeat (groupId, segmentId) ["g","s"] (items 0 and 2)' }],
    });
    const end = { id: 'end', text: 'End', isEnd: true };
    const question = { ...b2cRemoteSurvey, screenerQuestions: [end, end] };
    expect(validators.validateProject.check(question)).toMatchObject({
      valid: false,
      problems: [
        { pointer: '/screenerQuestions', keyword: 'x-last-item-only', message: 'must not have item 0 anywhere but last (it matches x-last-item-only)' },
      ],
    });
  });

  it('accepts a deadline that has passed in what is returned (the rule holds when sent: write-time-rules.test.ts)', () => {
    const passed = new Date(Date.now() - 1000).toISOString();
    expect(validators.validateProjectTaskDeadline({ endsAt: passed })).toBe(true);
    expect(validators.validateProjectTaskDeadline({ endsAt: 'soon' })).toBe(false);
    const project = { ...b2cRemoteSurvey, unmoderatedStudyOrSurvey: { deadline: { endsAt: passed } } };
    expect(validators.validateListProjectsResponse.check({ page: 1, pageSize: 50, results: [project] })).toMatchObject({ valid: true });
  });
});
