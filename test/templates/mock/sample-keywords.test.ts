/**
 * The sampler on crafted documents, one per thing the sampling library does not do by itself:
 * `if`/`then`, `oneOf` with a discriminator, `maxItems: 0`, `uniqueItems`, formats, `pattern`, the
 * generator's custom keywords, OpenAPI 3.0's `nullable` and boolean exclusive bounds,
 * `readOnly`/`writeOnly`, examples, open schemas, and schemas no value satisfies.
 * The judge is ajv with the generator's own custom keywords (generator/emit/validators/keywords.ts),
 * never the sampler's internal one.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { generateSync } from 'json-schema-faker';
import { describe, expect, it } from 'vitest';
import { customKeywords } from '../../../generator/emit/validators/keywords.js';
import { createSampler, SampleError } from '../../../templates/mock/sample.js';

const SEEDS = Array.from({ length: 60 }, (_, i) => i * 104729 + 3);

/** An OpenAPI 3.1 document with these component schemas. */
const document31 = (schemas: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  openapi: '3.1.0',
  info: { title: 'crafted', version: '1' },
  paths: {},
  ...extra,
  components: { schemas },
});

/** The judge: a component schema of a 3.1 document, validated in JSON Schema 2020-12 with the generator's keywords. */
function judge(document: { components: { schemas: Record<string, unknown> } }, name: string) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  for (const keyword of customKeywords) ajv.addKeyword(keyword);
  ajv.addSchema(document, 'doc');
  const validate = ajv.compile({ $ref: `doc#/components/schemas/${name}` });
  return (value: unknown) => {
    const valid = validate(value);
    return { valid, errors: JSON.stringify(validate.errors) };
  };
}

/** Samples `name` for every seed and asserts the judge accepts each value; returns the values. */
function samplesOf(document: ReturnType<typeof document31>, name: string): unknown[] {
  const sampler = createSampler(document);
  const check = judge(document, name);
  return SEEDS.map((seed) => {
    const value = sampler.forSchema(`/components/schemas/${name}`, seed);
    const result = check(value);
    expect(result.valid, `seed ${seed}: ${JSON.stringify(value)} ${result.errors}`).toBe(true);
    return value;
  });
}

describe('what the library does not do by itself', () => {
  it('maxItems: 0 gives an empty array; uniqueItems with few choices gives distinct items', () => {
    const doc = document31({
      Empty: { type: 'object', required: ['results'], properties: { results: { type: 'array', maxItems: 0, items: { type: 'string' } } } },
      Distinct: { type: 'array', minItems: 3, uniqueItems: true, items: { enum: ['a', 'b', 'c'] } },
    });
    for (const value of samplesOf(doc, 'Empty')) expect(value).toEqual({ results: [] });
    for (const value of samplesOf(doc, 'Distinct')) expect([...(value as string[])].sort()).toEqual(['a', 'b', 'c']);
  });

  it('if/then/else: the branch the value takes holds', () => {
    const doc = document31({
      Booking: {
        type: 'object',
        required: ['mode'],
        properties: { mode: { enum: ['remote', 'inPerson'] }, url: { type: 'string', format: 'uri' }, address: { type: 'string', minLength: 3 } },
        if: { properties: { mode: { const: 'inPerson' } } },
        then: { required: ['address'], properties: { url: false } },
        else: { required: ['url'], properties: { address: false } },
      },
    });
    const modes = new Set(samplesOf(doc, 'Booking').map((v) => (v as { mode: string }).mode));
    expect(modes).toEqual(new Set(['remote', 'inPerson']));
  });

  it('oneOf with a discriminator: exactly one branch, the one the mapping names', () => {
    const doc = document31({
      Pet: {
        oneOf: [{ $ref: '#/components/schemas/Cat' }, { $ref: '#/components/schemas/Dog' }],
        discriminator: { propertyName: 'kind', mapping: { cat: '#/components/schemas/Cat', dog: '#/components/schemas/Dog' } },
      },
      // The branches leave `kind` open: only the mapping says which value selects which branch.
      Cat: {
        type: 'object',
        required: ['kind', 'lives'],
        additionalProperties: false,
        properties: { kind: { type: 'string' }, lives: { type: 'integer', minimum: 1, maximum: 9 } },
      },
      Dog: { type: 'object', required: ['kind', 'good'], additionalProperties: false, properties: { kind: { type: 'string' }, good: { type: 'boolean' } } },
    });
    const values = samplesOf(doc, 'Pet') as { kind: string }[];
    for (const value of values) expect(value.kind).toBe('lives' in value ? 'cat' : 'dog');
    expect(new Set(values.map((v) => v.kind))).toEqual(new Set(['cat', 'dog']));
  });

  it('oneOf without a discriminator whose branches overlap: exactly one matches', () => {
    const doc = document31({
      Either: {
        oneOf: [
          { type: 'integer', maximum: 10 },
          { type: 'integer', minimum: 5 },
          { type: 'string', maxLength: 0 },
        ],
      },
    });
    samplesOf(doc, 'Either');
  });

  it('formats valid under ajv-formats, and patterns (with and without the u flag)', () => {
    const formats = [
      'date-time',
      'date',
      'time',
      'email',
      'uri',
      'uri-reference',
      'uuid',
      'hostname',
      'ipv4',
      'ipv6',
      'regex',
      'byte',
      'uri-template',
      'json-pointer',
      'duration',
    ];
    const doc = document31({
      Formats: { type: 'object', required: formats, properties: Object.fromEntries(formats.map((f) => [f, { type: 'string', format: f }])) },
      Patterns: {
        type: 'object',
        required: ['code', 'dashed'],
        properties: { code: { type: 'string', pattern: '^[A-Z]{3}-\\d{4}$' }, dashed: { type: 'string', pattern: '^[a-z\\-]{2,5}$', minLength: 2 } },
      },
    });
    samplesOf(doc, 'Formats');
    for (const value of samplesOf(doc, 'Patterns')) expect((value as { code: string }).code).toMatch(/^[A-Z]{3}-\d{4}$/);
  });

  it('x-future-date-time: a date-time in a fixed far-future range (deterministic over time)', () => {
    const doc = document31({
      Deadline: { type: 'object', required: ['endsAt'], properties: { endsAt: { type: 'string', format: 'date-time', 'x-future-date-time': true } } },
    });
    for (const value of samplesOf(doc, 'Deadline')) {
      const year = new Date((value as { endsAt: string }).endsAt).getUTCFullYear();
      expect(year).toBeGreaterThanOrEqual(2200);
      expect(year).toBeLessThan(2300);
    }
  });

  it('x-unique-item-properties: no two items share the named property', () => {
    const doc = document31({
      Options: {
        type: 'array',
        minItems: 2,
        'x-unique-item-properties': ['id'],
        items: { type: 'object', required: ['id'], properties: { id: { enum: ['a', 'b', 'c'] } } },
      },
    });
    for (const value of samplesOf(doc, 'Options')) {
      const ids = (value as { id: string }[]).map((o) => o.id);
      expect(new Set(ids).size).toBe(ids.length);
    }
  });

  it('x-unique-item-properties with a list of names: no two items share all of them', () => {
    const doc = document31({
      Buckets: {
        type: 'array',
        minItems: 3,
        'x-unique-item-properties': [['group', 'segment']],
        items: { type: 'object', required: ['group', 'segment'], properties: { group: { enum: ['g1', 'g2'] }, segment: { enum: ['s1', 's2'] } } },
      },
    });
    for (const value of samplesOf(doc, 'Buckets')) {
      const pairs = (value as { group: string; segment: string }[]).map((o) => `${o.group}/${o.segment}`);
      expect(new Set(pairs).size).toBe(pairs.length);
    }
  });

  it('x-last-item-only: an item matching the schema (through a $ref) only as the last item', () => {
    const doc = document31({
      End: { type: 'object', required: ['end'], properties: { end: { const: true } } },
      Step: { type: 'object', required: ['end'], properties: { end: { type: 'boolean' } } },
      Steps: {
        type: 'array',
        minItems: 3,
        maxItems: 6,
        items: { $ref: '#/components/schemas/Step' },
        'x-last-item-only': { $ref: '#/components/schemas/End' },
      },
    });
    let ending = 0;
    for (const value of samplesOf(doc, 'Steps')) {
      const ends = (value as { end: boolean }[]).map((o) => o.end);
      expect(ends.slice(0, -1)).not.toContain(true);
      if (ends.at(-1)) ending++;
    }
    // The rule does not forbid a last one: some samples end with it.
    expect(ending).toBeGreaterThan(0);
  });
});

describe('OpenAPI 3.0 schemas', () => {
  const doc30 = {
    openapi: '3.0.3',
    info: { title: 'crafted', version: '1' },
    paths: {},
    components: {
      schemas: {
        Reading: {
          type: 'object',
          required: ['value', 'note', 'kind'],
          properties: {
            value: { type: 'number', minimum: 5, maximum: 6, exclusiveMinimum: true },
            note: { type: 'string', nullable: true, minLength: 1 },
            kind: { type: 'string', enum: ['a', 'b'], nullable: true },
            // 3.0 ignores keywords beside $ref: this `type: integer` must not apply.
            label: { $ref: '#/components/schemas/Label', type: 'integer' },
          },
        },
        Label: { type: 'string', minLength: 2 },
      },
    },
  };

  it('nullable gives null sometimes, a typed value otherwise; exclusiveMinimum: true is exclusive; $ref siblings are ignored', () => {
    const sampler = createSampler(doc30);
    const values = SEEDS.map(
      (seed) => sampler.forSchema('/components/schemas/Reading', seed) as { value: number; note: string | null; kind: string | null; label?: unknown },
    );
    for (const v of values) {
      expect(v.value).toBeGreaterThan(5);
      expect(v.value).toBeLessThanOrEqual(6);
      expect(v.note === null || (typeof v.note === 'string' && v.note.length >= 1)).toBe(true);
      expect([null, 'a', 'b']).toContain(v.kind);
      if ('label' in v) expect(typeof v.label === 'string' && v.label.length >= 2).toBe(true);
    }
    expect(values.some((v) => v.note === null)).toBe(true);
    expect(values.some((v) => typeof v.note === 'string')).toBe(true);
    expect(values.some((v) => 'label' in v)).toBe(true);
  });
});

describe('readOnly and writeOnly', () => {
  const doc = document31({
    Account: {
      type: 'object',
      required: ['name'],
      properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, password: { type: 'string', writeOnly: true, minLength: 8 } },
    },
  });

  it('a response includes readOnly properties and never an optional writeOnly one; a request the reverse', () => {
    const response = createSampler(doc);
    const request = createSampler(doc, { direction: 'request' });
    const responses = SEEDS.map((seed) => response.forSchema('/components/schemas/Account', seed) as Record<string, unknown>);
    const requests = SEEDS.map((seed) => request.forSchema('/components/schemas/Account', seed) as Record<string, unknown>);
    expect(responses.some((v) => 'id' in v)).toBe(true);
    expect(responses.some((v) => 'password' in v)).toBe(false);
    expect(requests.some((v) => 'password' in v)).toBe(true);
    expect(requests.some((v) => 'id' in v)).toBe(false);
  });
});

describe('examples of a media type', () => {
  const doc = {
    ...document31({ Count: { type: 'object', required: ['n'], properties: { n: { type: 'integer', minimum: 0 } } } }),
    paths: {
      '/count': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': {
                  schema: { $ref: '#/components/schemas/Count' },
                  examples: {
                    wrong: { value: { n: -1 } },
                    external: { externalValue: 'https://example.com/x.json' },
                    one: { value: { n: 1 } },
                    two: { $ref: '#/components/examples/Two' },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  (doc.components as Record<string, unknown>).examples = { Two: { value: { n: 2 } } };
  const media = '#/paths/~1count/get/responses/200/content/application~1json';

  it('come first, chosen by seed, never one that breaks the schema; externalValue is ignored', () => {
    const sampler = createSampler(doc);
    const values = SEEDS.map((seed) => sampler.forMedia(media, seed));
    expect(new Set(values.map((v) => JSON.stringify(v)))).toEqual(new Set(['{"n":1}', '{"n":2}']));
  });

  it('are skipped when `check` rejects them: the schema is sampled instead', () => {
    const sampler = createSampler(doc);
    for (const seed of SEEDS) {
      const value = sampler.forMedia(media, seed, (v) => (v as { n: number }).n > 2) as { n: number };
      expect(Number.isInteger(value.n) && value.n > 2).toBe(true);
    }
  });

  it('returned values are copies: changing one does not change the document', () => {
    const sampler = createSampler(doc);
    (sampler.forMedia(media, 1) as { n: number }).n = 99;
    expect(new Set(SEEDS.map((seed) => (sampler.forMedia(media, seed) as { n: number }).n))).toEqual(new Set([1, 2]));
  });
});

describe('what cannot be sampled', () => {
  const doc = document31({
    Impossible: { type: 'string', minLength: 5, maxLength: 2 },
    Contradiction: { allOf: [{ const: 'a' }, { const: 'b' }] },
    Open: { description: 'not shown', 'x-source-gap': 'Shape not shown.' },
  });

  it('a schema no value satisfies throws SampleError naming its pointer', () => {
    const sampler = createSampler(doc);
    for (const name of ['Impossible', 'Contradiction']) {
      const error = (() => {
        try {
          sampler.forSchema(`#/components/schemas/${name}`, 1);
        } catch (e) {
          return e;
        }
      })();
      expect(error).toBeInstanceOf(SampleError);
      expect((error as SampleError).pointer).toBe(`/components/schemas/${name}`);
      expect((error as SampleError).message).toContain(`/components/schemas/${name}`);
    }
  });

  it('a check that rejects everything throws SampleError after a bounded number of attempts', () => {
    let calls = 0;
    const sampler = createSampler(doc, { maxAttempts: 7 });
    expect(() => sampler.forSchema('/components/schemas/Impossible', 1, () => false)).toThrow(SampleError);
    expect(() =>
      createSampler(document31({ S: { type: 'string' } }), { maxAttempts: 7 }).forSchema('/components/schemas/S', 1, () => {
        calls++;
        return false;
      }),
    ).toThrow(SampleError);
    expect(calls).toBe(7);
  });

  it('an open ("not shown") schema gives {}; a pointer to nothing throws SampleError', () => {
    const sampler = createSampler(doc);
    expect(sampler.forSchema('/components/schemas/Open', 1)).toEqual({});
    expect(sampler.forSchema(true, 1)).toEqual({});
    expect(() => sampler.forSchema('/components/schemas/Missing', 1)).toThrow(SampleError);
    expect(() => sampler.forMedia('/paths/~1nothing', 1)).toThrow(SampleError);
  });

  it('a schema object of the document is found by identity; one from elsewhere is refused', () => {
    const sampler = createSampler(doc);
    expect(() => sampler.forSchema(doc.components.schemas.Impossible as object, 1)).toThrow(/\/components\/schemas\/Impossible/);
    expect(() => sampler.forSchema({ type: 'string' }, 1)).toThrow(SampleError);
  });
});

describe('the library is left as the consumer has it', () => {
  it('no format or keyword is registered globally', () => {
    const schema = { type: 'string', format: 'x-future-date-time' } as const;
    const before = generateSync(schema, { seed: 5 });
    createSampler(document31({ D: { type: 'string', 'x-future-date-time': true } })).forSchema('/components/schemas/D', 5);
    expect(generateSync(schema, { seed: 5 })).toBe(before);
  });
});

describe('documents the judge must not trip on', () => {
  // Items with distinct ids from two choices: the library alone repeats some, so a judge must be reached.
  const distinct = {
    type: 'array',
    minItems: 2,
    maxItems: 2,
    'x-unique-item-properties': ['id'],
    items: { type: 'object', required: ['id'], properties: { id: { enum: ['a', 'b'] } } },
  };
  const isPermutation = (value: unknown) => JSON.stringify((value as { id: string }[]).map((item) => item.id).sort()) === '["a","b"]';

  it('a pointer with characters URIs reserve reaches the judge', () => {
    const sampler = createSampler(document31({ 'a#b %c/d': distinct }));
    for (const seed of SEEDS.slice(0, 20)) expect(isPermutation(sampler.forSchema('/components/schemas/a#b %c~1d', seed))).toBe(true);
  });

  it('a document ajv cannot load (two schemas with one $id) still samples, `check` judging', () => {
    const sampler = createSampler(
      document31({ Distinct: { ...distinct, $id: 'https://example.com/same' }, Other: { $id: 'https://example.com/same', type: 'string' } }),
    );
    for (const seed of SEEDS.slice(0, 20)) expect(isPermutation(sampler.forSchema('/components/schemas/Distinct', seed, isPermutation))).toBe(true);
  });
});

describe('data is not read as a schema', () => {
  it('an example that looks like a schema is answered exactly as written', () => {
    const example = { $id: 'keep', nullable: true, type: 'string', exclusiveMinimum: true, minimum: 1, 'x-future-date-time': true, if: {}, then: {} };
    const doc = {
      openapi: '3.0.3',
      info: { title: 'crafted', version: '1' },
      paths: { '/x': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' }, example } } } } } } },
    };
    expect(createSampler(doc).forMedia('/paths/~1x/get/responses/200/content/application~1json', 1)).toEqual(example);
  });
});

describe('free-form objects (#29 item 15)', () => {
  /** A document whose description is 1 MB, with free-form answers and component schemas. */
  const bulky = () => ({
    openapi: '3.1.0',
    info: { title: 'crafted', version: '1', description: 'a very long description '.repeat(44_000) },
    paths: {
      '/free': { get: { responses: { '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object' } } } } } } },
      '/map': {
        get: {
          responses: {
            '200': { description: 'ok', content: { 'application/json': { schema: { type: 'object', additionalProperties: { type: 'integer' } } } } },
          },
        },
      },
    },
    components: {
      schemas: {
        Free: { type: 'object' },
        Required: { type: 'object', required: ['a', 'b'] },
        Sized: { type: 'object', minProperties: 2, additionalProperties: { type: 'string', maxLength: 3 } },
        Holder: { type: 'object', required: ['free'], properties: { free: { $ref: '#/components/schemas/Free' } } },
      },
    },
  });

  it('answers a small sample, never a copy of the document (its keys or its 1 MB description)', () => {
    const document = bulky();
    const sampler = createSampler(document);
    const keys = Object.keys(document);
    for (const seed of SEEDS.slice(0, 10)) {
      const values = [
        sampler.forMedia('/paths/~1free/get/responses/200/content/application~1json', seed),
        sampler.forMedia('/paths/~1map/get/responses/200/content/application~1json', seed),
        sampler.forSchema('/components/schemas/Free', seed),
        sampler.forSchema('/components/schemas/Holder', seed),
      ];
      for (const value of values) {
        const text = JSON.stringify(value);
        expect(text.length, text.slice(0, 200)).toBeLessThan(1_000);
        expect(text).not.toContain('very long description');
        for (const key of keys) expect(text).not.toContain(`"${key}"`);
      }
      expect(values[0]).toEqual({});
      expect(values[2]).toEqual({});
    }
  });

  it('still gives what required and minProperties ask for, valid for the schema', () => {
    const document = bulky();
    for (const value of samplesOf(document, 'Required')) expect(Object.keys(value as object)).toEqual(expect.arrayContaining(['a', 'b']));
    for (const value of samplesOf(document, 'Sized')) expect(Object.keys(value as object).length).toBeGreaterThanOrEqual(2);
    samplesOf(document, 'Holder');
  });
});
