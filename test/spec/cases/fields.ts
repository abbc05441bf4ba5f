/**
 * Field-level rules: deprecated fields still accepted, "string or null" fields, date-time fields
 * (and the fields that deliberately carry no format), nested objects, skills and list wrappers.
 */
import { b2bRemoteProject, b2cRemoteSurvey, skill, withProps, without, type CaseGroup } from './fixtures.js';

const CONV = 'Conventions';
const VERSIONING = 'Versioning';
const NESTED = 'Nested objects of Project';
const WRAPPER = 'Paginated list wrapper (project list, skill list)';

export const fieldCases: CaseGroup[] = [
  {
    description: 'deprecated fields still accepted',
    schema: 'Project',
    cases: [
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'closed, closedMessage, closedOnDate and closedByUserId are accepted',
        data: withProps(b2bRemoteProject, {
          projectStatus: 'CLOSED',
          closed: true,
          closedMessage: 'Done',
          closedOnDate: '2025-03-01T12:00:00Z',
          closedByUserId: 'u-1',
        }),
        valid: true,
      },
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'ndaType, ndaFileUrl and ndaLink are accepted',
        data: withProps(b2bRemoteProject, { ndaType: 'file', ndaFileUrl: 'https://files.example.com/nda.pdf', ndaLink: null }),
        valid: true,
      },
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'deprecated fields beside their replacements are accepted',
        data: withProps(b2bRemoteProject, {
          ndaType: 'link',
          ndaLink: 'https://nda.example.com',
          ndaDetails: { ndaType: 'link', ndaLink: 'https://nda.example.com', ndaFileUrl: null },
          closed: false,
          closedDetails: { closed: false },
        }),
        valid: true,
      },
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'deprecated closed as a string is rejected (boolean)',
        data: withProps(b2bRemoteProject, { closed: 'yes' }),
        valid: false,
      },
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'deprecated ndaType outside none/file/link is rejected',
        data: withProps(b2bRemoteProject, { ndaType: 'pdf' }),
        valid: false,
      },
      {
        source: `${VERSIONING}: deprecated fields`,
        description: 'deprecated closedOnDate that is not a date-time is rejected',
        data: withProps(b2bRemoteProject, { closedOnDate: 'March 1st' }),
        valid: false,
      },
    ],
  },
  {
    description: '"string or null" fields',
    schema: 'Project',
    cases: [
      ...['externalScreenerLink', 'ndaFileUrl', 'ndaLink', 'completionUrl'].map((field) => ({
        source: `Project: ${field}`,
        description: `${field} null is accepted`,
        data: withProps(field === 'completionUrl' ? b2cRemoteSurvey : b2bRemoteProject, { [field]: null }),
        valid: true,
      })),
      ...['externalScreenerLink', 'ndaFileUrl', 'ndaLink', 'completionUrl'].map((field) => ({
        source: `Project: ${field}`,
        description: `${field} as a number is rejected`,
        data: withProps(field === 'completionUrl' ? b2cRemoteSurvey : b2bRemoteProject, { [field]: 42 }),
        valid: false,
      })),
      {
        source: 'Project: inviteSurveyLink',
        description: 'inviteSurveyLink null is rejected (string only)',
        data: withProps(b2bRemoteProject, { inviteSurveyLink: null }),
        valid: false,
      },
    ],
  },
  {
    description: 'NDA details',
    schema: 'NdaDetails',
    cases: [
      {
        source: `${NESTED}: NdaDetails`,
        description: 'ndaLink and ndaFileUrl null are accepted',
        data: { ndaType: 'none', ndaLink: null, ndaFileUrl: null },
        valid: true,
      },
      {
        source: `${NESTED}: NdaDetails`,
        description: 'ndaLink and ndaFileUrl strings are accepted',
        data: { ndaType: 'file', ndaLink: 'https://nda.example.com', ndaFileUrl: 'https://files.example.com/nda.pdf' },
        valid: true,
      },
      { source: `${NESTED}: NdaDetails`, description: 'ndaFileUrl as a boolean is rejected', data: { ndaFileUrl: false }, valid: false },
      { source: `${NESTED}: NdaDetails`, description: 'ndaType "None" is rejected', data: { ndaType: 'None' }, valid: false },
    ],
  },
  {
    description: 'date-time fields and fields without a format',
    schema: 'Project',
    cases: [
      {
        source: `${CONV}: date-time`,
        description: 'publishedAt as an ISO 8601 date-time is accepted',
        data: withProps(b2bRemoteProject, { publishedAt: '2025-02-04T08:01:12.000Z' }),
        valid: true,
      },
      {
        source: `${CONV}: date-time`,
        description: 'publishedAt that is not a date-time is rejected',
        data: withProps(b2bRemoteProject, { publishedAt: 'last week' }),
        valid: false,
      },
      {
        source: `${CONV}: date-time`,
        description: 'publishedAt that is only a date is rejected',
        data: withProps(b2bRemoteProject, { publishedAt: '2025-02-04' }),
        valid: false,
      },
      {
        source: `${CONV}: date-time`,
        description: 'closedDetails.closedOnDate that is not a date-time is rejected',
        data: withProps(b2bRemoteProject, { closedDetails: { closed: true, closedOnDate: 'soon' } }),
        valid: false,
      },
      {
        source: `${CONV}: date-time`,
        description: 'filterPastParticipation.since that is not a date-time is rejected',
        data: withProps(b2bRemoteProject, { filterPastParticipation: { hasNeverParticipated: true, since: 'never' } }),
        valid: false,
      },
      {
        source: `${CONV}: no format`,
        description: 'createdAt and updatedAt carry no format (any string is accepted)',
        data: withProps(b2bRemoteProject, { createdAt: 'Feb 3rd', updatedAt: 'today' }),
        valid: true,
      },
      {
        source: `${CONV}: no format`,
        description: 'createdAt that is not a string is rejected',
        data: withProps(b2bRemoteProject, { createdAt: 20250203 }),
        valid: false,
      },
    ],
  },
  {
    description: 'closed details',
    schema: 'ProjectClosedDetails',
    cases: [
      {
        source: `${NESTED}: ProjectClosedDetails`,
        description: 'all four members are accepted',
        data: { closed: true, closedMessage: 'Enough participants', closedOnDate: '2025-03-01T12:00:00+01:00', closedByUserId: 'u-1' },
        valid: true,
      },
      {
        source: `${NESTED}: ProjectClosedDetails`,
        description: 'closedOnDate that is not a date-time is rejected',
        data: { closedOnDate: '2025-03-01 noon' },
        valid: false,
      },
      { source: `${NESTED}: ProjectClosedDetails`, description: 'closed as a string is rejected', data: { closed: 'true' }, valid: false },
    ],
  },
  {
    // The spec's reading of "ISO 8601 date-time" (info.description): RFC 3339, as `format: date-time` means.
    description: 'date-time as RFC 3339 (its profile of ISO 8601)',
    schema: 'ProjectClosedDetails',
    cases: [
      ...['2025-03-01T12:00:00Z', '2025-03-01T12:00:00.123456Z', '2025-03-01T12:00:00-05:30', '2025-03-01 12:00:00Z'].map((value) => ({
        source: `${CONV}: date-time`,
        description: `${value} is accepted`,
        data: { closedOnDate: value },
        valid: true,
      })),
      {
        source: `${CONV}: date-time`,
        description: 'a date-time without a time zone is rejected (it names no instant)',
        data: { closedOnDate: '2025-03-01T12:00:00' },
        valid: false,
      },
      { source: `${CONV}: date-time`, description: "ISO 8601's basic format is rejected", data: { closedOnDate: '20250301T120000Z' }, valid: false },
      { source: `${CONV}: date-time`, description: 'an ISO 8601 week date is rejected', data: { closedOnDate: '2025-W09-6T12:00:00Z' }, valid: false },
      { source: `${CONV}: date-time`, description: 'an ISO 8601 ordinal date is rejected', data: { closedOnDate: '2025-060T12:00:00Z' }, valid: false },
    ],
  },
  {
    description: 'named references (industries, job titles, topics)',
    schema: 'NamedReference',
    cases: [
      {
        source: 'Project: targetProfessionalIndustries',
        description: 'id and name are accepted',
        data: { id: '5f8d0d55b54764421b7156c3', name: 'Software' },
        valid: true,
      },
      { source: 'Project: targetProfessionalIndustries', description: 'without id is rejected', data: { name: 'Software' }, valid: false },
      { source: 'Project: targetProfessionalIndustries', description: 'without name is rejected', data: { id: '5f8d0d55b54764421b7156c3' }, valid: false },
      { source: `${CONV}: ObjectId`, description: 'a numeric id is rejected (ObjectId is a string)', data: { id: 5, name: 'Software' }, valid: false },
    ],
  },
  {
    description: 'skills',
    schema: 'Skill',
    cases: [
      { source: `${NESTED}: Skill`, description: 'the required members alone are accepted', data: skill, valid: true },
      {
        source: `${NESTED}: Skill`,
        description: 'with updatedAt and count is accepted',
        data: withProps(skill, { updatedAt: '2024-05-02', count: 3 }),
        valid: true,
      },
      ...['id', 'createdAt', 'name', 'slug', 'validated', 'type'].map((field) => ({
        source: `${NESTED}: Skill`,
        description: `without ${field} is rejected`,
        data: without(skill, field),
        valid: false,
      })),
      { source: `${NESTED}: Skill`, description: 'validated as a string is rejected', data: withProps(skill, { validated: 'false' }), valid: false },
      { source: `${NESTED}: Skill`, description: 'count as a string is rejected', data: withProps(skill, { count: '0' }), valid: false },
    ],
  },
  {
    description: 'paginated project list',
    schema: 'ProjectList',
    cases: [
      {
        source: WRAPPER,
        description: 'page, pageSize and results are accepted',
        data: { page: 1, pageSize: 50, results: [b2bRemoteProject, b2cRemoteSurvey] },
        valid: true,
      },
      {
        source: WRAPPER,
        description: 'totalResults is accepted (includeCount=true)',
        data: { page: 2, pageSize: 10, totalResults: 12, results: [] },
        valid: true,
      },
      ...['page', 'pageSize', 'results'].map((field) => ({
        source: WRAPPER,
        description: `without ${field} is rejected`,
        data: without({ page: 1, pageSize: 50, results: [] }, field),
        valid: false,
      })),
      {
        source: WRAPPER,
        description: 'a result that is not a valid Project is rejected',
        data: { page: 1, pageSize: 50, results: [without(b2bRemoteProject, 'id')] },
        valid: false,
      },
    ],
  },
  {
    description: 'paginated skill list',
    schema: 'SkillList',
    cases: [
      { source: WRAPPER, description: 'a page of skills is accepted', data: { page: 1, pageSize: 50, results: [skill] }, valid: true },
      {
        source: WRAPPER,
        description: 'a result that is not a valid Skill is rejected',
        data: { page: 1, pageSize: 50, results: [without(skill, 'slug')] },
        valid: false,
      },
      { source: WRAPPER, description: 'page as a string is rejected', data: { page: '1', pageSize: 50, results: [] }, valid: false },
    ],
  },
  {
    description: 'advanced targeting on a project',
    schema: 'Project',
    cases: [
      {
        source: 'Advanced targeting (object on a project)',
        description: 'every kind of member is accepted on a b2b project',
        data: withProps(b2bRemoteProject, {
          advancedTargeting: {
            relationshipStatus: 'married',
            languages: ['en', 'fr'],
            numberOfChildren: 2,
            numberOfChildrenLiveAtHome: 1,
            childrenBirthYears: ['2015', '2018'],
            livingSituation: 'spouse',
            pets: ['dog'],
            homeOwner: true,
            webcam: true,
            mobilePhoneWithInternet: true,
            headsetWithMicrophone: false,
            nationality: ['french'],
            areaType: 'urban',
            programmingLanguages: ['typeScript'],
            browsers: ['other'],
          },
        }),
        valid: true,
      },
      {
        source: 'Advanced targeting (object on a project)',
        description: 'the same object is accepted on a b2c project (identical on b2b and b2c)',
        data: withProps(b2cRemoteSurvey, { advancedTargeting: { relationshipStatus: 'married', pets: ['cat'] } }),
        valid: true,
      },
      {
        source: 'Advanced targeting (object on a project)',
        description: 'an empty object is accepted (all members optional)',
        data: withProps(b2bRemoteProject, { advancedTargeting: {} }),
        valid: true,
      },
      {
        source: 'Advanced targeting (object on a project)',
        description: 'homeOwner as a string is rejected',
        data: withProps(b2bRemoteProject, { advancedTargeting: { homeOwner: 'yes' } }),
        valid: false,
      },
      {
        source: 'Advanced targeting (object on a project)',
        description: 'childrenBirthYears as numbers is rejected (array of string)',
        data: withProps(b2bRemoteProject, { advancedTargeting: { childrenBirthYears: [2015] } }),
        valid: false,
      },
      {
        source: 'Advanced targeting (object on a project)',
        description: 'a product-token member that is not an array is rejected',
        data: withProps(b2bRemoteProject, { advancedTargeting: { browsers: 'other' } }),
        valid: false,
      },
    ],
  },
];
