/**
 * ajv-formats' `fullFormats` (ajv-formats 3.0.1, MIT, https://github.com/ajv-validator/ajv-formats)
 * as an ES module with one export per format: the compiled validators import the formats they use
 * from here (generator/emit/validators/validators.ts `ESM_RUNTIME`), so that a bundle keeps only those and
 * Node loads no CommonJS. Each value has ajv-formats' shape (a function, a RegExp,
 * `{ validate, compare }`), which the compiled code uses as ajv's would;
 * test/templates/client/ajv-runtime.test.ts checks that every format judges as ajv-formats' own
 * (`url` is a function that takes linear time, the same language).
 */

/** A format with an order, for `formatMinimum` and the like. */
export interface ComparableFormat {
  readonly validate: (value: string) => boolean;
  readonly compare: (a: string, b: string) => number | undefined;
}

/** A format of numbers. */
export interface NumberFormat {
  readonly type: 'number';
  readonly validate: (value: number) => boolean;
}

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);

const DATE = /^(\d\d\d\d)-(\d\d)-(\d\d)$/;
const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function validDate(str: string): boolean {
  const matches = DATE.exec(str);
  if (!matches) return false;
  const year = +matches[1]!;
  const month = +matches[2]!;
  const day = +matches[3]!;
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && isLeapYear(year) ? 29 : DAYS[month]!);
}

function compareDate(d1: string, d2: string): number | undefined {
  if (!(d1 && d2)) return undefined;
  if (d1 > d2) return 1;
  if (d1 < d2) return -1;
  return 0;
}

const TIME = /^(\d\d):(\d\d):(\d\d(?:\.\d+)?)(z|([+-])(\d\d)(?::?(\d\d))?)?$/i;

function timeValidator(strictTimeZone: boolean): (str: string) => boolean {
  return function time(str: string): boolean {
    const matches = TIME.exec(str);
    if (!matches) return false;
    const hr = +matches[1]!;
    const min = +matches[2]!;
    const sec = +matches[3]!;
    const tz = matches[4];
    const tzSign = matches[5] === '-' ? -1 : 1;
    const tzH = +(matches[6] || 0);
    const tzM = +(matches[7] || 0);
    if (tzH > 23 || tzM > 59 || (strictTimeZone && !tz)) return false;
    if (hr <= 23 && min <= 59 && sec < 60) return true;
    // leap second
    const utcMin = min - tzM * tzSign;
    const utcHr = hr - tzH * tzSign - (utcMin < 0 ? 1 : 0);
    return (utcHr === 23 || utcHr === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
  };
}

function compareTime(s1: string, s2: string): number | undefined {
  if (!(s1 && s2)) return undefined;
  const t1 = new Date('2020-01-01T' + s1).valueOf();
  const t2 = new Date('2020-01-01T' + s2).valueOf();
  if (!(t1 && t2)) return undefined;
  return t1 - t2;
}

function compareIsoTime(t1: string, t2: string): number | undefined {
  if (!(t1 && t2)) return undefined;
  const a1 = TIME.exec(t1);
  const a2 = TIME.exec(t2);
  if (!(a1 && a2)) return undefined;
  const k1 = a1[1]! + a1[2]! + a1[3]!;
  const k2 = a2[1]! + a2[2]! + a2[3]!;
  if (k1 > k2) return 1;
  if (k1 < k2) return -1;
  return 0;
}

const DATE_TIME_SEPARATOR = /t|\s/i;

function dateTimeValidator(strictTimeZone: boolean): (str: string) => boolean {
  const time = timeValidator(strictTimeZone);
  return function date_time(str: string): boolean {
    const dateTime = str.split(DATE_TIME_SEPARATOR);
    return dateTime.length === 2 && validDate(dateTime[0]!) && time(dateTime[1]!);
  };
}

function compareDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const d1 = new Date(dt1).valueOf();
  const d2 = new Date(dt2).valueOf();
  if (!(d1 && d2)) return undefined;
  return d1 - d2;
}

function compareIsoDateTime(dt1: string, dt2: string): number | undefined {
  if (!(dt1 && dt2)) return undefined;
  const [d1, t1] = dt1.split(DATE_TIME_SEPARATOR);
  const [d2, t2] = dt2.split(DATE_TIME_SEPARATOR);
  const res = compareDate(d1!, d2!);
  if (res === undefined) return undefined;
  return res || compareTime(t1!, t2!);
}

const NOT_URI_FRAGMENT = /\/|:/;
const URI =
  /^(?:[a-z][a-z0-9+\-.]*:)(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'()*+,;=:@]|%[0-9a-f]{2})*)*)(?:\?(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const BYTE = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/gm;
const Z_ANCHOR = /[^\\]\\Z/;

// The factories' calls are marked pure, so that a bundler drops the formats nobody imports.
export const date: ComparableFormat = { validate: validDate, compare: compareDate };
export const time: ComparableFormat = { validate: /* @__PURE__ */ timeValidator(true), compare: compareTime };
const dateTime: ComparableFormat = { validate: /* @__PURE__ */ dateTimeValidator(true), compare: compareDateTime };
const isoTime: ComparableFormat = { validate: /* @__PURE__ */ timeValidator(false), compare: compareIsoTime };
const isoDateTime: ComparableFormat = { validate: /* @__PURE__ */ dateTimeValidator(false), compare: compareIsoDateTime };
export const duration: RegExp = /^P(?!$)((\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?|(\d+W)?)$/;
export function uri(str: string): boolean {
  return NOT_URI_FRAGMENT.test(str) && URI.test(str);
}
const uriReference: RegExp =
  /^(?:[a-z][a-z0-9+\-.]*:)?(?:\/?\/(?:(?:[a-z0-9\-._~!$&'()*+,;=:]|%[0-9a-f]{2})*@)?(?:\[(?:(?:(?:(?:[0-9a-f]{1,4}:){6}|::(?:[0-9a-f]{1,4}:){5}|(?:[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){4}|(?:(?:[0-9a-f]{1,4}:){0,1}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){3}|(?:(?:[0-9a-f]{1,4}:){0,2}[0-9a-f]{1,4})?::(?:[0-9a-f]{1,4}:){2}|(?:(?:[0-9a-f]{1,4}:){0,3}[0-9a-f]{1,4})?::[0-9a-f]{1,4}:|(?:(?:[0-9a-f]{1,4}:){0,4}[0-9a-f]{1,4})?::)(?:[0-9a-f]{1,4}:[0-9a-f]{1,4}|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?))|(?:(?:[0-9a-f]{1,4}:){0,5}[0-9a-f]{1,4})?::[0-9a-f]{1,4}|(?:(?:[0-9a-f]{1,4}:){0,6}[0-9a-f]{1,4})?::)|[Vv][0-9a-f]+\.[a-z0-9\-._~!$&'()*+,;=:]+)\]|(?:(?:25[0-5]|2[0-4]\d|[01]?\d\d?)\.){3}(?:25[0-5]|2[0-4]\d|[01]?\d\d?)|(?:[a-z0-9\-._~!$&'"()*+,;=]|%[0-9a-f]{2})*)(?::\d*)?(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*|\/(?:(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?|(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})+(?:\/(?:[a-z0-9\-._~!$&'"()*+,;=:@]|%[0-9a-f]{2})*)*)?(?:\?(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?(?:#(?:[a-z0-9\-._~!$&'"()*+,;=:@/?]|%[0-9a-f]{2})*)?$/i;
const uriTemplate: RegExp =
  /^(?:(?:[^\x00-\x20"'<>%\\^`{|}]|%[0-9a-f]{2})|\{[+#./;?&=,!@|]?(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?(?:,(?:[a-z0-9_]|%[0-9a-f]{2})+(?::[1-9][0-9]{0,3}|\*)?)*\})*$/i;
/** ajv-formats' `url` up to its user info: the scheme. */
const URL_SCHEME = /^(?:https?|ftp):\/\//iu;
/** ajv-formats' `url` host (an IPv4 address outside private ranges, or a name), as one whole string. */
const URL_HOST =
  /^(?:(?!(?:10|127)(?:\.\d{1,3}){3})(?!(?:169\.254|192\.168)(?:\.\d{1,3}){2})(?!172\.(?:1[6-9]|2\d|3[0-1])(?:\.\d{1,3}){2})(?:[1-9]\d?|1\d\d|2[01]\d|22[0-3])(?:\.(?:1?\d{1,2}|2[0-4]\d|25[0-5])){2}(?:\.(?:[1-9]\d?|1\d\d|2[0-4]\d|25[0-4]))|(?:(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)(?:\.(?:[a-z0-9\u{00a1}-\u{ffff}]+-)*[a-z0-9\u{00a1}-\u{ffff}]+)*(?:\.(?:[a-z\u{00a1}-\u{ffff}]{2,})))$/iu;
const SPACE = /\s/;

/**
 * ajv-formats' `url`, `^(?:https?|ftp):\/\/(?:\S+(?::\S*)?@)?<host>(?::\d{2,5})?(?:\/[^\s]*)?$`
 * (flags `iu`), decided in linear time. Its expression backtracks quadratically: the user info and
 * the path both take `@` and `:`, so it tries the host after every `@`, each time reading the rest.
 * Here: no character of the host is `@`, `:` or `/`, so the host runs from just after the user
 * info to the next `:` or `/`, and only the last `@` before such a separator can end the user
 * info; the user info (`\S+(?::\S*)?`, the same strings as `\S+`) and the path (`[^\s]*`) hold
 * no white space, which the first and last white space found once decide. Each host tried is its
 * own stretch of the address, so the host expression reads every character at most once.
 */
export function url(str: string): boolean {
  const scheme = URL_SCHEME.exec(str);
  if (!scheme) return false;
  const rest = str.slice(scheme[0].length);
  const firstSpace = rest.search(SPACE);
  let lastSpace = firstSpace;
  for (let i = rest.length - 1; firstSpace !== -1 && i > firstSpace; i--) {
    if (SPACE.test(rest[i]!)) {
      lastSpace = i;
      break;
    }
  }
  // Without user info, the host starts the rest; with it, after the last `@` of a stretch between separators.
  let stretch = 0;
  let at = -1;
  for (let i = 0; i <= rest.length; i++) {
    const code = rest.charCodeAt(i);
    if (code === AT) at = i;
    if (i < rest.length && code !== COLON && code !== SLASH) continue;
    if (at < stretch) {
      if (stretch === 0 && urlTail(rest, 0, i, lastSpace)) return true;
    } else if (at > 0 && (firstSpace === -1 || firstSpace > at) && urlTail(rest, at + 1, i, lastSpace)) return true;
    stretch = i + 1;
  }
  return false;
}

const AT = 0x40;
const COLON = 0x3a;
const SLASH = 0x2f;
const isDigit = (code: number) => code >= 0x30 && code <= 0x39;

/** Whether `rest` from `start` is `url`'s host (up to `end`, its first `:` or `/`), port and path; `lastSpace`: the last white space in `rest`, or -1. */
function urlTail(rest: string, start: number, end: number, lastSpace: number): boolean {
  if (!URL_HOST.test(rest.slice(start, end))) return false;
  let i = end;
  if (rest.charCodeAt(i) === COLON) {
    let digits = 0;
    while (digits < 6 && isDigit(rest.charCodeAt(i + 1 + digits))) digits++;
    if (digits < 2 || digits > 5) return false;
    i += 1 + digits;
  }
  return i === rest.length || (rest.charCodeAt(i) === SLASH && lastSpace < i);
}
export const email: RegExp =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;
export const hostname: RegExp = /^(?=.{1,253}\.?$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[-0-9a-z]{0,61}[0-9a-z])?)*\.?$/i;
export const ipv4: RegExp = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;
export const ipv6: RegExp =
  /^((([0-9a-f]{1,4}:){7}([0-9a-f]{1,4}|:))|(([0-9a-f]{1,4}:){6}(:[0-9a-f]{1,4}|((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){5}(((:[0-9a-f]{1,4}){1,2})|:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3})|:))|(([0-9a-f]{1,4}:){4}(((:[0-9a-f]{1,4}){1,3})|((:[0-9a-f]{1,4})?:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){3}(((:[0-9a-f]{1,4}){1,4})|((:[0-9a-f]{1,4}){0,2}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){2}(((:[0-9a-f]{1,4}){1,5})|((:[0-9a-f]{1,4}){0,3}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(([0-9a-f]{1,4}:){1}(((:[0-9a-f]{1,4}){1,6})|((:[0-9a-f]{1,4}){0,4}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:))|(:(((:[0-9a-f]{1,4}){1,7})|((:[0-9a-f]{1,4}){0,5}:((25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}))|:)))$/i;
export function regex(str: string): boolean {
  if (Z_ANCHOR.test(str)) return false;
  try {
    new RegExp(str);
    return true;
  } catch {
    return false;
  }
}
export const uuid: RegExp = /^(?:urn:uuid:)?[0-9a-f]{8}-(?:[0-9a-f]{4}-){3}[0-9a-f]{12}$/i;
const jsonPointer: RegExp = /^(?:\/(?:[^~/]|~0|~1)*)*$/;
const jsonPointerUriFragment: RegExp = /^#(?:\/(?:[a-z0-9_\-.!$&'()*+,;:=@]|%[0-9a-f]{2}|~0|~1)*)*$/i;
const relativeJsonPointer: RegExp = /^(?:0|[1-9][0-9]*)(?:#|(?:\/(?:[^~/]|~0|~1)*)*)$/;
export function byte(str: string): boolean {
  BYTE.lastIndex = 0;
  return BYTE.test(str);
}
export const int32: NumberFormat = { type: 'number', validate: (value) => Number.isInteger(value) && value <= 2 ** 31 - 1 && value >= -(2 ** 31) };
// JSON and JavaScript integers stop at 2 ** 53: any integer is an int64.
export const int64: NumberFormat = { type: 'number', validate: (value) => Number.isInteger(value) };
export const float: NumberFormat = { type: 'number', validate: () => true };
export const double: NumberFormat = { type: 'number', validate: () => true };
export const password = true;
export const binary = true;

export {
  dateTime as 'date-time',
  isoTime as 'iso-time',
  isoDateTime as 'iso-date-time',
  uriReference as 'uri-reference',
  uriTemplate as 'uri-template',
  jsonPointer as 'json-pointer',
  jsonPointerUriFragment as 'json-pointer-uri-fragment',
  relativeJsonPointer as 'relative-json-pointer',
};
