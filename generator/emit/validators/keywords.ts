/**
 * Custom keywords for rules JSON Schema cannot state. Each generates code (not a closure), so
 * ajv's standalone output carries it and the generated validators enforce it with no ajv at run time.
 */
import { _, Name, str, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { propertyInData } from 'ajv/dist/vocabularies/code.js';
import { resetErrorsCount } from 'ajv/dist/compile/errors.js';
import { Type } from 'ajv/dist/compile/util.js';

/** `x-future-date-time: true`: a date-time string that lies in the future (source: deadline.endsAt). */
export const futureDateTime: KeywordDefinition = {
  keyword: 'x-future-date-time',
  type: 'string',
  schemaType: 'boolean',
  error: { message: 'must be a date-time in the future' },
  code(cxt: KeywordCxt) {
    if (cxt.schema !== true) return;
    cxt.fail(_`!(Date.parse(${cxt.data}) > Date.now())`);
  },
};

/**
 * `x-unique-item-properties: [name, [name, name], ...]`: no two object items share a value of a
 * named property (source: option ids unique within an external question), or, for a list of names,
 * the same values of all of them together, compared as JSON (source: one quota-target entry per
 * bucket, a bucket being a groupId and a segmentId). An item without the property (or one of the
 * list) is not compared.
 */
export const uniqueItemProperties: KeywordDefinition = {
  keyword: 'x-unique-item-properties',
  type: 'array',
  schemaType: 'array',
  // A name, or a list of at least one name (ajv refuses any other value when it reads the schema).
  metaSchema: { type: 'array', items: { anyOf: [{ type: 'string' }, { type: 'array', minItems: 1, items: { type: 'string' } }] } },
  error: {
    message: ({ params }) => str`must not repeat ${params.property} ${params.value} (items ${params.first} and ${params.index})`,
    params: ({ params }) => _`{property: ${params.property}, value: ${params.value}, first: ${params.first}, index: ${params.index}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, it } = cxt;
    for (const entry of cxt.schema as (string | string[])[]) {
      const names = typeof entry === 'string' ? [entry] : entry;
      const seen = gen.let('seen', _`new Map()`);
      gen.forRange('i', 0, _`${data}.length`, (i) => {
        const item = gen.const('item', _`${data}[${i}]`);
        // An item has the properties as ajv's own keywords see them (own only, with `ownProperties`).
        const present = names.map((name) => _`${propertyInData(gen, item, name, it.opts.ownProperties)}`);
        gen.if(_`${item} !== null && typeof ${item} == "object" && ${present.reduce((all, one) => _`${all} && ${one}`)}`, () => {
          // One property: its value itself is the key (as before); several: their values as JSON.
          const value =
            typeof entry === 'string'
              ? gen.const('value', _`${item}[${entry}]`)
              : gen.const('value', _`JSON.stringify([${names.map((name) => _`${item}[${name}]`).reduce((all, one) => _`${all}, ${one}`)}])`);
          const shown = typeof entry === 'string' ? _`JSON.stringify(${value})` : value;
          gen.if(_`${seen}.has(${value})`, () => {
            cxt.setParams({
              property: typeof entry === 'string' ? _`${entry}` : _`${`(${names.join(', ')})`}`,
              value: shown,
              first: _`${seen}.get(${value})`,
              index: i,
            });
            cxt.error();
          });
          gen.if(_`!${seen}.has(${value})`, () => gen.code(_`${seen}.set(${value}, ${i})`));
        });
      });
    }
  },
};

/** ajv's count of errors in a compiled function (its `names.errors`). */
const ERRORS = new Name('errors');

/**
 * `x-last-item-only: <schema>`: an item that matches the schema may stand only as the array's last
 * item, so at most one does (source: the end-of-screener sentinel is an extra last element).
 */
export const lastItemOnly: KeywordDefinition = {
  keyword: 'x-last-item-only',
  type: 'array',
  schemaType: ['object', 'boolean'],
  error: {
    message: ({ params }) => str`must not have item ${params.index} anywhere but last (it matches x-last-item-only)`,
    params: ({ params }) => _`{index: ${params.index}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data } = cxt;
    const valid = gen.name('valid');
    gen.forRange('i', 0, _`${data}.length - 1`, (i) => {
      // The item is only tested: whatever it fails is not an error of the array's.
      const before = gen.const('before', ERRORS);
      cxt.subschema({ keyword: 'x-last-item-only', dataProp: i, dataPropType: Type.Num, compositeRule: true, createErrors: false, allErrors: false }, valid);
      resetErrorsCount(gen, before);
      gen.if(valid, () => {
        cxt.setParams({ index: i });
        cxt.error();
      });
    });
  },
};

export const customKeywords = [futureDateTime, uniqueItemProperties, lastItemOnly];

/** Custom keywords whose value is a schema (converted and walked like `not` or `contains`). */
export const schemaValuedKeywords: ReadonlySet<string> = new Set([lastItemOnly.keyword as string]);

/**
 * Keywords whose rule holds for a value when it is sent (a request's body or parameters), not for
 * what is returned: "in the future" is true when the request is made and stops being true as time
 * passes, so a value the service returns later may break it. Request and query validators check
 * them; response and schema validators do not (json-schema.ts `ConvertOptions.sent`).
 */
export const writeTimeKeywords: ReadonlySet<string> = new Set([futureDateTime.keyword as string]);
export const customKeywordNames = new Set(customKeywords.map((k) => k.keyword as string));
