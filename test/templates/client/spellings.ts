/** Spellings of a string that JSON and URL encoding allow, for the scrubbing tests (issue #29 item 6). */

/** `n` in hexadecimal, `digits` long, in the case `upper` says. */
const hex = (n: number, digits: number, upper: boolean) => {
  const digitsText = n.toString(16).padStart(digits, '0');
  return upper ? digitsText.toUpperCase() : digitsText;
};
const JSON_SHORT: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '/': '\\/', '\b': '\\b', '\f': '\\f', '\n': '\\n', '\r': '\\r', '\t': '\\t' };
const isLoneSurrogate = (char: string) => /^[\uD800-\uDFFF]$/.test(char);

/** `secret` written inside a JSON string, each character as itself (where JSON allows) or escaped (`\uXXXX` in either case, or its short escape), as `choices` pick. */
export function jsonSpelling(secret: string, choices: readonly number[]): string {
  return [...secret]
    .map((char, i) => {
      const units = (upper: boolean) => [...Array(char.length).keys()].map((u) => `\\u${hex(char.charCodeAt(u), 4, upper)}`).join('');
      const options = [units(false), units(true)];
      if (JSON_SHORT[char]) options.push(JSON_SHORT[char]);
      if (char !== '"' && char !== '\\' && char >= ' ') options.push(char);
      return options[choices[i % choices.length]! % options.length];
    })
    .join('');
}

/** `secret` as a URL may carry it, each character as itself or percent-encoded (UTF-8, hex in either case), a space also as `+`, as `choices` pick. */
export function urlSpelling(secret: string, choices: readonly number[]): string {
  return [...secret]
    .map((char, i) => {
      const options = [char];
      if (!isLoneSurrogate(char)) {
        const bytes = [...new TextEncoder().encode(char)];
        options.push(bytes.map((b) => `%${hex(b, 2, false)}`).join(''), bytes.map((b) => `%${hex(b, 2, true)}`).join(''));
      }
      if (char === ' ') options.push('+');
      return options[choices[i % choices.length]! % options.length];
    })
    .join('');
}
