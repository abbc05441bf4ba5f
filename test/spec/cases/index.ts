/** Every data-driven case group, in the order of the source's sections. */
import { enumCases } from './enums.js';
import { externalScreenerCases } from './external-screener.js';
import { fieldBoundCases } from './field-bounds.js';
import { fieldCases } from './fields.js';
import { projectRuleCases } from './project-rules.js';
import { quotaCases } from './quotas.js';
import { screenerQuestionCases } from './screener-questions.js';
import type { CaseGroup } from './fixtures.js';

export const caseGroups: readonly CaseGroup[] = [
  ...projectRuleCases,
  ...fieldCases,
  ...enumCases,
  ...externalScreenerCases,
  ...screenerQuestionCases,
  ...quotaCases,
  ...fieldBoundCases,
];
