/** Screener questions: the variants by questionType, answers, matrix rows and the end sentinel. */
import {
  answer,
  b2bRemoteProject,
  checkboxQuestion,
  edit,
  matrixQuestion,
  radioQuestion,
  screenerEnd,
  sliderQuestion,
  textQuestion,
  withProps,
  without,
  type CaseGroup,
} from './fixtures.js';

const SQ = 'Screener questions';
const TEXT_LIKE = ['singleLineTextbox', 'multiLineTextbox', 'numericBox', 'fileUpload'] as const;

export const screenerQuestionCases: CaseGroup[] = [
  {
    description: 'real questions by questionType',
    schema: 'ScreenerQuestionItem',
    cases: [
      { source: `${SQ}: radio`, description: 'a radio question answering 1 and 2 is accepted', data: radioQuestion, valid: true },
      {
        source: `${SQ}: radio`,
        description: 'a radio answer with answerValue 3 is rejected (1 qualifies, 2 disqualifies)',
        data: edit(radioQuestion, (q) => {
          q.answers[1].answerValue = 3;
        }),
        valid: false,
      },
      { source: `${SQ}: checkbox`, description: 'a checkbox question answering 1, 2 and 3 is accepted', data: checkboxQuestion, valid: true },
      {
        source: `${SQ}: checkbox`,
        description: 'a checkbox answer with answerValue 4 is rejected',
        data: edit(checkboxQuestion, (q) => {
          q.answers[2].answerValue = 4;
        }),
        valid: false,
      },
      {
        source: `${SQ}: checkbox`,
        description: 'a checkbox answer with answerValue 0 is rejected',
        data: edit(checkboxQuestion, (q) => {
          q.answers[0].answerValue = 0;
        }),
        valid: false,
      },
      ...TEXT_LIKE.map((type) => ({
        source: `${SQ}: ${type}`,
        description: `a ${type} question with empty answers is accepted`,
        data: textQuestion(type),
        valid: true,
      })),
      ...TEXT_LIKE.map((type) => ({
        source: `${SQ}: ${type}`,
        description: `a ${type} question with an answer is rejected (empty for types without options)`,
        data: withProps(textQuestion(type), { answers: [answer] }),
        valid: false,
      })),
      { source: `${SQ}: rank`, description: 'a rank question with answers is accepted', data: withProps(radioQuestion, { questionType: 'rank' }), valid: true },
      { source: `${SQ}: sliderScale`, description: 'a sliderScale with minValue, maxValue and step is accepted', data: sliderQuestion, valid: true },
      ...['minValue', 'maxValue', 'step'].map((field) => ({
        source: `${SQ}: sliderScale`,
        description: `a sliderScale without ${field} is rejected`,
        data: without(sliderQuestion, field),
        valid: false,
      })),
      {
        source: `${SQ}: sliderScale`,
        description: 'a sliderScale whose step is a string is rejected',
        data: withProps(sliderQuestion, { step: '1' }),
        valid: false,
      },
      { source: `${SQ}: matrix`, description: 'a multi-mode matrix with must-select and disqualify uids is accepted', data: matrixQuestion, valid: true },
      { source: `${SQ}: matrix`, description: 'a matrix without matrixRows is rejected', data: without(matrixQuestion, 'matrixRows'), valid: false },
      {
        source: `${SQ}: matrix`,
        description: 'a single-mode matrix with qualifying uids only is accepted',
        data: edit(matrixQuestion, (q) => {
          q.matrixSelectionMode = 'single';
          q.matrixRows = [{ uid: 'r1', text: 'Jira', qualifyingAnswerUids: ['col-often'] }];
        }),
        valid: true,
      },
      {
        source: `${SQ}: matrix`,
        description: 'a single-mode matrix row with mustSelectAnswerUids is rejected (multi mode only)',
        data: edit(matrixQuestion, (q) => {
          q.matrixSelectionMode = 'single';
          q.matrixRows = [{ uid: 'r1', text: 'Jira', mustSelectAnswerUids: ['col-often'] }];
        }),
        valid: false,
      },
      {
        source: `${SQ}: matrix`,
        description: 'a single-mode matrix row with disqualifyAnswerUids is rejected (multi mode only)',
        data: edit(matrixQuestion, (q) => {
          q.matrixSelectionMode = 'single';
          q.matrixRows = [{ uid: 'r1', text: 'Jira', disqualifyAnswerUids: ['col-never'] }];
        }),
        valid: false,
      },
      {
        source: `${SQ}: matrix`,
        description: 'matrixMatchType "some" is rejected',
        data: withProps(matrixQuestion, { matrixMatchType: 'some' }),
        valid: false,
      },
      {
        source: `${SQ}: matrix`,
        description: 'matrixSelectionMode "multiple" is rejected',
        data: withProps(matrixQuestion, { matrixSelectionMode: 'multiple' }),
        valid: false,
      },
      {
        source: `${SQ}: matrix`,
        description: 'a matrix row without text is rejected',
        data: edit(matrixQuestion, (q) => {
          delete q.matrixRows[0].text;
        }),
        valid: false,
      },
      {
        source: `${SQ}: matrix`,
        description: 'matrix skip logic naming a row is accepted',
        data: withProps(matrixQuestion, { skipLogic: true, logic: { answerUid: 'col-never', rowUid: 'row-jira', goToQuestionUid: 'q-end' } }),
        valid: true,
      },
      {
        source: `${SQ}: radio`,
        description: 'a radio question whose skip logic names a row is rejected (rowUid is matrix only)',
        data: withProps(radioQuestion, { skipLogic: true, logic: { answerUid: 'a-no', rowUid: 'row-1' } }),
        valid: false,
      },
      {
        source: `${SQ}: radio`,
        description: 'skip logic without answerUid is rejected',
        data: withProps(radioQuestion, { skipLogic: true, logic: { goToQuestionUid: 'q-2' } }),
        valid: false,
      },
      { source: SQ, description: 'an unknown questionType is rejected', data: withProps(radioQuestion, { questionType: 'dropdown' }), valid: false },
      { source: SQ, description: 'a real question with isEnd true is rejected (always false)', data: withProps(radioQuestion, { isEnd: true }), valid: false },
      { source: SQ, description: 'a real question without isEnd is rejected', data: without(radioQuestion, 'isEnd'), valid: false },
      // The source lists a question's updatedAt without a type: a gap, any JSON value.
      { source: SQ, description: 'updatedAt as a string is accepted', data: withProps(radioQuestion, { updatedAt: '2024-01-01T00:00:00Z' }), valid: true },
      {
        source: SQ,
        description: 'updatedAt as a number is accepted (its type is not shown)',
        data: withProps(radioQuestion, { updatedAt: 1704067200000 }),
        valid: true,
      },
      ...['uid', 'id', 'text', 'answers'].map((field) => ({
        source: SQ,
        description: `a real question without ${field} is rejected`,
        data: without(radioQuestion, field),
        valid: false,
      })),
      { source: SQ, description: 'a question without createdAt (made before 2021) is accepted', data: without(radioQuestion, 'createdAt'), valid: true },
      {
        source: SQ,
        description: 'the optional common fields are accepted',
        data: withProps(radioQuestion, {
          createdAt: '2024-01-02T03:04:05Z',
          updatedAt: '2024-01-03',
          isRequired: true,
          skipLogic: false,
          includeOtherOption: true,
          order: 2,
          randomizeOrder: false,
          warnings: ['check wording'],
        }),
        valid: true,
      },
      { source: SQ, description: 'order as a string is rejected', data: withProps(radioQuestion, { order: '2' }), valid: false },
    ],
  },
  {
    description: 'end-of-screener sentinel',
    schema: 'ScreenerQuestionItem',
    cases: [
      { source: `${SQ}: end-of-screener sentinel`, description: 'isEnd true, uid null and empty answers is accepted', data: screenerEnd, valid: true },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'uid, order and answers absent is accepted',
        data: without(screenerEnd, 'uid', 'answers'),
        valid: true,
      },
      { source: `${SQ}: end-of-screener sentinel`, description: 'order null is accepted', data: withProps(screenerEnd, { order: null }), valid: true },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a string uid is rejected (null or absent)',
        data: withProps(screenerEnd, { uid: 'q-end' }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a numeric order is rejected (null or absent)',
        data: withProps(screenerEnd, { order: 9 }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'answers with an item is rejected (empty or absent)',
        data: withProps(screenerEnd, { answers: [answer] }),
        valid: false,
      },
      ...['text', 'isEnd', 'id'].map((field) => ({
        source: `${SQ}: end-of-screener sentinel`,
        description: `without ${field} is rejected`,
        data: without(screenerEnd, field),
        valid: false,
      })),
    ],
  },
  {
    description: 'answers',
    schema: 'ScreenerAnswer',
    cases: [
      { source: `${SQ}: answers`, description: 'id, uid, answerValue and text is accepted', data: answer, valid: true },
      ...['id', 'uid', 'answerValue'].map((field) => ({
        source: `${SQ}: answers`,
        description: `without ${field} is rejected`,
        data: without(answer, field),
        valid: false,
      })),
      { source: `${SQ}: answers`, description: 'without text (not isOther) is rejected', data: without(answer, 'text'), valid: false },
      {
        source: `${SQ}: answers`,
        description: 'without text and isOther false is rejected',
        data: withProps(without(answer, 'text'), { isOther: false }),
        valid: false,
      },
      {
        source: `${SQ}: answers`,
        description: 'an isOther answer without text is accepted',
        data: withProps(without(answer, 'text'), { isOther: true }),
        valid: true,
      },
      {
        source: `${SQ}: answers`,
        description: 'an isOther answer with text "Other" is accepted',
        data: withProps(answer, { isOther: true, text: 'Other' }),
        valid: true,
      },
      { source: `${SQ}: answers`, description: 'answerValue as a string is rejected', data: withProps(answer, { answerValue: '1' }), valid: false },
      {
        source: `${SQ}: answers`,
        description: 'goToQuestionUid and dates are accepted; createdAt needs no format',
        data: withProps(answer, { goToQuestionUid: 'q-2', createdAt: 'before 2021', updatedAt: '2024-01-01' }),
        valid: true,
      },
    ],
  },
  {
    description: 'screener questions on a project',
    schema: 'Project',
    cases: [
      {
        source: SQ,
        description: 'a list of every question type ending with the sentinel is accepted',
        data: withProps(b2bRemoteProject, {
          screenerQuestions: [
            radioQuestion,
            checkboxQuestion,
            ...TEXT_LIKE.map(textQuestion),
            withProps(radioQuestion, { questionType: 'rank' }),
            sliderQuestion,
            matrixQuestion,
            screenerEnd,
          ],
        }),
        valid: true,
      },
      {
        source: SQ,
        description: 'a list with one invalid question is rejected',
        data: withProps(b2bRemoteProject, { screenerQuestions: [radioQuestion, without(sliderQuestion, 'step'), screenerEnd] }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a sentinel carrying a uid is rejected inside a project',
        data: withProps(b2bRemoteProject, { screenerQuestions: [radioQuestion, withProps(screenerEnd, { uid: 'q-end' })] }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a list without the sentinel is accepted',
        data: withProps(b2bRemoteProject, { screenerQuestions: [radioQuestion, checkboxQuestion] }),
        valid: true,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a list holding only the sentinel is accepted',
        data: withProps(b2bRemoteProject, { screenerQuestions: [screenerEnd] }),
        valid: true,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a sentinel first, before the questions, is rejected (it is the last element)',
        data: withProps(b2bRemoteProject, { screenerQuestions: [screenerEnd, radioQuestion, checkboxQuestion] }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'a sentinel between two questions is rejected',
        data: withProps(b2bRemoteProject, { screenerQuestions: [radioQuestion, screenerEnd, checkboxQuestion] }),
        valid: false,
      },
      {
        source: `${SQ}: end-of-screener sentinel`,
        description: 'two sentinels at the end are rejected (one extra element)',
        data: withProps(b2bRemoteProject, { screenerQuestions: [radioQuestion, screenerEnd, screenerEnd] }),
        valid: false,
      },
    ],
  },
];
