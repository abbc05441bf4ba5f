/** The code samples of an operation's section: the named call and the same call by path. */
import { own, type OperationModel, type SchemaView } from '../../model/model.js';
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
export function codeSamples(resolve: Resolve, op: OperationModel, packageName: string): { sample: string; pathSample: string } {
  const params = new Map<string, [string, unknown][]>();
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required) continue;
    params.set(p.in, [...(params.get(p.in) ?? []), [p.name, p.in === 'path' ? `<${p.name}>` : sampleValue(resolve, p.schema)]]);
  }
  const groups: [string, unknown][] = [...params].map(([where, entries]) => [where, Object.fromEntries(entries)]);
  const body: [string, unknown][] = [];
  if (op.requestBody && !isGap(op.requestBody.schema)) {
    const value = op.requestBody.example ?? sampleValue(resolve, op.requestBody.schema);
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
  };
}
