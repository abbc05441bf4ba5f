/** The code samples of an operation's section: the named call, the same call by path, and curl. */
import { own, type OperationModel, type SchemaView } from '../../model/model.js';
import type { SecuritySchemeModel } from '../../model/security.js';
import { jsLiteral, jsString } from '../../lib/js-literal.js';
import { operationFunctionName } from '../names.js';
import { fence } from './markdown.js';
import { isGap } from './schema.js';

type Resolve = SchemaView['resolve'];

/** A value for a code sample: the example when the spec has one, else a typed placeholder. */
function sampleValue(resolve: Resolve, schema: any, depth = 0): unknown {
  const s = resolve(schema);
  if (!s || typeof s !== 'object' || depth > 3) return undefined;
  if (s.examples?.[0] !== undefined) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'array') return [sampleValue(resolve, s.items, depth + 1)].filter((v) => v !== undefined);
  if (type === 'object' || s.properties) {
    const required: unknown[] = Array.isArray(s.required) ? s.required : [];
    return Object.fromEntries(
      required.map((k) => [String(k), sampleValue(resolve, own(s.properties, String(k)), depth + 1)]).filter(([, v]) => v !== undefined),
    );
  }
  if (type === 'string') return '…';
  if (type === 'number' || type === 'integer') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  return undefined;
}

/** The operation called by name (the `operations` entry point), then the same call by path, each a fenced block. */
export function codeSamples(
  resolve: Resolve,
  op: OperationModel,
  packageName: string,
  schemes: readonly SecuritySchemeModel[],
): { sample: string; pathSample: string; curl: string } {
  const params = new Map<string, [string, unknown][]>();
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required) continue;
    params.set(p.in, [...(params.get(p.in) ?? []), [p.name, p.in === 'path' ? `<${p.name}>` : sampleValue(resolve, p.schema)]]);
  }
  const groups: [string, unknown][] = [...params].map(([where, entries]) => [where, Object.fromEntries(entries)]);
  const body: [string, unknown][] = [];
  if (op.requestBody && !isGap(op.requestBody.schema)) {
    const value = op.requestBody.examples.find((e) => e.value !== undefined)?.value ?? sampleValue(resolve, op.requestBody.schema);
    if (value !== undefined) body.push(['body', value]);
  }
  const pathInit = [...(groups.length ? [['params', Object.fromEntries(groups)] as [string, unknown]] : []), ...body];
  const namedInit = [...groups, ...body];
  const name = operationFunctionName(op);
  const namedArgs = ['api', ...(namedInit.length ? [jsLiteral(Object.fromEntries(namedInit))] : [])].join(', ');
  const pathArgs = [jsString(op.path), ...(pathInit.length ? [jsLiteral(Object.fromEntries(pathInit))] : [])].join(', ');
  return {
    sample: fence('ts', `import { ${name} } from ${jsString(`${packageName}/operations`)};\n\nconst { data, error, response } = await ${name}(${namedArgs});`),
    pathSample: fence('ts', `const { data, error, response } = await api.${op.method.toUpperCase()}(${pathArgs});`),
    curl: curlSample(op, Object.fromEntries(groups) as CurlParams, body[0]?.[1], schemes),
  };
}

type CurlParams = { path?: Record<string, unknown>; query?: Record<string, unknown> };

/** A shell word in single quotes. */
const quoted = (text: string): string => `'${text.replaceAll("'", `'\\''`)}'`;

/** An environment variable's name for a client option (`apiSecret` → `API_SECRET`). */
const envName = (option: string): string =>
  option
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .toUpperCase();

/**
 * The call as a curl command: `$BASE_URL` (one of the servers), path parameters as `<name>`, the
 * required query parameters' sample values, the credentials of the operation's first security
 * alternative read from environment variables named after the client options, and the body as JSON.
 */
function curlSample(op: OperationModel, params: CurlParams, body: unknown, schemes: readonly SecuritySchemeModel[]): string {
  // Inside double quotes the shell still expands `$`, backquotes and `\`: what the document wrote is escaped, the variables are not.
  const literal = (text: string): string => text.replace(/["$`\\]/g, '\\$&');
  const path = op.path.replace(/\{([^{}]+)\}/g, (whole, name: string) => (params.path && name in params.path ? `<${name}>` : whole));
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params.query ?? {})) query.append(name, typeof value === 'object' ? JSON.stringify(value) : String(value));
  const pairs = query.size ? [literal(query.toString())] : [];
  const args: string[] = [];
  const byName = new Map(schemes.map((s) => [s.name, s]));
  for (const name of op.security[0] ?? []) {
    const scheme = byName.get(name);
    if (!scheme?.option) continue;
    const env = `$${envName(scheme.option)}`;
    const kind = scheme.kind;
    if (kind.type === 'apiKey' && kind.in === 'header') args.push(`-H "${literal(kind.name)}: ${env}"`);
    else if (kind.type === 'apiKey' && kind.in === 'query') pairs.push(`${literal(encodeURIComponent(kind.name))}=${env}`);
    else if (kind.type === 'apiKey') args.push(`--cookie "${literal(kind.name)}=${env}"`);
    else if (kind.type === 'basic') args.push(`-u "${env}_USERNAME:${env}_PASSWORD"`);
    else if (kind.type === 'bearer') args.push(`-H "Authorization: Bearer ${env}"`);
    else if (kind.type === 'http') args.push(`-H "Authorization: ${literal(kind.scheme)} ${env}"`);
  }
  if (body !== undefined && op.requestBody) args.push(`-H ${quoted(`content-type: ${op.requestBody.mediaType}`)}`, `--data ${quoted(JSON.stringify(body))}`);
  const url = `"$BASE_URL${literal(path)}${pairs.length ? `?${pairs.join('&')}` : ''}"`;
  return fence('sh', [`curl -X ${op.method.toUpperCase()} ${url}`, ...args].join(' \\\n  '));
}
