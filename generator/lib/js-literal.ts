/** JavaScript source text for values written into generated code and code samples. */

/**
 * A single-quoted JavaScript string: quotes, backslashes, control and line-separator characters
 * escaped, and a backtick too, so the string can never end a Markdown code fence around it.
 */
export const jsString = (value: string): string =>
  `'${value.replace(/[\\'`\u0000-\u001f\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;

/** JSON as a JavaScript literal: identifier keys unquoted, `__proto__` computed (a plain key would set the prototype). */
export const jsLiteral = (value: unknown): string =>
  JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, (_, key: string) => (key === '__proto__' ? '["__proto__"]:' : `${key}:`));
