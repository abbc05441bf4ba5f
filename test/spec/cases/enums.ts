/** Every enum family: one member accepted, one near-miss rejected (case slips, neighbours, plurals). */
import { b2bRemoteProject, b2cRemoteSurvey, withProps, type CaseGroup, type ComponentName } from './fixtures.js';

const ENUM = 'Enumerations used by Project';

/** A named enumeration checked on its own component schema. */
function family(schema: ComponentName, member: string, nearMiss: string, source = `${ENUM}: ${schema}`): CaseGroup {
  return {
    description: `${schema} members`,
    schema,
    cases: [
      { source, description: `${JSON.stringify(member)} is a member`, data: member, valid: true },
      { source, description: `${JSON.stringify(nearMiss)} is not a member`, data: nearMiss, valid: false },
    ],
  };
}

/** An enumeration checked where a Project uses it. */
function onProject(field: string, member: unknown, nearMiss: unknown, source: string, base: object = b2bRemoteProject): CaseGroup {
  return {
    description: `Project.${field}`,
    schema: 'Project',
    cases: [
      { source, description: `${field} ${JSON.stringify(member)} is accepted`, data: withProps(base, { [field]: member }), valid: true },
      { source, description: `${field} ${JSON.stringify(nearMiss)} is rejected`, data: withProps(base, { [field]: nearMiss }), valid: false },
    ],
  };
}

/** An Advanced targeting member. */
function advanced(member: string, value: unknown, nearMiss: unknown): CaseGroup {
  const source = `Advanced targeting (object on a project): ${member}`;
  return {
    description: `AdvancedTargeting.${member}`,
    schema: 'AdvancedTargeting',
    cases: [
      { source, description: `${member} ${JSON.stringify(value)} is accepted`, data: { [member]: value }, valid: true },
      { source, description: `${member} ${JSON.stringify(nearMiss)} is rejected`, data: { [member]: nearMiss }, valid: false },
    ],
  };
}

export const enumCases: CaseGroup[] = [
  family('ProjectStatus', 'DRAFT', 'draft'),
  family('ProjectRecruitingStatus', 'RECRUITED', 'RECRUITING_DONE'),
  family('KindOfResearch', 'diaryStudy', 'diary'),
  family('JobFunction', 'writingEditing', 'writing'),
  family('CompanySize', '10000+', '10001+'),
  family('HouseholdIncome', '<30000', '0-29999'),
  family('Gender', 'N/A', 'n/a'),
  family('EducationLevel', 'tradetechnicalvocationaltraining', 'trade'),
  family('Ethnicities', 'multipleethnicity', 'multipleethnicities'),
  family('AgeGroup', '55+', '55-64'),
  family('SeniorityLevel', 'vicepresident', 'vp'),
  family('KeyQualifier', 'onlineShoppingFrequency', 'targetGenders'),
  family('NdaType', 'none', 'pdf'),
  family('ExternalQuestionType', 'OTHER', 'radio'),
  family('ProjectCountryCode', 'NO', 'UK'),
  family('ProjectCountryCode', 'all', 'ALL'),
  family('WebhookEventType', 'QUOTAS.SEGMENT_FILLED', 'QUOTAS.UPDATED', 'Events'),

  onProject('targetMarketType', 'b2c', 'B2C', 'Project: targetMarketType', b2cRemoteSurvey),
  onProject('typeOfResearch', 'remote', 'online', 'Project: typeOfResearch'),
  onProject('projectStatus', 'ARCHIVED', 'PUBLISHED', `${ENUM}: ProjectStatus`),
  onProject('projectRecruitingStatus', 'RECRUITING', 'recruiting', `${ENUM}: ProjectRecruitingStatus`),
  onProject('targetGenders', 'female', ['female'], 'Project: targetGenders (a single value, not an array)'),
  onProject('targetCountry', 'GB', 'GBR', `${ENUM}: ProjectCountryCode`),
  onProject('targetCountries', ['US', 'CA', 'all'], ['US', 'us'], `${ENUM}: ProjectCountryCode`),
  onProject('targetJobFunctions', ['productManagement'], ['product'], `${ENUM}: JobFunction`),
  onProject('targetCompanySize', ['selfemployed', '1-10'], ['1-9'], `${ENUM}: CompanySize`),
  onProject('targetHouseholdIncome', ['200000+'], ['200000'], `${ENUM}: HouseholdIncome`),
  onProject('targetEducation', ['masterdegree'], ['mastersdegree'], `${ENUM}: EducationLevel`),
  onProject('targetEthnicities', ['prefernotdisclose'], ['prefernottoanswer'], `${ENUM}: Ethnicities`),
  onProject('targetAgeGroups', ['18-20'], ['18-21'], `${ENUM}: AgeGroup`),
  onProject('seniority', ['chiefofficer'], ['cxo'], `${ENUM}: SeniorityLevel`),
  onProject('keyQualifiers', ['targetAudienceSkills', 'pets'], ['webcam'], `${ENUM}: KeyQualifier`),
  onProject('ndaDetails', { ndaType: 'link', ndaLink: 'https://nda.example.com/1' }, { ndaType: 'url' }, `${ENUM}: NdaType`),

  advanced('relationshipStatus', 'domesticPartnershipCivilUnion', 'partnered'),
  advanced('languages', ['en', 'no', 'uk', 'other'], ['nb']),
  advanced('livingSituation', 'significantOther', 'partner'),
  advanced('pets', ['noPets', 'amphibian'], ['hamster']),
  advanced('nationality', ['newzealander', 'saudiarabian'], ['new zealander']),
  advanced('areaType', 'suburban', 'other'),
  advanced('programmingLanguages', ['c#', 'c++', 'golang'], ['go']),
  advanced('relationshipStatus', 'single', ['single']),

  {
    description: 'PastParticipation.months',
    schema: 'PastParticipation',
    cases: [
      {
        source: 'Nested objects of Project: PastParticipation',
        description: 'months "-1" is accepted',
        data: { hasNeverParticipated: false, months: '-1' },
        valid: true,
      },
      {
        source: 'Nested objects of Project: PastParticipation',
        description: 'months "12" is accepted',
        data: { hasNeverParticipated: false, months: '12' },
        valid: true,
      },
      {
        source: 'Nested objects of Project: PastParticipation',
        description: 'months "4" is rejected',
        data: { hasNeverParticipated: false, months: '4' },
        valid: false,
      },
      {
        source: 'Nested objects of Project: PastParticipation',
        description: 'months as the number 6 (not a string) is rejected',
        data: { hasNeverParticipated: false, months: 6 },
        valid: false,
      },
    ],
  },
  {
    description: 'ExternalQuestion.questionType',
    schema: 'ExternalQuestion',
    cases: [
      {
        source: `${ENUM}: ExternalQuestionType`,
        description: 'questionType NUMBER is accepted',
        data: { questionId: 'q', questionType: 'NUMBER', text: 'How many?' },
        valid: true,
      },
      {
        source: `${ENUM}: ExternalQuestionType`,
        description: 'questionType SELECT is rejected',
        data: { questionId: 'q', questionType: 'SELECT', text: 'Pick' },
        valid: false,
      },
    ],
  },
  {
    description: 'EventTypes response',
    schema: 'EventTypes',
    cases: [
      {
        source: 'GET /v1/webhooks/{webhookId}/event-types',
        description: 'every event type is accepted',
        data: {
          eventTypes: [
            'PROJECTS.UPDATED',
            'SCREENER_RESPONSES.CREATED',
            'SCREENER_RESPONSES.UPDATED',
            'MESSAGES.CREATED',
            'CONVERSATIONS.CREATED',
            'QUOTAS.SEGMENT_FILLED',
            'QUOTAS.FILLED',
          ],
        },
        valid: true,
      },
      {
        source: 'GET /v1/webhooks/{webhookId}/event-types',
        description: 'an unknown event type is rejected',
        data: { eventTypes: ['PROJECTS.CREATED'] },
        valid: false,
      },
      { source: 'GET /v1/webhooks/{webhookId}/event-types', description: 'a missing eventTypes is rejected', data: {}, valid: false },
    ],
  },
];
