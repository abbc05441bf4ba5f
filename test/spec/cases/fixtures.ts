/**
 * Valid base objects for the data-driven cases, and the types of a case file. Every case derives
 * its data from one of these bases by a small edit, so a case fails for the one reason it names.
 */

/** Component schemas the cases validate against (checked to exist in the bundled document). */
export type ComponentName =
  | 'Project'
  | 'ProjectList'
  | 'SkillList'
  | 'Skill'
  | 'ExternalQuestion'
  | 'ExternalResearcher'
  | 'Automation'
  | 'PastParticipation'
  | 'UnmoderatedStudyOrSurvey'
  | 'ProjectTaskDeadline'
  | 'ProjectClosedDetails'
  | 'NdaDetails'
  | 'ProjectLocationInPerson'
  | 'TargetCity'
  | 'Location'
  | 'NamedReference'
  | 'AdvancedTargeting'
  | 'ScreenerQuestionItem'
  | 'ScreenerAnswer'
  | 'ScreenerMatrixRow'
  | 'AudienceQuotaSet'
  | 'QuotaRule'
  | 'QuotaCondition'
  | 'QuotaTargetUpdate'
  | 'QuotaExternalFill'
  | 'EventTypes'
  | 'WebhookEventType'
  | 'ProjectStatus'
  | 'ProjectRecruitingStatus'
  | 'KindOfResearch'
  | 'JobFunction'
  | 'CompanySize'
  | 'HouseholdIncome'
  | 'Gender'
  | 'EducationLevel'
  | 'Ethnicities'
  | 'AgeGroup'
  | 'SeniorityLevel'
  | 'KeyQualifier'
  | 'NdaType'
  | 'ExternalQuestionType'
  | 'ProjectCountryCode';

/** Schemas of the fully specified operations that are not components. */
export const OPERATION_TARGETS = {
  'PATCH quotas/targets body': { kind: 'body', method: 'patch', path: '/v1/projects/{projectId}/quotas/targets' },
  'PUT quotas/external-fills body': { kind: 'body', method: 'put', path: '/v1/projects/{projectId}/quotas/external-fills' },
  'GET /v1/skills query': { kind: 'query', method: 'get', path: '/v1/skills', name: 'query' },
} as const;

export type OperationTarget = keyof typeof OPERATION_TARGETS;
export type Target = ComponentName | OperationTarget;

export interface Case {
  /** The section of the source the case comes from: "<heading>" or "<heading>: <detail>". */
  source: string;
  description: string;
  data: unknown;
  valid: boolean;
  /**
   * For a rule that holds only for what is sent (`x-future-date-time`): `sent` checks the data as
   * a request carries it, `returned` as an answer does. Without it, the data must be judged the
   * same both ways.
   */
  as?: 'sent' | 'returned';
}

export interface CaseGroup {
  description: string;
  schema: Target;
  cases: Case[];
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

// Fixtures are plain JSON; drafts are edited freely, so they are typed loosely on purpose.
export type Draft = Record<string, any>;

/** A deep copy of `base` changed by `change` (which edits the copy in place). */
export function edit<T>(base: T, change: (draft: Draft) => void): Draft {
  const copy = structuredClone(base) as Draft;
  change(copy);
  return copy;
}

/** `base` with `patch` merged on top (one level). */
export function withProps(base: object, patch: Draft): Draft {
  return { ...structuredClone(base), ...structuredClone(patch) };
}

/** `base` without the named top-level properties. */
export function without(base: object, ...keys: string[]): Draft {
  const copy = structuredClone(base) as Draft;
  for (const k of keys) delete copy[k];
  return copy;
}

/** A string of `n` characters. */
export const chars = (n: number): string => 'x'.repeat(n);

/** `n` copies of `item`, each with a distinct `id` (and `name`) when it has one. */
export function many(n: number, item: Draft): Draft[] {
  return Array.from({ length: n }, (_, i) => ({
    ...structuredClone(item),
    ...('id' in item && { id: `${String(item.id)}-${i}` }),
    ...('name' in item && { name: `${String(item.name)} ${i}` }),
  }));
}

const DAY = 24 * 60 * 60 * 1000;
/** A date-time a week ahead of the run (deadlines must lie in the future). */
export const FUTURE = new Date(Date.now() + 7 * DAY).toISOString();
/** A date-time a day before the run. */
export const PAST = new Date(Date.now() - DAY).toISOString();

// ---------------------------------------------------------------------------------------------
// Bases
// ---------------------------------------------------------------------------------------------

export const industry = { id: '5f8d0d55b54764421b7156c3', name: 'Computer Software' };
export const jobTitle = { id: '5f8d0d55b54764421b7156d9', name: 'Engineering Manager' };
export const topic = { id: '5f8d0d55b54764421b7157a1', name: 'Groceries' };

export const skill = {
  id: '65f1c0a2e4b0a1b2c3d4e5f6',
  createdAt: '2024-03-13T09:12:02.000Z',
  name: 'Figma',
  slug: 'figma',
  validated: false,
  type: 'skill',
};

export const researcher = { researcherId: 'r-1042', bookingUrl: 'https://calendar.example.com/r-1042' };

/** Minimal valid project: b2b, remote, one-on-one (hence a booking URL), a draft. */
export const b2bRemoteProject = {
  id: '66a0f1aac1d2e3f4a5b6c001',
  createdAt: '2025-02-03T10:15:00.000Z',
  publicTitle: 'Talk to us about sprint planning',
  publicInternalName: 'Sprint interviews',
  projectStatus: 'DRAFT',
  projectRecruitingStatus: 'PAUSED',
  targetMarketType: 'b2b',
  typeOfResearch: 'remote',
  targetResearchMethodology: 'oneOnOne',
  participantTimeRequiredMinutes: 45,
  incentiveAmount: 100,
  targetNumberOfParticipants: 8,
  externalResearcher: researcher,
  targetProfessionalIndustries: [industry],
};

/** Minimal valid b2c remote survey (no booking URL needed). */
export const b2cRemoteSurvey = edit(b2bRemoteProject, (p) => {
  p.targetMarketType = 'b2c';
  p.targetResearchMethodology = 'survey';
  p.externalResearcher = { researcherId: 'r-1042' };
  delete p.targetProfessionalIndustries;
  p.targetProjectTopics = [topic];
});

export const inPersonLocation = {
  address1: '1 Main Street',
  city: 'Springfield',
  country: 'US',
  formattedAddress: '1 Main Street, Springfield, US',
  latitude: 39.8,
  longitude: -89.65,
};

/** Minimal valid b2b in-person project in the respondent's home. */
export const b2bInPersonProject = withProps(b2bRemoteProject, {
  typeOfResearch: 'inPerson',
  targetResearchMethodology: 'inRespondentHome',
  targetLocationRespondentInPerson: inPersonLocation,
});

export const externalQuestionRadio = {
  questionId: 'eq-role',
  questionType: 'RADIO',
  text: 'What is your role?',
  options: [
    { id: 'o-pm', text: 'Product manager' },
    { id: 'o-eng', text: 'Engineer' },
  ],
};

export const externalQuestionText = { questionId: 'eq-why', questionType: 'TEXT', text: 'Why do you want to join?' };

/** A published project running its own screener: link and catalog. */
export const externalScreenerProject = withProps(b2bRemoteProject, {
  projectStatus: 'PAID',
  projectRecruitingStatus: 'RECRUITING',
  publicDescription: 'A 45-minute video call.',
  externalScreenerLink: 'https://screener.example.com/s/abc',
  externalQuestions: [externalQuestionRadio],
});

export const answer = { id: 'a1', uid: 'a-yes', answerValue: 1, text: 'Yes' };

export const radioQuestion = {
  uid: 'q-role',
  id: '66a0f1aac1d2e3f4a5b6c101',
  text: 'Do you lead sprint planning?',
  questionType: 'radio',
  isEnd: false,
  answers: [answer, { id: 'a2', uid: 'a-no', answerValue: 2, text: 'No' }],
};

export const checkboxQuestion = withProps(radioQuestion, {
  uid: 'q-tools',
  questionType: 'checkbox',
  answers: [
    { id: 'c1', uid: 'c-jira', answerValue: 1, text: 'Jira' },
    { id: 'c2', uid: 'c-linear', answerValue: 2, text: 'Linear' },
    { id: 'c3', uid: 'c-none', answerValue: 3, text: 'None' },
  ],
});

export const textQuestion = (questionType: string): Draft => withProps(radioQuestion, { uid: `q-${questionType}`, questionType, answers: [] });

export const sliderQuestion = withProps(radioQuestion, { uid: 'q-slider', questionType: 'sliderScale', answers: [], minValue: 0, maxValue: 10, step: 1 });

export const matrixQuestion = withProps(radioQuestion, {
  uid: 'q-matrix',
  questionType: 'matrix',
  answers: [
    { id: 'm1', uid: 'col-often', answerValue: 1, text: 'Often' },
    { id: 'm2', uid: 'col-never', answerValue: 2, text: 'Never' },
  ],
  matrixMatchType: 'all',
  matrixSelectionMode: 'multi',
  matrixRows: [
    { uid: 'row-jira', text: 'Jira', qualifyingAnswerUids: ['col-often'], mustSelectAnswerUids: ['col-often'], disqualifyAnswerUids: ['col-never'] },
  ],
});

export const screenerEnd = { id: '66a0f1aac1d2e3f4a5b6c1ff', text: 'End of screener', isEnd: true, uid: null, answers: [] };

export const attributeCondition = { source: 'attribute', attribute: 'gender', op: 'in', values: ['female'] };

export const quotaRule = { kind: 'group', connector: 'AND', children: [{ kind: 'condition', condition: attributeCondition }] };

export const audienceQuotaSet = {
  id: '66a0f3b9c1d2e3f4a5b6c7d8',
  projectId: '66a0f1aac1d2e3f4a5b6c001',
  version: 'v2',
  revision: 4,
  filled: false,
  closed: false,
  source: 'api',
  createdAt: '2025-02-10T14:03:00Z',
  updatedAt: '2025-02-12T09:30:00Z',
  groups: [
    {
      id: 'grp-gender',
      name: 'Gender',
      filled: false,
      closed: false,
      minProtected: false,
      segments: [
        {
          id: 'seg-female',
          name: 'Female',
          target: { op: 'min', value: 6 },
          progress: { pending: 3, qualified: 4, invited: 2, attended: 1, externalFills: 0 },
          filled: false,
          closed: false,
          overTarget: false,
          rule: quotaRule,
        },
      ],
      noMatch: {
        target: { op: 'min', value: 0 },
        progress: { pending: 1, qualified: 0, invited: 0, attended: 0, externalFills: 0 },
        filled: false,
        closed: false,
        overTarget: false,
      },
    },
  ],
};

export const targetUpdate = { groupId: 'grp-gender', segmentId: 'seg-female', target: { value: 8 } };
export const externalFill = { groupId: 'grp-gender', segmentId: 'seg-female', count: 3 };
