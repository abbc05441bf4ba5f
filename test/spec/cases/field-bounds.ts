/** Source: Limits → Field bounds. Every row, at each bound and just beyond it. */
import {
  FUTURE,
  PAST,
  b2bRemoteProject,
  b2cRemoteSurvey,
  chars,
  externalScreenerProject,
  industry,
  jobTitle,
  many,
  skill,
  topic,
  withProps,
  type CaseGroup,
} from './fixtures.js';

const fb = (field: string) => `Field bounds: ${field}`;

export const fieldBoundCases: CaseGroup[] = [
  {
    description: 'Project field bounds',
    schema: 'Project',
    cases: [
      {
        source: fb('publicInternalName'),
        description: 'publicInternalName of 3 characters (lower bound) is accepted',
        data: withProps(b2bRemoteProject, { publicInternalName: chars(3) }),
        valid: true,
      },
      {
        source: fb('publicInternalName'),
        description: 'publicInternalName of 2 characters is rejected',
        data: withProps(b2bRemoteProject, { publicInternalName: chars(2) }),
        valid: false,
      },
      {
        source: fb('publicInternalName'),
        description: 'publicInternalName of 50 characters (upper bound) is accepted',
        data: withProps(b2bRemoteProject, { publicInternalName: chars(50) }),
        valid: true,
      },
      {
        source: fb('publicInternalName'),
        description: 'publicInternalName of 51 characters is rejected',
        data: withProps(b2bRemoteProject, { publicInternalName: chars(51) }),
        valid: false,
      },

      {
        source: fb('publicDescription'),
        description: 'publicDescription of 800 characters (upper bound) is accepted',
        data: withProps(b2bRemoteProject, { publicDescription: chars(800) }),
        valid: true,
      },
      {
        source: fb('publicDescription'),
        description: 'publicDescription of 801 characters is rejected',
        data: withProps(b2bRemoteProject, { publicDescription: chars(801) }),
        valid: false,
      },

      {
        source: fb('incentiveAmount'),
        description: 'incentiveAmount 5 (minimum) is accepted',
        data: withProps(b2bRemoteProject, { incentiveAmount: 5 }),
        valid: true,
      },
      {
        source: fb('incentiveAmount'),
        description: 'incentiveAmount 4.99 is rejected',
        data: withProps(b2bRemoteProject, { incentiveAmount: 4.99 }),
        valid: false,
      },
      {
        source: fb('incentiveAmount'),
        description: 'incentiveAmount 1000 (maximum) is accepted',
        data: withProps(b2bRemoteProject, { incentiveAmount: 1000 }),
        valid: true,
      },
      {
        source: fb('incentiveAmount'),
        description: 'incentiveAmount 1000.01 is rejected',
        data: withProps(b2bRemoteProject, { incentiveAmount: 1000.01 }),
        valid: false,
      },

      {
        source: fb('targetNumberOfParticipants'),
        description: 'targetNumberOfParticipants 1 (minimum) is accepted',
        data: withProps(b2bRemoteProject, { targetNumberOfParticipants: 1 }),
        valid: true,
      },
      {
        source: fb('targetNumberOfParticipants'),
        description: 'targetNumberOfParticipants 0 is rejected',
        data: withProps(b2bRemoteProject, { targetNumberOfParticipants: 0 }),
        valid: false,
      },
      {
        source: fb('targetNumberOfParticipants'),
        description: 'targetNumberOfParticipants 500 (maximum) is accepted',
        data: withProps(b2bRemoteProject, { targetNumberOfParticipants: 500 }),
        valid: true,
      },
      {
        source: fb('targetNumberOfParticipants'),
        description: 'targetNumberOfParticipants 501 is rejected',
        data: withProps(b2bRemoteProject, { targetNumberOfParticipants: 501 }),
        valid: false,
      },

      {
        source: fb('targetJobTitles'),
        description: 'no job titles (empty array) is accepted',
        data: withProps(b2bRemoteProject, { targetJobTitles: [] }),
        valid: true,
      },
      {
        source: fb('targetJobTitles'),
        description: '30 job titles (upper bound) are accepted',
        data: withProps(b2bRemoteProject, { targetJobTitles: many(30, jobTitle) }),
        valid: true,
      },
      {
        source: fb('targetJobTitles'),
        description: '31 job titles are rejected',
        data: withProps(b2bRemoteProject, { targetJobTitles: many(31, jobTitle) }),
        valid: false,
      },

      { source: fb('targetProjectTopics'), description: 'b2c with 1 topic (lower bound) is accepted', data: b2cRemoteSurvey, valid: true },
      {
        source: fb('targetProjectTopics'),
        description: 'b2c with 2 topics (upper bound) is accepted',
        data: withProps(b2cRemoteSurvey, { targetProjectTopics: many(2, topic) }),
        valid: true,
      },
      {
        source: fb('targetProjectTopics'),
        description: 'b2c with 0 topics is rejected',
        data: withProps(b2cRemoteSurvey, { targetProjectTopics: [] }),
        valid: false,
      },
      {
        source: fb('targetProjectTopics'),
        description: 'b2c with 3 topics is rejected',
        data: withProps(b2cRemoteSurvey, { targetProjectTopics: many(3, topic) }),
        valid: false,
      },

      { source: fb('targetProfessionalIndustries'), description: 'b2b with 1 industry (lower bound) is accepted', data: b2bRemoteProject, valid: true },
      {
        source: fb('targetProfessionalIndustries'),
        description: 'b2b with many industries is accepted (no upper bound)',
        data: withProps(b2bRemoteProject, { targetProfessionalIndustries: many(40, industry) }),
        valid: true,
      },
      {
        source: fb('targetProfessionalIndustries'),
        description: 'b2b with 0 industries is rejected',
        data: withProps(b2bRemoteProject, { targetProfessionalIndustries: [] }),
        valid: false,
      },

      {
        source: fb('targetAudienceSkills'),
        description: '0 skills (lower bound) is accepted',
        data: withProps(b2bRemoteProject, { targetAudienceSkills: [] }),
        valid: true,
      },
      {
        source: fb('targetAudienceSkills'),
        description: '25 skills (upper bound) are accepted',
        data: withProps(b2bRemoteProject, { targetAudienceSkills: many(25, skill) }),
        valid: true,
      },
      {
        source: fb('targetAudienceSkills'),
        description: '26 skills are rejected',
        data: withProps(b2bRemoteProject, { targetAudienceSkills: many(26, skill) }),
        valid: false,
      },

      {
        source: fb('specialInstructions'),
        description: 'a survey with 2000-character special instructions is accepted',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { specialInstructions: chars(2000) } }),
        valid: true,
      },
      {
        source: fb('specialInstructions'),
        description: 'a survey with 2001-character special instructions is rejected',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { specialInstructions: chars(2001) } }),
        valid: false,
      },

      {
        source: fb('deadline.endsAt'),
        description: 'a survey deadline in the future is accepted',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { deadline: { endsAt: FUTURE, timezone: 'America/New_York' } } }),
        valid: true,
      },
      {
        source: fb('deadline.endsAt'),
        description: 'a survey deadline in the past is rejected when sent',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { deadline: { endsAt: PAST } } }),
        valid: false,
        as: 'sent',
      },
      {
        source: fb('deadline.endsAt'),
        description: 'a returned survey whose deadline has passed is accepted (the rule is for create and update)',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { deadline: { endsAt: PAST } } }),
        valid: true,
        as: 'returned',
      },

      { source: fb('externalScreenerLink'), description: 'an absolute https URL is accepted', data: externalScreenerProject, valid: true },
      {
        source: fb('externalScreenerLink'),
        description: 'an http URL is rejected',
        data: withProps(externalScreenerProject, { externalScreenerLink: 'http://screener.example.com/s/abc' }),
        valid: false,
      },
      {
        source: fb('externalScreenerLink'),
        description: 'a relative URL is rejected',
        data: withProps(externalScreenerProject, { externalScreenerLink: '/s/abc' }),
        valid: false,
      },
      {
        source: fb('externalScreenerLink'),
        description: 'a scheme-relative URL is rejected',
        data: withProps(externalScreenerProject, { externalScreenerLink: '//screener.example.com/s/abc' }),
        valid: false,
      },
      {
        source: fb('externalScreenerLink'),
        description: 'an https URL with an empty host ("https://") is rejected',
        data: withProps(externalScreenerProject, { externalScreenerLink: 'https://' }),
        valid: false,
      },
      {
        source: fb('externalScreenerLink'),
        description: 'text that is no URL at all is rejected',
        data: withProps(externalScreenerProject, { externalScreenerLink: 'https://screener example/s' }),
        valid: false,
      },

      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'advancedTargeting.numberOfChildren 0 is accepted on a project',
        data: withProps(b2bRemoteProject, { advancedTargeting: { numberOfChildren: 0 } }),
        valid: true,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'advancedTargeting.numberOfChildren -1 is rejected on a project',
        data: withProps(b2bRemoteProject, { advancedTargeting: { numberOfChildren: -1 } }),
        valid: false,
      },
    ],
  },
  {
    description: 'Unmoderated study settings bounds',
    schema: 'UnmoderatedStudyOrSurvey',
    cases: [
      { source: fb('specialInstructions'), description: 'empty settings object is accepted', data: {}, valid: true },
      { source: fb('specialInstructions'), description: '2000 characters (upper bound) are accepted', data: { specialInstructions: chars(2000) }, valid: true },
      { source: fb('specialInstructions'), description: '2001 characters are rejected', data: { specialInstructions: chars(2001) }, valid: false },
    ],
  },
  {
    description: 'Project task deadline',
    schema: 'ProjectTaskDeadline',
    cases: [
      { source: fb('deadline.endsAt'), description: 'a date-time a week ahead is accepted', data: { endsAt: FUTURE }, valid: true },
      { source: fb('deadline.endsAt'), description: 'a date-time a day ago is rejected when sent', data: { endsAt: PAST }, valid: false, as: 'sent' },
      {
        source: fb('deadline.endsAt'),
        description: 'a date-time a minute ago is rejected when sent',
        data: { endsAt: new Date(Date.now() - 60_000).toISOString() },
        valid: false,
        as: 'sent',
      },
      { source: fb('deadline.endsAt'), description: 'a date-time a day ago is accepted as returned', data: { endsAt: PAST }, valid: true, as: 'returned' },
      { source: 'Nested objects of Project: ProjectTaskDeadline', description: 'endsAt is required', data: { timezone: 'Europe/Paris' }, valid: false },
      {
        source: 'Nested objects of Project: ProjectTaskDeadline',
        description: 'endsAt that is not a date-time is rejected',
        data: { endsAt: 'next Friday' },
        valid: false,
      },
    ],
  },
  {
    description: 'Advanced targeting child counts',
    schema: 'AdvancedTargeting',
    cases: [
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildren 0 (minimum) is accepted',
        data: { numberOfChildren: 0 },
        valid: true,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildren -1 is rejected',
        data: { numberOfChildren: -1 },
        valid: false,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildren 1.5 (not an integer) is rejected',
        data: { numberOfChildren: 1.5 },
        valid: false,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildrenLiveAtHome 0 (minimum) is accepted',
        data: { numberOfChildrenLiveAtHome: 0 },
        valid: true,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildrenLiveAtHome -1 is rejected',
        data: { numberOfChildrenLiveAtHome: -1 },
        valid: false,
      },
      {
        source: fb('numberOfChildren, numberOfChildrenLiveAtHome'),
        description: 'numberOfChildrenLiveAtHome 2.5 (not an integer) is rejected',
        data: { numberOfChildrenLiveAtHome: 2.5 },
        valid: false,
      },
    ],
  },
  {
    description: 'Skills text search',
    schema: 'GET /v1/skills query',
    cases: [
      { source: fb('skills `query`'), description: '3 characters (lower bound) are accepted', data: 'fig', valid: true },
      { source: fb('skills `query`'), description: '2 characters are rejected', data: 'fi', valid: false },
      { source: fb('skills `query`'), description: '100 characters (upper bound) are accepted', data: chars(100), valid: true },
      { source: fb('skills `query`'), description: '101 characters are rejected', data: chars(101), valid: false },
    ],
  },
];
