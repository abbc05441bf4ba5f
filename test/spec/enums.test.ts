/**
 * Every enumeration of the spec against the source's own text: the lists are parsed out of the
 * Markdown (tables, "one of" / "array of:" rows, inline lists), never retyped here, and compared
 * member for member, in order, so a dropped, added, misspelt or reordered member fails.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { at, componentSchema, deref, derefObj, loadBundledSpec, obj, type JsonObject } from './support/document.js';
import { backticked, commaList, describeWithSource, match1, readSource, rowsByKey, section, tableIn } from './support/source.js';

// Every enumeration here is read from the source itself: without the source, one skipped test says why.
describeWithSource('the spec against the source', () => {
  let doc: JsonObject;

  beforeAll(async () => {
    doc = obj((await loadBundledSpec()).document, 'bundled document');
  });

  const md = readSource();

  /** The `enum` of the schema at `pointer` inside component `name` (`$ref`s followed at every step). */
  function specEnum(name: string, pointer = ''): unknown {
    let node: unknown = componentSchema(doc, name);
    for (const step of pointer.split('/').slice(1)) {
      node = deref(doc, node);
      node = at(node, `/${step}`);
    }
    return derefObj(doc, node, `${name}${pointer}`).enum;
  }

  // ---------------------------------------------------------------------------------------------
  // Enumerations used by Project
  // ---------------------------------------------------------------------------------------------

  /** "a, b, c. When ..." → [a, b, c]; "none (default), file, link" → [none, file, link]; "... Members: AX AL ..." → codes. */
  function parseAllowedValues(cell: string): string[] {
    const members = /Members:\s*(.+)$/.exec(cell);
    if (members) return members[1]!.trim().split(/\s+/);
    const firstSentence = cell.split(/\.\s/)[0]!.replace(/\.$/, '');
    return commaList(firstSentence.replace(/\s*\(default\)/g, ''));
  }

  const enumerationsTable = tableIn(section(md, 'Enumerations used by Project'), 'Name');
  const ENUMERATIONS = new Map(enumerationsTable.rows.map((r) => [r[0]!, parseAllowedValues(r[1]!)]));

  describe('source: Enumerations used by Project', () => {
    it('is parsed as the 15 enumerations the source names', () => {
      expect([...ENUMERATIONS.keys()]).toEqual([
        'ProjectStatus',
        'ProjectRecruitingStatus',
        'KindOfResearch',
        'JobFunction',
        'CompanySize',
        'HouseholdIncome',
        'Gender',
        'EducationLevel',
        'Ethnicities',
        'AgeGroup',
        'SeniorityLevel',
        'KeyQualifier',
        'NdaType',
        'ExternalQuestionType',
        'ProjectCountryCode',
      ]);
      // Spot checks of the parser on the rows with prose around the list.
      expect(ENUMERATIONS.get('KindOfResearch')).toHaveLength(7);
      expect(ENUMERATIONS.get('NdaType')).toEqual(['none', 'file', 'link']);
      expect(ENUMERATIONS.get('ProjectCountryCode')!.at(-1)).toBe('all');
    });

    it.each([...ENUMERATIONS])('component %s has exactly the source members, in order', (name, members) => {
      const schema = componentSchema(doc, name);
      expect(schema.type).toBe('string');
      expect(schema.enum).toEqual(members);
    });

    it('ProjectCountryCode is every two-letter upper-case code of the source plus `all`, with no duplicate', () => {
      const codes = ENUMERATIONS.get('ProjectCountryCode')!;
      expect(codes.slice(0, -1).every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
      expect(new Set(codes).size).toBe(codes.length);
      expect(componentSchema(doc, 'ProjectCountryCode').enum).toEqual(codes);
    });

    it('NdaType defaults to none', () => {
      expect(match1(enumerationsTable.rows.find((r) => r[0] === 'NdaType')![1]!, /(\w+) \(default\)/)).toBe('none');
      expect(componentSchema(doc, 'NdaType').default).toBe('none');
    });

    describe('KindOfResearch by typeOfResearch (Project conditions)', () => {
      const cell = enumerationsTable.rows.find((r) => r[0] === 'KindOfResearch')![1]!;
      const inPerson = commaList(match1(cell, /When `typeOfResearch` is `inPerson`: ([^.]+)\./));
      const remote = commaList(match1(cell, /When `remote`: ([^.|]+)$/));

      /** The methodology enum a Project allOf branch imposes when typeOfResearch is `value`. */
      function methodologiesFor(value: string): unknown {
        const branches = (componentSchema(doc, 'Project').allOf ?? []) as unknown[];
        const hits = branches.map((b) => obj(deref(doc, b), 'allOf branch')).filter((b) => at(b, '/if/properties/typeOfResearch/const') === value);
        expect(hits, `one Project allOf branch for typeOfResearch ${value}`).toHaveLength(1);
        return at(hits[0], '/then/properties/targetResearchMethodology/enum');
      }

      it('parses 4 in-person and 5 remote methodologies', () => {
        expect(inPerson).toHaveLength(4);
        expect(remote).toHaveLength(5);
      });

      it('inPerson allows exactly the source list', () => {
        expect(methodologiesFor('inPerson')).toEqual(inPerson);
      });

      it('remote allows exactly the source list', () => {
        expect(methodologiesFor('remote')).toEqual(remote);
      });
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Project fields that use those enumerations
  // ---------------------------------------------------------------------------------------------

  describe('source: Project (fields typed with an enumeration)', () => {
    const projectTable = tableIn(section(md, 'Project'), 'Field');
    const typed = projectTable.rows.flatMap((r) => {
      const m = /^(array of )?([A-Z][A-Za-z]+)\b/.exec(r[1] ?? '');
      return m && ENUMERATIONS.has(m[2]!) ? [{ field: r[0]!, array: m[1] !== undefined, enumName: m[2]! }] : [];
    });

    it('finds the enumeration-typed fields in the Project table', () => {
      expect(typed.map((t) => t.field)).toEqual([
        'projectStatus',
        'projectRecruitingStatus',
        'targetResearchMethodology',
        'targetCountry',
        'targetCountries',
        'targetJobFunctions',
        'targetCompanySize',
        'targetHouseholdIncome',
        'targetGenders',
        'targetEducation',
        'targetEthnicities',
        'targetAgeGroups',
        'seniority',
        'keyQualifiers',
      ]);
    });

    it.each(typed.map((t) => [t.field, t] as const))('Project.%s uses the named enumeration (array or single as the source says)', (field, t) => {
      const property = derefObj(doc, at(componentSchema(doc, 'Project'), `/properties/${field}`), field);
      if (t.array) {
        expect(property.type).toBe('array');
        expect(deref(doc, property.items)).toBe(componentSchema(doc, t.enumName));
      } else {
        expect(property).toBe(componentSchema(doc, t.enumName));
      }
    });

    const rows = rowsByKey(projectTable);
    it.each(['targetMarketType', 'typeOfResearch'])('Project.%s is exactly the backticked values of its row', (field) => {
      expect(specEnum('Project', `/properties/${field}`)).toEqual(backticked(rows.get(field)![1]!));
    });

    it('Project.ndaType (deprecated) is none, file, link with default none', () => {
      const row = rows.get('ndaType')![1]!;
      const values = backticked(row.replace(/\(default `none`\)/, ''));
      expect(values).toEqual(['none', 'file', 'link']);
      const property = derefObj(doc, at(componentSchema(doc, 'Project'), '/properties/ndaType'), 'ndaType');
      expect(property.enum).toEqual(values);
      expect(property.default).toBe(match1(row, /\(default `(\w+)`\)/));
    });

    it('NdaDetails.ndaType is the NdaType enumeration', () => {
      expect(deref(doc, at(componentSchema(doc, 'NdaDetails'), '/properties/ndaType'))).toBe(componentSchema(doc, 'NdaType'));
    });

    it('ExternalQuestion.questionType is the ExternalQuestionType enumeration', () => {
      expect(deref(doc, at(componentSchema(doc, 'ExternalQuestion'), '/properties/questionType'))).toBe(componentSchema(doc, 'ExternalQuestionType'));
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Nested objects, screener questions
  // ---------------------------------------------------------------------------------------------

  describe('source: Nested objects of Project', () => {
    const nested = rowsByKey(tableIn(section(md, 'Nested objects of Project'), 'Object'));

    it('PastParticipation.months is a string with exactly the allowed values -1, 1, 2, 3, 6, 9, 12', () => {
      const months = commaList(match1(nested.get('PastParticipation')![1]!, /allowed values ([-\d, ]+)\)/));
      expect(months).toEqual(['-1', '1', '2', '3', '6', '9', '12']);
      const property = derefObj(doc, at(componentSchema(doc, 'PastParticipation'), '/properties/months'), 'months');
      expect(property.type).toBe('string');
      expect(property.enum).toEqual(months);
    });
  });

  describe('source: Screener questions', () => {
    const text = section(md, 'Screener questions');
    const types = tableIn(text, 'questionType').rows.flatMap((r) => commaList(r[0]!));

    it('parses the nine question types', () => {
      expect(types).toEqual(['radio', 'checkbox', 'singleLineTextbox', 'multiLineTextbox', 'numericBox', 'sliderScale', 'fileUpload', 'rank', 'matrix']);
    });

    it('the common questionType enum is exactly the source types', () => {
      expect(specEnum('ScreenerQuestionCommon', '/properties/questionType')).toEqual(types);
    });

    it('the discriminated oneOf has one variant per type, each fixing questionType to it', () => {
      const question = componentSchema(doc, 'ScreenerQuestion');
      expect(at(question, '/discriminator/propertyName')).toBe('questionType');
      const consts = ((question.oneOf ?? []) as unknown[]).map((v) => at(deref(doc, v), '/properties/questionType/const'));
      expect(consts).toEqual(types);
      const mapping = obj(at(question, '/discriminator/mapping'), 'discriminator.mapping');
      expect(Object.keys(mapping)).toEqual(types);
    });

    const answerValue = tableIn(text, 'Answer field').rows.find((r) => r[0] === 'answerValue')![2]!;
    it('radio answerValue is exactly the values the source gives for radio (1, 2)', () => {
      const radio = [...match1(answerValue, /Radio: ([^.]+)\./).matchAll(/(\d+) \w/g)].map((m) => Number(m[1]));
      expect(radio).toEqual([1, 2]);
      expect(specEnum('RadioQuestion', '/properties/answers/items/properties/answerValue')).toEqual(radio);
    });

    it('checkbox answerValue is exactly the values the source gives for checkbox (1, 2, 3)', () => {
      const checkbox = [...match1(answerValue, /Checkbox: (.+)$/).matchAll(/(\d+) \w/g)].map((m) => Number(m[1]));
      expect(checkbox).toEqual([1, 2, 3]);
      expect(specEnum('CheckboxQuestion', '/properties/answers/items/properties/answerValue')).toEqual(checkbox);
    });

    const matrix = tableIn(text, 'questionType').rows.find((r) => r[0] === 'matrix')![1]!;
    it('matrixMatchType is all | any and matrixSelectionMode is single | multi', () => {
      const matchType = backticked(match1(matrix, /matrixMatchType \(([^)]+)\)/));
      const mode = backticked(match1(matrix, /matrixSelectionMode \(([^)]+)\)/));
      expect(matchType).toEqual(['all', 'any']);
      expect(mode).toEqual(['single', 'multi']);
      expect(specEnum('MatrixQuestion', '/properties/matrixMatchType')).toEqual(matchType);
      expect(specEnum('MatrixQuestion', '/properties/matrixSelectionMode')).toEqual(mode);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Advanced targeting
  // ---------------------------------------------------------------------------------------------

  describe('source: Advanced targeting (object on a project)', () => {
    const table = tableIn(section(md, 'Advanced targeting (object on a project)'), 'Member');
    const lists = table.rows.flatMap((r) => {
      const one = /^one of (.+)$/.exec(r[1]!);
      const many = /^array of: (.+)$/.exec(r[1]!);
      if (one) return [{ member: r[0]!, array: false, values: commaList(one[1]!) }];
      if (many) return [{ member: r[0]!, array: true, values: commaList(many[1]!) }];
      return [];
    });

    it('parses the seven closed lists the source spells out', () => {
      expect(lists.map((l) => l.member)).toEqual([
        'relationshipStatus',
        'languages',
        'livingSituation',
        'pets',
        'nationality',
        'areaType',
        'programmingLanguages',
      ]);
      for (const l of lists) expect(l.values.at(-1), l.member).toBe(l.member === 'areaType' ? 'rural' : 'other');
    });

    it.each(lists.map((l) => [l.member, l] as const))('AdvancedTargeting.%s has exactly the source members, in order', (member, l) => {
      const property = derefObj(doc, at(componentSchema(doc, 'AdvancedTargeting'), `/properties/${member}`), member);
      if (l.array) {
        expect(property.type).toBe('array');
        const items = derefObj(doc, property.items, `${member} items`);
        expect(items.type).toBe('string');
        expect(items.enum).toEqual(l.values);
      } else {
        expect(property.type).toBe('string');
        expect(property.enum).toEqual(l.values);
      }
    });

    it('every product-token member is an array whose items are marked as a gap', () => {
      const row = table.rows.find((r) => r[0]!.startsWith('browsers'))!;
      const members = commaList(row[0]!);
      expect(members).toHaveLength(17);
      for (const member of members) {
        const property = derefObj(doc, at(componentSchema(doc, 'AdvancedTargeting'), `/properties/${member}`), member);
        expect(property.type, member).toBe('array');
        expect(typeof derefObj(doc, property.items, member)['x-source-gap'], member).toBe('string');
      }
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Audience quotas
  // ---------------------------------------------------------------------------------------------

  describe('source: Audience quota set (returned by both quota operations)', () => {
    const text = section(md, 'Audience quota set (returned by both quota operations)');

    it('condition attribute names are exactly the source list, in order', () => {
      const names = commaList(match1(text, /Allowed attribute names: ([^.]+)\./));
      expect(names).toHaveLength(41);
      expect(specEnum('QuotaAttributeCondition', '/properties/attribute')).toEqual(names);
    });

    it('condition op is exactly `in` | `notIn`', () => {
      const ops = backticked(match1(text, /op \((`in` or `notIn`)\)/));
      expect(specEnum('QuotaAttributeCondition', '/properties/op')).toEqual(ops);
    });

    it('condition source is the constant `attribute`', () => {
      const source = backticked(match1(text, /A condition has source (`\w+`)/))[0];
      expect(at(componentSchema(doc, 'QuotaAttributeCondition'), '/properties/source/const')).toBe(source);
    });

    it('rule connector is exactly `AND` | `OR`, rule kind `group`, child kind `condition`', () => {
      expect(specEnum('QuotaRule', '/properties/connector')).toEqual(backticked(match1(text, /connector (`AND` or `OR`)/)));
      expect(at(componentSchema(doc, 'QuotaRule'), '/properties/kind/const')).toBe(match1(text, /Rule: kind `(\w+)`/));
      expect(at(componentSchema(doc, 'QuotaRuleCondition'), '/properties/kind/const')).toBe(match1(text, /each child has kind `(\w+)`/));
    });

    it('set source is exactly app, api, agent, migration and version is `v2`', () => {
      const rows = rowsByKey(tableIn(text, 'Field'));
      const sources = commaList(match1(rows.get('source')![2]!, /one of (.+)$/));
      expect(sources).toEqual(['app', 'api', 'agent', 'migration']);
      expect(specEnum('AudienceQuotaSet', '/properties/source')).toEqual(sources);
      expect(at(componentSchema(doc, 'AudienceQuotaSet'), '/properties/version/const')).toBe(backticked(rows.get('version')![2]!)[0]);
    });

    it('a target update may set op only to `track`', () => {
      const op = match1(section(md, 'PATCH /v1/projects/{projectId}/quotas/targets'), /`\{op: (\w+)\}`/);
      const branches = (at(componentSchema(doc, 'QuotaTargetUpdate'), '/properties/target/anyOf') ?? []) as unknown[];
      const opConsts = branches.map((b) => at(b, '/properties/op/const')).filter((c) => c !== undefined);
      expect(opConsts).toEqual([op]);
    });
  });

  // ---------------------------------------------------------------------------------------------
  // Events
  // ---------------------------------------------------------------------------------------------

  describe('source: Events', () => {
    const events = tableIn(section(md, 'Events'), 'Event type').rows.map((r) => r[0]!);

    it('parses seven event types', () => {
      expect(events).toHaveLength(7);
    });

    it('WebhookEventType is exactly the source event types, in order', () => {
      expect(componentSchema(doc, 'WebhookEventType').enum).toEqual(events);
    });

    it('the bundled document has one webhook per event type, in the source order', () => {
      expect(Object.keys(obj(doc.webhooks, 'webhooks'))).toEqual(events);
    });
  });
});
