/**
 * Parameters on the wire as the document's `style`, `explode`, `allowReserved` and `content` say
 * (OpenAPI 3.1 "Style Values", RFC 6570), and back: the client serializes with the first half, the
 * mock parses with the second, so a value makes the round trip unchanged (primitives come back as
 * the strings that were sent: typing them is the reader's job).
 *
 * The style examples followed are 3.1.1's, which correct 3.1.0's table: `label` not exploded joins
 * with `,` (`.blue,black,brown`), `spaceDelimited`/`pipeDelimited` carry the name
 * (`color=blue%20black%20brown`), and `|`, `[`, `]` are percent-encoded (`color=blue%7Cblack%7Cbrown`,
 * `color%5BR%5D=100`). Where the specification leaves a combination undefined:
 * - `spaceDelimited`/`pipeDelimited` exploded, and any primitive in them, are written as `form`;
 * - `deepObject` ignores `explode` (its default is false); it writes primitives and arrays as `form` exploded;
 * - a nested array or object cannot be written in any style: TypeError naming the parameter;
 * - an item holding its style's delimiter when that delimiter is written encoded (a space in
 *   `spaceDelimited`, `|` in `pipeDelimited`) could not be told apart: TypeError;
 * - an exploded `form` object in the query or a cookie spreads its properties as names of their own;
 *   reading back, the first such parameter takes every name no other parameter claims;
 * - cookies (`form`): each name=value pair is one cookie (`a=1; a=2`, 3.1.1 Appendix D);
 * - headers (`simple`): only what a header cannot carry is percent-encoded (`%`, controls, non-ASCII,
 *   spaces at either end, and `,` `=` inside items), so `"etag"` or `en;q=0.9` go as written;
 * - `allowReserved` keeps RFC 3986's reserved set except `&`, `#` and `+` (which would end the
 *   value, cut the URL or read as a space) and `,` inside an item; `%` is always encoded.
 * Empty arrays and objects, `undefined` and `null` (and such members) are undefined in RFC 6570: nothing is written.
 */

export type ParameterStyle = 'form' | 'spaceDelimited' | 'pipeDelimited' | 'deepObject' | 'simple' | 'label' | 'matrix';

/** How one parameter is written, defaults resolved by the generator (style by location, explode true for form only). */
export interface ParameterFacts {
  readonly name: string;
  readonly in: 'query' | 'path' | 'header' | 'cookie';
  readonly style: ParameterStyle;
  readonly explode: boolean;
  readonly allowReserved: boolean;
  /** The media type, when the parameter uses `content` instead of `schema`. */
  readonly content?: string;
  /** From the schema's type, when known: how to read the parameter back. */
  readonly shape?: 'array' | 'object' | 'primitive';
}

type Primitive = string | number | boolean | bigint;
type Flat =
  | { readonly kind: 'primitive'; readonly text: string }
  | { readonly kind: 'array'; readonly items: string[] }
  | { readonly kind: 'object'; readonly entries: [string, string][] };

const PRIMITIVE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'bigint']);
const isPrimitive = (value: unknown): value is Primitive => PRIMITIVE_TYPES.has(typeof value);
const isDefined = (value: unknown): boolean => value !== undefined && value !== null;
const where = (fact: Pick<ParameterFacts, 'name' | 'in'>): string => `${fact.in} parameter ${JSON.stringify(fact.name)}`;

// ---- Encoding: each pattern matches what must be percent-encoded -----------------------------

/** RFC 3986 unreserved characters stay. */
const STRICT = /[^\w.~-]/gu;
/** Inside a `label` item, `.` is the delimiter. */
const LABEL_ITEM = /[^\w~-]/gu;
/** allowReserved: the reserved set stays too, but `&`, `#`, `+`. */
const RESERVED = /[^\w.~\-:/?[\]@!$'()*,;=]/gu;
/** allowReserved inside an item: `,` is the delimiter. */
const RESERVED_ITEM = /[^\w.~\-:/?[\]@!$'()*;=]/gu;
/** encodeURIComponent's set: openapi-fetch's default wire format. */
const COMPONENT = /[^\w.!~*'()-]/gu;
/** Header values: printable ASCII but `%`. */
const HEADER = /[^\x20-\x24\x26-\x7e]/gu;
/** Inside a header item `,` too, and inside a key `=`. */
const HEADER_ITEM = /[^\x20-\x24\x26-\x2b\x2d-\x7e]/gu;
const HEADER_KEY = /[^\x20-\x24\x26-\x2b\x2d-\x3c\x3e-\x7e]/gu;

const percent = (char: string): string => (char < '\x80' ? `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}` : encodeURIComponent(char));

function encode(text: string, pattern: RegExp, fact: Pick<ParameterFacts, 'name' | 'in'>): string {
  // Most names and values need no escape: found without a replacement pass.
  if (text.search(pattern) === -1) return text;
  try {
    return text.replace(pattern, percent);
  } catch {
    // encodeURIComponent refuses a lone UTF-16 surrogate: it has no UTF-8 form.
    throw new TypeError(`${where(fact)} is not well-formed Unicode`);
  }
}

/** A header text: spaces at either end would be trimmed away, so they are encoded. */
const headerText = (text: string, pattern: RegExp, fact: ParameterFacts): string =>
  encode(text, pattern, fact).replace(/^ +| +$/g, (spaces) => '%20'.repeat(spaces.length));

function decode(text: string, plusIsSpace = false): string {
  const spaced = plusIsSpace ? text.replaceAll('+', ' ') : text;
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    return spaced;
  }
}

// ---- Values -----------------------------------------------------------------------------------

function scalar(value: unknown, fact: ParameterFacts): string {
  if (isPrimitive(value)) return String(value);
  throw new TypeError(`${where(fact)}: a nested ${Array.isArray(value) ? 'array' : typeof value} cannot be written in style ${fact.style}`);
}

/** A value as texts: a primitive, an array's items, an object's entries (undefined members left out). */
function flatten(value: unknown, fact: ParameterFacts): Flat {
  if (isPrimitive(value)) return { kind: 'primitive', text: String(value) };
  if (Array.isArray(value)) return { kind: 'array', items: value.filter(isDefined).map((item) => scalar(item, fact)) };
  if (typeof value === 'object' && value !== null) {
    const record = value as Record<string, unknown>;
    return {
      kind: 'object',
      entries: Object.keys(record)
        .filter((key) => isDefined(record[key]))
        .map((key) => [key, scalar(record[key], fact)]),
    };
  }
  throw new TypeError(`${where(fact)}: a ${typeof value} cannot be serialized`);
}

const isJsonMedia = (mediaType: string): boolean => /^application\/(?:[^;/]+\+)?json\s*(?:;|$)/i.test(mediaType.trim());

/** A `content` parameter's text: JSON for a JSON media type, else a primitive as it is. */
function contentText(fact: ParameterFacts & { content: string }, value: unknown): string {
  if (isJsonMedia(fact.content)) {
    let text: string | undefined;
    try {
      text = JSON.stringify(value);
    } catch {
      // A bigint, a cycle.
    }
    if (text === undefined) throw new TypeError(`${where(fact)}: ${typeof value === 'object' ? 'this value' : `a ${typeof value}`} is not JSON`);
    return text;
  }
  if (isPrimitive(value)) return String(value);
  throw new TypeError(`${where(fact)} (${fact.content}) takes a string, number or boolean`);
}

function contentValue(fact: ParameterFacts & { content: string }, text: string): unknown {
  if (!isJsonMedia(fact.content)) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const hasContent = (fact: ParameterFacts): fact is ParameterFacts & { content: string } => fact.content !== undefined;

/** The facts of one location by name. */
function byName(facts: readonly ParameterFacts[], location: ParameterFacts['in']): Map<string, ParameterFacts> {
  return new Map(facts.filter((fact) => fact.in === location).map((fact) => [fact.name, fact]));
}

/** Joins non-exploded items; the delimiters that are written encoded may not appear in an item. */
function joined(texts: readonly string[], fact: ParameterFacts, pattern: RegExp): string {
  const delimiter = fact.style === 'spaceDelimited' ? ' ' : fact.style === 'pipeDelimited' ? '|' : undefined;
  if (delimiter !== undefined) {
    const clash = texts.find((text) => text.includes(delimiter));
    if (clash !== undefined) throw new TypeError(`${where(fact)} (${fact.style}): ${JSON.stringify(clash)} holds the delimiter ${JSON.stringify(delimiter)}`);
  }
  return texts.map((text) => encode(text, pattern, fact)).join(delimiter === ' ' ? '%20' : delimiter === '|' ? '%7C' : ',');
}

// ---- Query ------------------------------------------------------------------------------------

function queryParameter(fact: ParameterFacts, value: unknown): string {
  const name = encode(fact.name, STRICT, fact);
  if (hasContent(fact)) return `${name}=${encode(contentText(fact, value), STRICT, fact)}`;
  const flat = flatten(value, fact);
  const plain = fact.allowReserved ? RESERVED : STRICT;
  const item = fact.allowReserved ? RESERVED_ITEM : STRICT;
  if (flat.kind === 'primitive') return `${name}=${encode(flat.text, plain, fact)}`;
  if (flat.kind === 'array') {
    if (flat.items.length === 0) return '';
    if (fact.explode || fact.style === 'deepObject') return flat.items.map((text) => `${name}=${encode(text, plain, fact)}`).join('&');
    return `${name}=${joined(flat.items, fact, item)}`;
  }
  if (flat.entries.length === 0) return '';
  if (fact.style === 'deepObject') return flat.entries.map(([key, text]) => `${name}%5B${encode(key, STRICT, fact)}%5D=${encode(text, plain, fact)}`).join('&');
  if (fact.explode) return flat.entries.map(([key, text]) => `${encode(key, STRICT, fact)}=${encode(text, plain, fact)}`).join('&');
  return `${name}=${joined(flat.entries.flat(), fact, item)}`;
}

/** openapi-fetch 0.17's default for a name the document does not declare (arrays `form` exploded, objects `deepObject`), its name encoded too. */
function defaultQueryParameter(name: string, value: unknown): string {
  const fact: ParameterFacts = { name, in: 'query', style: Array.isArray(value) ? 'form' : 'deepObject', explode: true, allowReserved: false };
  const key = encode(name, COMPONENT, fact);
  const flat = flatten(value, fact);
  if (flat.kind === 'primitive') return `${key}=${encode(flat.text, COMPONENT, fact)}`;
  if (flat.kind === 'array') return flat.items.map((text) => `${key}=${encode(text, COMPONENT, fact)}`).join('&');
  return flat.entries.map(([property, text]) => `${key}[${encode(property, COMPONENT, fact)}]=${encode(text, COMPONENT, fact)}`).join('&');
}

/** openapi-fetch's `querySerializer`: each documented parameter in its style, any other name in openapi-fetch's default. */
export function createQuerySerializer(facts: readonly ParameterFacts[]): (query: Record<string, unknown>) => string {
  const documented = byName(facts, 'query');
  return (query) => {
    if (query === null || typeof query !== 'object') return '';
    const pairs: string[] = [];
    for (const name of Object.keys(query)) {
      const value = query[name];
      if (value === undefined || value === null) continue;
      const fact = documented.get(name);
      const written = fact ? queryParameter(fact, value) : defaultQueryParameter(name, value);
      if (written !== '') pairs.push(written);
    }
    return pairs.join('&');
  };
}

// ---- Path -------------------------------------------------------------------------------------

/** What a URL parser resolves or drops: an empty, `.` or `..` segment, however its dots are encoded. */
const DOT_SEGMENT = /^(?:\.|%2e){0,2}$/i;

/** The facts of a `{…}` in a path template: the document's, else the template's own operator (simple, `.` label, `;` matrix; `*` explodes). */
function placeholderFacts(inner: string, documented: ReadonlyMap<string, ParameterFacts>): ParameterFacts {
  const fact = documented.get(inner);
  if (fact) return fact;
  const explode = inner.endsWith('*');
  const bare = explode ? inner.slice(0, -1) : inner;
  const style = bare.startsWith('.') ? 'label' : bare.startsWith(';') ? 'matrix' : 'simple';
  return { name: style === 'simple' ? bare : bare.slice(1), in: 'path', style, explode, allowReserved: false };
}

function pathExpansion(fact: ParameterFacts, value: unknown): string {
  if (hasContent(fact)) return encode(contentText(fact, value), STRICT, fact);
  const flat = flatten(value, fact);
  const enc = (text: string): string => encode(text, STRICT, fact);
  const name = enc(fact.name);
  if (flat.kind !== 'primitive' && (flat.kind === 'array' ? flat.items : flat.entries).length === 0) return '';
  switch (fact.style) {
    case 'label': {
      const item = (text: string): string => encode(text, LABEL_ITEM, fact);
      if (flat.kind === 'primitive') return `.${enc(flat.text)}`;
      if (!fact.explode) return `.${(flat.kind === 'array' ? flat.items : flat.entries.flat()).map(enc).join(',')}`;
      return flat.kind === 'array' ? `.${flat.items.map(item).join('.')}` : `.${flat.entries.map(([key, text]) => `${item(key)}=${item(text)}`).join('.')}`;
    }
    case 'matrix': {
      const pair = (key: string, text: string): string => (text === '' ? `;${key}` : `;${key}=${enc(text)}`);
      if (flat.kind === 'primitive') return pair(name, flat.text);
      if (!fact.explode) return `;${name}=${(flat.kind === 'array' ? flat.items : flat.entries.flat()).map(enc).join(',')}`;
      return flat.kind === 'array' ? flat.items.map((text) => pair(name, text)).join('') : flat.entries.map(([key, text]) => pair(enc(key), text)).join('');
    }
    default: {
      if (flat.kind === 'primitive') return enc(flat.text);
      if (flat.kind === 'array') return flat.items.map(enc).join(',');
      return fact.explode ? flat.entries.map(([key, text]) => `${enc(key)}=${enc(text)}`).join(',') : flat.entries.flat().map(enc).join(',');
    }
  }
}

/**
 * openapi-fetch's `pathSerializer`: given baseUrl + path template, fills each `{name}` that has a
 * value in its style and leaves the others for a later check to report. A filled segment that
 * would be empty, `.` or `..` (and so name another resource) is a TypeError.
 */
export function createPathSerializer(facts: readonly ParameterFacts[]): (url: string, pathParams: Record<string, unknown>) => string {
  const documented = byName(facts, 'path');
  return (url, pathParams) => {
    if (!url.includes('{')) return url;
    let out = '';
    let segmentStart = 0;
    let filled: ParameterFacts | undefined;
    const endSegment = (): void => {
      const segment = out.slice(segmentStart);
      if (filled && DOT_SEGMENT.test(segment))
        throw new TypeError(`${where(filled)} would make the path segment ${JSON.stringify(segment)}, which names another resource`);
    };
    // Literal text and placeholders alternate; a name may hold a `/`, a filled value never does.
    url.split(/(\{[^{}]+\})/).forEach((part, i) => {
      if (i % 2 === 1) {
        const fact = placeholderFacts(part.slice(1, -1), documented);
        const value = pathParams !== null && typeof pathParams === 'object' && Object.hasOwn(pathParams, fact.name) ? pathParams[fact.name] : undefined;
        if (value === undefined || value === null) out += part;
        else {
          out += pathExpansion(fact, value);
          filled = fact;
        }
        return;
      }
      const pieces = part.split('/');
      pieces.forEach((text, j) => {
        if (j > 0) {
          endSegment();
          out += '/';
          segmentStart = out.length;
          filled = undefined;
        }
        out += text;
      });
    });
    endSegment();
    return out;
  };
}

// ---- Header and cookies -------------------------------------------------------------------------

/** A header parameter's value (`simple`); `''` for `undefined`, `null`, an empty array or object. */
export function serializeHeader(fact: ParameterFacts, value: unknown): string {
  if (value === undefined || value === null) return '';
  if (hasContent(fact)) {
    const text = contentText(fact, value);
    // JSON stays JSON: what a header cannot carry becomes a \u escape.
    return isJsonMedia(fact.content)
      ? text.replace(/[^\x20-\x7e]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`)
      : headerText(text, HEADER, fact);
  }
  const flat = flatten(value, fact);
  const item = (text: string): string => headerText(text, HEADER_ITEM, fact);
  if (flat.kind === 'primitive') return headerText(flat.text, HEADER, fact);
  if (flat.kind === 'array') return flat.items.map(item).join(',');
  return fact.explode
    ? flat.entries.map(([key, text]) => `${headerText(key, HEADER_KEY, fact)}=${item(text)}`).join(',')
    : flat.entries.flat().map(item).join(',');
}

function cookiePairs(fact: ParameterFacts, value: unknown): string {
  const enc = (text: string): string => encode(text, STRICT, fact);
  const name = enc(fact.name);
  if (hasContent(fact)) return `${name}=${enc(contentText(fact, value))}`;
  const flat = flatten(value, fact);
  if (flat.kind === 'primitive') return `${name}=${enc(flat.text)}`;
  if (flat.kind === 'array') {
    if (flat.items.length === 0) return '';
    return fact.explode ? flat.items.map((text) => `${name}=${enc(text)}`).join('; ') : `${name}=${flat.items.map(enc).join(',')}`;
  }
  if (flat.entries.length === 0) return '';
  return fact.explode ? flat.entries.map(([key, text]) => `${enc(key)}=${enc(text)}`).join('; ') : `${name}=${flat.entries.flat().map(enc).join(',')}`;
}

/** The `Cookie` header value of cookie parameters (`form`; a name the document does not declare: form exploded), or `undefined` when there is none. */
export function serializeCookies(facts: readonly ParameterFacts[], values: Record<string, unknown>): string | undefined {
  const documented = byName(facts, 'cookie');
  const pairs: string[] = [];
  for (const name of Object.keys(values ?? {})) {
    const value = values[name];
    if (value === undefined || value === null) continue;
    const written = cookiePairs(documented.get(name) ?? { name, in: 'cookie', style: 'form', explode: true, allowReserved: false }, value);
    if (written !== '') pairs.push(written);
  }
  return pairs.length ? pairs.join('; ') : undefined;
}

// ---- Reading back (the mock) ----------------------------------------------------------------------

type Entries = [string, string][];

function toObject(entries: Entries): Record<string, string> {
  const object: Record<string, string> = Object.create(null);
  for (const [key, value] of entries) object[key] = value;
  return object;
}

const splitPair = (text: string, separator: string): [string, string | undefined] => {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + separator.length)];
};

/** Alternating keys and values (`R,100,G,200`) as an object; an odd count is not one, so the text is given back as it is. */
function alternating(raw: string, parts: readonly string[], read: (text: string) => string): unknown {
  if (parts.length % 2 !== 0) return read(raw);
  const entries: Entries = [];
  for (let i = 0; i < parts.length; i += 2) entries.push([read(parts[i]!), read(parts[i + 1]!)]);
  return toObject(entries);
}

/** `key=value` pieces as an object. */
const keyed = (pieces: readonly string[], read: (text: string) => string): Record<string, string> =>
  toObject(pieces.map((piece) => splitPair(piece, '=')).map(([key, value]): [string, string] => [read(key), read(value ?? '')]));

const DELIMITERS: Partial<Record<ParameterStyle, RegExp>> = { spaceDelimited: /%20|\+| /i, pipeDelimited: /%7C|\|/i };

/** Name=value pairs of a query string or a `Cookie` header, names decoded, values as written. */
function pairsOf(text: string, separator: RegExp, plusIsSpace: boolean): { name: string; raw: string }[] {
  return text
    .split(separator)
    .map((pair) => pair.trim())
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name, raw] = splitPair(pair, '=');
      return { name: decode(name, plusIsSpace), raw: raw ?? '' };
    });
}

/** The `name[key]` pairs of a deepObject parameter: key, raw value, the pair's name. */
const bracketed = (name: string, pairs: readonly { name: string; raw: string }[]): [string, string, string][] =>
  pairs
    .filter((pair) => pair.name.startsWith(`${name}[`) && pair.name.endsWith(']'))
    .map((pair) => [pair.name.slice(name.length + 1, -1), pair.raw, pair.name]);

/**
 * Reads the documented parameters of pairs (a query string's, a cookie header's) per their facts;
 * `ignore`: names that belong to no parameter (credentials), never taken by an exploded object.
 */
function readPairs(
  facts: readonly ParameterFacts[],
  pairs: readonly { name: string; raw: string }[],
  plusIsSpace: boolean,
  ignore: ReadonlySet<string>,
): Record<string, unknown> {
  const read = (text: string): string => decode(text, plusIsSpace);
  const rawValues = new Map<string, string[]>();
  for (const { name, raw } of pairs) {
    const values = rawValues.get(name);
    if (values) values.push(raw);
    else rawValues.set(name, [raw]);
  }
  const result: Record<string, unknown> = Object.create(null);
  const claimed = new Set<string>([...ignore, ...facts.map((fact) => fact.name)]);
  let spread: ParameterFacts | undefined;
  for (const fact of facts) {
    const raws = rawValues.get(fact.name) ?? [];
    const last = raws.at(-1);
    // deepObject is for objects: `name[key]` pairs, whatever the shape says when it says nothing.
    const deep = fact.style === 'deepObject' && (fact.shape === 'object' || fact.shape === undefined) ? bracketed(fact.name, pairs) : [];
    for (const [, , name] of deep) claimed.add(name);
    if (hasContent(fact)) {
      if (last !== undefined) result[fact.name] = contentValue(fact, read(last));
    } else if (deep.length) {
      result[fact.name] = toObject(deep.map(([key, raw]) => [key, read(raw)]));
    } else if (fact.shape === 'object' && fact.style === 'deepObject') {
      continue;
    } else if (fact.shape === 'object' && fact.explode) {
      spread ??= fact;
    } else if (last === undefined) {
      continue;
    } else if (fact.shape === 'object') {
      result[fact.name] = alternating(last, last.split(DELIMITERS[fact.style] ?? ','), read);
    } else if (fact.shape === 'array') {
      const delimiter = fact.explode || fact.style === 'deepObject' ? undefined : (DELIMITERS[fact.style] ?? ',');
      result[fact.name] = raws.flatMap((raw) => (delimiter ? raw.split(delimiter) : [raw])).map(read);
    } else {
      result[fact.name] = read(last);
    }
  }
  if (spread) {
    const entries: Entries = pairs.filter(({ name }) => !claimed.has(name)).map(({ name, raw }) => [name, read(raw)]);
    if (entries.length) result[spread.name] = toObject(entries);
  }
  return result;
}

/** The query parameters of `search` (with or without its `?`) that `facts` document, by name. */
export function parseQuery(facts: readonly ParameterFacts[], search: string, ignore: ReadonlySet<string> = new Set()): Record<string, unknown> {
  const text = search.startsWith('?') ? search.slice(1) : search;
  return readPairs(
    facts.filter((fact) => fact.in === 'query'),
    pairsOf(text, /&/, true),
    true,
    ignore,
  );
}

/** The cookie parameters of a `Cookie` header that `facts` document, by name. */
export function parseCookies(facts: readonly ParameterFacts[], header: string, ignore: ReadonlySet<string> = new Set()): Record<string, unknown> {
  return readPairs(
    facts.filter((fact) => fact.in === 'cookie'),
    pairsOf(header, /;/, false),
    false,
    ignore,
  );
}

/** A path parameter from the text that filled its `{name}`, as written in the URL (still percent-encoded). */
export function parsePath(fact: ParameterFacts, raw: string): unknown {
  const read = (text: string): string => decode(text);
  if (hasContent(fact)) return contentValue(fact, read(raw));
  if (raw === '' && fact.shape === 'array') return [];
  if (raw === '' && fact.shape === 'object') return toObject([]);
  if (fact.style === 'label' || fact.style === 'matrix') {
    const prefix = fact.style === 'label' ? '.' : ';';
    if (!raw.startsWith(prefix)) return read(raw);
    if (fact.style === 'label') {
      const body = raw.slice(1);
      if (fact.shape === 'array') return body.split(fact.explode ? '.' : ',').map(read);
      if (fact.shape === 'object') return fact.explode ? keyed(body.split('.'), read) : alternating(raw, body.split(','), read);
      return read(body);
    }
    const pieces = raw
      .slice(1)
      .split(';')
      .map((piece) => splitPair(piece, '='));
    const own = pieces.filter(([key]) => read(key) === fact.name).map(([, value]) => value ?? '');
    if (fact.shape === 'object' && fact.explode) return toObject(pieces.map(([key, value]) => [read(key), read(value ?? '')]));
    if (own.length === 0) return read(raw);
    if (fact.shape === 'array') return (fact.explode ? own : own.at(-1)!.split(',')).map(read);
    if (fact.shape === 'object') return alternating(raw, own.at(-1)!.split(','), read);
    return read(own.at(-1)!);
  }
  if (fact.shape === 'array') return raw.split(',').map(read);
  if (fact.shape === 'object') return fact.explode ? keyed(raw.split(','), read) : alternating(raw, raw.split(','), read);
  return read(raw);
}

/** A header parameter from the header's value (several headers of the name joined by `, `, as Fetch does). */
export function parseHeader(fact: ParameterFacts, value: string): unknown {
  const read = (text: string): string => decode(text.trim());
  if (hasContent(fact)) return isJsonMedia(fact.content) ? contentValue(fact, value) : read(value);
  if (fact.shape === 'array') return value === '' ? [] : value.split(',').map(read);
  if (fact.shape === 'object') {
    if (value === '') return toObject([]);
    return fact.explode ? keyed(value.split(','), read) : alternating(value, value.split(','), read);
  }
  return read(value);
}
