/**
 * Docs: a view model of the bundled document rendered through the handlebars templates in
 * templates/docs/ into Markdown pages: an index, one page per tag, one per schema, and webhooks.
 * Anchors are GitHub's (github-slugger), so every internal link resolves on a code host.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Handlebars from 'handlebars';
import { slug as githubSlug } from 'github-slugger';
import escapeMarkdown from 'markdown-escape';
import { deref, type OperationModel, type SpecModel } from '../model.js';
import type { ValidatorEntry } from './validators.js';
import type { Files } from './types.js';
import { cell, code, constraints, fields, isGap, refName, rules, typeLabel, type SchemaLink } from './docs-schema.js';

type Doc = Record<string, any>;

export const slug = (text: string): string => githubSlug(text);
const tagFile = (tag: string) => `operations/${slug(tag) || 'default'}.md`;

function loadTemplates(templatesDir: string): typeof Handlebars {
  const hbs = Handlebars.create();
  const dir = path.join(templatesDir, 'docs');
  for (const name of readdirSync(path.join(dir, 'partials')).sort()) {
    if (name.endsWith('.hbs')) hbs.registerPartial(name.replace(/\.hbs$/, ''), readFileSync(path.join(dir, 'partials', name), 'utf8'));
  }
  hbs.registerHelper('cell', (text: unknown) => cell(typeof text === 'string' ? text : ''));
  hbs.registerHelper('code', (value: unknown) => code(value));
  hbs.registerHelper('concat', (...args: unknown[]) => args.slice(0, -1).join(''));
  hbs.registerHelper('plain', (value: unknown) => escapeMarkdown(String(value ?? '')));
  hbs.registerHelper('quote', (text: unknown) =>
    String(text ?? '')
      .trim()
      .split('\n')
      .map((l) => `> ${l}`.trimEnd())
      .join('\n'),
  );
  return hbs;
}

type Render = (name: string, view: object) => string;

/** Compiles each page template once; rendering squeezes blank-line runs the templates leave. */
function renderer(hbs: typeof Handlebars, templatesDir: string): Render {
  const compiled = new Map<string, HandlebarsTemplateDelegate>();
  return (name, view) => {
    let template = compiled.get(name);
    if (!template) {
      template = hbs.compile(readFileSync(path.join(templatesDir, 'docs', `${name}.md.hbs`), 'utf8'), { noEscape: true, strict: true });
      compiled.set(name, template);
    }
    return `${template(view).replace(/\n{3,}/g, '\n\n').trim()}\n`;
  };
}

/** A value for a code sample: the example when the spec has one, else a typed placeholder. */
function sampleValue(doc: Doc, schema: any, depth = 0): unknown {
  const s = deref(doc, schema);
  if (!s || typeof s !== 'object' || depth > 3) return undefined;
  if (s.examples?.[0] !== undefined) return s.examples[0];
  if (s.example !== undefined) return s.example;
  if (s.default !== undefined) return s.default;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  if (type === 'array') return [sampleValue(doc, s.items, depth + 1)].filter((v) => v !== undefined);
  if (type === 'object' || s.properties) {
    return Object.fromEntries(
      (s.required ?? []).map((k: string) => [k, sampleValue(doc, s.properties?.[k], depth + 1)]).filter(([, v]: [string, unknown]) => v !== undefined),
    );
  }
  if (type === 'string') return '…';
  if (type === 'number' || type === 'integer') return s.minimum ?? 1;
  if (type === 'boolean') return true;
  return undefined;
}

/** JSON as a JavaScript literal: identifier keys unquoted. */
const jsLiteral = (value: unknown) => JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, '$1:');

function codeSample(doc: Doc, op: OperationModel, bodyExample: unknown): string {
  const params: Record<string, Record<string, unknown>> = {};
  for (const p of op.parameters) {
    if (p.in !== 'path' && p.in !== 'query') continue;
    if (p.in === 'query' && !p.required) continue;
    (params[p.in] ??= {})[p.name] = p.in === 'path' ? `<${p.name}>` : sampleValue(doc, p.schema);
  }
  const init: Record<string, unknown> = {};
  if (Object.keys(params).length) init.params = params;
  if (op.requestBody && !isGap(op.requestBody.schema)) {
    const body = bodyExample ?? sampleValue(doc, op.requestBody.schema);
    if (body !== undefined) init.body = body;
  }
  const args = [`'${op.path}'`, ...(Object.keys(init).length ? [jsLiteral(init)] : [])].join(', ');
  return `const { data, error, response } = await api.${op.method.toUpperCase()}(${args});`;
}

interface Usage {
  label: string;
  href: string;
}

/** Which schemas and operations refer to each component schema ("Used by"). */
function usages(model: SpecModel): Map<string, Usage[]> {
  const doc = model.document as Doc;
  const used = new Map<string, Usage[]>();
  const add = (name: string, u: Usage) => {
    const list = used.get(name) ?? [];
    if (!list.some((x) => x.href === u.href)) list.push(u);
    used.set(name, list);
  };
  const walk = (node: unknown, u: Usage) => {
    if (Array.isArray(node)) node.forEach((n) => walk(n, u));
    else if (node && typeof node === 'object') {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) add(refName(v), u);
        else walk(v, u);
      }
    }
  };
  for (const [name, schema] of Object.entries<any>(doc.components?.schemas ?? {})) walk(schema, { label: name, href: `${name}.md` });
  for (const op of model.operations) {
    const u = { label: op.operationId, href: `../${tagFile(op.tag)}#${slug(op.operationId)}` };
    walk(op.parameters, u);
    walk(op.requestBody?.schema, u);
    for (const r of op.responses) walk(r.schema, u);
  }
  return used;
}

export function emitDocs(model: SpecModel, templatesDir: string, validators: ValidatorEntry[]): Files {
  const doc = model.document as Doc;
  const render = renderer(loadTemplates(templatesDir), templatesDir);
  const files: Files = new Map();
  const validatorBySchema = new Map(validators.filter((v) => v.component !== undefined).map((v) => [v.component!, v.name]));
  const validatorsByOp = new Map<string, ValidatorEntry[]>();
  for (const v of validators) if (v.operationId) validatorsByOp.set(v.operationId, [...(validatorsByOp.get(v.operationId) ?? []), v]);

  // Tag pages.
  const tagMeta = new Map<string, string>((doc.tags ?? []).map((t: Doc) => [t.name, t.description ?? '']));
  const byTag = new Map<string, OperationModel[]>();
  for (const op of model.operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  const tagOrder = [...new Set([...tagMeta.keys(), ...byTag.keys()])].filter((t) => byTag.has(t));
  const fromTag: SchemaLink = (name) => `../schemas/${name}.md`;
  const tags = tagOrder.map((tag) => {
    const operations = byTag.get(tag)!.map((op) => {
      const rawOp = (doc.paths?.[op.path] && deref<Doc>(doc, doc.paths[op.path])[op.method]) ?? {};
      const rawBody = rawOp.requestBody ? deref<Doc>(doc, rawOp.requestBody) : undefined;
      const bodyExample = rawBody ? Object.values<any>(rawBody.content ?? {})[0]?.examples : undefined;
      const firstExample = bodyExample ? deref<Doc>(doc, Object.values<any>(bodyExample)[0])?.value : undefined;
      return {
        ...op,
        anchor: slug(op.operationId),
        method: op.method.toUpperCase(),
        description: op.description.trim(),
        parameters: op.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeLabel(p.schema, fromTag),
          required: p.required === true,
          constraints: constraints(deref(doc, p.schema)).join('; '),
          description: cell(p.description),
          gap: (p.schema as Doc | undefined)?.['x-source-gap'],
        })),
        requestBody: op.requestBody && {
          ...op.requestBody,
          type: typeLabel(op.requestBody.schema, fromTag),
          constraints: constraints(op.requestBody.schema).join('; '),
          description: op.requestBody.description.trim(),
        },
        responses: op.responses.map((r) => ({
          ...r,
          type: r.schema === undefined ? 'no body' : typeLabel(r.schema, fromTag),
          description: cell(r.description),
        })),
        validators: (validatorsByOp.get(op.operationId) ?? []).map((v) => ({ name: v.name, kind: v.kind, status: v.status })),
        sample: codeSample(doc, op, firstExample),
      };
    });
    return { name: tag, file: tagFile(tag), description: tagMeta.get(tag) ?? '', operations };
  });
  for (const tag of tags) files.set(`docs/${tag.file}`, render('tag', { ...tag, title: model.title }));

  // Schema pages.
  const used = usages(model);
  const local: SchemaLink = (name) => `${name}.md`;
  const schemas = model.schemaNames.map(({ name }) => {
    const s = doc.components.schemas[name] as Doc;
    const union = s.oneOf ?? s.anyOf;
    const mapping: Record<string, string> = s.discriminator?.mapping ?? {};
    const valueFor = (ref: string) => Object.entries(mapping).find(([, target]) => target === ref)?.[0];
    return {
      name,
      description: (s.description ?? '').trim(),
      gap: s['x-source-gap'],
      deprecated: s.deprecated === true,
      type: typeLabel(s.oneOf || s.anyOf ? { ...s, type: undefined } : s, local),
      constraints: constraints({ ...s, enum: undefined }).join('; '),
      fields: s.properties || s.allOf ? fields(doc, s, local) : [],
      inherits: (s.allOf ?? []).filter((p: Doc) => p.$ref).map((p: Doc) => ({ name: refName(p.$ref), href: local(refName(p.$ref)) })),
      enumValues: Array.isArray(s.enum) ? s.enum.map((v: unknown) => code(v)) : [],
      discriminator: s.discriminator?.propertyName,
      variants: Array.isArray(union)
        ? union.map((v: Doc) => ({ label: typeLabel(v, local), value: v.$ref ? valueFor(v.$ref) ?? discriminatorConst(doc, v, s.discriminator?.propertyName) : undefined }))
        : [],
      rules: rules(s),
      example: s.examples?.[0] !== undefined ? JSON.stringify(s.examples[0], null, 2) : s.example !== undefined ? JSON.stringify(s.example, null, 2) : undefined,
      validator: validatorBySchema.get(name),
      usedBy: used.get(name) ?? [],
    };
  });
  for (const schema of schemas) files.set(`docs/schemas/${schema.name}.md`, render('schema', schema));
  files.set('docs/schemas/index.md', render('schemas', { schemas }));

  // Webhooks.
  const webhooks = Object.entries<any>(doc.webhooks ?? {}).map(([name, item]) => {
    const pathItem = deref<Doc>(doc, item);
    const method = Object.keys(pathItem).find((k) => ['post', 'put', 'get'].includes(k)) ?? 'post';
    const op = pathItem[method] ?? {};
    const body = op.requestBody ? deref<Doc>(doc, op.requestBody) : undefined;
    const media = body ? Object.entries<any>(body.content ?? {})[0] : undefined;
    return {
      name,
      anchor: slug(name),
      method: method.toUpperCase(),
      summary: op.summary ?? '',
      description: (op.description ?? '').trim(),
      gap: op['x-source-gap'],
      payload: media ? typeLabel(media[1].schema, fromTag) : 'no body',
      payloadGap: media?.[1]?.schema?.['x-source-gap'],
    };
  });
  if (webhooks.length) files.set('docs/webhooks.md', render('webhooks', { webhooks }));

  // Index.
  const securitySchemes = Object.entries<any>(doc.components?.securitySchemes ?? {}).map(([name, s]) => ({
    name,
    type: s.type,
    header: s.in === 'header' ? s.name : undefined,
    description: cell(s.description),
  }));
  const index = {
    title: model.title,
    version: model.version,
    openapi: doc.openapi,
    summary: doc.info?.summary,
    description: (doc.info?.description ?? '').trim(),
    tags: tags.map((t) => ({ name: t.name, file: t.file, count: t.operations.length, description: cell(t.description) })),
    operationCount: model.operations.length,
    schemaCount: schemas.length,
    hasWebhooks: webhooks.length > 0,
    webhookCount: webhooks.length,
    securitySchemes,
    environments: model.environments,
    pagination: model.pagination,
    paginationGap: doc['x-pagination']?.['x-source-gap'],
    paginated: model.operations.filter((o) => o.paginated).map((o) => ({ operationId: o.operationId, href: `${tagFile(o.tag)}#${slug(o.operationId)}`, method: o.method.toUpperCase(), path: o.path })),
    versioning: doc['x-versioning'] && { ...doc['x-versioning'], gap: doc['x-versioning']['x-source-gap'] },
    errorsGap: deref<Doc | undefined>(doc, doc.components?.responses?.Error)?.['x-source-gap'],
    unlocated: (doc['x-unlocated-operations'] ?? []).map((u: Doc) => ({ ...u, gap: u['x-source-gap'] })),
    deprecationHints: (doc['x-deprecation-hints'] ?? []).map((h: Doc) => ({ ...h, gap: h['x-source-gap'] })),
    gaps: doc['x-source-gaps'] ?? [],
  };
  files.set('docs/index.md', render('index', index));
  return files;
}

function discriminatorConst(doc: Doc, variant: Doc, property: string | undefined): string | undefined {
  if (!property) return undefined;
  const s = deref<Doc>(doc, variant);
  const p = s?.properties?.[property];
  return p && 'const' in p ? String(p.const) : undefined;
}
