/**
 * The compiled validators import ajv-formats' formats and ajv's run-time helpers from the package's
 * own ES modules (templates/client/ajv-formats.ts, ajv-runtime.ts): each must judge exactly as the
 * CommonJS original it replaces, on the original's edge cases and on random strings and values.
 */
import fc from 'fast-check';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import * as ucs2lengthModule from 'ajv/dist/runtime/ucs2length.js';
import * as equalModule from 'ajv/dist/runtime/equal.js';
import { describe, expect, it } from 'vitest';
import * as formats from '../../../templates/client/ajv-formats.js';
import * as runtime from '../../../templates/client/ajv-runtime.js';

/** A CommonJS module's `exports.default`, however the loader exposes it. */
const cjsDefault = <T>(ns: { default: unknown }): T => ((ns.default as { default?: T }).default ?? ns.default) as T;
const ucs2length = cjsDefault<(s: string) => number>(ucs2lengthModule);
const equal = cjsDefault<(a: unknown, b: unknown) => boolean>(equalModule);

type Format =
  | boolean
  | RegExp
  | ((value: never) => boolean)
  | { validate: RegExp | ((value: never) => boolean); compare?: (a: string, b: string) => number | undefined };

const judge = (format: Format, value: string | number): boolean | string => {
  if (typeof format === 'boolean') return format;
  if (format instanceof RegExp) return typeof value === 'string' && format.test(value);
  if (typeof format === 'function') return (format as (v: unknown) => boolean)(value);
  const validate = format.validate;
  return validate instanceof RegExp ? typeof value === 'string' && validate.test(value) : (validate as (v: unknown) => boolean)(value);
};

/** Strings near each format's edges: dates, times, leap seconds, addresses, pointers, base64. */
const EDGES = [
  '',
  '2020-02-29',
  '2021-02-29',
  '2020-13-01',
  '2020-01-01T00:00:00Z',
  '2020-01-01t23:59:60+00:00',
  '2020-01-01 23:59:60-01:30',
  '2020-01-01T00:00:00',
  '23:59:60Z',
  '00:00:00.123+25:00',
  'P1Y2M',
  'PT',
  'P1W',
  'http://example.com/a?b#c',
  'urn:isbn:0451450523',
  '//x',
  'a:b',
  'a b',
  'mailto:x@y.z',
  'x@y.z',
  'x@@y',
  'host.example',
  '-host',
  '192.168.0.1',
  '256.1.1.1',
  '::1',
  '1::2::3',
  '{a}',
  '{+a,b:3}',
  '{',
  '^a$',
  '[',
  'a\\Z',
  '01234567-89ab-cdef-0123-456789abcdef',
  'urn:uuid:01234567-89ab-cdef-0123-456789abcdef',
  '/a~0b/c~1',
  '/a~2',
  '#/a%20b',
  '0#',
  '1/a',
  'QUJD',
  'QUI=',
  'QQ==',
  'Q',
  'ftp://10.0.0.1/',
  'https://user:pw@www.example.com:8080/p',
];

describe('ajv-formats as ES modules', () => {
  it('exports every format of fullFormats, of the same kind', () => {
    const ours = formats as unknown as Record<string, unknown>;
    const names = Object.keys(ours).filter((k) => !/^[A-Z]/.test(k));
    expect(names.sort()).toEqual(Object.keys(fullFormats).sort());
    for (const [name, format] of Object.entries(fullFormats)) {
      const kind = (f: unknown) => (f instanceof RegExp ? 'regexp' : typeof f === 'object' && f !== null ? Object.keys(f).sort().join() : typeof f);
      // url: the same language, decided by a function in linear time (below).
      if (name === 'url') continue;
      expect(kind(ours[name]), name).toBe(kind(format));
      if (format instanceof RegExp) expect(String(ours[name]), name).toBe(String(format));
    }
  });

  it.each(Object.keys(fullFormats))('%s judges as ajv-formats does', (name) => {
    const original = (fullFormats as Record<string, Format>)[name]!;
    const ours = (formats as unknown as Record<string, Format>)[name]!;
    const numeric = typeof original === 'object' && 'type' in original && original.type === 'number';
    if (numeric) {
      for (const n of [0, 1.5, -(2 ** 31), 2 ** 31, 2 ** 31 - 1, 2 ** 53, Number.NaN]) expect(judge(ours, n), `${name} ${n}`).toBe(judge(original, n));
      fc.assert(fc.property(fc.double(), (n) => judge(ours, n) === judge(original, n)));
      return;
    }
    for (const s of EDGES) expect(judge(ours, s), `${name} ${JSON.stringify(s)}`).toBe(judge(original, s));
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...'0123456789-:T.Z+zt/#a@%{}[]~ '.split('')) }), (s) => judge(ours, s) === judge(original, s)),
      { numRuns: 500 },
    );
    if (typeof original === 'object' && 'compare' in original && original.compare) {
      const compare = (ours as { compare: (a: string, b: string) => number | undefined }).compare;
      for (const a of EDGES) for (const b of EDGES.slice(0, 10)) expect(compare(a, b), `${name} ${a} ${b}`).toBe(original.compare(a, b));
    }
  });
});

describe('format url in linear time', () => {
  const url = formats.url;

  it('judges crafted addresses of a megabyte at once (ajv-formats backtracks for minutes; sanity bound: the test timeout)', () => {
    expect(typeof url).toBe('function');
    for (const [address, valid] of [
      [`http://${'a:'.repeat(500_000)}`, false],
      [`http://${':@'.repeat(500_000)}`, false],
      [`http://${'a:'.repeat(500_000)}@example.com/`, true],
      [`ftp://u:${':'.repeat(1_000_000)}@host.example`, true],
      [`http://${'@a.bc/'.repeat(200_000)} `, false],
      [`http://${'@a.bc/'.repeat(200_000)}`, true],
      [`ftp://172.30.3.56${'4.1.6.7:155'.repeat(100_000)}\u0000`, false],
      [`http://${'a-'.repeat(500_000)}a.com`, true],
    ] as const) {
      expect(url(address), address.slice(0, 20)).toBe(valid);
    }
  });

  it('accepts and refuses as ajv-formats on addresses made of separators, at signs, spaces, digits and host parts', () => {
    const unit = fc.constantFrom(...':@a.-1/ ?#%5A\u00a1\u2028\u3000ſ092'.split(''), '😀', '\ud800', '172.', '10.', '169.254', '.com', 'http://', 'user');
    fc.assert(
      fc.property(
        fc.constantFrom('http://', 'HTTPS://', 'ftp://', 'httpſ://', 'http:/', ''),
        fc.string({ unit, maxLength: 16 }),
        (scheme, tail) => url(scheme + tail) === (fullFormats.url as RegExp).test(scheme + tail),
      ),
      { numRuns: 20_000 },
    );
  });
});

describe("ajv's run-time helpers as ES modules", () => {
  it('ucs2length counts code points as ajv does', () => {
    for (const s of ['', 'a', '😀', '\ud83d', '\ude00a', 'a😀b\ud800']) expect(runtime.ucs2length(s)).toBe(ucs2length(s));
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (s) => runtime.ucs2length(s) === ucs2length(s)));
  });

  it('equal decides deep equality as fast-deep-equal does', () => {
    const pairs: [unknown, unknown][] = [
      [Number.NaN, Number.NaN],
      [
        [1, { a: [2] }],
        [1, { a: [2] }],
      ],
      [{ a: 1 }, { b: 1 }],
      [{ a: undefined }, { b: undefined }],
      [[], {}],
      [null, {}],
      [/a/g, /a/g],
      [/a/g, /a/i],
    ];
    // fast-deep-equal throws on an own `toString` or `valueOf` that is not a function; so does the copy (the validator reports it as aborted).
    const outcome = (f: (a: unknown, b: unknown) => boolean, a: unknown, b: unknown): boolean | string => {
      try {
        return f(a, b);
      } catch (err) {
        return (err as Error).name;
      }
    };
    pairs.push([{ toString: 0 }, {}], [{ valueOf: null }, { valueOf: null }]);
    for (const [a, b] of pairs) expect(outcome(runtime.equal, a, b)).toBe(outcome(equal, a, b));
    fc.assert(
      fc.property(
        fc.jsonValue(),
        fc.jsonValue(),
        (a, b) =>
          outcome(runtime.equal, a, b) === outcome(equal, a, b) && outcome(runtime.equal, a, structuredClone(a)) === outcome(equal, a, structuredClone(a)),
      ),
    );
  });
});
