/**
 * The path checks made before anything is sent, even with request validation off: a missing path
 * parameter, or one whose segment would be empty, `.` or `..` (the WHATWG URL parser, and so
 * fetch, resolves `%2e%2e` like `..`). Serialization itself is params.ts.
 */
import { own } from './options.js';
import type { ValidationProblem } from './validation.js';
import { escapeToken } from './pointer.js';

/** A `{name}` in a path or server URL template. */
export const PLACEHOLDER: RegExp = /\{([^{}]+)\}/g;
const DOT_SEGMENTS: ReadonlySet<string> = new Set(['', '.', '..']);

type Primitive = string | number | boolean | bigint;
const PRIMITIVE_TYPES: ReadonlySet<string> = new Set(['string', 'number', 'boolean', 'bigint']);
const isPrimitive = (value: unknown): value is Primitive => PRIMITIVE_TYPES.has(typeof value);

type Part = 'path' | 'query';

function encode(text: string, part: Part, name: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    // A lone UTF-16 surrogate has no UTF-8 form.
    throw new TypeError(`${part} parameter ${JSON.stringify(name)} is not well-formed Unicode`);
  }
}

function encodePrimitive(value: unknown, part: Part, name: string): string {
  if (!isPrimitive(value)) throw new TypeError(`${part} parameter ${JSON.stringify(name)}: nested objects and arrays are not supported`);
  return encode(String(value), part, name);
}

/** A path parameter in OpenAPI's default style (`simple`, not exploded): `a,b` for arrays, `k,v` pairs for objects. */
function pathSegment(name: string, value: unknown): string {
  if (isPrimitive(value)) return encode(String(value), 'path', name);
  if (Array.isArray(value)) return value.map((item) => encodePrimitive(item, 'path', name)).join(',');
  const parts: string[] = [];
  for (const key of Object.keys(value as object)) parts.push(encode(key, 'path', name), encodePrimitive((value as Record<string, unknown>)[key], 'path', name));
  return parts.join(',');
}

/** Path parameters that are missing, or whose segment would be empty, `.` or `..` (and so change the resource). */
export function pathProblems(template: string, params: Record<string, unknown> | undefined): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  for (const [, expression] of template.matchAll(PLACEHOLDER)) {
    // openapi-fetch's RFC 6570 forms `{.name}`, `{;name}`, `{name*}` name the parameter without the operator.
    const name = expression!.replace(/^[.;]/, '').replace(/\*$/, '');
    const value = own(params, name);
    if (value === undefined || value === null) {
      problems.push({ pointer: '', message: `must have required path parameter '${name}'`, keyword: 'required', params: { missingProperty: name } });
      continue;
    }
    // Encoding maps exactly '', '.' and '..' to themselves: a primitive is checked as it is.
    const segment = isPrimitive(value) ? String(value) : pathSegment(name, value);
    if (DOT_SEGMENTS.has(segment)) {
      const pointer = `/${escapeToken(name)}`;
      problems.push({ pointer, message: "must not be empty, '.' or '..' (it would change the resource)", keyword: 'x-path-segment', params: {} });
    }
  }
  return problems;
}
