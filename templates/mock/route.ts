/**
 * Routing: a request's method and path to one operation of the spec. A concrete path wins over a
 * templated one (OpenAPI 3.1 §4.8.8: "/pets/mine" before "/pets/{petId}"); a template variable
 * matches one segment, empty included, so an empty path parameter is reported, not a 404.
 */
import type { MockOperation } from './types.js';

export interface Route {
  readonly operation: MockOperation;
  /** Path parameters as written in the URL (still percent-encoded): each is read by its style. */
  readonly params: Readonly<Record<string, string>>;
}

interface CompiledRoute {
  readonly operation: MockOperation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
  /** Literal characters of the template: more is more concrete. */
  readonly literalLength: number;
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(operation: MockOperation): CompiledRoute {
  const names: string[] = [];
  let literalLength = 0;
  const source = operation.path
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const variable = /^\{([^}]+)\}$/.exec(part);
      if (variable) {
        names.push(variable[1]!);
        return '([^/]*)';
      }
      literalLength += part.length;
      return escapeRegExp(part);
    })
    .join('');
  return { operation, pattern: new RegExp(`^${source}$`), names, literalLength };
}

export class Router {
  /** Templates without variables, by method and path: a match is always the most concrete. */
  private readonly exact = new Map<string, Route>();
  /** Templated routes by method, most concrete first. */
  private readonly templated = new Map<string, CompiledRoute[]>();

  constructor(operations: readonly MockOperation[]) {
    for (const route of operations.map(compile).sort((a, b) => b.literalLength - a.literalLength)) {
      const { method, path } = route.operation;
      if (route.names.length === 0) {
        if (!this.exact.has(`${method} ${path}`))
          this.exact.set(`${method} ${path}`, { operation: route.operation, params: Object.freeze(Object.create(null)) });
        continue;
      }
      const routes = this.templated.get(method) ?? [];
      routes.push(route);
      this.templated.set(method, routes);
    }
  }

  /** The operation for `method` and `path` (without the base path), or `undefined`. */
  find(method: string, path: string): Route | undefined {
    const exact = this.exact.get(`${method} ${path}`);
    if (exact) return exact;
    for (const route of this.templated.get(method) ?? []) {
      const match = route.pattern.exec(path);
      if (!match) continue;
      const params: Record<string, string> = Object.create(null);
      route.names.forEach((name, i) => {
        params[name] = match[i + 1]!;
      });
      return { operation: route.operation, params };
    }
    return undefined;
  }
}
