/**
 * Path and query serialization for openapi-fetch: every name and value is percent-encoded, so a
 * value can never add a path segment or a query parameter. Only own properties are read.
 *
 * Encoding alone cannot protect a path segment that is empty, `.` or `..`: the WHATWG URL parser
 * (and so fetch) resolves `%2e%2e` like `..`. `pathProblems` finds those before anything is sent.
 */
import { own } from './options.js';
import type { ValidationProblem } from './validation.js';

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


/** openapi-fetch's `pathSerializer`: fills each `{name}` it has a value for; the others stay for `pathProblems` to report. */
export function serializePath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(PLACEHOLDER, (placeholder: string, name: string) => {
    const value = own(params, name);
    return value === undefined || value === null ? placeholder : pathSegment(name, value);
  });
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
      const pointer = `/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
      problems.push({ pointer, message: "must not be empty, '.' or '..' (it would change the resource)", keyword: 'x-path-segment', params: {} });
    }
  }
  return problems;
}

/**
 * openapi-fetch's `querySerializer`, with its default wire format (`form` exploded: `k=a&k=b` for
 * arrays, `deepObject`: `k[p]=v` for objects) but keys encoded like values.
 */
export function serializeQuery(query: Record<string, unknown>): string {
  const pairs: string[] = [];
  for (const name of Object.keys(query)) {
    const value = query[name];
    if (value === undefined || value === null) continue;
    const key = encode(name, 'query', name);
    if (Array.isArray(value)) {
      for (const item of value) if (item !== undefined && item !== null) pairs.push(`${key}=${encodePrimitive(item, 'query', name)}`);
    } else if (typeof value === 'object') {
      for (const property of Object.keys(value)) {
        const item = (value as Record<string, unknown>)[property];
        if (item !== undefined && item !== null) pairs.push(`${key}[${encode(property, 'query', name)}]=${encodePrimitive(item, 'query', name)}`);
      }
    } else {
      pairs.push(`${key}=${encodePrimitive(value, 'query', name)}`);
    }
  }
  return pairs.join('&');
}
