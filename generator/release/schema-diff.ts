/**
 * One schema against its next version, in one role: `request` (the consumer builds the value, so
 * whatever the new schema refuses breaks them) or `response` (the consumer reads it, so whatever
 * the new schema adds to what they may receive breaks them). The walk follows `$ref`s (and the
 * keywords written beside one, OpenAPI 3.1), `properties`, `items`, `allOf`/`oneOf`/`anyOf`,
 * discriminators and `if`/`then`/`else`; a pair of schemas already compared in a role is not
 * compared again, so recursion terminates.
 *
 * `readOnly`/`writeOnly` do not hide a property: the generated validators treat them as
 * annotations and the generated types keep the property (a `readonly` modifier at most), so a
 * property is judged in both directions whatever its flags.
 */
import { escapePointer, MAX_REF_HOPS } from '../lib/pointer.js';
import { own, isObject } from '../lib/own.js';
import { refSegments } from '../model/model.js';
import type { ChangeSink, Located, Role } from './changes.js';
import { canonical, DOCS_KEYWORDS, docsChanges, list } from './compare.js';

/** The value a local `$ref` names and its JSON pointer; one hop. */
export function lookup(doc: unknown, ref: string): Located {
  const segments = refSegments(ref);
  return { value: segments.reduce<unknown>((o, k) => own(o, k), doc), pointer: segments.length ? `/${segments.map(escapePointer).join('/')}` : '' };
}

const localRef = (value: unknown): string | undefined =>
  isObject(value) && typeof value.$ref === 'string' && value.$ref.startsWith('#') ? value.$ref : undefined;

/**
 * Follows `$ref`s to what they name, with the JSON pointer of where it is. With `siblings`, stops
 * at a `$ref` that has keywords beside it (a 3.1 schema), so they can be compared too.
 */
export function resolve(doc: unknown, node: Located, { siblings = false } = {}): Located {
  let current = node;
  for (let hops = 0; hops < MAX_REF_HOPS; hops++) {
    const ref = localRef(current.value);
    if (ref === undefined || (siblings && Object.keys(current.value as object).length > 1)) break;
    current = lookup(doc, ref);
  }
  // Boolean schemas: `true` accepts anything (as `{}`), `false` nothing.
  if (current.value === true) return { value: {}, pointer: current.pointer };
  if (current.value === false) return { value: { not: {} }, pointer: current.pointer };
  return current;
}

/** `{ $ref, ...siblings }` as its two parts: the reference, and the keywords beside it (both apply). */
function splitRef(node: Located): { target: Located; siblings: Located } {
  const { $ref, ...rest } = node.value as Record<string, unknown>;
  if ($ref === undefined) return { target: node, siblings: { value: {}, pointer: node.pointer } };
  return { target: { value: { $ref }, pointer: node.pointer }, siblings: { value: rest, pointer: node.pointer } };
}

/** Upper bounds: a lower value is tighter. */
const UPPER = ['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties', 'maxContains'];
/** Lower bounds: a higher value is tighter. */
const LOWER = ['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties', 'minContains'];
/** Present (or changed) is tighter than absent. `x-unique-item-properties` and `x-last-item-only` are validator keywords of the generator's. */
const PRESENCE = [
  'pattern',
  'format',
  'multipleOf',
  'contentEncoding',
  'contentMediaType',
  'propertyNames',
  'contains',
  'not',
  'patternProperties',
  'x-unique-item-properties',
  'x-last-item-only',
];
/** `true` is tighter than absent or `false`. `x-future-date-time` is a validator keyword of the generator's. */
const FLAGS = ['uniqueItems', 'x-future-date-time'];
/** Conditional rules: added is tighter. */
const CONDITIONALS = ['if', 'dependentRequired', 'dependentSchemas'];
/** Keywords holding a schema for the properties or items a schema does not name: a schema, or `false` for none. */
const REST_PROPERTIES = ['additionalProperties', 'unevaluatedProperties'];
const REST_ITEMS = ['items', 'unevaluatedItems'];
/**
 * Keywords this walk judges; any other keyword that changes is `schema-keyword-changed`, breaking
 * in both roles: it cannot be proven safe. `$defs` are judged where they are referenced.
 */
const JUDGED = new Set([
  ...UPPER,
  ...LOWER,
  ...PRESENCE,
  ...FLAGS,
  ...CONDITIONALS,
  ...DOCS_KEYWORDS,
  ...REST_PROPERTIES,
  ...REST_ITEMS,
  'type',
  'nullable',
  'enum',
  'const',
  'properties',
  'required',
  'prefixItems',
  'allOf',
  'oneOf',
  'anyOf',
  'discriminator',
  'then',
  'else',
  'deprecated',
  'readOnly',
  'writeOnly',
  'default',
  '$ref',
  '$schema',
  '$id',
  '$anchor',
  '$defs',
  'definitions',
  '$comment',
]);
/** A schema made only of these keywords accepts anything: it only documents. */
const ANNOTATIONS = new Set([...DOCS_KEYWORDS, 'deprecated', 'readOnly', 'writeOnly', 'default']);
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
    const bs = resolve(this.base, b, { siblings: true });
    const hs = resolve(this.head, h, { siblings: true });
    const key = `${role} ${bs.pointer} ${hs.pointer}`;
    if (this.compared.has(key)) return;
    this.compared.add(key);
    if (!isObject(bs.value) || !isObject(hs.value)) return;
    // Left with a bare `$ref` only on a cycle of references: no schema in between, nothing to split.
    const hasSiblings = (x: Located) => localRef(x.value) !== undefined && Object.keys(x.value as object).length > 1;
    if (!hasSiblings(bs) && !hasSiblings(hs)) {
      this.judge(bs, hs, role);
      return;
    }
    // A `$ref` with keywords beside it: the target and the siblings each apply, so each is compared.
    const bp = splitRef(bs);
    const hp = splitRef(hs);
    this.compare(bp.target, hp.target, role);
    this.judge(bp.siblings, hp.siblings, role);
  }

  /** Compares two schemas that hold no `$ref` at their top. */
  private judge(bs: Located, hs: Located, role: Role): void {
    const B = bs.value as Record<string, any>;
    const H = hs.value as Record<string, any>;
    const at = (keyword: string) => `${hs.pointer}/${escapePointer(keyword)}`;
    const was = (keyword: string) => `${bs.pointer}/${escapePointer(keyword)}`;

    docsChanges(this.sink, B, H, hs.pointer);
    if (B.deprecated !== true && H.deprecated === true) this.sink.add('additive', 'deprecated', hs.pointer, 'deprecated');
    if (B.deprecated === true && H.deprecated !== true) this.sink.add('additive', 'deprecation-removed', hs.pointer, 'no longer deprecated');
    this.annotations(B, H, role, at, was);

    this.types(B, H, role, Object.hasOwn(H, 'type') ? at('type') : Object.hasOwn(H, 'nullable') ? at('nullable') : was('type'));
    this.values(B, H, role, bs.pointer, hs.pointer);
    this.constraints(B, H, role, at, was);
    this.conditionals(B, H, role, at, was);
    this.objects(bs, hs, role);
    this.arrays(bs, hs, role);
    for (const keyword of COMPOSITIONS) this.composition(bs, hs, keyword, role);
    this.discriminator(B, H, role, at);

    for (const keyword of new Set([...Object.keys(B), ...Object.keys(H)])) {
      if (JUDGED.has(keyword) || canonical(own(B, keyword)) === canonical(own(H, keyword))) continue;
      const pointer = own(H, keyword) === undefined ? was(keyword) : at(keyword);
      if (keyword.startsWith('x-')) this.sink.add('docs', 'extension-changed', pointer, `${keyword} changed`);
      else this.sink.add('breaking', 'schema-keyword-changed', pointer, `${keyword} changed (not classified: may accept or return other values)`);
    }
  }

  /**
   * `readOnly`/`writeOnly`: additive. The validators ignore them and the types only gain or lose a
   * `readonly` modifier, which TypeScript does not check when values are built or passed; they tell
   * the consumer which direction the server uses the property in. `default` in a request: additive,
   * the server's behaviour when the value is left out changed; in a response it only documents.
   */
  private annotations(B: Record<string, any>, H: Record<string, any>, role: Role, at: (k: string) => string, was: (k: string) => string): void {
    for (const [keyword, rule] of [
      ['readOnly', 'read-only-changed'],
      ['writeOnly', 'write-only-changed'],
    ] as const) {
      const before = B[keyword] === true;
      const after = H[keyword] === true;
      if (before !== after) this.sink.add('additive', rule, after ? at(keyword) : was(keyword), `${keyword} ${after ? 'added' : 'removed'}`);
    }
    if (canonical(own(B, 'default')) === canonical(own(H, 'default'))) return;
    const pointer = own(H, 'default') === undefined ? was('default') : at('default');
    const message = `default ${JSON.stringify(own(B, 'default')) ?? 'none'} → ${JSON.stringify(own(H, 'default')) ?? 'none'}`;
    if (role === 'request') this.sink.add('additive', 'request-default-changed', pointer, message);
    else this.sink.add('docs', 'default-changed', pointer, message);
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
    else if (widened && bt && ht && [...ht].every((t) => t === 'null' || allows(bt, t)))
      this.sink.add('breaking', 'response-became-nullable', pointer, message);
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
    for (const keyword of REST_PROPERTIES) this.subschema(bs, hs, keyword, role, (v) => v !== undefined && v !== true);
  }

  private arrays(bs: Located, hs: Located, role: Role): void {
    for (const keyword of REST_ITEMS) this.subschema(bs, hs, keyword, role, (v) => v !== undefined && v !== true);
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

  /**
   * A keyword holding a schema: compared when both sides have one, else judged as a constraint
   * (`restricts` tells whether a value restricts). In a response, a schema that goes away leaves
   * what it described untyped (`unknown`): breaking.
   */
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
    if (role === 'response') {
      if (isObject(before)) this.sink.add('breaking', 'response-type-changed', pointer, message);
      else this.sink.add('additive', 'response-constraint-changed', pointer, message);
    } else this.sink.add(tightened ? 'breaking' : 'additive', tightened ? 'request-constraint-tightened' : 'request-constraint-relaxed', pointer, message);
  }

  /**
   * Members with a `$ref` are paired by it; the others first with an equal member (whatever their
   * order), then by position among those left, so a reorder is no change and an inserted member is
   * an added one. An `allOf` member adds demands (tighter for requests, more to read in responses);
   * a `oneOf`/`anyOf` member adds a case (more a request may be, more a response may be).
   */
  private composition(bs: Located, hs: Located, keyword: (typeof COMPOSITIONS)[number], role: Role): void {
    const bl = list((bs.value as Record<string, any>)[keyword]);
    const hl = list((hs.value as Record<string, any>)[keyword]);
    if (!bl.length && !hl.length) return;
    const member = (side: Located, i: number): Located => ({
      value: list((side.value as Record<string, any>)[keyword])[i],
      pointer: `${side.pointer}/${keyword}/${i}`,
    });
    const pairs: [number, number][] = [];
    const refs = (l: unknown[]) => new Map(l.flatMap((m, i) => (localRef(m) === undefined ? [] : [[localRef(m)!, i] as const])));
    const bRefs = refs(bl);
    for (const [ref, i] of refs(hl)) if (bRefs.has(ref)) pairs.push([bRefs.get(ref)!, i]);
    const inline = (l: unknown[]) => l.flatMap((m, i) => (localRef(m) === undefined ? [i] : []));
    const bLeft = inline(bl);
    const hLeft = inline(hl);
    for (const i of [...hLeft]) {
      const j = bLeft.find((j) => canonical(bl[j], DOCS_KEYWORDS) === canonical(hl[i], DOCS_KEYWORDS));
      if (j === undefined) continue;
      pairs.push([j, i]);
      bLeft.splice(bLeft.indexOf(j), 1);
      hLeft.splice(hLeft.indexOf(i), 1);
    }
    for (let k = 0; k < Math.min(bLeft.length, hLeft.length); k++) pairs.push([bLeft[k]!, hLeft[k]!]);
    for (const [j, i] of pairs) this.compare(member(bs, j), member(hs, i), role);
    const pairedB = new Set(pairs.map(([j]) => j));
    const pairedH = new Set(pairs.map(([, i]) => i));
    for (let i = 0; i < hl.length; i++) if (!pairedH.has(i)) this.member(keyword, 'added', member(hs, i), this.head, role);
    for (let j = 0; j < bl.length; j++) if (!pairedB.has(j)) this.member(keyword, 'removed', member(bs, j), this.base, role);
  }

  private member(keyword: (typeof COMPOSITIONS)[number], kind: 'added' | 'removed', at: Located, doc: unknown, role: Role): void {
    const variant = keyword !== 'allOf';
    const resolved = resolve(doc, at).value;
    if (!variant && isObject(resolved) && Object.keys(resolved).every((k) => ANNOTATIONS.has(k))) {
      // An allOf member that only documents demands nothing.
      this.sink.add('docs', `all-of-annotations-${kind}`, at.pointer, `allOf member with annotations only ${kind}`);
      return;
    }
    // Breaking: a variant a response may now be, a variant a request may no longer be, an allOf
    // part a request must now satisfy, an allOf part (and its properties) a response no longer has.
    const breaking = variant ? (role === 'response') === (kind === 'added') : (role === 'request') === (kind === 'added');
    const rule = `${role}-${variant ? 'variant' : 'all-of'}-${kind}`;
    this.sink.add(breaking ? 'breaking' : 'additive', rule, at.pointer, `${keyword} member ${kind}`);
  }

  private discriminator(B: Record<string, any>, H: Record<string, any>, role: Role, at: (k: string) => string): void {
    const bd = isObject(B.discriminator) ? B.discriminator : undefined;
    const hd = isObject(H.discriminator) ? H.discriminator : undefined;
    if (!bd && !hd) return;
    if (bd?.propertyName !== hd?.propertyName) {
      this.sink.add(
        'breaking',
        'discriminator-changed',
        at('discriminator'),
        `discriminator property ${JSON.stringify(bd?.propertyName) ?? 'none'} → ${JSON.stringify(hd?.propertyName) ?? 'none'}`,
      );
      return;
    }
    const bm: Record<string, unknown> = isObject(bd?.mapping) ? bd.mapping : {};
    const hm: Record<string, unknown> = isObject(hd?.mapping) ? hd.mapping : {};
    const pointer = `${at('discriminator')}/mapping`;
    const added = Object.keys(hm)
      .filter((k) => !Object.hasOwn(bm, k))
      .sort();
    const removed = Object.keys(bm)
      .filter((k) => !Object.hasOwn(hm, k))
      .sort();
    const moved = Object.keys(hm)
      .filter((k) => Object.hasOwn(bm, k) && bm[k] !== hm[k])
      .sort();
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
