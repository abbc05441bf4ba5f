/**
 * The document-level parts the reference pages show, read once into plain records: `info`, the
 * tags, the webhooks, the security schemes and requirements as written, the servers with their
 * variables, `x-environment` and `x-rate-limit`, and the `x-` records of what has no path
 * (`x-pagination`, `x-versioning`, `x-unlocated-operations`, `x-deprecation-hints`,
 * `x-source-gaps`). Values the document may write as anything are kept as written (`unknown`):
 * the pages decide how to show them; nothing here is made up where the document is silent.
 */
import { type Doc, isObject, own } from '../lib/own.js';

export interface InfoFacts {
  openapi: string;
  /** The document's `jsonSchemaDialect` (3.1), as written. */
  jsonSchemaDialect: unknown;
  summary: unknown;
  description: unknown;
  gap: unknown;
}

export interface TagFacts {
  name: string;
  description: string;
  gap: unknown;
}

export interface WebhookFacts {
  /** Its key in `webhooks`. */
  name: string;
  method: string;
  summary: string;
  description: unknown;
  gap: unknown;
  /** The first media type's schema of its request body, when it has one. */
  payload: { schema: unknown } | undefined;
  /** The body's own `x-source-gap`. */
  bodyGap: unknown;
}

/** A security scheme as written (`$ref` followed; undefined when it is no object). */
export interface SchemeFacts {
  name: string;
  scheme: Doc | undefined;
}

export interface ServerFacts {
  url: unknown;
  description: unknown;
  gap: unknown;
  environment: unknown;
  rateLimit: unknown;
  variables: { name: string; variable: unknown }[];
}

export interface DocumentFacts {
  info: InfoFacts;
  tags: TagFacts[];
  webhooks: WebhookFacts[];
  schemes: SchemeFacts[];
  /** The document's `security` as written (requirement objects with scopes); undefined when absent. */
  declaredSecurity: unknown;
  servers: ServerFacts[];
  /** The `x-` records at the document's root, as written. */
  extensions: {
    pagination: unknown;
    versioning: unknown;
    unlocatedOperations: unknown;
    deprecationHints: unknown;
    sourceGaps: unknown;
  };
}

const objects = (v: unknown): Doc[] => (Array.isArray(v) ? v.filter(isObject) : []);
const entries = (v: unknown): [string, any][] => (isObject(v) ? Object.entries(v) : []);

function webhookOf(name: string, item: Doc, resolve: <T>(node: unknown) => T): WebhookFacts {
  const method = Object.keys(item).find((k) => ['post', 'put', 'get'].includes(k)) ?? 'post';
  const op: Doc = own(item, method) ?? {};
  const body = op.requestBody ? resolve<Doc>(op.requestBody) : undefined;
  const media = body ? Object.entries<any>(body.content ?? {})[0] : undefined;
  return {
    name,
    method,
    summary: op.summary ?? '',
    description: op.description,
    gap: op['x-source-gap'],
    payload: media ? { schema: media[1]?.schema } : undefined,
    bodyGap: body?.['x-source-gap'],
  };
}

export function readDocumentFacts(doc: Doc, resolve: <T>(node: unknown) => T): DocumentFacts {
  return {
    info: {
      openapi: String(doc.openapi),
      jsonSchemaDialect: doc.jsonSchemaDialect,
      summary: doc.info?.summary,
      description: doc.info?.description,
      gap: doc.info?.['x-source-gap'],
    },
    tags: objects(doc.tags).map((t) => ({ name: t.name, description: t.description ?? '', gap: t['x-source-gap'] })),
    webhooks: entries(doc.webhooks).map(([name, item]) => webhookOf(name, resolve<Doc>(item) ?? {}, resolve)),
    schemes: entries(doc.components?.securitySchemes).map(([name, s]) => ({ name, scheme: isObject(s) ? resolve<Doc>(s) : undefined })),
    declaredSecurity: doc.security,
    servers: objects(doc.servers).map((s) => ({
      url: s.url,
      description: s.description,
      gap: s['x-source-gap'],
      environment: s['x-environment'],
      rateLimit: s['x-rate-limit'],
      variables: entries(s.variables).map(([name, variable]) => ({ name, variable })),
    })),
    extensions: {
      pagination: doc['x-pagination'],
      versioning: doc['x-versioning'],
      unlocatedOperations: doc['x-unlocated-operations'],
      deprecationHints: doc['x-deprecation-hints'],
      sourceGaps: doc['x-source-gaps'],
    },
  };
}
