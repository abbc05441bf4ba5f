/**
 * templates/client/params.ts: every style × explode × shape × location against the OpenAPI 3.1
 * style examples (`color`), written exactly and read back; allowReserved, `content`, hostile names
 * and values, undefined values, and the openapi-fetch default for names the document does not declare.
 */
import { createQuerySerializer as openapiFetchQuery } from 'openapi-fetch';
import { describe, expect, it } from 'vitest';
import {
  createPathSerializer,
  createQuerySerializer,
  parseCookies,
  parseHeader,
  parsePath,
  parseQuery,
  serializeCookies,
  serializeHeader,
  type ParameterFacts,
  type ParameterStyle,
} from '../../../templates/client/params.js';
import { COLOR, COLOR_READ, STYLE_EXAMPLES as TABLE, type Location } from './style-examples.js';

const fact = (location: Location, style: ParameterStyle, explode: boolean, extra: Partial<ParameterFacts> = {}): ParameterFacts => ({
  name: 'color',
  in: location,
  style,
  explode,
  allowReserved: false,
  ...extra,
});

/** Writes `value` for one parameter the way the client does: the path segment, the query string, the header value, the Cookie header. */
function write(f: ParameterFacts, value: unknown): string | undefined {
  switch (f.in) {
    case 'path':
      return createPathSerializer([f])(`https://api.test/v1/items/{${f.name}}`, { [f.name]: value }).slice('https://api.test/v1/items/'.length);
    case 'query':
      return createQuerySerializer([f])({ [f.name]: value });
    case 'header':
      return serializeHeader(f, value);
    case 'cookie':
      return serializeCookies([f], { [f.name]: value });
  }
}

/** Reads it back the way the mock does. */
function read(f: ParameterFacts, text: string): unknown {
  switch (f.in) {
    case 'path':
      return parsePath(f, text);
    case 'query':
      return parseQuery([f], text)[f.name];
    case 'header':
      return parseHeader(f, text);
    case 'cookie':
      return parseCookies([f], text)[f.name];
  }
}

const CASES = TABLE.flatMap(([location, style, explode, wire]) =>
  (['primitive', 'array', 'object'] as const).map(
    (shape) => [`${location} ${style} explode=${explode} ${shape}`, { f: fact(location, style, explode, { shape }), shape, wire: wire[shape] }] as const,
  ),
);

describe('the style examples', () => {
  it.each(CASES)('%s', (_name, { f, shape, wire }) => {
    expect(write(f, COLOR[shape])).toBe(wire);
    expect(read(f, wire)).toEqual(COLOR_READ[shape]);
  });

  it('covers every style each location allows, both explodes, every shape', () => {
    expect(CASES).toHaveLength(18 * 3);
  });

  it.each<[string, ParameterFacts, string | undefined]>([
    ['matrix', fact('path', 'matrix', false), ';color'],
    ['form (query)', fact('query', 'form', true), 'color='],
    ['form (cookie)', fact('cookie', 'form', true), 'color='],
    ['header', fact('header', 'simple', false), ''],
  ])('the empty string, %s', (_name, f, wire) => {
    expect(write(f, '')).toBe(wire);
    expect(read(f, wire!)).toBe('');
  });

  it('refuses an empty string that would leave an empty or dot path segment (simple, label)', () => {
    expect(() => write(fact('path', 'simple', false), '')).toThrow(TypeError);
    expect(() => write(fact('path', 'label', false), '')).toThrow(/path parameter "color" would make the path segment "\."/);
    // Inside a longer segment it is fine.
    expect(createPathSerializer([fact('path', 'label', false)])('/files/{color}.json', { color: '' })).toBe('/files/..json');
  });
});

describe('undefined values (RFC 6570 §2.3)', () => {
  it('skips undefined, null, empty arrays and objects, and undefined members', () => {
    const serialize = createQuerySerializer([fact('query', 'form', false), { ...fact('query', 'form', true), name: 'tags' }]);
    expect(serialize({ color: undefined, tags: null })).toBe('');
    expect(serialize({ color: [], tags: {} })).toBe('');
    expect(serialize({ color: ['a', null, undefined, 'b'], tags: { x: null, y: '1' } })).toBe('color=a,b&y=1');
    expect(serializeCookies([fact('cookie', 'form', true)], { color: undefined, other: null })).toBeUndefined();
    expect(serializeHeader(fact('header', 'simple', false), null)).toBe('');
  });

  it('leaves a path placeholder without a value for a later check, and fills the others', () => {
    const serialize = createPathSerializer([
      { ...fact('path', 'simple', false), name: 'a' },
      { ...fact('path', 'label', false), name: 'b' },
    ]);
    expect(serialize('https://x/{a}/{b}', { a: 'one' })).toBe('https://x/one/{b}');
    expect(serialize('https://x/{a}/{b}', { a: null, b: 2 })).toBe('https://x/{a}/.2');
    expect(serialize('https://x/plain', { a: 1 })).toBe('https://x/plain');
  });
});

/** Values with every character that has a meaning somewhere: delimiters of all styles, URL syntax, percent, unicode. */
const HOSTILE = ['a&b=c', '#frag', '/../', '..', '100%', '%41', 'a,b;c.d=e', '[x]', 'é 🥴', "!'()*", ' lead', 'trail '];

describe('hostile values make the round trip', () => {
  const styled = TABLE.map(([location, style, explode]) => fact(location, style, explode));

  it.each(styled.map((f) => [`${f.in} ${f.style} explode=${f.explode}`, f] as const))('%s', (_name, f) => {
    // Spaces are spaceDelimited's delimiter, and `|` pipeDelimited's: see the refusal below.
    const values = HOSTILE.filter((v) => !(f.style === 'spaceDelimited' && v.includes(' ')));
    for (const value of values) {
      if (f.in === 'path' && (value === '..' || value === '/../') && f.style === 'simple') continue; // a dot segment: refused, below
      const primitive = { ...f, shape: 'primitive' as const };
      expect(read(primitive, write(primitive, value)!), `${JSON.stringify(value)}`).toBe(value);
    }
    const array = { ...f, shape: 'array' as const };
    expect(read(array, write(array, values)!)).toEqual(values);
    const object = { ...f, shape: 'object' as const };
    const entries = Object.fromEntries(values.map((v, i) => [`${v}${i}`, v]));
    expect(read(object, write(object, entries)!)).toEqual(entries);
  });

  it('encodes every reserved character of a query value, so no value adds a parameter or cuts the URL', () => {
    expect(write(fact('query', 'form', true), 'a&b=c#d/e?f+g h')).toBe('color=a%26b%3Dc%23d%2Fe%3Ff%2Bg%20h');
    expect(write(fact('query', 'form', true), "!'()*")).toBe('color=%21%27%28%29%2A');
  });

  it('encodes hostile names in every location', () => {
    const name = 'a&b=c[d]#/é';
    expect(createQuerySerializer([{ ...fact('query', 'form', true), name }])({ [name]: 'v' })).toBe('a%26b%3Dc%5Bd%5D%23%2F%C3%A9=v');
    expect(createQuerySerializer([{ ...fact('query', 'deepObject', true), name }])({ [name]: { k: 'v' } })).toBe('a%26b%3Dc%5Bd%5D%23%2F%C3%A9%5Bk%5D=v');
    expect(serializeCookies([{ ...fact('cookie', 'form', true), name }], { [name]: 'v' })).toBe('a%26b%3Dc%5Bd%5D%23%2F%C3%A9=v');
    expect(createPathSerializer([{ ...fact('path', 'matrix', false), name }])(`/x/{${name}}`, { [name]: 'v' })).toBe('/x/;a%26b%3Dc%5Bd%5D%23%2F%C3%A9=v');
    for (const style of ['form', 'deepObject'] as const) {
      const f = { ...fact('query', style, true), name, shape: 'object' as const };
      expect(parseQuery([f], write(f, { '[k]': 'v' })!)).toEqual({ [name]: { '[k]': 'v' } });
    }
  });

  it('keeps a header value as written when a header can carry it, and encodes what it cannot', () => {
    const f = fact('header', 'simple', false);
    expect(serializeHeader(f, '"etag-1"')).toBe('"etag-1"');
    expect(serializeHeader(f, 'en-US,en;q=0.9')).toBe('en-US,en;q=0.9');
    expect(serializeHeader(f, 'a\r\nInjected: yes')).toBe('a%0D%0AInjected: yes');
    expect(serializeHeader(f, ' é 100% ')).toBe('%20%C3%A9 100%25%20');
    expect(serializeHeader({ ...f, shape: 'array' }, ['a,b', 'c'])).toBe('a%2Cb,c');
    // Several headers of a name arrive joined by ", ".
    expect(parseHeader({ ...f, shape: 'array' }, 'a, b,c')).toEqual(['a', 'b', 'c']);
  });

  it('refuses an item holding a delimiter that is itself written encoded', () => {
    expect(() => write(fact('query', 'spaceDelimited', false), ['a b', 'c'])).toThrow(
      /query parameter "color" \(spaceDelimited\): "a b" holds the delimiter " "/,
    );
    expect(() => write(fact('query', 'pipeDelimited', false), { 'a|b': 'c' })).toThrow(/pipeDelimited/);
  });

  it('refuses a value that names another resource as a whole path segment', () => {
    for (const value of ['..', '.', '']) expect(() => write(fact('path', 'simple', false), value), value).toThrow(/names another resource/);
    expect(() => write(fact('path', 'label', false), '.')).toThrow(TypeError);
    expect(() => write(fact('path', 'label', false, { shape: 'array' }), ['.'])).toThrow(TypeError);
  });
});

describe('what cannot be written is a TypeError naming the parameter', () => {
  const lone = 'a\ud800b';
  it.each<[string, () => unknown, RegExp]>([
    [
      'a lone surrogate in a query value',
      () => createQuerySerializer([fact('query', 'form', true)])({ color: lone }),
      /query parameter "color" is not well-formed Unicode/,
    ],
    ['a lone surrogate in an undeclared query name', () => createQuerySerializer([])({ [lone]: 1 }), /query parameter "a\\ud800b" is not well-formed Unicode/],
    ['a lone surrogate in a path value', () => write(fact('path', 'label', true), [lone]), /path parameter "color" is not well-formed Unicode/],
    ['a lone surrogate in a header', () => serializeHeader(fact('header', 'simple', false), lone), /header parameter "color" is not well-formed Unicode/],
    ['a lone surrogate in a cookie', () => serializeCookies([fact('cookie', 'form', true)], { color: lone }), /cookie parameter "color"/],
    ['a nested array', () => write(fact('query', 'form', false), [['a']]), /query parameter "color": a nested array cannot be written in style form/],
    [
      'a nested object',
      () => write(fact('query', 'deepObject', true), { a: { b: 1 } }),
      /query parameter "color": a nested object cannot be written in style deepObject/,
    ],
    ['a nested object in a path', () => write(fact('path', 'matrix', true), { a: [1] }), /path parameter "color": a nested array/],
    ['a nested object, undeclared', () => createQuerySerializer([])({ deep: { a: { b: 1 } } }), /query parameter "deep"/],
    ['a function', () => write(fact('header', 'simple', false), () => 1), /header parameter "color": a function cannot be serialized/],
    [
      'a bigint as JSON content',
      () => write(fact('query', 'form', true, { content: 'application/json' }), 1n),
      /query parameter "color": a bigint is not JSON/,
    ],
    [
      'an object as text/plain content',
      () => write(fact('query', 'form', true, { content: 'text/plain' }), { a: 1 }),
      /query parameter "color" \(text\/plain\) takes a string, number or boolean/,
    ],
  ])('%s', (_name, attempt, message) => {
    expect(attempt).toThrow(TypeError);
    expect(attempt).toThrow(message);
  });
});

describe('allowReserved', () => {
  const reserved = fact('query', 'form', false, { allowReserved: true });

  it('keeps the reserved set but what would end the value, cut the URL or read as a space', () => {
    expect(write(reserved, ":/?@!$'()*;=[],")).toBe("color=:/?@!$'()*;=[],");
    expect(write(reserved, '&#+ %é')).toBe('color=%26%23%2B%20%25%C3%A9');
  });

  it('encodes the delimiter inside an item, so items make the round trip', () => {
    const array = { ...reserved, shape: 'array' as const };
    expect(write(array, ['a,b', 'c/d'])).toBe('color=a%2Cb,c/d');
    expect(read(array, 'color=a%2Cb,c/d')).toEqual(['a,b', 'c/d']);
    const object = { ...reserved, shape: 'object' as const, explode: true };
    expect(write(object, { path: '/a/b?c=d' })).toBe('path=/a/b?c=d');
    expect(read(object, 'path=/a/b?c=d')).toEqual({ path: '/a/b?c=d' });
  });

  it('applies to the query only', () => {
    expect(serializeCookies([{ ...fact('cookie', 'form', true), allowReserved: true }], { color: 'a/b' })).toBe('color=a%2Fb');
  });
});

describe('content', () => {
  const coordinates = { lat: 51.5, long: -0.12, label: 'é&"' };

  it.each<[Location, string]>([
    ['query', 'color=%7B%22lat%22%3A51.5%2C%22long%22%3A-0.12%2C%22label%22%3A%22%C3%A9%26%5C%22%22%7D'],
    ['path', '%7B%22lat%22%3A51.5%2C%22long%22%3A-0.12%2C%22label%22%3A%22%C3%A9%26%5C%22%22%7D'],
    ['cookie', 'color=%7B%22lat%22%3A51.5%2C%22long%22%3A-0.12%2C%22label%22%3A%22%C3%A9%26%5C%22%22%7D'],
    // JSON stays JSON in a header: what a header cannot carry becomes a \u escape.
    ['header', '{"lat":51.5,"long":-0.12,"label":"\\u00e9&\\""}'],
  ])('application/json in the %s', (location, wire) => {
    const f = fact(location, location === 'query' || location === 'cookie' ? 'form' : 'simple', false, { content: 'application/json', shape: 'object' });
    expect(write(f, coordinates)).toBe(wire);
    expect(read(f, wire)).toEqual(coordinates);
  });

  it('a +json media type is JSON too; text/plain is the text', () => {
    const vendor = fact('query', 'form', true, { content: 'application/vnd.api+json; charset=utf-8' });
    expect(read(vendor, write(vendor, [1, 'two'])!)).toEqual([1, 'two']);
    const text = fact('header', 'simple', false, { content: 'text/plain' });
    expect(write(text, 'Tue, 15 Nov 1994 08:12:31 GMT')).toBe('Tue, 15 Nov 1994 08:12:31 GMT');
    expect(read(text, 'Tue, 15 Nov 1994 08:12:31 GMT')).toBe('Tue, 15 Nov 1994 08:12:31 GMT');
  });

  it('reads a JSON value that does not parse as its text', () => {
    expect(read(fact('query', 'form', true, { content: 'application/json' }), 'color=%7Bnot')).toBe('{not');
  });
});

describe('names the document does not declare', () => {
  it("writes the query in openapi-fetch 0.17's default format (arrays form exploded, objects deepObject)", () => {
    const query = { page: 2, tags: ['a', 'b c'], filter: { status: 'open', owner: 'me' }, flag: false, none: undefined, empty: [] };
    const expected = 'page=2&tags=a&tags=b%20c&filter[status]=open&filter[owner]=me&flag=false';
    expect(createQuerySerializer([])(query)).toBe(expected);
    expect(openapiFetchQuery()(query)).toBe(expected);
  });

  it('encodes the names too (openapi-fetch does not)', () => {
    expect(createQuerySerializer([])({ 'a&b': 'c', 'x=y': ['1'], 'o#': { 'k]': 'v' } })).toBe('a%26b=c&x%3Dy=1&o%23[k%5D]=v');
  });

  it('mixes documented and undeclared names in the order given', () => {
    const serialize = createQuerySerializer([fact('query', 'pipeDelimited', false)]);
    expect(serialize({ before: 1, color: ['a', 'b'], after: ['x'] })).toBe('before=1&color=a%7Cb&after=x');
  });

  it("fills a path template's RFC 6570 forms as openapi-fetch's default does", () => {
    const serialize = createPathSerializer([]);
    expect(serialize('/a/{x}/{.y}/{;z}/{w*}', { x: 'p q', y: ['1', '2'], z: 3, w: { k: 'v' } })).toBe('/a/p%20q/.1,2/;z=3/k=v');
  });

  it('writes undeclared cookies as form exploded', () => {
    expect(serializeCookies([], { session: 'a b', ids: [1, 2] })).toBe('session=a%20b; ids=1; ids=2');
  });
});

describe('reading back', () => {
  it('accepts what other writers send: + for a space, raw | and brackets, repeats of an array', () => {
    expect(parseQuery([fact('query', 'spaceDelimited', false, { shape: 'array' })], '?color=a+b%20c')).toEqual({ color: ['a', 'b', 'c'] });
    expect(parseQuery([fact('query', 'pipeDelimited', false, { shape: 'array' })], 'color=a|b%7cc')).toEqual({ color: ['a', 'b', 'c'] });
    expect(parseQuery([fact('query', 'deepObject', true, { shape: 'object' })], 'color[R]=1&color%5BG%5D=2&other=3')).toEqual({ color: { R: '1', G: '2' } });
    expect(parseQuery([fact('query', 'form', false, { shape: 'array' })], 'color=a,b&color=c')).toEqual({ color: ['a', 'b', 'c'] });
    expect(parseQuery([fact('query', 'form', true)], 'color=a+b&color=last')).toEqual({ color: 'last' });
  });

  it('gives an exploded object the names no other parameter claims, credentials aside', () => {
    const facts = [
      fact('query', 'form', true, { shape: 'object' }),
      { ...fact('query', 'form', true), name: 'page' },
      { ...fact('query', 'deepObject', true, { shape: 'object' }), name: 'f' },
    ];
    expect(parseQuery(facts, 'R=1&page=2&f[x]=3&api_key=secret&G=4', new Set(['api_key']))).toEqual({ color: { R: '1', G: '4' }, page: '2', f: { x: '3' } });
    expect(parseQuery(facts, 'page=2')).toEqual({ page: '2' });
    const cookies = [fact('cookie', 'form', true, { shape: 'object' })];
    expect(parseCookies(cookies, 'R=1; session=s; G=2', new Set(['session']))).toEqual({ color: { R: '1', G: '2' } });
  });

  it('reads deepObject pairs when the schema does not tell the shape, else the plain value', () => {
    const f = fact('query', 'deepObject', false);
    expect(parseQuery([f], 'color%5BR%5D=1')).toEqual({ color: { R: '1' } });
    expect(parseQuery([f], 'color=blue')).toEqual({ color: 'blue' });
  });

  it('gives back the text when it is not the shape the parameter declares', () => {
    expect(parsePath(fact('path', 'simple', false, { shape: 'object' }), 'R,1,G')).toBe('R,1,G');
    expect(parsePath(fact('path', 'label', false, { shape: 'array' }), 'a,b')).toBe('a,b');
    expect(parseQuery([fact('query', 'form', false, { shape: 'object' })], 'color=a%2C')).toEqual({ color: 'a,' });
  });

  it('reads an empty array or object back from an empty path segment or header', () => {
    expect(parsePath(fact('path', 'simple', false, { shape: 'array' }), '')).toEqual([]);
    expect(parsePath(fact('path', 'matrix', true, { shape: 'object' }), '')).toEqual({});
    expect(parseHeader(fact('header', 'simple', false, { shape: 'array' }), '')).toEqual([]);
    expect(serializeHeader(fact('header', 'simple', false), [])).toBe('');
  });

  it('keeps a malformed percent-encoding as it is', () => {
    expect(parseQuery([fact('query', 'form', true)], 'color=100%')).toEqual({ color: '100%' });
    expect(parseHeader(fact('header', 'simple', false), '%E0%A4%A')).toBe('%E0%A4%A');
  });
});
