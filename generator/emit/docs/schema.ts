/**
 * Schema objects as Markdown fragments for the reference pages: a type label with links, the
 * constraints in words, the fields of an object, the variants of a union and the conditional
 * rules (`if`/`then`/`else`) in words.
 */
import { own, refSegments } from '../../model/model.js';
import { cell, code, text } from './markdown.js';

type Schema = Record<string, any>;

/**
 * Where a component schema's page lives, relative to the page linking to it; undefined for a name
 * that is no component schema (the label is then not a link).
 */
export type SchemaLink = (name: string) => string | undefined;

/** How deep labels and constraints describe nested inline schemas. */
const MAX_DEPTH = 8;

/** A number as written, anything else (a document may put a string there) as code. */
const amount = (v: unknown) => (typeof v === 'number' ? String(v) : code(v));

/** The component schema name a `$ref` names (`#/components/schemas/a%20b` → `a b`). */
export const refName = (ref: string): string => (ref.startsWith('#/components/schemas/') ? refSegments(ref).slice(2).join('/') : ref);

/** A schema that only marks what is not shown: an `x-source-gap` and nothing that constrains. (`{}` alone means any value.) */
export const isGap = (s: unknown): boolean =>
  !!s && typeof s === 'object' && Object.hasOwn(s, 'x-source-gap') && Object.keys(s).every((k) => k.startsWith('x-') || k === 'description' || k === 'title');

/** `array of [Project](Project.md)`, `string \| null`, `one of A, B`, `not shown`. */
export function typeLabel(schema: unknown, link: SchemaLink, depth = 0): string {
  if (schema === false) return 'not accepted';
  if (schema === true || schema === undefined || depth > MAX_DEPTH) return 'any';
  if (!schema || typeof schema !== 'object') return 'any';
  const s = schema as Schema;
  if (typeof s.$ref === 'string') {
    const name = refName(s.$ref);
    const href = link(name);
    return href === undefined ? text(name) : `[${text(name)}](${href})`;
  }
  if (isGap(s)) return '_not shown_';
  if ('const' in s) return code(s.const);
  const types: string[] = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  const parts = types.map((t) => (t === 'array' ? `array of ${typeLabel(s.items, link, depth + 1)}` : text(t)));
  if (parts.length) return parts.join(' \\| ');
  const union = s.oneOf ?? s.anyOf;
  if (Array.isArray(union)) return `one of ${union.map((u: unknown) => typeLabel(u, link, depth + 1)).join(', ')}`;
  const refs = (s.allOf ?? []).filter((a: Schema) => a?.$ref);
  if (refs.length) return refs.map((a: unknown) => typeLabel(a, link, depth + 1)).join(' and ');
  if (Array.isArray(s.enum)) return 'enum';
  return 'any';
}

/** The items `x-last-item-only` names, in words: those with given values (`isEnd` `true`), else those matching the schema. */
function itemKind(schema: unknown): string {
  const s = schema as Schema;
  const properties = s && typeof s === 'object' && s.properties && typeof s.properties === 'object' ? Object.entries<any>(s.properties) : [];
  const fixed = properties.filter(([, p]) => p && typeof p === 'object' && 'const' in p);
  if (fixed.length > 0 && fixed.length === properties.length) return `an item with ${fixed.map(([name, p]) => `${code(name)} ${code(p.const)}`).join(' and ')}`;
  return `an item matching ${code(JSON.stringify(schema))}`;
}

/** Said of a write-time rule (emit/validators/keywords.ts `writeTimeKeywords`): where it is checked. */
export const WHEN_SENT = 'when sent (checked on requests, not on answers)';

/** Bounds, formats, defaults and the custom keywords, in words. */
export function constraints(schema: unknown, depth = 0): string[] {
  if (!schema || typeof schema !== 'object' || depth > MAX_DEPTH) return [];
  const s = schema as Schema;
  const out: string[] = [];
  const range = (min: unknown, max: unknown, unit: string) => {
    if (min !== undefined && max !== undefined) out.push(`${amount(min)} to ${amount(max)}${unit}`);
    else if (min !== undefined) out.push(`at least ${amount(min)}${unit}`);
    else if (max !== undefined) out.push(`at most ${amount(max)}${unit}`);
  };
  range(s.minimum, s.maximum, '');
  if (s.exclusiveMinimum !== undefined) out.push(`greater than ${amount(s.exclusiveMinimum)}`);
  if (s.exclusiveMaximum !== undefined) out.push(`less than ${amount(s.exclusiveMaximum)}`);
  range(s.minLength, s.maxLength, ' characters');
  range(s.minItems, s.maxItems, ' items');
  if (s.uniqueItems) out.push('unique items');
  if (s.format) out.push(`format ${code(s.format)}`);
  if (s.pattern) out.push(`pattern ${code(s.pattern)}`);
  if (Array.isArray(s['x-unique-item-properties'])) {
    const entries = s['x-unique-item-properties'].map((e: unknown) => (Array.isArray(e) ? `${e.map(code).join(' and ')} together` : code(e)));
    out.push(`${entries.join(', ')} unique across items`);
  }
  if (s['x-last-item-only'] !== undefined) out.push(`${itemKind(s['x-last-item-only'])} only as the last item`);
  if (s['x-future-date-time']) out.push(`must lie in the future ${WHEN_SENT}`);
  if (s.default !== undefined) out.push(`default ${code(s.default)}`);
  if (Array.isArray(s.enum)) out.push(s.enum.length > 12 ? `one of ${s.enum.length} values` : `one of ${s.enum.map(code).join(', ')}`);
  if (s.type === 'array' && s.items && Array.isArray(s.items.enum)) {
    out.push(s.items.enum.length > 12 ? `items: one of ${s.items.enum.length} values` : `items: ${s.items.enum.map(code).join(', ')}`);
  }
  if (s.type === 'array' && s.items) out.push(...constraints({ ...s.items, enum: undefined }, depth + 1).map((c) => `items: ${c}`));
  for (const [name, p] of Object.entries<any>(s.type === 'array' ? (s.items?.properties ?? {}) : {})) {
    const values = Array.isArray(p?.enum) ? p.enum : p && 'const' in p ? [p.const] : undefined;
    if (values) out.push(`items: ${code(name)} one of ${values.map(code).join(', ')}`);
  }
  return out;
}

export interface FieldRow {
  name: string;
  type: string;
  required: boolean;
  constraints: string;
  description: string;
  deprecated: boolean;
  gap: string | undefined;
}

/** Properties of an object schema, its own and those it takes from `allOf` members. */
export function fields(resolve: <T = any>(node: unknown) => T, schema: Schema, link: SchemaLink): FieldRow[] {
  const rows = new Map<string, FieldRow>();
  // An `allOf` may lead back to a schema already visited (itself, or A and B each other's).
  const visited = new Set<unknown>();
  const visit = (s: Schema, inherited: boolean) => {
    if (!s || typeof s !== 'object' || visited.has(s)) return;
    visited.add(s);
    for (const part of Array.isArray(s.allOf) ? s.allOf : []) visit(resolve(part), true);
    const required: string[] = Array.isArray(s.required) ? s.required : [];
    for (const [name, raw] of Object.entries<any>(own(s, 'properties') ?? {})) {
      const target = raw?.$ref ? resolve(raw) : raw;
      const prior = rows.get(name);
      const description: string = raw?.description ?? '';
      const row: FieldRow = {
        name,
        type: typeLabel(raw, link),
        required: required.includes(name) || (prior?.required ?? false),
        constraints: constraints(raw?.$ref ? {} : raw).join('; '),
        description: cell(description),
        deprecated: raw?.deprecated === true || target?.deprecated === true,
        gap: raw?.['x-source-gap'] ?? raw?.items?.['x-source-gap'],
      };
      // A variant narrowing an inherited field (e.g. `questionType: const radio`) refines it.
      if (prior && !inherited) {
        row.description = row.description || prior.description;
        if (row.type === 'any' || row.type.endsWith(' of any')) row.type = prior.type;
        row.constraints = [prior.constraints, row.constraints].filter(Boolean).join('; ');
      }
      rows.set(name, prior && inherited ? prior : row);
    }
    for (const name of required) {
      const row = rows.get(name);
      if (row) row.required = true;
    }
  };
  visit(schema, false);
  return [...rows.values()];
}

function valueText(s: Schema): string | undefined {
  if ('const' in s) return `is ${code(s.const)}`;
  if (Array.isArray(s.enum)) return `is one of ${s.enum.map(code).join(', ')}`;
  if (s.not && typeof s.not === 'object') {
    const inner = valueText(s.not);
    return inner ? inner.replace(/^is /, 'is not ') : undefined;
  }
  if (s.type === 'string') return 'is a string';
  if (s.type === 'null') return 'is null';
  if (s.minItems !== undefined && s.maxItems === undefined) return `has at least ${amount(s.minItems)} item${s.minItems === 1 ? '' : 's'}`;
  return undefined;
}

/** `when \`typeOfResearch\` is \`inPerson\`` */
export function conditionText(s: Schema): string {
  const parts = Object.entries<any>(s.properties ?? {}).map(([k, v]) => `${code(k)} ${valueText(v) ?? 'matches'}`);
  const present = (Array.isArray(s.required) ? s.required : []).filter((k: string) => !Object.hasOwn(s.properties ?? {}, k));
  parts.push(...present.map((k: string) => `${code(k)} is present`));
  return parts.join(' and ') || 'always';
}

/** What a `then`/`else` branch demands, as phrases. */
export function demandText(s: Schema, prefix = '', depth = 0): string[] {
  const out: string[] = [];
  if (depth > MAX_DEPTH) return out;
  if (Array.isArray(s.required) && s.required.length) out.push(`requires ${s.required.map((k: string) => code(prefix + k)).join(', ')}`);
  for (const [k, v] of Object.entries<any>(s.properties ?? {})) {
    const name = prefix + k;
    if (v === false) out.push(`refuses ${code(name)}`);
    else if (v && typeof v === 'object') {
      if (v.properties || v.required) out.push(...demandText(v, `${name}.`, depth + 1));
      if (v.items && typeof v.items === 'object') out.push(...demandText(v.items, `${name}[].`, depth + 1));
      const value = valueText(v);
      if (value && !v.properties) out.push(`${code(name)} ${value.replace(/^is /, 'must be ').replace(/^has /, 'must have ')}`);
      const c = constraints({ ...v, enum: undefined, const: undefined, type: undefined, minItems: v.maxItems !== undefined ? v.minItems : undefined });
      if (c.length) out.push(`${code(name)}: ${c.join(', ')}`);
    }
  }
  if (Array.isArray(s.not?.required)) out.push(`refuses ${s.not.required.map((k: string) => code(prefix + k)).join(', ')}`);
  if (Array.isArray(s.anyOf)) out.push(`needs one of: ${s.anyOf.map((a: Schema) => demandText(a, prefix, depth + 1).join(' and ') || 'any').join('; or ')}`);
  return out;
}

export interface RuleText {
  description: string;
  text: string;
}

/** Every `if`/`then`/`else` on a schema (directly or in its `allOf` items), in words. */
export function rules(schema: Schema): RuleText[] {
  const found: RuleText[] = [];
  // An allOf member's description names its rule; the schema's own description is not a rule's.
  const visit = (s: Schema, isRoot: boolean, depth: number) => {
    if (!s || typeof s !== 'object' || depth > MAX_DEPTH) return;
    if (s.if) {
      const when = conditionText(s.if);
      const then = s.then ? demandText(s.then) : [];
      const otherwise = s.else ? demandText(s.else) : [];
      let sentence = `When ${when}: ${then.join('; ') || 'no further demand'}.`;
      if (otherwise.length) sentence += ` Otherwise: ${otherwise.join('; ')}.`;
      found.push({ description: isRoot ? '' : cell(s.description), text: sentence });
    }
    for (const part of Array.isArray(s.allOf) ? s.allOf : []) if (!part?.$ref) visit(part, false, depth + 1);
  };
  visit(schema, true, 0);
  if (Array.isArray(schema.anyOf) && schema.type === 'object')
    found.push({ description: '', text: `Needs one of: ${schema.anyOf.map((a: Schema) => demandText(a).join(' and ')).join('; or ')}.` });
  return found;
}
