/**
 * Test support for the mock, generic over any document: a valid request for every operation of a
 * bundled document (path, required query and header parameters and the body sampled by the
 * package's own sampler; credentials of the operation's first security alternative), and the
 * loading of a generated package's modules.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

type Doc = Record<string, any>;
export const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

export const ROOT = path.resolve(import.meta.dirname, '../../..');
export const GENERATED = path.join(ROOT, 'generated');

/** A generated package's module (`mock`, `validators`, `index`, `mock-msw`, `runtime/mock/sample`). */
export async function load<T = any>(packageDir: string, module: string): Promise<T> {
  return (await import(pathToFileURL(path.join(packageDir, 'dist', `${module}.js`)).href)) as T;
}

export const readDocument = (packageDir: string): Doc => JSON.parse(readFileSync(path.join(packageDir, 'openapi.json'), 'utf8')) as Doc;

/** How many operations the document's paths hold (every method of every path item), counted from the document itself. */
export function operationCount(doc: Doc): number {
  let count = 0;
  for (const item of Object.values<Doc>(doc.paths ?? {})) for (const method of METHODS) if (item?.[method]) count++;
  return count;
}

const deref = (doc: Doc, node: any): any => {
  for (let hops = 0; node && typeof node === 'object' && typeof node.$ref === 'string' && hops < 32; hops++) {
    node = node.$ref
      .slice(2)
      .split('/')
      .map((s: string) => decodeURIComponent(s).replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce((o: any, k: string) => o?.[k], doc);
  }
  return node;
};

export interface OperationCall {
  operationId: string;
  method: string;
  path: string;
  /** The request for `baseUrl` (its path included). */
  request(baseUrl: string): Request;
}

interface Sampler {
  forSchema(schema: object | boolean | string, seed: number, check?: (v: unknown) => boolean): unknown;
}

/** Credentials of the first alternative of the operation's security (a `security: []` operation gets none). */
function credentials(doc: Doc, op: Doc): { headers: Record<string, string>; query: [string, string][]; cookies: string[] } {
  const out = { headers: {} as Record<string, string>, query: [] as [string, string][], cookies: [] as string[] };
  const requirement: Doc | undefined = (op.security ?? doc.security ?? [])[0];
  for (const name of Object.keys(requirement ?? {})) {
    const scheme = deref(doc, doc.components?.securitySchemes?.[name]);
    if (scheme?.type === 'apiKey') {
      if (scheme.in === 'header') out.headers[scheme.name] = 'test-credential';
      else if (scheme.in === 'query') out.query.push([scheme.name, 'test-credential']);
      else out.cookies.push(`${scheme.name}=test-credential`);
    } else if (scheme?.type === 'http') out.headers['authorization'] = /^basic$/i.test(scheme.scheme) ? 'Basic dTpw' : `${scheme.scheme} test-token`;
    else if (scheme?.type === 'oauth2' || scheme?.type === 'openIdConnect') out.headers['authorization'] = 'Bearer test-token';
  }
  return out;
}

const text = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

/** One valid call per operation of `doc`, its values sampled with `seed`. */
export function operationCalls(doc: Doc, sampler: Sampler, seed: number): OperationCall[] {
  const calls: OperationCall[] = [];
  for (const [template, rawItem] of Object.entries<any>(doc.paths ?? {})) {
    const item = deref(doc, rawItem);
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const parameters: Doc[] = [...(item.parameters ?? []), ...(op.parameters ?? [])].map((p) => deref(doc, p));
      const sample = (schema: unknown) => sampler.forSchema((schema ?? {}) as object, seed);
      let pathname = template;
      const query: [string, string][] = [];
      const headers: Record<string, string> = {};
      for (const p of parameters) {
        if (p.in === 'path') {
          const value = text(sample(p.schema));
          pathname = pathname.replace(`{${p.name}}`, encodeURIComponent(value === '' ? 'x' : value));
        } else if (p.in === 'query' && p.required) {
          const value = sample(p.schema);
          for (const v of Array.isArray(value) ? value : [value]) query.push([p.name, text(v)]);
        } else if (p.in === 'header' && p.required) headers[p.name] = text(sample(p.schema));
      }
      const requestBody = deref(doc, op.requestBody);
      const media = Object.entries<any>(requestBody?.content ?? {}).find(([type]) => /json/i.test(type));
      const body = requestBody?.required && media ? JSON.stringify(sample(media[1].schema)) : undefined;
      const auth = credentials(doc, op);
      calls.push({
        operationId: op.operationId ?? `${method} ${template}`,
        method: method.toUpperCase(),
        path: template,
        request(baseUrl) {
          const url = new URL(`${baseUrl.replace(/\/$/, '')}${pathname}`);
          for (const [name, value] of [...query, ...auth.query]) url.searchParams.append(name, value);
          const all: Record<string, string> = { ...headers, ...auth.headers, ...(auth.cookies.length && { cookie: auth.cookies.join('; ') }) };
          if (body !== undefined) all['content-type'] = 'application/json';
          return new Request(url, { method: method.toUpperCase(), headers: all, ...(body !== undefined && { body }) });
        },
      });
    }
  }
  return calls;
}

export const CREDENTIALS = { 'x-api-key': 'test-key', 'x-api-secret': 'test-secret' };

/**
 * The TypeScript blocks of a generated package's docs/mock.md that import its mock, written as
 * files under `<packageDir>/doc-examples/` with the package's specifiers pointing at its `dist/`;
 * their paths relative to `packageDir` (for typeCheck's `include`).
 */
export function writeMockDocExamples(packageDir: string): string[] {
  const name = (JSON.parse(readFileSync(path.join(packageDir, 'package.json'), 'utf8')) as { name: string }).name;
  const page = readFileSync(path.join(packageDir, 'docs', 'mock.md'), 'utf8');
  // The page quotes module specifiers either way (`'x/mock'` or `"x/mock"`).
  const specifiers = [`'${name}/mock'`, JSON.stringify(`${name}/mock`)];
  const blocks = [...page.matchAll(/^```ts\n([\s\S]*?)^```$/gm)].map((m) => m[1]!).filter((block) => specifiers.some((s) => block.includes(s)));
  mkdirSync(path.join(packageDir, 'doc-examples'), { recursive: true });
  return blocks.map((block, i) => {
    const file = `doc-examples/block-${i}.ts`;
    writeFileSync(
      path.join(packageDir, file),
      specifiers.reduce((text, s) => text.replaceAll(s, "'../dist/mock.js'"), block),
    );
    return file;
  });
}
