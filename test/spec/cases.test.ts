/**
 * Data-driven cases (ajv's test-suite style) validated with the repository's ajv against the
 * bundled component schemas and the fully specified operations' request schemas. Each case is
 * its own test, named `<schema>: <source section> — <description>`.
 */
import type { ValidateFunction } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { caseGroups } from './cases/index.js';
import { OPERATION_TARGETS, type Target } from './cases/fixtures.js';
import {
  SchemaCompiler,
  at,
  componentSchema,
  describeErrors,
  findOperation,
  loadBundledSpec,
  obj,
  requestBodySchema,
  type JsonObject,
} from './support/document.js';
import { headings, itWithSource, readSource, section, tableIn } from './support/source.js';

let doc: JsonObject;
let compiler: SchemaCompiler;

beforeAll(async () => {
  doc = obj((await loadBundledSpec()).document, 'bundled document');
  compiler = new SchemaCompiler(doc);
});

function validatorFor(target: Target, as: 'sent' | 'returned'): ValidateFunction {
  if (!(target in OPERATION_TARGETS)) return compiler.component(target, as);
  const spec = OPERATION_TARGETS[target as keyof typeof OPERATION_TARGETS];
  const op = findOperation(doc, spec.method, spec.path);
  if (spec.kind === 'body') return compiler.inline(target, requestBodySchema(doc, op), as);
  const param = op.parameters.find((p) => p.in === 'query' && p.name === spec.name);
  if (!param) throw new Error(`${target}: no query parameter ${spec.name}`);
  return compiler.inline(target, param.schema, as);
}

const allCases = caseGroups.flatMap((group) => group.cases.map((c) => ({ ...c, schema: group.schema })));
const testName = (schema: string, c: { source: string; description: string }) => `${schema}: ${c.source} — ${c.description}`;

const md = () => readSource();
const sectionNames = () => new Set(headings(md()).map((h) => h.text));
const sectionOf = (source: string) => source.split(': ')[0]!;
const detailOf = (source: string) => source.slice(sectionOf(source).length + 2);

describe('the case collection', () => {
  it('holds at least 100 cases, both accepted and rejected', () => {
    expect(allCases.length).toBeGreaterThanOrEqual(100);
    expect(allCases.filter((c) => c.valid).length).toBeGreaterThan(30);
    expect(allCases.filter((c) => !c.valid).length).toBeGreaterThan(30);
  });

  itWithSource('names, for every case, a section heading of the source', () => {
    const names = sectionNames();
    expect(allCases.filter((c) => !names.has(sectionOf(c.source))).map((c) => c.source)).toEqual([]);
  });

  it('gives every case a distinct test name', () => {
    const names = allCases.map((c) => testName(c.schema, c));
    expect(names.filter((n, i) => names.indexOf(n) !== i)).toEqual([]);
  });

  itWithSource('covers every row of the Field bounds table, each with accepted and rejected data', () => {
    const rows = tableIn(section(md(), 'Field bounds'), 'Field').rows.map((r) => r[0]!);
    expect(rows.length, 'the source\'s "Field bounds" table').toBeGreaterThan(0);
    const bounds = allCases.filter((c) => sectionOf(c.source) === 'Field bounds');
    expect(
      bounds.filter((c) => !rows.includes(detailOf(c.source))).map((c) => c.source),
      'unknown Field bounds rows',
    ).toEqual([]);
    for (const row of rows) {
      const mine = bounds.filter((c) => detailOf(c.source) === row);
      expect(
        mine.some((c) => c.valid),
        `${row}: an accepted case`,
      ).toBe(true);
      expect(
        mine.some((c) => !c.valid),
        `${row}: a rejected case`,
      ).toBe(true);
    }
  });

  itWithSource('covers every row of the Enumerations table with an accepted and a rejected value', () => {
    const names = tableIn(section(md(), 'Enumerations used by Project'), 'Name').rows.map((r) => r[0]!);
    const enums = allCases.filter((c) => sectionOf(c.source) === 'Enumerations used by Project');
    for (const name of names) {
      const mine = enums.filter((c) => detailOf(c.source) === name);
      expect(
        mine.some((c) => c.valid),
        `${name}: an accepted case`,
      ).toBe(true);
      expect(
        mine.some((c) => !c.valid),
        `${name}: a rejected case`,
      ).toBe(true);
    }
  });

  it('validates only against schemas the bundled document has', () => {
    const components = Object.keys(obj(at(doc, '/components/schemas'), 'components.schemas'));
    const missing = [...new Set(caseGroups.map((g) => g.schema))].filter((s) => !(s in OPERATION_TARGETS) && !components.includes(s));
    expect(missing).toEqual([]);
  });
});

for (const group of caseGroups) {
  describe(`${group.schema} — ${group.description}`, () => {
    for (const c of group.cases) {
      it(testName(group.schema, c), () => {
        for (const as of c.as ? [c.as] : (['sent', 'returned'] as const)) {
          const validate = validatorFor(group.schema, as);
          const valid = validate(structuredClone(c.data));
          const why = valid ? 'accepted' : `rejected: ${describeErrors(validate)}`;
          expect(valid, `expected ${c.valid ? 'accepted' : 'rejected'} as ${as}, was ${why}`).toBe(c.valid);
        }
      });
    }
  });
}

describe('schema annotations the source states', () => {
  const DEPRECATED = ['closed', 'closedMessage', 'closedOnDate', 'closedByUserId', 'ndaType', 'ndaFileUrl', 'ndaLink'];

  it.each(DEPRECATED)('Project.%s is marked deprecated (source: Versioning)', (field) => {
    expect(at(componentSchema(doc, 'Project'), `/properties/${field}/deprecated`)).toBe(true);
  });

  it('no other Project field is marked deprecated', () => {
    const props = obj(componentSchema(doc, 'Project').properties, 'Project.properties');
    const marked = Object.entries(props)
      .filter(([, v]) => obj(v, 'property').deprecated === true)
      .map(([k]) => k);
    expect(marked.sort()).toEqual([...DEPRECATED].sort());
  });

  /**
   * Source: Conventions ("Fields described as date-time are ISO 8601 date-time strings"), and
   * every field the source calls a "date-time string". A field the source adds goes here.
   */
  const DATE_TIME: Array<[string, string]> = [
    ['Project', '/properties/publishedAt'],
    ['Project', '/properties/closedOnDate'],
    ['ProjectClosedDetails', '/properties/closedOnDate'],
    ['PastParticipation', '/properties/since'],
    ['ProjectTaskDeadline', '/properties/endsAt'],
    ['AudienceQuotaSet', '/properties/createdAt'],
    ['AudienceQuotaSet', '/properties/updatedAt'],
  ];
  const UPDATE_DATE_TIME =
    'DATE_TIME in test/spec/cases.test.ts lists the fields the source calls a "date-time string" (Conventions: "Fields described as date-time are ISO 8601 date-time strings"); a field the source describes so has format: date-time in spec/components/schemas/, and is listed there; any other has no format';

  it.each(DATE_TIME)('%s%s has format date-time (source: Conventions)', (name, pointer) => {
    expect(at(componentSchema(doc, name), `${pointer}/format`), UPDATE_DATE_TIME).toBe('date-time');
  });

  itWithSource('lists only fields the source calls date-time', () => {
    const lines = readSource()
      .split('\n')
      .filter((line) => line.includes('date-time'));
    const unstated = DATE_TIME.filter(([, pointer]) => !lines.some((line) => line.includes(pointer.split('/').at(-1)!)));
    expect(
      unstated.map(([name, pointer]) => `${name}${pointer}`),
      UPDATE_DATE_TIME,
    ).toEqual([]);
  });

  /** Typed only as string: no format (source: Conventions). */
  const NO_FORMAT: Array<[string, string]> = [
    ['Project', '/properties/createdAt'],
    ['Project', '/properties/updatedAt'],
    ['Skill', '/properties/createdAt'],
    ['Skill', '/properties/updatedAt'],
    ['ScreenerQuestionCommon', '/properties/createdAt'],
    ['ScreenerAnswer', '/properties/createdAt'],
  ];
  it.each(NO_FORMAT)('%s%s is a string without format (source: Conventions)', (name, pointer) => {
    const schema = obj(at(componentSchema(doc, name), pointer), `${name}${pointer}`);
    expect(schema.type).toBe('string');
    expect(schema.format).toBeUndefined();
  });

  it('date-time appears nowhere else among the component schemas', () => {
    const found: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        node.forEach((n, i) => {
          visit(n, `${where}/${i}`);
        });
      } else if (node && typeof node === 'object') {
        for (const [k, v] of Object.entries(node)) {
          if (k === 'format' && v === 'date-time') found.push(where);
          else if (k !== 'examples' && k !== 'example') visit(v, `${where}/${k}`);
        }
      }
    };
    const schemas = obj(at(doc, '/components/schemas'), 'components.schemas');
    for (const [name, schema] of Object.entries(schemas)) visit(schema, name);
    expect(found.sort(), UPDATE_DATE_TIME).toEqual(DATE_TIME.map(([n, p]) => `${n}${p}`).sort());
  });

  it('ProjectTaskDeadline.endsAt carries the future-date keyword', () => {
    expect(at(componentSchema(doc, 'ProjectTaskDeadline'), '/properties/endsAt/x-future-date-time')).toBe(true);
  });
});
