/**
 * Docs: a view model of the document, from the model alone, rendered through the handlebars
 * templates in templates/docs/ (render.ts) into Markdown pages: an index, one page per tag, one
 * per schema, and webhooks. Anchors are GitHub's (github-slugger), so every internal link
 * resolves on a code host. File names made from spec names are safe slugs, unique
 * case-insensitively (lib/names.ts).
 *
 * Values reach the Markdown through escaping helpers (render.ts); descriptions are CommonMark by
 * the OpenAPI specification: their Markdown is kept and their raw HTML is neutralised (markdown.ts).
 *
 * Every sentence is the document's (its standard fields and `x-` extensions) or true of any
 * document; a section the document gives nothing for is left out, and a "not shown" note appears
 * only where the document marks an `x-source-gap`. The index's sections are index-page.ts.
 */
import GithubSlugger, { slug as githubSlug } from 'github-slugger';
import { own, type MediaExample, type OperationModel, type SchemaView, type SpecModel } from '../../model/model.js';
import { fileStem, uniqueStems } from '../../lib/names.js';
import type { Files } from '../../lib/files.js';
import type { ValidatorEntry } from '../validators/validators.js';
import { componentsWithWriteRules } from '../validators/json-schema.js';
import { codeSamples } from './code-samples.js';
import { constraints, fields, refName, rules, typeLabel, type SchemaLink } from './schema.js';
import { cell, code, fence, headingText, markdown } from './markdown.js';
import { gapText, indexSections, securityText } from './index-page.js';
import { templateRenderer, type Render } from './render.js';
import type { Doc } from '../../lib/own.js';

export interface DocsOptions {
  /** The generated package's name, as consumers import it (`<name>/validators`). */
  packageName: string;
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
  /** `docs/webhooks.md` anchors by webhook name. */
  webhookAnchor: Map<string, string>;
}

/** One sentence on what the mock does with the operation's query parameters ('' when it has none). */
function mockQueryLine(op: OperationModel): string {
  const treatments = op.queryTreatments;
  if (treatments.length === 0) return '';
  const names = (kind: string) =>
    treatments
      .filter((t) => t.treatment === kind)
      .map((t) => code(t.name))
      .join(', ');
  const parts = [
    names('honoured') && `honours ${names('honoured')}`,
    names('ignored') && `validates and ignores ${names('ignored')} (it does not filter)`,
    names('credential') && `reads ${names('credential')} as a credential only`,
  ];
  return `**In the mock** ([query parameters](../mock.md#query-parameters)): it ${parts.filter(Boolean).join('; ')}.`;
}

/** The operations of each tag page, in the order of the document's tags, then of first use. */
function operationsByTag(model: SpecModel): Map<string, OperationModel[]> {
  const byTag = new Map<string, OperationModel[]>();
  for (const tag of model.facts.tags) if (model.operations.some((op) => op.tag === tag.name)) byTag.set(tag.name, []);
  for (const op of model.operations) byTag.set(op.tag, [...(byTag.get(op.tag) ?? []), op]);
  return byTag;
}

/**
 * File names from tag and schema names (lib/names.ts: safe, unique case-insensitively) and
 * anchors as GitHub numbers repeated headings on a page: the page title first, then each section.
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
  const webhookSlugger = new GithubSlugger();
  webhookSlugger.slug('Webhooks');
  return {
    tagFile: new Map([...tagStems].map(([tag, stem]) => [tag, `operations/${stem}.md`])),
    schemaFile: new Map([...schemaStems].map(([name, stem]) => [name, `${stem}.md`])),
    operationAnchor,
    webhookAnchor: new Map(model.facts.webhooks.map((w) => [w.name, webhookSlugger.slug(headingText(w.name))])),
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

export function docsPages(model: SpecModel): DocsLinks {
  const names = pageNames(model);
  const operations = new Map(model.operations.map((op) => [op.operationId, `docs/${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}`]));
  const sections = indexSections(
    model,
    () => '',
    () => undefined,
  );
  const servers = sections.servers && sections.contents.find((c) => c.title === sections.heading.servers);
  return {
    operation: (operationId) => operations.get(operationId),
    schema: (name) => {
      const file = names.schemaFile.get(name);
      return file === undefined ? undefined : `docs/schemas/${file}`;
    },
    webhook: (name) => (names.webhookAnchor.has(name) ? `docs/webhooks.md#${names.webhookAnchor.get(name)}` : undefined),
    servers: servers ? `docs/index.md#${servers.anchor}` : undefined,
  };
}

/** What a reader can look up in the site's search: each operation, schema and webhook event, with its place in the docs. */
export interface SearchEntry {
  kind: 'operation' | 'schema' | 'webhook';
  name: string;
  /** `METHOD /path` of an operation, the method of a webhook event ('' for a schema). */
  method: string;
  summary: string;
  /** The operation's area (tag), '' for the others. */
  area: string;
  /** The page and anchor, relative to the docs folder (`operations/<tag>.md#<anchor>`). */
  href: string;
}

/** Where each operation's section is: its area's page and anchor (`operations/<area>.md#<anchor>`). */
export function operationHrefs(model: SpecModel): Map<OperationModel, string> {
  const names = pageNames(model);
  return new Map(model.operations.map((op) => [op, `${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}`]));
}

export function searchEntries(model: SpecModel): SearchEntry[] {
  const names = pageNames(model);
  return [
    ...model.operations.map((op) => ({
      kind: 'operation' as const,
      name: op.operationId,
      method: `${op.method.toUpperCase()} ${op.path}`,
      summary: op.summary,
      area: op.tag,
      href: `${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}`,
    })),
    ...model.schemaNames.map(({ name }) => ({
      kind: 'schema' as const,
      name,
      method: '',
      summary: '',
      area: '',
      href: `schemas/${names.schemaFile.get(name)}`,
    })),
    ...model.facts.webhooks.map((w) => ({
      kind: 'webhook' as const,
      name: w.name,
      method: w.method.toUpperCase(),
      summary: w.summary,
      area: '',
      href: `webhooks.md#${names.webhookAnchor.get(w.name)}`,
    })),
  ];
}

/** Which schemas and operations refer to each component schema ("Used by"). */
function usages(model: SpecModel, names: PageNames): Map<string, Usage[]> {
  const used = new Map<string, Usage[]>();
  const add = (u: Usage, roots: unknown[]) => {
    for (const name of componentRefs(roots)) used.set(name, [...(used.get(name) ?? []), u]);
  };
  for (const [name, schema] of Object.entries(model.schemas.components)) add({ label: name, href: names.schemaFile.get(name)! }, [schema]);
  for (const op of model.operations)
    add({ label: op.operationId, href: `../${names.tagFile.get(op.tag)}#${names.operationAnchor.get(op)}` }, operationSchemas(op));
  return used;
}

/** The parts of an operation that hold its schemas: parameters, request body, responses. */
const operationSchemas = (op: OperationModel): unknown[] => [op.parameters, op.requestBody?.schema, ...op.responses.map((r) => r.schema)];

/** The component schemas `roots` name by `$ref`, each once, in order of first use. */
function componentRefs(roots: readonly unknown[]): string[] {
  const found = new Set<string>();
  const seen = new Set<unknown>();
  const walk = (node: unknown): void => {
    if (!node || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    for (const [k, v] of Object.entries(node)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/schemas/')) found.add(refName(v));
      else walk(v);
    }
  };
  for (const root of roots) walk(root);
  return [...found];
}

/** What every page builder shares: names, links, the renderer, the validators by owner. */
interface DocsContext {
  model: SpecModel;
  names: PageNames;
  byTag: Map<string, OperationModel[]>;
  render: Render;
  packageName: string;
  validatorsModule: string;
  /** A component schema's page, from a folder `prefix` away (undefined: not a component). */
  schemaHref: (prefix: string) => SchemaLink;
  operationHref: (op: OperationModel) => string;
  validatorBySchema: Map<string, string>;
  validatorsByOp: Map<string, ValidatorEntry[]>;
}

/** A parameter's, field's or response's line below its table: description, then constraints, then the gap. */
export function detailLine(description: string, constraintList: string, gap: unknown): string {
  const parts = [description.trim()];
  if (constraintList) parts.push(`Constraints: ${constraintList}.`);
  if (typeof gap === 'string' && gap) parts.push(`_Not shown: ${cell(gap)}_`);
  return parts.filter(Boolean).join(' ');
}

/**
 * The document's examples of one body, each shown as JSON with a marker naming the validator that
 * checks it (`none`: the body has no validator), which test/…/docs examples test reads.
 */
function exampleViews(examples: readonly MediaExample[], what: string, validator: string | undefined) {
  return examples.map((example) => ({
    title: example.name === undefined ? `Example ${what}` : `Example ${example.name} (${what})`,
    summary: example.summary,
    description: markdown(example.description),
    externalValue: example.value === undefined ? example.externalValue : undefined,
    marker: validator ?? 'none',
    json: fence('json', JSON.stringify(example.value, null, 2) ?? 'null'),
  }));
}

/** The component schemas an operation's parameters and bodies name, in order of first use. */
function schemasUsed(ctx: DocsContext, op: OperationModel): { name: string; href: string }[] {
  const link = ctx.schemaHref('../schemas/');
  return componentRefs(operationSchemas(op)).flatMap((name) => {
    const href = link(name);
    return href === undefined ? [] : [{ name, href }];
  });
}

/** One operation's section of its tag page. */
function operationView(ctx: DocsContext, op: OperationModel) {
  const fromTag = ctx.schemaHref('../schemas/');
  const validators = ctx.validatorsByOp.get(op.operationId) ?? [];
  const validatorOf = (kind: ValidatorEntry['kind'], status?: string) => validators.find((v) => v.kind === kind && v.status === status)?.name;
  return {
    operationId: op.operationId,
    summary: op.summary,
    deprecated: op.deprecated,
    gap: op.gap,
    path: op.path,
    anchor: ctx.names.operationAnchor.get(op)!,
    method: op.method.toUpperCase(),
    description: markdown(op.description),
    schemas: schemasUsed(ctx, op),
    security: securityText(op.declaredSecurity),
    servers: op.servers.map((s) => code(s.url ?? '')).join(', '),
    parameters: op.parameters.map((p) => ({
      name: p.name,
      in: p.in,
      type: typeLabel(p.schema, fromTag),
      required: p.required === true,
      details: detailLine(cell(p.description), constraints(ctx.model.schemas.resolve(p.schema)).join('; '), (p.schema as Doc | undefined)?.['x-source-gap']),
    })),
    mockQuery: mockQueryLine(op),
    requestBody: op.requestBody && {
      ...op.requestBody,
      type: typeLabel(op.requestBody.schema, fromTag),
      constraints: constraints(op.requestBody.schema).join('; '),
      description: markdown(op.requestBody.description),
      examples: exampleViews(op.requestBody.examples, 'request body', validatorOf('request')),
    },
    responses: op.responses.map((r) => ({
      ...r,
      type: r.schema === undefined ? 'no body' : typeLabel(r.schema, fromTag),
      description: cell(r.description),
      examples: exampleViews(r.examples, `response ${r.status}`, validatorOf('response', r.status)),
    })),
    validators: validators.map((v) => ({ name: v.name, kind: v.kind, status: v.status })),
    ...codeSamples(ctx.model.schemas.resolve, op, ctx.packageName, ctx.model.securitySchemes),
  };
}

/** The tag pages' views, in the order of the document's tags, then of first use. */
function tagViews(ctx: DocsContext) {
  const tagFacts = new Map(ctx.model.facts.tags.map((t) => [t.name, t]));
  return [...ctx.byTag].map(([tag, operations]) => ({
    name: tag,
    file: ctx.names.tagFile.get(tag)!,
    description: tagFacts.get(tag)?.description ?? '',
    gap: gapText(tagFacts.get(tag)?.gap),
    anchor: githubSlug(headingText(tag)),
    operations: operations.map((op) => operationView(ctx, op)),
  }));
}

/** A component schema's page view. */
function schemaView(ctx: DocsContext, name: string, used: Map<string, Usage[]>, withWriteRules: ReadonlySet<string>) {
  const { resolve } = ctx.model.schemas;
  const local = ctx.schemaHref('');
  const s = own(ctx.model.schemas.components, name) as Doc;
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
    /** The same, linked from the index. */
    indexType: typeLabel(s.oneOf || s.anyOf ? { ...s, type: undefined } : s, ctx.schemaHref('schemas/')),
    constraints: constraints({ ...s, enum: undefined }).join('; '),
    fields: (s.properties || s.allOf ? fields(resolve, s, local) : []).map((f) => ({ ...f, details: detailLine(f.description, f.constraints, f.gap) })),
    inherits: (Array.isArray(s.allOf) ? s.allOf : [])
      .filter((p: Doc) => typeof p?.$ref === 'string' && local(refName(p.$ref)) !== undefined)
      .map((p: Doc) => ({ name: refName(p.$ref), href: local(refName(p.$ref)) })),
    enumValues: Array.isArray(s.enum) ? s.enum.map((v: unknown) => code(v)) : [],
    discriminator: s.discriminator?.propertyName,
    variants: Array.isArray(union)
      ? union.map((v: Doc) => ({
          label: typeLabel(v, local),
          value: v?.$ref ? (valueFor(v.$ref) ?? discriminatorConst(resolve, v, s.discriminator?.propertyName)) : undefined,
        }))
      : [],
    rules: rules(s),
    example: example !== undefined ? fence('json', JSON.stringify(example, null, 2)) : undefined,
    validator: ctx.validatorBySchema.get(name),
    sentOnly: withWriteRules.has(name),
    usedBy: used.get(name) ?? [],
  };
}

/** The webhooks page's view: each event's method, summary and payload. */
function webhookViews(ctx: DocsContext) {
  return ctx.model.facts.webhooks.map((w) => ({
    name: w.name,
    anchor: ctx.names.webhookAnchor.get(w.name)!,
    method: w.method.toUpperCase(),
    summary: w.summary,
    description: markdown(w.description),
    gap: w.gap,
    payload: w.payload ? typeLabel(w.payload.schema, ctx.schemaHref('schemas/')) : 'no body',
    payloadGap: gapText((w.payload?.schema as Doc | undefined)?.['x-source-gap']) ?? gapText(w.bodyGap),
  }));
}

function docsContext(model: SpecModel, templatesDir: string, validators: ValidatorEntry[], packageName: string): DocsContext {
  const byTag = operationsByTag(model);
  const names = pageNames(model, byTag);
  const validatorsByOp = new Map<string, ValidatorEntry[]>();
  for (const v of validators) if (v.operationId) validatorsByOp.set(v.operationId, [...(validatorsByOp.get(v.operationId) ?? []), v]);
  return {
    model,
    names,
    byTag,
    render: templateRenderer(templatesDir),
    packageName,
    validatorsModule: `${packageName}/validators`,
    schemaHref: (prefix) => (name) => {
      const file = names.schemaFile.get(name);
      return file === undefined ? undefined : `${prefix}${file}`;
    },
    operationHref: (o) => `${names.tagFile.get(o.tag)}#${names.operationAnchor.get(o)}`,
    validatorBySchema: new Map(validators.filter((v) => v.component !== undefined).map((v) => [v.component!, v.name])),
    validatorsByOp,
  };
}

export function emitDocs(model: SpecModel, templatesDir: string, validators: ValidatorEntry[], options: DocsOptions): Files {
  const ctx = docsContext(model, templatesDir, validators, options.packageName);
  const { render, validatorsModule } = ctx;
  const files = new Map<string, string>();
  const hasSchemas = model.schemaNames.length > 0;
  const sections = indexSections(model, ctx.operationHref, ctx.schemaHref('schemas/'));

  const tags = tagViews(ctx);
  const hasAuthentication = sections.authentication !== undefined;
  for (const tag of tags) {
    files.set(
      `docs/${tag.file}`,
      render('tag', { ...tag, description: markdown(tag.description), title: model.title, hasSchemas, hasAuthentication, validatorsModule }),
    );
  }

  const used = usages(model, ctx.names);
  const withWriteRules = componentsWithWriteRules(model.schemas.components);
  const schemas = model.schemaNames.map(({ name }) => schemaView(ctx, name, used, withWriteRules));
  for (const schema of schemas) files.set(`docs/schemas/${schema.href}`, render('schema', { ...schema, validatorsModule }));
  if (hasSchemas) {
    const listed = schemas.map((schema) => ({
      ...schema,
      summaryLine: detailLine(cell(own(model.schemas.components, schema.name)?.description ?? ''), '', schema.gap),
    }));
    files.set('docs/schemas/index.md', render('schemas', { schemas: listed }));
  }

  const webhooks = webhookViews(ctx);
  const webhooksTag = [...ctx.byTag.keys()].find((tag) => tag.toLowerCase() === 'webhooks');
  if (webhooks.length) {
    files.set(
      'docs/webhooks.md',
      render('webhooks', { webhooks, operationsTag: webhooksTag, operationsHref: webhooksTag && ctx.names.tagFile.get(webhooksTag) }),
    );
  }

  const { info } = model.facts;
  const index = {
    title: model.title,
    version: model.version,
    openapi: info.openapi,
    summary: info.summary,
    description: markdown(info.description),
    gap: gapText(info.gap),
    tags: tags.map((t) => ({ name: t.name, file: t.file, count: t.operations.length, description: cell(t.description) })),
    operationCount: model.operations.length,
    schemaCount: schemas.length,
    hasWebhooks: webhooks.length > 0,
    webhookCount: webhooks.length,
    operations: tags.flatMap((t) => t.operations.map((op) => ({ ...op, href: `${t.file}#${op.anchor}`, area: t.name, areaHref: t.file }))),
    anyDeprecated: model.operations.some((op) => op.deprecated),
    listings: [
      model.operations.length > 0 && { title: 'Operations', anchor: 'operations' },
      schemas.length > 0 && { title: 'Schemas', anchor: 'schemas' },
      webhooks.length > 0 && { title: 'Webhook events', anchor: 'webhook-events' },
    ].filter(Boolean),
    schemas: schemas.map((s) => ({ name: s.name, type: s.indexType, href: `schemas/${s.href}` })),
    webhooks: webhooks.map((w) => ({ name: w.name, method: w.method, summary: w.summary, href: `webhooks.md#${w.anchor}` })),
    ...sections,
  };
  files.set('docs/index.md', render('index', index));
  return files;
}

function discriminatorConst(resolve: SchemaView['resolve'], variant: Doc, property: string | undefined): string | undefined {
  if (!property) return undefined;
  const p = own(resolve<Doc>(variant)?.properties, property);
  return p && 'const' in p ? String(p.const) : undefined;
}
