/**
 * The index page's sections, from the document's own records in the model (`model.facts`, as
 * written; not the client's reading of them): security schemes and requirements, servers with
 * their variables, `x-environment` and `x-rate-limit`, pagination (`x-pagination`), versioning
 * (`x-versioning`), the error answer every operation shares, and the `x-` records of what has no
 * path. A section the document gives nothing for is undefined, and the page leaves it out.
 */
import { slug as githubSlug } from 'github-slugger';
import { own, type SpecModel } from '../../model/model.js';
import { isObject, type Doc } from '../../lib/own.js';
import { credentialOptionNames } from '../../model/security.js';
import { cell, code, markdown, text } from './markdown.js';
import { typeLabel, type SchemaLink } from './schema.js';

const objects = (v: unknown): Doc[] => (Array.isArray(v) ? v.filter(isObject) : []);
/** A text field of an `x-` record: a string, or nothing (another value is no text to show). */
const str = (v: unknown): string => (typeof v === 'string' ? v : '');
/** An `x-source-gap` worth a note: a string with something in it. */
export const gapText = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);

/** A description cell followed by the document's gap note, if it marks one. */
const describedCell = (description: unknown, gap: unknown) =>
  [cell(str(description)), gapText(gap) === undefined ? '' : `_Not shown: ${cell(gap)}_`].filter(Boolean).join(' ');

export interface SchemeRow {
  name: string;
  kind: string;
  where: string;
  option: string;
  description: string;
}

/**
 * What a scheme is, where its credential goes (`apiKey`, header `x-api-key`) and the client option
 * that carries it: `option` is the client's own rule (security.ts credentialOptionNames).
 */
function schemeRow(name: string, s: Doc, optionName: string): SchemeRow {
  const type = String(s.type ?? '');
  const option = code(optionName);
  const row = (kind: string, where: string, shape: string | undefined) => ({
    name,
    kind,
    where,
    option: shape === undefined ? '' : `${option} (${shape})`,
    description: describedCell(s.description, s['x-source-gap']),
  });
  if (type === 'apiKey') {
    const location = s.in === 'query' ? 'query parameter' : s.in === 'cookie' ? 'cookie' : 'header';
    return row(code('apiKey'), `${location} ${code(s.name)}`, 'string');
  }
  if (type === 'http') {
    const scheme = String(s.scheme ?? '');
    const format = s.bearerFormat === undefined ? '' : ` (${text(s.bearerFormat)})`;
    const label = `${scheme.slice(0, 1).toUpperCase()}${scheme.slice(1).toLowerCase()}`;
    // Bearer tokens, like OAuth ones, may come from a function called before every attempt.
    const shape = /^basic$/i.test(scheme) ? code('{ username, password }') : /^bearer$/i.test(scheme) ? 'a token, or a function returning one' : 'string';
    return row(`${code('http')} ${code(scheme)}${format}`, `header ${code(`Authorization: ${label} …`)}`, shape);
  }
  if (type === 'oauth2' || type === 'openIdConnect') {
    const flows = Object.keys(isObject(s.flows) ? s.flows : {});
    const detail =
      type === 'oauth2' ? (flows.length ? `, flows ${flows.map(code).join(', ')}` : '') : s.openIdConnectUrl ? `, ${code(s.openIdConnectUrl)}` : '';
    return row(`${code(type)}${detail}`, `header ${code('Authorization: Bearer …')}`, 'a token, or a function returning one');
  }
  if (type === 'mutualTLS') return row(code(type), 'TLS: a client certificate your `fetch` presents', undefined);
  return row(code(type), '', undefined);
}

/** `` `a` and `b` ``, with scopes when a requirement names them; `{}` is "no credentials". */
export function requirementText(requirement: Doc): string {
  const parts = Object.entries(requirement).map(([scheme, scopes]) =>
    Array.isArray(scopes) && scopes.length ? `${code(scheme)} (scopes ${scopes.map(code).join(', ')})` : code(scheme),
  );
  return parts.length ? parts.join(' and ') : 'no credentials';
}

/** An operation's or the document's `security`: alternatives joined by "or"; `[]` is "none". */
export const securityText = (security: unknown): string | undefined =>
  Array.isArray(security) ? (security.length ? objects(security).map(requirementText).join(', or ') : 'none') : undefined;

function authentication(model: SpecModel) {
  const entries = model.facts.schemes;
  const declared = model.facts.declaredSecurity;
  const options = credentialOptionNames(entries.map((e) => e.name));
  const schemes = entries.flatMap((e) => (e.scheme ? [schemeRow(e.name, e.scheme, options.get(e.name)!)] : []));
  if (!schemes.length && !Array.isArray(declared)) return undefined;
  const requirements = Array.isArray(declared) ? objects(declared).map(requirementText) : [];
  return { schemes, requirements, alternatives: requirements.length > 1, declared: Array.isArray(declared) };
}

interface ServerRow {
  environment: string;
  url: string;
  description: string;
  requestsPerSecond: unknown;
  burst: unknown;
  dailyQuota: unknown;
}

function servers(model: SpecModel) {
  const list = model.facts.servers;
  if (!list.length) return undefined;
  const rows: ServerRow[] = list.map((s) => ({
    environment: typeof s.environment === 'string' ? s.environment : '',
    url: code(s.url ?? ''),
    description: describedCell(s.description, s.gap),
    requestsPerSecond: own(s.rateLimit, 'requestsPerSecond') ?? '',
    burst: own(s.rateLimit, 'burst') ?? '',
    dailyQuota: own(s.rateLimit, 'dailyQuota') ?? '',
  }));
  const variables = list.flatMap((s, i) =>
    s.variables.map(({ name, variable: v }) => ({
      server: rows[i]!.environment ? text(rows[i]!.environment) : rows[i]!.url,
      name: code(`{${name}}`),
      default: isObject(v) && 'default' in v ? code(v.default) : '',
      values: isObject(v) && Array.isArray(v.enum) ? v.enum.map(code).join(', ') : '',
      description: isObject(v) ? describedCell(v.description, v['x-source-gap']) : '',
    })),
  );
  return {
    rows,
    variables,
    environments: list.some((s) => typeof s.environment === 'string'),
    described: rows.some((r) => r.description !== ''),
    rateLimits: list.some((s) => isObject(s.rateLimit)),
    // As the client's types say: with no server URL complete from its defaults, `baseUrl` is required.
    baseUrlRequired: model.environments.every((e) => e.defaultBaseUrl === undefined),
  };
}

/** A value for the page, or undefined (so that `{{#if}}` still shows a 0). */
const shown = (v: unknown) => (v === undefined || v === null ? undefined : String(v));

/** `x-pagination`'s defaults and gap, and the operations whose answer is a page of results. */
function pagination(model: SpecModel, operationHref: (op: SpecModel['operations'][number]) => string, link: SchemaLink) {
  const xp = isObject(model.facts.extensions.pagination) ? model.facts.extensions.pagination : undefined;
  const paginated = model.operations
    .filter((o) => o.paginated)
    .map((o) => ({ operationId: o.operationId, href: operationHref(o), method: o.method.toUpperCase(), path: o.path, type: typeLabel(o.successSchema, link) }));
  if (!xp && !paginated.length) return undefined;
  return {
    defaultPage: shown(own(xp, 'defaultPage')),
    defaultPageSize: shown(own(xp, 'defaultPageSize')),
    gap: gapText(own(xp, 'x-source-gap')),
    operations: paginated,
  };
}

/** `x-versioning`: `pathPrefix` and `interfaceVersion` in words, a `description`, any other value as is. */
function versioning(model: SpecModel) {
  const xv = model.facts.extensions.versioning;
  if (!isObject(xv)) return undefined;
  const known = new Set(['pathPrefix', 'interfaceVersion', 'description']);
  return {
    pathPrefix: own(xv, 'pathPrefix'),
    interfaceVersion: own(xv, 'interfaceVersion'),
    description: markdown(str(own(xv, 'description'))),
    others: Object.entries(xv)
      .filter(([k, v]) => !known.has(k) && !k.startsWith('x-') && (typeof v !== 'object' || v === null))
      .map(([k, v]) => ({ name: k, value: v })),
    gap: gapText(own(xv, 'x-source-gap')),
  };
}

/** The `default` response when every operation has the same one (same `$ref` or same object). */
function sharedErrors(model: SpecModel) {
  const defaults = model.operations.map((op) => op.responses.find((r) => r.status === 'default'));
  const first = defaults[0];
  if (!first) return undefined;
  const same = (d: (typeof defaults)[number]) => d !== undefined && (d.node === first.node || (d.ref !== undefined && d.ref === first.ref));
  if (!defaults.every(same)) return undefined;
  return { description: markdown(first.description), gap: gapText((first.node as Doc)['x-source-gap']) };
}

function serversTitle(s: ReturnType<typeof servers>): string {
  const title = s?.environments ? 'Environments' : 'Servers';
  return s?.rateLimits ? `${title} and rate limits` : title;
}

/** The index page's view: every section, or undefined for one the document gives nothing for. */
export function indexSections(model: SpecModel, operationHref: (op: SpecModel['operations'][number]) => string, link: SchemaLink) {
  const { extensions } = model.facts;
  const sections = {
    authentication: authentication(model),
    servers: servers(model),
    pagination: pagination(model, operationHref, link),
    versioning: versioning(model),
    errors: sharedErrors(model),
    unlocated: objects(extensions.unlocatedOperations)
      .map((u) => ({
        tag: str(u.tag),
        summary: str(u.summary) || str(u.name),
        description: describedCell(u.description, u['x-source-gap']),
      }))
      .filter((u) => u.summary || u.description),
    deprecationHints: objects(extensions.deprecationHints)
      .map((h) => ({ area: str(h.area), hint: str(h.hint), gap: gapText(h['x-source-gap']) }))
      .filter((h) => h.hint),
    gaps: objects(extensions.sourceGaps)
      .map((g) => ({ subject: str(g.subject), gap: str(g.gap) }))
      .filter((g) => g.gap),
  };
  const titles: [keyof typeof sections, string][] = [
    ['authentication', 'Authentication'],
    ['servers', serversTitle(sections.servers)],
    ['pagination', 'Pagination'],
    ['versioning', 'Versioning'],
    ['errors', 'Errors'],
    ['unlocated', 'Operations without a path'],
    ['deprecationHints', 'Deprecation hints'],
    ['gaps', 'What the source does not show'],
  ];
  const present = titles.filter(([key]) => {
    const value = sections[key];
    return Array.isArray(value) ? value.length > 0 : value !== undefined;
  });
  const heading = Object.fromEntries(titles.map(([key, title]) => [key, title]));
  return { ...sections, heading, contents: present.map(([, title]) => ({ title, anchor: githubSlug(title) })) };
}
