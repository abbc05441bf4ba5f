/**
 * Custom keywords for rules JSON Schema cannot state. Each generates code (not a closure), so
 * ajv's standalone output carries it and the generated validators enforce it with no ajv at run time.
 */
import { _, str, type KeywordCxt, type KeywordDefinition } from 'ajv';
import { propertyInData } from 'ajv/dist/vocabularies/code.js';

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
 * `x-unique-item-properties: [name, ...]`: no two object items share a value of a named property
 * (source: option ids unique within an external question).
 */
export const uniqueItemProperties: KeywordDefinition = {
  keyword: 'x-unique-item-properties',
  type: 'array',
  schemaType: 'array',
  error: {
    message: ({ params }) => str`must not repeat ${params.property} ${params.value} (items ${params.first} and ${params.index})`,
    params: ({ params }) => _`{property: ${params.property}, value: ${params.value}, first: ${params.first}, index: ${params.index}}`,
  },
  code(cxt: KeywordCxt) {
    const { gen, data, it } = cxt;
    for (const property of cxt.schema as string[]) {
      const seen = gen.let('seen', _`new Map()`);
      gen.forRange('i', 0, _`${data}.length`, (i) => {
        const item = gen.const('item', _`${data}[${i}]`);
        // An item has the property as ajv's own keywords see it (own only, with `ownProperties`).
        gen.if(_`${item} !== null && typeof ${item} == "object" && ${propertyInData(gen, item, property, it.opts.ownProperties)}`, () => {
          const value = gen.const('value', _`${item}[${property}]`);
          gen.if(_`${seen}.has(${value})`, () => {
            cxt.setParams({ property: _`${property}`, value: _`JSON.stringify(${value})`, first: _`${seen}.get(${value})`, index: i });
            cxt.error();
          });
          gen.if(_`!${seen}.has(${value})`, () => gen.code(_`${seen}.set(${value}, ${i})`));
        });
      });
    }
  },
};

export const customKeywords = [futureDateTime, uniqueItemProperties];

/**
 * Keywords whose rule holds for a value when it is sent (a request's body or parameters), not for
 * what is returned: "in the future" is true when the request is made and stops being true as time
 * passes, so a value the service returns later may break it. Request and query validators check
 * them; response and schema validators do not (json-schema.ts `ConvertOptions.sent`).
 */
export const writeTimeKeywords: ReadonlySet<string> = new Set([futureDateTime.keyword as string]);
export const customKeywordNames = new Set(customKeywords.map((k) => k.keyword as string));
