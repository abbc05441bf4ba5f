/** Conditional rules of a Project: market type, research type and methodology, automations, completion URL. */
import { b2bInPersonProject, b2bRemoteProject, b2cRemoteSurvey, edit, inPersonLocation, withProps, without, type CaseGroup } from './fixtures.js';

const P = 'Project';
const KIND = 'Enumerations used by Project: KindOfResearch';
const NESTED = 'Nested objects of Project';

const methodology = (base: object, value: string, extra: Record<string, unknown> = {}) =>
  edit(base, (p) => {
    p.targetResearchMethodology = value;
    Object.assign(p, extra);
  });

export const projectRuleCases: CaseGroup[] = [
  {
    description: 'base projects',
    schema: 'Project',
    cases: [
      { source: P, description: 'the minimal b2b remote one-on-one project is accepted', data: b2bRemoteProject, valid: true },
      { source: P, description: 'the minimal b2c remote survey is accepted', data: b2cRemoteSurvey, valid: true },
      { source: P, description: 'the minimal b2b in-person project is accepted', data: b2bInPersonProject, valid: true },
      ...[
        'id',
        'createdAt',
        'publicTitle',
        'publicInternalName',
        'projectStatus',
        'projectRecruitingStatus',
        'targetMarketType',
        'typeOfResearch',
        'targetResearchMethodology',
        'participantTimeRequiredMinutes',
        'incentiveAmount',
        'targetNumberOfParticipants',
        'externalResearcher',
      ].map((field) => ({
        source: `${P}: ${field} (required)`,
        description: `a project without ${field} is rejected`,
        data: without(b2bRemoteProject, field),
        valid: false,
      })),
      {
        source: `${P}: incentiveAmount`,
        description: 'incentiveAmount as a string is rejected',
        data: withProps(b2bRemoteProject, { incentiveAmount: '100' }),
        valid: false,
      },
      {
        source: `${P}: targetCities`,
        description: 'a target city with a location is accepted',
        data: withProps(b2bRemoteProject, { targetCities: [{ location: { city: 'Lyon', country: 'FR', location: {} } }] }),
        valid: true,
      },
      {
        source: `${P}: targetCities`,
        description: 'a target city without location is rejected',
        data: withProps(b2bRemoteProject, { targetCities: [{ city: 'Lyon' }] }),
        valid: false,
      },
      {
        source: `${P}: targetProfessionalIndustries`,
        description: 'an industry without an id is rejected',
        data: withProps(b2bRemoteProject, { targetProfessionalIndustries: [{ name: 'Software' }] }),
        valid: false,
      },
      {
        source: `${P}: targetJobTitles`,
        description: 'a job title without a name is rejected',
        data: withProps(b2bRemoteProject, { targetJobTitles: [{ id: '5f8d0d55b54764421b7156d9' }] }),
        valid: false,
      },
      {
        source: `${P}: targetProjectTopics`,
        description: 'a topic whose name is not a string is rejected',
        data: withProps(b2cRemoteSurvey, { targetProjectTopics: [{ id: '5f8d0d55b54764421b7157a1', name: 7 }] }),
        valid: false,
      },
    ],
  },
  {
    description: 'market type',
    schema: 'Project',
    cases: [
      {
        source: `${P}: targetProfessionalIndustries`,
        description: 'b2b without targetProfessionalIndustries is rejected',
        data: without(b2bRemoteProject, 'targetProfessionalIndustries'),
        valid: false,
      },
      {
        source: `${P}: targetProjectTopics`,
        description: 'b2c without targetProjectTopics is rejected',
        data: without(b2cRemoteSurvey, 'targetProjectTopics'),
        valid: false,
      },
      {
        source: `${P}: targetProjectTopics`,
        description: 'b2b does not need targetProjectTopics',
        data: without(b2bRemoteProject, 'targetProjectTopics'),
        valid: true,
      },
      {
        source: `${P}: targetProfessionalIndustries`,
        description: 'b2c does not need targetProfessionalIndustries',
        data: without(b2cRemoteSurvey, 'targetProfessionalIndustries'),
        valid: true,
      },
    ],
  },
  {
    description: 'research type and methodology',
    schema: 'Project',
    cases: [
      {
        source: `${P}: targetLocationRespondentInPerson`,
        description: 'inPerson without targetLocationRespondentInPerson is rejected',
        data: without(b2bInPersonProject, 'targetLocationRespondentInPerson'),
        valid: false,
      },
      {
        source: `${P}: targetLocationRespondentInPerson`,
        description: 'remote does not need targetLocationRespondentInPerson',
        data: b2bRemoteProject,
        valid: true,
      },
      ...['oneOnOne', 'focusGroup', 'inRespondentHome', 'inRespondentOffice'].map((m) => ({
        source: KIND,
        description: `inPerson allows ${m}`,
        data: methodology(b2bInPersonProject, m),
        valid: true,
      })),
      ...['unmoderatedStudy', 'survey', 'diaryStudy'].map((m) => ({
        source: KIND,
        description: `inPerson refuses ${m}`,
        data: methodology(b2bInPersonProject, m),
        valid: false,
      })),
      ...['oneOnOne', 'focusGroup', 'unmoderatedStudy', 'survey', 'diaryStudy'].map((m) => ({
        source: KIND,
        description: `remote allows ${m}`,
        data: methodology(b2bRemoteProject, m),
        valid: true,
      })),
      ...['inRespondentHome', 'inRespondentOffice'].map((m) => ({
        source: KIND,
        description: `remote refuses ${m}`,
        data: methodology(b2bRemoteProject, m),
        valid: false,
      })),
      {
        source: `${NESTED}: ProjectLocationInPerson`,
        description: 'an in-person location without latitude is rejected',
        data: edit(b2bInPersonProject, (p) => {
          delete p.targetLocationRespondentInPerson.latitude;
        }),
        valid: false,
      },
    ],
  },
  {
    description: 'booking URL',
    schema: 'Project',
    cases: [
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'oneOnOne without externalResearcher.bookingUrl is rejected',
        data: edit(b2bRemoteProject, (p) => {
          delete p.externalResearcher.bookingUrl;
        }),
        valid: false,
      },
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'focusGroup without externalResearcher.bookingUrl is rejected',
        data: methodology(b2bRemoteProject, 'focusGroup', { externalResearcher: { researcherId: 'r-1' } }),
        valid: false,
      },
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'focusGroup with a bookingUrl is accepted',
        data: methodology(b2bRemoteProject, 'focusGroup'),
        valid: true,
      },
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'in-person oneOnOne without bookingUrl is rejected',
        data: methodology(b2bInPersonProject, 'oneOnOne', { externalResearcher: { researcherId: 'r-1' } }),
        valid: false,
      },
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'diaryStudy does not need a bookingUrl',
        data: methodology(b2bRemoteProject, 'diaryStudy', { externalResearcher: { researcherId: 'r-1' } }),
        valid: true,
      },
      { source: `${NESTED}: ExternalResearcher`, description: 'a survey does not need a bookingUrl', data: b2cRemoteSurvey, valid: true },
    ],
  },
  {
    description: 'unmoderated study and survey only',
    schema: 'Project',
    cases: [
      {
        source: `${P}: unmoderatedStudyOrSurvey`,
        description: 'a survey with unmoderatedStudyOrSurvey is accepted',
        data: withProps(b2cRemoteSurvey, { unmoderatedStudyOrSurvey: { remoteCommunicationDetails: 'https://study.example.com/x' } }),
        valid: true,
      },
      {
        source: `${P}: unmoderatedStudyOrSurvey`,
        description: 'an unmoderatedStudy with unmoderatedStudyOrSurvey is accepted',
        data: methodology(b2cRemoteSurvey, 'unmoderatedStudy', { unmoderatedStudyOrSurvey: { specialInstructions: 'Use a laptop.' } }),
        valid: true,
      },
      {
        source: `${P}: unmoderatedStudyOrSurvey`,
        description: 'a oneOnOne with unmoderatedStudyOrSurvey is rejected',
        data: withProps(b2bRemoteProject, { unmoderatedStudyOrSurvey: { specialInstructions: 'Use a laptop.' } }),
        valid: false,
      },
      {
        source: `${P}: unmoderatedStudyOrSurvey`,
        description: 'a diaryStudy with unmoderatedStudyOrSurvey is rejected',
        data: methodology(b2bRemoteProject, 'diaryStudy', { unmoderatedStudyOrSurvey: {} }),
        valid: false,
      },

      {
        source: `${NESTED}: Automation`,
        description: 'autoinvite true on a survey is accepted',
        data: withProps(b2cRemoteSurvey, { automations: { autopay: true, autoinvite: true } }),
        valid: true,
      },
      {
        source: `${NESTED}: Automation`,
        description: 'autoinvite true on an unmoderatedStudy is accepted',
        data: methodology(b2cRemoteSurvey, 'unmoderatedStudy', { automations: { autopay: true, autoinvite: true } }),
        valid: true,
      },
      {
        source: `${NESTED}: Automation`,
        description: 'autoinvite true on a oneOnOne is rejected',
        data: withProps(b2bRemoteProject, { automations: { autopay: true, autoinvite: true } }),
        valid: false,
      },
      {
        source: `${NESTED}: Automation`,
        description: 'autoinvite true on a focusGroup is rejected',
        data: methodology(b2bRemoteProject, 'focusGroup', { automations: { autopay: false, autoinvite: true } }),
        valid: false,
      },
      {
        source: `${NESTED}: Automation`,
        description: 'autoinvite false on a oneOnOne is accepted',
        data: withProps(b2bRemoteProject, { automations: { autopay: true, autoinvite: false } }),
        valid: true,
      },
      {
        source: `${NESTED}: Automation`,
        description: 'automations without autopay is rejected',
        data: withProps(b2bRemoteProject, { automations: { autoinvite: false } }),
        valid: false,
      },

      {
        source: `${P}: completionUrl`,
        description: 'a completionUrl on a survey is accepted',
        data: withProps(b2cRemoteSurvey, { completionUrl: 'https://study.example.com/done' }),
        valid: true,
      },
      {
        source: `${P}: completionUrl`,
        description: 'a completionUrl on an unmoderatedStudy is accepted',
        data: methodology(b2cRemoteSurvey, 'unmoderatedStudy', { completionUrl: 'https://study.example.com/done' }),
        valid: true,
      },
      {
        source: `${P}: completionUrl`,
        description: 'a completionUrl on a oneOnOne is rejected',
        data: withProps(b2bRemoteProject, { completionUrl: 'https://study.example.com/done' }),
        valid: false,
      },
      {
        source: `${P}: completionUrl`,
        description: 'a completionUrl on an in-person project is rejected',
        data: withProps(b2bInPersonProject, { completionUrl: 'https://study.example.com/done' }),
        valid: false,
      },
      {
        source: `${P}: completionUrl`,
        description: 'completionUrl null on a oneOnOne is accepted (string or null)',
        data: withProps(b2bRemoteProject, { completionUrl: null }),
        valid: true,
      },
    ],
  },
  {
    description: 'in-person location',
    schema: 'ProjectLocationInPerson',
    cases: [
      { source: `${NESTED}: ProjectLocationInPerson`, description: 'the base location is accepted', data: inPersonLocation, valid: true },
      ...['address1', 'city', 'country', 'formattedAddress', 'latitude', 'longitude'].map((field) => ({
        source: `${NESTED}: ProjectLocationInPerson`,
        description: `a location without ${field} is rejected`,
        data: without(inPersonLocation, field),
        valid: false,
      })),
      {
        source: `${NESTED}: ProjectLocationInPerson`,
        description: 'latitude as a string is rejected',
        data: withProps(inPersonLocation, { latitude: '39.8' }),
        valid: false,
      },
      {
        source: `${NESTED}: ProjectLocationInPerson`,
        description: 'a country outside ProjectCountryCode is rejected',
        data: withProps(inPersonLocation, { country: 'USA' }),
        valid: false,
      },
    ],
  },
  {
    description: 'target city location',
    schema: 'Location',
    cases: [
      {
        source: `${NESTED}: Location (inside targetCities)`,
        description: 'city, country and location are enough',
        data: { city: 'Lyon', country: 'FR', location: {} },
        valid: true,
      },
      ...['city', 'country', 'location'].map((field) => ({
        source: `${NESTED}: Location (inside targetCities)`,
        description: `a location without ${field} is rejected`,
        data: without({ city: 'Lyon', country: 'FR', location: {} }, field),
        valid: false,
      })),
    ],
  },
  {
    description: 'external researcher',
    schema: 'ExternalResearcher',
    cases: [
      { source: `${NESTED}: ExternalResearcher`, description: 'researcherId alone is accepted', data: { researcherId: 'r-1' }, valid: true },
      {
        source: `${NESTED}: ExternalResearcher`,
        description: 'every member is accepted',
        data: {
          researcherId: 'r-1',
          researcherName: 'Dana Whitfield',
          teamId: 't',
          companyName: 'Northwind',
          companyId: 'c',
          bookingUrl: 'https://cal.example.com/d',
        },
        valid: true,
      },
      { source: `${NESTED}: ExternalResearcher`, description: 'without researcherId is rejected', data: { researcherName: 'Dana' }, valid: false },
    ],
  },
  {
    description: 'automation',
    schema: 'Automation',
    cases: [
      { source: `${NESTED}: Automation`, description: 'autopay alone is accepted', data: { autopay: false }, valid: true },
      { source: `${NESTED}: Automation`, description: 'without autopay is rejected (required)', data: { autoinvite: true }, valid: false },
      { source: `${NESTED}: Automation`, description: 'autopay as a string is rejected', data: { autopay: 'true' }, valid: false },
    ],
  },
];
