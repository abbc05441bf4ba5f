/**
 * One schema against its next version, in one role: `request` (the consumer builds the value, so
 * whatever the new schema refuses breaks them) or `response` (the consumer reads it, so whatever
 * the new schema adds to what they may receive breaks them). The walk follows `$ref`s,
 * `properties`, `items`, `allOf`/`oneOf`/`anyOf`, discriminators and `if`/`then`/`else`; a pair
 * of schemas already compared in a role is not compared again, so recursion terminates.
 */
import { escapePointer } from '../names.js';
import { own, isObject } from '../own.js';
import { refSegments } from '../model.js';
import type { ChangeSink, Located, Role } from './changes.js';
import { canonical, DOCS_KEYWORDS, docsChanges, list } from './compare.js';

/** Follows `$ref`s to the schema they name, with the JSON pointer of where it is. */
export function resolve(doc: unknown, node: Located): Located {
  let { value, pointer } = node;
  for (let hops = 0; isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#') && hops < 64; hops++) {
    const segments = refSegments(value.$ref);
    pointer = segments.length ? `/${segments.map(escapePointer).join('/')}` : '';
    value = segments.reduce<unknown>((o, k) => own(o, k), doc);
  }
  // Boolean schemas: `true` accepts anything (as `{}`), `false` nothing.
  if (value === true) value = {};
  if (value === false) value = { not: {} };
  return { value, pointer };
}

/** Upper bounds: a lower value is tighter. */
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Lower bounds: a higher value is tighter. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
/** Present (or changed) is tighter than absent. `x-unique-item-properties` is a validator keyword of the generator's. */
const PRESENCE = ['pattern', 'format', 'multipleOf', 'contentEncoding', 'contentMediaType', 'propertyNames', 'contains', 'not', 'patternProperties', 'x-unique-item-properties'];
/** `true` is tighter than absent or `false`. `x-future-date-time` is a validator keyword of the generator's. */
const FLAGS = ['uniqueItems', 'x-future-date-time'];
/** Conditional rules: added is tighter. */
const CONDITIONALS = ['if', 'dependentRequired', 'dependentSchemas'];
/** Keywords this walk judges; any other keyword that changes is reported as `schema-keyword-changed`. */
const JUDGED = new Set([
  ...UPPER, ...LOWER, ...PRESENCE, ...FLAGS, ...CONDITIONALS, ...DOCS_KEYWORDS,
  'type', 'nullable', 'enum', 'const', 'properties', 'required', 'additionalProperties', 'items', 'prefixItems',
  'allOf', 'oneOf', 'anyOf', 'discriminator', 'then', 'else', 'deprecated', 'readOnly', 'writeOnly', 'default', '$ref', '$schema', '$id', '$anchor',
]);
const COMPOSITIONS = ['allOf', 'oneOf', 'anyOf'] as const;

/** The JSON types a schema allows, `undefined` for any; OpenAPI 3.0's `nullable: true` adds `null`. */
function types(s: Record<string, any>): Set<string> | undefined {
  const declared = typeof s.type === 'string' ? [s.type] : Array.isArray(s.type) ? s.type.map(String) : undefined;
  if (!declared) return undefined;
  return new Set(s.nullable === true ? [...declared, 'null'] : declared);
}
/** `integer` values are `number`s too. */
const allows = (set: Set<string>, type: string) => set.has(type) || (type === 'integer' && set.has('number'));
const covers = (outer: Set<string> | undefined, inner: Set<string> | undefined) => !outer || (inner !== undefined && [...inner].every((t) => allows(outer, t)));

/** The values an `enum` or `const` allows, as canonical JSON, or `undefined` when unrestricted. */
function allowedValues(s: Record<string, any>): { values: Map<string, unknown>; keyword: string } | undefined {
  if (Object.hasOwn(s, 'const')) return { values: new Map([[canonical(s.const), s.const]]), keyword: 'const' };
  if (Array.isArray(s.enum)) return { values: new Map(s.enum.map((v: unknown) => [canonical(v), v])), keyword: 'enum' };
  return undefined;
}

const shown = (values: unknown[]) => values.map((v) => JSON.stringify(v)).join(', ');

export class SchemaDiff {
  private readonly compared = new Set<string>();

  constructor(
    private readonly base: unknown,
    private readonly head: unknown,
    private readonly sink: ChangeSink,
  ) {}

  /** Compares `b` (in the base document) with `h` (in the head document) as a `role` value. */
  compare(b: Located, h: Located, role: Role): void {
    const bs = resolve(this.base, b);
    const hs = resolve(this.head, h);
    const key = `${role} ${bs.pointer} ${hs.pointer}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    if (!isObject(bs.value) || !isObject(hs.value)) return;
    const B = bs.value;
    const H = hs.value;
    const at = (keyword: string) => `${hs.pointer}/${escapePointer(keyword)}`;
    const was = (keyword: string) => `${bs.pointer}/${escapePointer(keyword)}`;

    docsChanges(this.sink, B, H, hs.pointer);
    if (B.deprecated !== true && H.deprecated === true) this.sink.add('additive', 'deprecated', hs.pointer, 'deprecated');
    if (B.deprecated === true && H.deprecated !== true) this.sink.add('additive', 'deprecation-removed', hs.pointer, 'no longer deprecated');

    this.types(B, H, role, at(Object.hasOwn(H, 'type') ? 'type' : 'nullable'));
    this.values(B, H, role, bs.pointer, hs.pointer);
    this.constraints(B, H, role, at, was);
    this.conditionals(B, H, role, at, was);
    this.objects(bs, hs, role);
    this.arrays(bs, hs, role);
    for (const keyword of COMPOSITIONS) this.composition(bs, hs, keyword, role);
    this.discriminator(B, H, role, at);

    for (const keyword of new Set([...Object.keys(B), ...Object.keys(H)])) {
      if (JUDGED.has(keyword) || canonical(own(B, keyword)) === canonical(own(H, keyword))) continue;
      if (keyword.startsWith('x-')) this.sink.add('docs', 'extension-changed', at(keyword), `${keyword} changed`);
      else this.sink.add('additive', 'schema-keyword-changed', at(keyword), `${keyword} changed`);
    }
  }

  private types(B: Record<string, any>, H: Record<string, any>, role: Role, pointer: string): void {
    const bt = types(B);
    const ht = types(H);
    if (covers(bt, ht) && covers(ht, bt)) return;
    const text = (t: Set<string> | undefined) => (t ? [...t].sort().join(' | ') : 'any');
    const message = `type ${text(bt)} → ${text(ht)}`;
    const widened = covers(ht, bt);
    const narrowed = covers(bt, ht);
    if (role === 'request') {
      if (widened) this.sink.add('additive', 'request-type-widened', pointer, message);
      else this.sink.add('breaking', narrowed ? 'request-type-narrowed' : 'request-type-changed', pointer, message);
      return;
    }
    if (narrowed) this.sink.add('additive', 'response-type-narrowed', pointer, message);
    else if (widened && bt && ht && [...ht].every((t) => t === 'null' || allows(bt, t))) this.sink.add('breaking', 'response-became-nullable', pointer, message);
    else this.sink.add('breaking', 'response-type-changed', pointer, message);
  }

  /**
   * `enum` and `const`. A value added to a response enum is breaking here, where oasdiff rates it
   * a warning: the generated types make the enum a union, so a consumer's exhaustive `switch` (or
   * `satisfies never`) stops compiling, and a `Record<Enum, …>` lookup returns undefined at run time.
   */
  private values(B: Record<string, any>, H: Record<string, any>, role: Role, basePointer: string, headPointer: string): void {
    const bv = allowedValues(B);
    const hv = allowedValues(H);
    if (!bv && !hv) return;
    if (!hv) {
      const pointer = `${basePointer}/${bv!.keyword}`;
      if (role === 'request') this.sink.add('additive', 'request-constraint-relaxed', pointer, `no longer restricted to ${shown([...bv!.values.values()])}`);
      else this.sink.add('breaking', 'response-type-changed', pointer, `no longer restricted to ${shown([...bv!.values.values()])}`);
      return;
    }
    const pointer = `${headPointer}/${hv.keyword}`;
    if (!bv) {
      if (role === 'request') this.sink.add('breaking', 'request-constraint-tightened', pointer, `restricted to ${shown([...hv.values.values()])}`);
      else this.sink.add('additive', 'response-constraint-changed', pointer, `restricted to ${shown([...hv.values.values()])}`);
      return;
    }
    const added = [...hv.values].filter(([k]) => !bv.values.has(k)).map(([, v]) => v);
    const removed = [...bv.values].filter(([k]) => !hv.values.has(k)).map(([, v]) => v);
    if (removed.length) {
      if (role === 'request') this.sink.add('breaking', 'request-enum-value-removed', pointer, `value ${shown(removed)} no longer accepted`);
      else this.sink.add('additive', 'response-enum-value-removed', pointer, `value ${shown(removed)} no longer returned`);
    }
    if (added.length) {
      if (role === 'request') this.sink.add('additive', 'request-enum-value-added', pointer, `value ${shown(added)} accepted`);
      else this.sink.add('breaking', 'response-enum-value-added', pointer, `value ${shown(added)} may be returned`);
    }
  }

  /** Bounds, patterns, formats and the generator's validator keywords. */
  private constraints(B: Record<string, any>, H: Record<string, any>, role: Role, at: (k: string) => string, was: (k: string) => string): void {
    const judge = (keyword: string, tightened: boolean) => {
      const before = own(B, keyword);
      const after = own(H, keyword);
      const message = `${keyword} ${before === undefined ? 'added' : after === undefined ? 'removed' : 'changed'}${typeof before !== 'object' && typeof after !== 'object' ? `: ${JSON.stringify(before) ?? 'none'} → ${JSON.stringify(after) ?? 'none'}` : ''}`;
      const pointer = after === undefined ? was(keyword) : at(keyword);
      if (role === 'response') this.sink.add('additive', 'response-constraint-changed', pointer, message);
      else if (tightened) this.sink.add('breaking', 'request-constraint-tightened', pointer, message);
      else this.sink.add('additive', 'request-constraint-relaxed', pointer, message);
    };
    const number = (v: unknown) => (typeof v === 'number' ? v : undefined);
    for (const keyword of [...UPPER, ...LOWER]) {
      const before = own(B, keyword);
      const after = own(H, keyword);
      if (canonical(before) === canonical(after)) continue;
      const b = number(before);
      const a = number(after);
      // draft-04's boolean exclusiveMinimum/exclusiveMaximum: true is tighter.
      if (typeof before === 'boolean' || typeof after === 'boolean') judge(keyword, after === true);
      else judge(keyword, a !== undefined && (b === undefined || (UPPER.includes(keyword) ? a < b : a > b)));
    }
    for (const keyword of PRESENCE) {
      if (canonical(own(B, keyword)) !== canonical(own(H, keyword))) judge(keyword, own(H, keyword) !== undefined);
    }
    for (const keyword of FLAGS) {
      if ((own(B, keyword) === true) !== (own(H, keyword) === true)) judge(keyword, own(H, keyword) === true);
    }
  }

  /** `if`/`then`/`else`, `dependentRequired`, `dependentSchemas`: a new or changed rule is a new condition on requests. */
  private conditionals(B: Record<string, any>, H: Record<string, any>, role: Role, at: (k: string) => string, was: (k: string) => string): void {
    const report = (keyword: string, kind: 'added' | 'removed' | 'changed') => {
      const pointer = kind === 'removed' ? was(keyword) : at(keyword);
      if (role === 'response') this.sink.add('additive', 'response-conditional-changed', pointer, `conditional rule ${kind}`);
      else if (kind === 'removed') this.sink.add('additive', 'request-conditional-removed', pointer, 'conditional rule removed');
      else this.sink.add('breaking', kind === 'added' ? 'request-conditional-added' : 'request-conditional-changed', pointer, `conditional rule ${kind}`);
    };
    for (const keyword of CONDITIONALS) {
      const before = own(B, keyword);
      const after = own(H, keyword);
      if (canonical(before, DOCS_KEYWORDS) === canonical(after, DOCS_KEYWORDS)) continue;
      report(keyword, before === undefined ? 'added' : after === undefined ? 'removed' : 'changed');
    }
    if (own(B, 'if') === undefined || own(H, 'if') === undefined) return;
    for (const keyword of ['then', 'else']) {
      const before = own(B, keyword);
      const after = own(H, keyword);
      if (before !== undefined && after !== undefined) this.compare({ value: before, pointer: was(keyword) }, { value: after, pointer: at(keyword) }, role);
      else if (before !== after) report(keyword, before === undefined ? 'added' : 'removed');
    }
  }

  private objects(bs: Located, hs: Located, role: Role): void {
    const B = bs.value as Record<string, any>;
    const H = hs.value as Record<string, any>;
    const bp = isObject(B.properties) ? B.properties : {};
    const hp = isObject(H.properties) ? H.properties : {};
    const breq = new Set(list(B.required).map(String));
    const hreq = new Set(list(H.required).map(String));
    const names = [...new Set([...Object.keys(bp), ...Object.keys(hp), ...breq, ...hreq])].sort();
    for (const name of names) {
      const before: Located | undefined = Object.hasOwn(bp, name) ? { value: bp[name], pointer: `${bs.pointer}/properties/${escapePointer(name)}` } : undefined;
      const after: Located | undefined = Object.hasOwn(hp, name) ? { value: hp[name], pointer: `${hs.pointer}/properties/${escapePointer(name)}` } : undefined;
      // A readOnly property is never sent, a writeOnly one never received.
      const hidden = role === 'request' ? 'readOnly' : 'writeOnly';
      if ([before && resolve(this.base, before), after && resolve(this.head, after)].some((s) => isObject(s?.value) && s.value[hidden] === true)) continue;
      const pointer = after?.pointer ?? before?.pointer ?? `${hs.pointer}/required`;
      const label = JSON.stringify(name);
      if (!before && after) {
        if (role === 'response') this.sink.add('additive', 'response-property-added', pointer, `property ${label} added`);
        else if (hreq.has(name)) this.sink.add('breaking', 'request-property-added-required', pointer, `required property ${label} added`);
        else this.sink.add('additive', 'request-property-added', pointer, `optional property ${label} added`);
        continue;
      }
      if (before && !after) {
        this.sink.add('breaking', `${role}-property-removed`, pointer, `property ${label} removed`);
        continue;
      }
      if (!breq.has(name) && hreq.has(name)) {
        if (role === 'request') this.sink.add('breaking', 'request-property-became-required', pointer, `property ${label} became required`);
        else this.sink.add('additive', 'response-property-became-required', pointer, `property ${label} is now always present`);
      }
      if (breq.has(name) && !hreq.has(name)) {
        if (role === 'request') this.sink.add('additive', 'request-property-became-optional', pointer, `property ${label} became optional`);
        else this.sink.add('breaking', 'response-property-became-optional', pointer, `property ${label} may be absent`);
      }
      if (before && after) this.compare(before, after, role);
    }
    this.subschema(bs, hs, 'additionalProperties', role, (v) => v !== undefined && v !== true);
  }

  private arrays(bs: Located, hs: Located, role: Role): void {
    this.subschema(bs, hs, 'items', role, (v) => v !== undefined);
    const bi = list((bs.value as Record<string, any>).prefixItems);
    const hi = list((hs.value as Record<string, any>).prefixItems);
    for (let i = 0; i < Math.min(bi.length, hi.length); i++) {
      this.compare({ value: bi[i], pointer: `${bs.pointer}/prefixItems/${i}` }, { value: hi[i], pointer: `${hs.pointer}/prefixItems/${i}` }, role);
    }
    if (bi.length !== hi.length) {
      const tighter = hi.length > bi.length;
      const pointer = `${(tighter ? hs : bs).pointer}/prefixItems`;
      const message = `prefixItems ${bi.length} → ${hi.length}`;
      if (role === 'response') this.sink.add('additive', 'response-constraint-changed', pointer, message);
      else this.sink.add(tighter ? 'breaking' : 'additive', tighter ? 'request-constraint-tightened' : 'request-constraint-relaxed', pointer, message);
    }
  }

  /** A keyword holding a schema: compared when both sides have one, else judged as a constraint (`restricts` tells whether a value restricts). */
  private subschema(bs: Located, hs: Located, keyword: string, role: Role, restricts: (value: unknown) => boolean): void {
    const before = own(bs.value, keyword);
    const after = own(hs.value, keyword);
    if (isObject(before) && isObject(after)) {
      this.compare({ value: before, pointer: `${bs.pointer}/${keyword}` }, { value: after, pointer: `${hs.pointer}/${keyword}` }, role);
      return;
    }
    if (canonical(before) === canonical(after)) return;
    const tightened = restricts(after) && (!restricts(before) || after === false);
    const pointer = after === undefined ? `${bs.pointer}/${keyword}` : `${hs.pointer}/${keyword}`;
    const message = `${keyword} ${JSON.stringify(before) ?? 'none'} → ${JSON.stringify(after) ?? 'none'}`;
    if (role === 'response') this.sink.add('additive', 'response-constraint-changed', pointer, message);
    else this.sink.add(tightened ? 'breaking' : 'additive', tightened ? 'request-constraint-tightened' : 'request-constraint-relaxed', pointer, message);
  }

  /**
   * Members are paired by their `$ref` when they have one, else by position. An `allOf` member adds
   * demands (tighter for requests, more to read in responses); a `oneOf`/`anyOf` member adds a case
   * (more a request may be, more a response may be).
   */
  private composition(bs: Located, hs: Located, keyword: (typeof COMPOSITIONS)[number], role: Role): void {
    const bl = list((bs.value as Record<string, any>)[keyword]);
    const hl = list((hs.value as Record<string, any>)[keyword]);
    if (!bl.length && !hl.length) return;
    const keyOf = (member: unknown, i: number) => (isObject(member) && typeof member.$ref === 'string' ? member.$ref : `#${i}`);
    const bk = new Map(bl.map((m, i) => [keyOf(m, i), i]));
    const hk = new Map(hl.map((m, i) => [keyOf(m, i), i]));
    for (const [key, i] of hk) {
      const j = bk.get(key);
      const pointer = `${hs.pointer}/${keyword}/${i}`;
      if (j !== undefined) this.compare({ value: bl[j], pointer: `${bs.pointer}/${keyword}/${j}` }, { value: hl[i], pointer }, role);
      else this.member(keyword, 'added', pointer, role);
    }
    for (const [key, j] of bk) if (!hk.has(key)) this.member(keyword, 'removed', `${bs.pointer}/${keyword}/${j}`, role);
  }

  private member(keyword: (typeof COMPOSITIONS)[number], kind: 'added' | 'removed', pointer: string, role: Role): void {
    const variant = keyword !== 'allOf';
    // Breaking: a variant a response may now be, a variant a request may no longer be, an allOf
    // part a request must now satisfy, an allOf part (and its properties) a response no longer has.
    const breaking = variant ? (role === 'response') === (kind === 'added') : (role === 'request') === (kind === 'added');
    const rule = `${role}-${variant ? 'variant' : 'all-of'}-${kind}`;
    this.sink.add(breaking ? 'breaking' : 'additive', rule, pointer, `${keyword} member ${kind}`);
  }

  private discriminator(B: Record<string, any>, H: Record<string, any>, role: Role, at: (k: string) => string): void {
    const bd = isObject(B.discriminator) ? B.discriminator : undefined;
    const hd = isObject(H.discriminator) ? H.discriminator : undefined;
    if (!bd && !hd) return;
    if (bd?.propertyName !== hd?.propertyName) {
      this.sink.add('breaking', 'discriminator-changed', at('discriminator'), `discriminator property ${JSON.stringify(bd?.propertyName) ?? 'none'} → ${JSON.stringify(hd?.propertyName) ?? 'none'}`);
      return;
    }
    const bm: Record<string, unknown> = isObject(bd?.mapping) ? bd.mapping : {};
    const hm: Record<string, unknown> = isObject(hd?.mapping) ? hd.mapping : {};
    const pointer = `${at('discriminator')}/mapping`;
    const added = Object.keys(hm).filter((k) => !Object.hasOwn(bm, k)).sort();
    const removed = Object.keys(bm).filter((k) => !Object.hasOwn(hm, k)).sort();
    const moved = Object.keys(hm).filter((k) => Object.hasOwn(bm, k) && bm[k] !== hm[k]).sort();
    if (added.length) {
      const breaking = role === 'response';
      this.sink.add(breaking ? 'breaking' : 'additive', `${role}-discriminator-value-added`, pointer, `discriminator value ${shown(added)} added`);
    }
    if (removed.length) {
      const breaking = role === 'request';
      this.sink.add(breaking ? 'breaking' : 'additive', `${role}-discriminator-value-removed`, pointer, `discriminator value ${shown(removed)} removed`);
    }
    if (moved.length) this.sink.add('breaking', 'discriminator-changed', pointer, `discriminator value ${shown(moved)} maps to another schema`);
  }
}
