/** Audience quota set, rule tree, and the request bodies of the two quota operations. */
import { attributeCondition, audienceQuotaSet, edit, externalFill, quotaRule, targetUpdate, withProps, without, type CaseGroup } from './fixtures.js';

const AQS = 'Audience quota set (returned by both quota operations)';
const TARGETS = 'PATCH /v1/projects/{projectId}/quotas/targets';
const FILLS = 'PUT /v1/projects/{projectId}/quotas/external-fills';

const withCondition = (condition: object) => ({ kind: 'group', connector: 'OR', children: [{ kind: 'condition', condition }] });

export const quotaCases: CaseGroup[] = [
  {
    description: 'audience quota set',
    schema: 'AudienceQuotaSet',
    cases: [
      { source: AQS, description: 'a full set with a group, a segment, a rule and noMatch is accepted', data: audienceQuotaSet, valid: true },
      { source: `${AQS}: version`, description: 'version "v1" is rejected (value v2)', data: withProps(audienceQuotaSet, { version: 'v1' }), valid: false },
      { source: `${AQS}: version`, description: 'version as the number 2 is rejected', data: withProps(audienceQuotaSet, { version: 2 }), valid: false },
      ...['app', 'api', 'agent', 'migration'].map((source) => ({
        source: `${AQS}: source`,
        description: `source "${source}" is accepted`,
        data: withProps(audienceQuotaSet, { source }),
        valid: true,
      })),
      { source: `${AQS}: source`, description: 'source "import" is rejected', data: withProps(audienceQuotaSet, { source: 'import' }), valid: false },
      { source: `${AQS}: revision`, description: 'revision as a string is rejected', data: withProps(audienceQuotaSet, { revision: '4' }), valid: false },
      {
        source: `${AQS}: createdAt, updatedAt`,
        description: 'createdAt that is not a date-time is rejected',
        data: withProps(audienceQuotaSet, { createdAt: '10/02/2025' }),
        valid: false,
      },
      {
        source: `${AQS}: createdAt, updatedAt`,
        description: 'updatedAt that is not a date-time is rejected',
        data: withProps(audienceQuotaSet, { updatedAt: 'yesterday' }),
        valid: false,
      },
      {
        source: `${AQS}: Target`,
        description: 'a target with op "track" is accepted',
        data: edit(audienceQuotaSet, (s) => {
          s.groups[0].segments[0].target = { op: 'track', value: 0 };
        }),
        valid: true,
      },
      {
        source: `${AQS}: Target`,
        description: 'a target value as a string is rejected',
        data: edit(audienceQuotaSet, (s) => {
          s.groups[0].segments[0].target.value = '6';
        }),
        valid: false,
      },
      {
        source: `${AQS}: Progress`,
        description: 'a progress count as a string is rejected',
        data: edit(audienceQuotaSet, (s) => {
          s.groups[0].noMatch.progress.qualified = 'none';
        }),
        valid: false,
      },
      {
        source: `${AQS}: Group`,
        description: 'a group flag as a string is rejected',
        data: edit(audienceQuotaSet, (s) => {
          s.groups[0].minProtected = 'no';
        }),
        valid: false,
      },
      {
        source: `${AQS}: Segment`,
        description: 'a segment whose rule uses an unknown attribute is rejected',
        data: edit(audienceQuotaSet, (s) => {
          s.groups[0].segments[0].rule.children[0].condition.attribute = 'age';
        }),
        valid: false,
      },
    ],
  },
  {
    description: 'quota rule tree',
    schema: 'QuotaRule',
    cases: [
      { source: `${AQS}: Rule`, description: 'an AND group of one attribute condition is accepted', data: quotaRule, valid: true },
      {
        source: `${AQS}: Rule`,
        description: 'an OR group of two conditions is accepted',
        data: {
          kind: 'group',
          connector: 'OR',
          children: [
            { kind: 'condition', condition: attributeCondition },
            { kind: 'condition', condition: { ...attributeCondition, attribute: 'country', op: 'notIn', values: ['US'] } },
          ],
        },
        valid: true,
      },
      { source: `${AQS}: Rule`, description: 'connector "XOR" is rejected', data: withProps(quotaRule, { connector: 'XOR' }), valid: false },
      { source: `${AQS}: Rule`, description: 'connector "and" (lower case) is rejected', data: withProps(quotaRule, { connector: 'and' }), valid: false },
      {
        source: `${AQS}: Rule`,
        description: 'kind "condition" at the root is rejected (the rule is a group)',
        data: withProps(quotaRule, { kind: 'condition' }),
        valid: false,
      },
      { source: `${AQS}: Rule`, description: 'a group without connector is rejected', data: without(quotaRule, 'connector'), valid: false },
      { source: `${AQS}: Rule`, description: 'a group without children is rejected', data: without(quotaRule, 'children'), valid: false },
      {
        source: `${AQS}: Rule`,
        description: 'a child of kind "group" is rejected (each child has kind condition)',
        data: { ...quotaRule, children: [quotaRule] },
        valid: false,
      },
      {
        source: `${AQS}: Rule`,
        description: 'a child without its condition object is rejected',
        data: { ...quotaRule, children: [{ kind: 'condition' }] },
        valid: false,
      },
      { source: `${AQS}: Rule`, description: 'op "notIn" is accepted', data: withCondition({ ...attributeCondition, op: 'notIn' }), valid: true },
      { source: `${AQS}: Rule`, description: 'op "eq" is rejected (in or notIn)', data: withCondition({ ...attributeCondition, op: 'eq' }), valid: false },
      {
        source: `${AQS}: Rule`,
        description: 'attribute "programmingLanguages" is accepted',
        data: withCondition({ ...attributeCondition, attribute: 'programmingLanguages', values: ['python'] }),
        valid: true,
      },
      {
        source: `${AQS}: Rule`,
        description: 'attribute "jobFunction" (singular) is rejected',
        data: withCondition({ ...attributeCondition, attribute: 'jobFunction' }),
        valid: false,
      },
      {
        source: `${AQS}: Rule`,
        description: 'values that are not strings are rejected',
        data: withCondition({ ...attributeCondition, values: [1] }),
        valid: false,
      },
      {
        source: `${AQS}: Rule`,
        description: 'an attribute condition without values is rejected',
        data: withCondition(without(attributeCondition, 'values')),
        valid: false,
      },
    ],
  },
  {
    description: 'quota condition',
    schema: 'QuotaCondition',
    cases: [
      {
        source: `${AQS}: Rule`,
        description: 'an attribute condition on homeOwner is accepted',
        data: { ...attributeCondition, attribute: 'homeOwner', values: ['true'] },
        valid: true,
      },
      {
        source: `${AQS}: Rule`,
        description: 'an attribute condition with an unknown attribute is rejected',
        data: { ...attributeCondition, attribute: 'income' },
        valid: false,
      },
      { source: `${AQS}: Rule`, description: 'an attribute condition without op is rejected', data: without(attributeCondition, 'op'), valid: false },
      {
        source: `${AQS}: Rule`,
        description: 'a condition without source is rejected (every condition has a source)',
        data: without(attributeCondition, 'source'),
        valid: false,
      },
      { source: `${AQS}: Rule`, description: 'an empty condition is rejected', data: {}, valid: false },
      { source: `${AQS}: Rule`, description: 'a source that is not a string is rejected', data: { ...attributeCondition, source: 7 }, valid: false },
      {
        source: `${AQS}: Rule`,
        description: 'a condition with another source (a variant not shown) is accepted as a gap',
        data: { source: 'another-source' },
        valid: true,
      },
    ],
  },
  {
    description: 'target update entries',
    schema: 'PATCH quotas/targets body',
    cases: [
      { source: TARGETS, description: 'one entry setting a numeric value is accepted', data: [targetUpdate], valid: true },
      {
        source: TARGETS,
        description: 'an entry setting a bucket to tracking only ({op: track}) is accepted',
        data: [targetUpdate, { groupId: 'grp-gender', segmentId: 'seg-male', target: { op: 'track' } }],
        valid: true,
      },
      { source: TARGETS, description: 'an empty array (nothing changes) is accepted', data: [], valid: true },
      { source: TARGETS, description: 'target {op: min} without a value is rejected', data: [{ ...targetUpdate, target: { op: 'min' } }], valid: false },
      { source: TARGETS, description: 'an empty target is rejected', data: [{ ...targetUpdate, target: {} }], valid: false },
      { source: TARGETS, description: 'a string value is rejected', data: [{ ...targetUpdate, target: { value: '8' } }], valid: false },
      ...['groupId', 'segmentId', 'target'].map((field) => ({
        source: TARGETS,
        description: `an entry without ${field} is rejected`,
        data: [without(targetUpdate, field)],
        valid: false,
      })),
      { source: TARGETS, description: 'a single object instead of an array is rejected', data: targetUpdate, valid: false },
      {
        source: TARGETS,
        description: 'two entries for the same bucket (groupId and segmentId) are rejected: one entry per bucket',
        data: [targetUpdate, { ...targetUpdate, target: { value: 9 } }],
        valid: false,
      },
      {
        source: TARGETS,
        description: 'the same bucket repeated with identical targets is rejected too',
        data: [targetUpdate, { groupId: 'grp-age', segmentId: 'seg-18', target: { value: 1 } }, targetUpdate],
        valid: false,
      },
      {
        source: TARGETS,
        description: 'two segments of one group are accepted',
        data: [targetUpdate, { ...targetUpdate, segmentId: `${targetUpdate.segmentId}-other` }],
        valid: true,
      },
      {
        source: TARGETS,
        description: 'one segment id in two groups is accepted (a bucket is the pair)',
        data: [targetUpdate, { ...targetUpdate, groupId: `${targetUpdate.groupId}-other` }],
        valid: true,
      },
    ],
  },
  {
    description: 'external fill entries',
    schema: 'PUT quotas/external-fills body',
    cases: [
      {
        source: FILLS,
        description: 'two entries with absolute counts are accepted',
        data: [externalFill, { ...externalFill, segmentId: 'seg-male', count: 2 }],
        valid: true,
      },
      ...['groupId', 'segmentId', 'count'].map((field) => ({
        source: FILLS,
        description: `an entry without ${field} is rejected`,
        data: [without(externalFill, field)],
        valid: false,
      })),
      { source: FILLS, description: 'a count as a string is rejected', data: [{ ...externalFill, count: '3' }], valid: false },
      { source: FILLS, description: 'a single object instead of an array is rejected', data: externalFill, valid: false },
    ],
  },
  {
    description: 'external fill entry component',
    schema: 'QuotaExternalFill',
    cases: [
      { source: FILLS, description: 'groupId, segmentId and count are accepted', data: externalFill, valid: true },
      { source: FILLS, description: 'a numeric groupId is rejected', data: { ...externalFill, groupId: 1 }, valid: false },
    ],
  },
  {
    description: 'target update entry component',
    schema: 'QuotaTargetUpdate',
    cases: [
      { source: TARGETS, description: 'an entry with target {value} is accepted', data: targetUpdate, valid: true },
      { source: TARGETS, description: 'target {op: "stop"} is rejected', data: { ...targetUpdate, target: { op: 'stop' } }, valid: false },
    ],
  },
];
