/** External screener (link and question catalog), the state rules around it, and past participation. */
import { b2bRemoteProject, externalQuestionRadio, externalQuestionText, externalScreenerProject, withProps, without, type CaseGroup } from './fixtures.js';

const ES = 'External screener';
const STATES = 'States and transitions';
const PAST = 'Nested objects of Project: PastParticipation';

export const externalScreenerCases: CaseGroup[] = [
  {
    description: 'external question catalog entries',
    schema: 'ExternalQuestion',
    cases: [
      { source: ES, description: 'a RADIO question with two options is accepted', data: externalQuestionRadio, valid: true },
      {
        source: ES,
        description: 'a CHECKBOX question with one option (lower bound) is accepted',
        data: { ...externalQuestionRadio, questionType: 'CHECKBOX', options: [{ id: 'o1', text: 'One' }] },
        valid: true,
      },
      { source: ES, description: 'a RADIO question without options is rejected', data: without(externalQuestionRadio, 'options'), valid: false },
      {
        source: ES,
        description: 'a CHECKBOX question with an empty options array is rejected',
        data: { ...externalQuestionRadio, questionType: 'CHECKBOX', options: [] },
        valid: false,
      },
      {
        source: ES,
        description: 'a RADIO question repeating an option id is rejected',
        data: {
          ...externalQuestionRadio,
          options: [
            { id: 'o1', text: 'A' },
            { id: 'o1', text: 'B' },
          ],
        },
        valid: false,
      },
      {
        source: ES,
        description: 'the same option id in two different questions is fine (unique within a question)',
        data: { ...externalQuestionRadio, options: [{ id: 'o-pm', text: 'A' }] },
        valid: true,
      },
      { source: ES, description: 'an option without text is rejected', data: { ...externalQuestionRadio, options: [{ id: 'o1' }] }, valid: false },
      { source: ES, description: 'an option without id is rejected', data: { ...externalQuestionRadio, options: [{ text: 'A' }] }, valid: false },
      { source: ES, description: 'a TEXT question without options is accepted', data: externalQuestionText, valid: true },
      { source: ES, description: 'a NUMBER question without options is accepted', data: { ...externalQuestionText, questionType: 'NUMBER' }, valid: true },
      {
        source: ES,
        description: 'a TEXT question with options is rejected',
        data: { ...externalQuestionText, options: [{ id: 'o1', text: 'A' }] },
        valid: false,
      },
      {
        source: ES,
        description: 'a NUMBER question with options is rejected',
        data: { ...externalQuestionText, questionType: 'NUMBER', options: [{ id: 'o1', text: 'A' }] },
        valid: false,
      },
      {
        source: ES,
        description: 'an OTHER question with an empty options array is rejected',
        data: { ...externalQuestionText, questionType: 'OTHER', options: [] },
        valid: false,
      },
      { source: ES, description: 'a question without questionId is rejected', data: without(externalQuestionText, 'questionId'), valid: false },
      { source: ES, description: 'a question without text is rejected', data: without(externalQuestionText, 'text'), valid: false },
      { source: ES, description: 'a question without questionType is rejected', data: without(externalQuestionText, 'questionType'), valid: false },
    ],
  },
  {
    description: 'external screener on a project',
    schema: 'Project',
    cases: [
      { source: ES, description: 'a published project with link and catalog is accepted', data: externalScreenerProject, valid: true },
      {
        source: ES,
        description: 'a project whose catalog has an invalid question is rejected',
        data: withProps(externalScreenerProject, { externalQuestions: [without(externalQuestionRadio, 'options')] }),
        valid: false,
      },
      {
        source: ES,
        description: 'declared questions with the link absent are rejected (cannot be cleared)',
        data: without(externalScreenerProject, 'externalScreenerLink'),
        valid: false,
      },
      {
        source: ES,
        description: 'declared questions with the link null are rejected (cannot be cleared)',
        data: withProps(externalScreenerProject, { externalScreenerLink: null }),
        valid: false,
      },
      {
        source: ES,
        description: 'declared questions on a draft with the link null are rejected too',
        data: withProps(externalScreenerProject, { projectStatus: 'DRAFT', externalScreenerLink: null }),
        valid: false,
      },
      { source: ES, description: 'no link and no questions is accepted (organization without its own screener)', data: b2bRemoteProject, valid: true },
      { source: ES, description: 'link null without questions is accepted', data: withProps(b2bRemoteProject, { externalScreenerLink: null }), valid: true },
      {
        source: `${STATES}: rule 3`,
        description: 'a draft holding only the link is accepted',
        data: withProps(b2bRemoteProject, { externalScreenerLink: 'https://screener.example.com/s/abc' }),
        valid: true,
      },
      {
        source: `${STATES}: rule 3`,
        description: 'a PAID project holding only the link is rejected',
        data: without(externalScreenerProject, 'externalQuestions'),
        valid: false,
      },
      {
        source: `${STATES}: rule 3`,
        description: 'a CLOSED project holding the link and an empty catalog is rejected',
        data: withProps(externalScreenerProject, { projectStatus: 'CLOSED', externalQuestions: [] }),
        valid: false,
      },
      {
        source: `${STATES}: rule 2`,
        description: 'a PAID project with link and catalog is accepted',
        data: withProps(externalScreenerProject, { projectStatus: 'PAID' }),
        valid: true,
      },
    ],
  },
  {
    description: 'past participation filter',
    schema: 'PastParticipation',
    cases: [
      { source: PAST, description: 'hasNeverParticipated true alone is accepted', data: { hasNeverParticipated: true }, valid: true },
      { source: PAST, description: 'hasNeverParticipated false with months is accepted', data: { hasNeverParticipated: false, months: '6' }, valid: true },
      {
        source: PAST,
        description: 'hasNeverParticipated true with months is accepted (months is then ignored, not forbidden)',
        data: { hasNeverParticipated: true, months: '6' },
        valid: true,
      },
      {
        source: PAST,
        description: 'hasNeverParticipated true with a months value outside the list is still rejected',
        data: { hasNeverParticipated: true, months: '4' },
        valid: false,
      },
      { source: PAST, description: 'without hasNeverParticipated is rejected (required)', data: { months: '6' }, valid: false },
      {
        source: PAST,
        description: 'since as a date-time is accepted (computed and returned)',
        data: { hasNeverParticipated: true, since: '2024-08-01T00:00:00Z' },
        valid: true,
      },
      { source: PAST, description: 'since that is not a date-time is rejected', data: { hasNeverParticipated: true, since: 'last summer' }, valid: false },
    ],
  },
  {
    description: 'past participation on a project',
    schema: 'Project',
    cases: [
      {
        source: PAST,
        description: 'a project filtering on the last 3 months is accepted',
        data: withProps(b2bRemoteProject, { filterPastParticipation: { hasNeverParticipated: false, months: '3' } }),
        valid: true,
      },
      {
        source: PAST,
        description: 'a project filter with months beside hasNeverParticipated true is accepted (used only when false)',
        data: withProps(b2bRemoteProject, { filterPastParticipation: { hasNeverParticipated: true, months: '3' } }),
        valid: true,
      },
      {
        source: PAST,
        description: 'a project filter with months as a number is rejected',
        data: withProps(b2bRemoteProject, { filterPastParticipation: { hasNeverParticipated: true, months: 3 } }),
        valid: false,
      },
    ],
  },
];
