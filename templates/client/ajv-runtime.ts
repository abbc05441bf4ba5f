/**
 * ajv's run-time helpers its compiled code calls (ajv 8, MIT, https://github.com/ajv-validator/ajv:
 * `runtime/ucs2length`, and `runtime/equal`, which is fast-deep-equal 3, MIT), as an ES module:
 * the compiled validators import them from here (generator/emit/validators/validators.ts `ESM_RUNTIME`), so
 * Node loads no CommonJS; test/templates/client/ajv-runtime.test.ts compares both with ajv's.
 */

/** The length of a string in Unicode code points (a surrogate pair counts once), as `maxLength` means. */
export function ucs2length(str: string): number {
  const len = str.length;
  let length = 0;
  let pos = 0;
  let value: number;
  while (pos < len) {
    length++;
    value = str.charCodeAt(pos++);
    if (value >= 0xd800 && value <= 0xdbff && pos < len) {
      // high surrogate, and there is a next character
      value = str.charCodeAt(pos);
      if ((value & 0xfc00) === 0xdc00) pos++; // low surrogate
    }
  }
  return length;
}

/** Deep equality of JSON values (`const`, `enum`, `uniqueItems`), as fast-deep-equal decides it. */
export function equal(a: any, b: any): boolean {
  if (a === b) return true;
  if (a && b && typeof a == 'object' && typeof b == 'object') {
    if (a.constructor !== b.constructor) return false;
    let length: number;
    let i: number;
    if (Array.isArray(a)) {
      length = a.length;
      if (length != b.length) return false;
      for (i = length; i-- !== 0; ) if (!equal(a[i], b[i])) return false;
      return true;
    }
    if (a.constructor === RegExp) return a.source === b.source && a.flags === b.flags;
    if (a.valueOf !== Object.prototype.valueOf) return a.valueOf() === b.valueOf();
    if (a.toString !== Object.prototype.toString) return a.toString() === b.toString();
    const keys = Object.keys(a);
    length = keys.length;
    if (length !== Object.keys(b).length) return false;
    for (i = length; i-- !== 0; ) if (!Object.prototype.hasOwnProperty.call(b, keys[i]!)) return false;
    for (i = length; i-- !== 0; ) {
      const key = keys[i]!;
      if (!equal(a[key], b[key])) return false;
    }
    return true;
  }
  // true if both NaN, false otherwise
  return a !== a && b !== b;
}
