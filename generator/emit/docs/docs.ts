/**
 * Docs: a view model of the bundled document rendered through the handlebars templates in
 * templates/docs/ into Markdown pages: an index, one page per tag, one per schema, and webhooks.
 * Anchors are GitHub's (github-slugger), so every internal link resolves on a code host.
 *
 * Values reach the Markdown through escaping helpers (render.ts); descriptions are CommonMark by
 * the OpenAPI specification: their Markdown is kept and their raw HTML is neutralised (markdown.ts).
 * File names made from spec names are safe slugs, unique case-insensitively (names.ts).
 *
 * Every sentence is the document's (its standard fields and `x-` extensions) or true of any
 * document; a section the document gives nothing for is left out, and a "not shown" note appears
 * only where the document marks an `x-source-gap`. The index's sections are docs-index.ts.
 */
import GithubSlugger, { slug as githubSlug } from 'github-slugger';
import { operationFunctionName } from '../names.js';
import { own, type OperationModel, type SpecModel } from '../../model/model.js';
import { fileStem, uniqueStems } from '../../lib/names.js';
import type { ValidatorEntry } from '../validators/validators.js';
import type { Files } from '../types/types.js';
import { constraints, fields, isGap, refName, rules, typeLabel, type SchemaLink } from './schema.js';
import { componentsWithWriteRules } from '../validators/json-schema.js';
import { cell, code, fence, headingText, markdown, text } from './markdown.js';
import { gapText, indexSections, securityText } from './index-page.js';
import { templateRenderer } from './render.js';

type Doc = Record<string, any>;
type Resolve = SpecModel['resolve'];

export interface DocsOptions {
  /** The generated package's name, as consumers import it (`<name>/validators`). */
  packageName: string;
}

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

/** JSON as a JavaScript literal: identifier keys unquoted, `__proto__` computed (a plain key would set the prototype). */
const jsLiteral = (value: unknown) =>
  JSON.stringify(value, null, 2).replace(/"([A-Za-z_$][\w$]*)":/g, (_, key: string) => (key === '__proto__' ? '["__proto__"]:' : `${key}:`));

/** A single-quoted JavaScript string. */
const jsString = (s: string) =>
  `'${s.replace(/[\\'\u0000-\u001f\u2028\u2029]/g, (c) => (c === '\\' || c === "'" ? `\\${c}` : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`))}'`;

/** The operation called by name (the `operations` entry point), then the same call by path, each a fenced block. */
function codeSamples(resolve: Resolve, op: OperationModel, packageName: string): { sample: string; pathSample: string } {
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

interface Usage {
  label: string;
  href: string;
}

/** Where each page made from a spec name lives, and the anchor of each operation. */
interface PageNames {
  /** Tag → `operations/<stem>.md`, relative to the docs folder. */
  tagFile: Map<string, string>;
  /** Component schema name → `<stem>.md`, relative to the schemas folder. */
  schemaFile: Map<string, string>;
  operationAnchor: Map<OperationModel, string>;
}

/** The operations of each tag page, in the order of the document's tags, then of first use. */
/** One sentence on what the mock does with the operation's query parameters ('' when it has none). */
function mockQueryLine(op: OperationModel): string {
  const treatments = op.queryTreatments;
  if (treatments.length === 0) return '';
  const names = (kind: string) => treatments.filter((t) => t.treatment === kind).map((t) => code(t.name)).join(', ');
  const parts = [names('honoured') && `honours ${names('honoured')}`, names('ignored') && `validates and ignores ${names('ignored')} (it does not filter)`, names('credential') && `reads ${names('credential')} as a credential only`];
  return `**In the mock** ([query parameters](../mock.md#query-parameters)): it ${parts.filter(Boolean).join('; ')}.`;
}

function operationsByTag(model: SpecModel): Map<string, OperationModel[]> {
  const tags: unknown = (model.document as Doc).tags;
  const byTag = new Map<string, OperationModel[]>();
  for (const tag of Array.isArray(tags) ? tags : []) {
    if (tag && typeof tag === 'object' && model.operations.some((op) => op.tag === tag.name)) byTag.set(tag.name, []);
  }
  for (const op of model.operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  return byTag;
}

/**
 * File names from tag and schema names (names.ts: safe, unique case-insensitively) and operation
 * anchors as GitHub numbers repeated headings on a page: the page title first, then each operation.
 */
function pageNames(model: SpecModel, tags: Map<string, OperationModel[]> = operationsByTag(model)): PageNames {
  const tagStems = uniqueStems(tags.keys(), (tag) => fileStem(githubSlug(tag)), { fallback: 'default' });
  const schemaStems = uniqueStems(
    model.schemaNames.map((s) => s.name),
    fileStem,
    { fallback: 'schema', reserved: ['index'] },
  );
  const operationAnchor = new Map<OperationModel, string>();
  for (const [tag, operations] of tags) {
    const slugger = new GithubSlugger();
    slugger.slug(headingText(tag));
    for (const op of operations) operationAnchor.set(op, slugger.slug(headingText(op.operationId)));
  }
  return {
    tagFile: new Map([...tagStems].map(([tag, stem]) => [tag, `operations/${stem}.md`])),
    schemaFile: new Map([...schemaStems].map(([name, stem]) => [name, `${stem}.md`])),
    operationAnchor,
  };
}

/** Where a package's docs pages are, relative to the package root: links from outside docs/ (the changelog). */
export interface DocsLinks {
  /** `docs/operations/<tag>.md#<anchor>` of the operation's section. */
  operation(operationId: string): string | undefined;
  /** `docs/schemas/<name>.md` of a component schema. */
  schema(name: string): string | undefined;
  /** `docs/webhooks.md#<anchor>` of a webhook's section (by its name in `webhooks`). */
  webhook(name: string): string | undefined;
  /** `docs/index.md#<anchor>` of the index's servers (environments) section, when it has one. */
  servers: string | undefined;
}

/** The `docs/webhooks.md` anchor of each webhook, by name, as GitHub numbers repeated headings after the page title. */
function webhookAnchors(doc: Doc): Map<string, string> {
  const slugger = new GithubSlugger();
  slugger.slug('Webhooks');
  return new Map(Object.keys(doc.webhooks ?? {}).map((name) => [name, slugger.slug(headingText(name))]));
}

export function docsPages(model: SpecModel): DocsLinks {
  const doc = model.document as Doc;
  const names = pageNames(model);
  const operations = new Map(model.operations.map((op) => [op.operationId, `docs/${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}`]));
  const webhooks = webhookAnchors(doc);
  const sections = indexSections(doc, model, () => '', () => undefined);
  const servers = sections.servers && sections.contents.find((c) => c.title === sections.heading.servers);
  return {
    operation: (operationId) => operations.get(operationId),
    schema: (name) => {
      const file = names.schemaFile.get(name);
      return file === undefined ? undefined : `docs/schemas/${file}`;
    },
    webhook: (name) => (webhooks.has(name) ? `docs/webhooks.md#${webhooks.get(name)}` : undefined),
    servers: servers ? `docs/index.md#${servers.anchor}` : undefined,
  };
}

/** Which schemas and operations refer to each component schema ("Used by"). */
function usages(model: SpecModel, names: PageNames): Map<string, Usage[]> {
  const doc = model.document as Doc;
  const used = new Map<string, Usage[]>();
  const add = (name: string, u: Usage) => {
    const list = used.get(name) ?? [];
    if (!list.some((x) => x.href === u.href)) list.push(u);
    used.set(name, list);
  };
  const walk = (node: unknown, u: Usage, seen: Set<unknown>) => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (Array.isArray(node)) node.forEach((n) => walk(n, u, seen));
    else {
      for (const [k, v] of Object.entries(node)) {
        if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) add(refName(v), u);
        else walk(v, u, seen);
      }
    }
  };
  for (const [name, schema] of Object.entries<any>(doc.components?.schemas ?? {})) walk(schema, { label: name, href: names.schemaFile.get(name)! }, new Set());
  for (const op of model.operations) {
    const u = { label: op.operationId, href: `../${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}` };
    const seen = new Set<unknown>();
    walk(op.parameters, u, seen);
    walk(op.requestBody?.schema, u, seen);
    for (const r of op.responses) walk(r.schema, u, seen);
  }
  return used;
}

export function emitDocs(model: SpecModel, templatesDir: string, validators: ValidatorEntry[], options: DocsOptions): Files {
  const doc = model.document as Doc;
  const { packageName } = options;
  const validatorsModule = `${packageName}/validators`;
  const hasSchemas = model.schemaNames.length > 0;
  const render = templateRenderer(templatesDir);
  const files: Files = new Map();
  const validatorBySchema = new Map(validators.filter((v) => v.component !== undefined).map((v) => [v.component!, v.name]));
  const validatorsByOp = new Map<string, ValidatorEntry[]>();
  for (const v of validators) if (v.operationId) validatorsByOp.set(v.operationId, [...(validatorsByOp.get(v.operationId) ?? []), v]);

  // Tag pages, in the order of the document's tags, then of first use.
  const tagObjects: Doc[] = (Array.isArray(doc.tags) ? doc.tags : []).filter((t: unknown) => t && typeof t === 'object');
  const tagMeta = new Map<string, string>(tagObjects.map((t) => [t.name, t.description ?? '']));
  const tagGap = new Map<string, string | undefined>(tagObjects.map((t) => [t.name, gapText(t['x-source-gap'])]));
  const byTag = operationsByTag(model);
  const names = pageNames(model, byTag);
  const schemaHref = (prefix: string): SchemaLink => (name) => {
    const file = names.schemaFile.get(name);
    return file === undefined ? undefined : `${prefix}${file}`;
  };
  const operationHref = (o: OperationModel) => `${names.tagFile.get(o.tag)}#${names.operationAnchor.get(o)}`;
  const sections = indexSections(doc, model, operationHref, schemaHref('schemas/'));
  const fromTag = schemaHref('../schemas/');
  const tags = [...byTag].map(([tag, tagOperations]) => {
    const operations = tagOperations.map((op) => {
      return {
        operationId: op.operationId,
        summary: op.summary,
        deprecated: op.deprecated,
        gap: op.gap,
        path: op.path,
        anchor: names.operationAnchor.get(op)!,
        method: op.method.toUpperCase(),
        description: markdown(op.description),
        security: securityText(op.declaredSecurity),
        servers: op.servers.map((s) => code(s.url ?? '')).join(', '),
        parameters: op.parameters.map((p) => ({
          name: p.name,
          in: p.in,
          type: typeLabel(p.schema, fromTag),
          required: p.required === true,
          constraints: constraints(model.resolve(p.schema)).join('; '),
          description: cell(p.description),
          gap: (p.schema as Doc | undefined)?.['x-source-gap'],
        })),
        mockQuery: mockQueryLine(op),
        requestBody: op.requestBody && {
          ...op.requestBody,
          type: typeLabel(op.requestBody.schema, fromTag),
          constraints: constraints(op.requestBody.schema).join('; '),
          description: markdown(op.requestBody.description),
        },
        responses: op.responses.map((r) => ({
          ...r,
          type: r.schema === undefined ? 'no body' : typeLabel(r.schema, fromTag),
          description: cell(r.description),
        })),
        validators: (validatorsByOp.get(op.operationId) ?? []).map((v) => ({ name: v.name, kind: v.kind, status: v.status })),
        ...codeSamples(model.resolve, op, packageName),
      };
    });
    return { name: tag, file: names.tagFile.get(tag)!, description: tagMeta.get(tag) ?? '', gap: tagGap.get(tag), operations };
  });
  const hasAuthentication = sections.authentication !== undefined;
  for (const tag of tags) {
    files.set(`docs/${tag.file}`, render('tag', { ...tag, description: markdown(tag.description), title: model.title, hasSchemas, hasAuthentication, validatorsModule }));
  }

  // Schema pages.
  const used = usages(model, names);
  const local = schemaHref('');
  const withWriteRules = componentsWithWriteRules((doc.components?.schemas ?? {}) as Record<string, unknown>);
  const schemas = model.schemaNames.map(({ name }) => {
    const s = own(doc.components.schemas, name) as Doc;
    const union = s.oneOf ?? s.anyOf;
    const mapping: Record<string, string> = s.discriminator?.mapping ?? {};
    const valueFor = (ref: string) => Object.entries(mapping).find(([, target]) => target === ref)?.[0];
    const example = s.examples?.[0] !== undefined ? s.examples[0] : s.example;
    return {
      name,
      href: local(name)!,
      description: markdown(s.description),
      gap: s['x-source-gap'],
      deprecated: s.deprecated === true,
      type: typeLabel(s.oneOf || s.anyOf ? { ...s, type: undefined } : s, local),
      constraints: constraints({ ...s, enum: undefined }).join('; '),
      fields: s.properties || s.allOf ? fields(model.resolve, s, local) : [],
      inherits: (Array.isArray(s.allOf) ? s.allOf : [])
        .filter((p: Doc) => typeof p?.$ref === 'string' && local(refName(p.$ref)) !== undefined)
        .map((p: Doc) => ({ name: refName(p.$ref), href: local(refName(p.$ref)) })),
      enumValues: Array.isArray(s.enum) ? s.enum.map((v: unknown) => code(v)) : [],
      discriminator: s.discriminator?.propertyName,
      variants: Array.isArray(union)
        ? union.map((v: Doc) => ({ label: typeLabel(v, local), value: v?.$ref ? valueFor(v.$ref) ?? discriminatorConst(model.resolve, v, s.discriminator?.propertyName) : undefined }))
        : [],
      rules: rules(s),
      example: example !== undefined ? fence('json', JSON.stringify(example, null, 2)) : undefined,
      validator: validatorBySchema.get(name),
      sentOnly: withWriteRules.has(name),
      usedBy: used.get(name) ?? [],
    };
  });
  for (const schema of schemas) files.set(`docs/schemas/${schema.href}`, render('schema', { ...schema, validatorsModule }));
  if (hasSchemas) files.set('docs/schemas/index.md', render('schemas', { schemas }));

  // Webhooks.
  const anchors = webhookAnchors(doc);
  const webhooks = Object.entries<any>(doc.webhooks ?? {}).map(([name, item]) => {
    const pathItem = model.resolve<Doc>(item) ?? {};
    const method = Object.keys(pathItem).find((k) => ['post', 'put', 'get'].includes(k)) ?? 'post';
    const op = own(pathItem, method) ?? {};
    const body = op.requestBody ? model.resolve<Doc>(op.requestBody) : undefined;
    const media = body ? Object.entries<any>(body.content ?? {})[0] : undefined;
    return {
      name,
      anchor: anchors.get(name)!,
      method: method.toUpperCase(),
      summary: op.summary ?? '',
      description: markdown(op.description),
      gap: op['x-source-gap'],
      payload: media ? typeLabel(media[1]?.schema, schemaHref('schemas/')) : 'no body',
      payloadGap: gapText(media?.[1]?.schema?.['x-source-gap']) ?? gapText(body?.['x-source-gap']),
    };
  });
  const webhooksTag = [...byTag.keys()].find((tag) => tag.toLowerCase() === 'webhooks');
  if (webhooks.length) {
    files.set('docs/webhooks.md', render('webhooks', { webhooks, operationsTag: webhooksTag, operationsHref: webhooksTag && names.tagFile.get(webhooksTag) }));
  }

  // Index.
  const index = {
    title: model.title,
    version: model.version,
    openapi: doc.openapi,
    summary: doc.info?.summary,
    description: markdown(doc.info?.description),
    gap: gapText(doc.info?.['x-source-gap']),
    tags: tags.map((t) => ({ name: t.name, file: t.file, count: t.operations.length, description: cell(t.description) })),
    operationCount: model.operations.length,
    schemaCount: schemas.length,
    hasWebhooks: webhooks.length > 0,
    webhookCount: webhooks.length,
    ...sections,
  };
  files.set('docs/index.md', render('index', index));
  return files;
}

function discriminatorConst(resolve: Resolve, variant: Doc, property: string | undefined): string | undefined {
  if (!property) return undefined;
  const p = own(resolve<Doc>(variant)?.properties, property);
  return p && 'const' in p ? String(p.const) : undefined;
}
