/**
 * Client: the hand-written runtime in templates/client/ (copied as is into src/runtime/) and an
 * index that wires it to the facts read from the spec: environments with their limits, the
 * security schemes, and the index of the operations' modules, loaded on their first call
 * (routes.ts).
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EnvironmentModel, SecuritySchemeModel, SpecModel } from '../../model/model.js';
import { propertyKey } from '../../lib/names.js';
import { commentSafe, GenerationError } from '../../lib/problems.js';
import { FACTS_MODULE, PACKAGE_KEY_FILE, ROUTES_MODULE } from '../names.js';
import type { Files } from '../../lib/files.js';
import { clientNames, type ClientNames } from '../../model/package-names.js';

/** `names`: what the factory, client, options types and base error are called (package-names.ts). */
export function emitClient(model: SpecModel, templatesDir: string, names: ClientNames = clientNames()): Files {
  const files: Files = new Map();
  const runtimeDir = path.join(templatesDir, 'client');
  for (const name of readdirSync(runtimeDir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    files.set(`src/runtime/${name}`, readFileSync(path.join(runtimeDir, name), 'utf8'));
  }
  const environments = model.environments.map((e) => `  ${propertyKey(e.name)}: ${limitsOf(e)},`);
  const servers = model.environments.map((e) => `  ${propertyKey(e.name)}: ${serverOf(e)},`);
  const baseUrlRequired = model.environments.every((e) => e.defaultBaseUrl === undefined);
  const pageMembers = paginatedItems(model)
    .map((member) => `\n${member}`)
    .join('');
  const index = `import { createRuntimeClient, type ListItemOf, type MediaType, type RuntimeClient, type RuntimeClientOptions } from './runtime/client.js';
import type { BasicCredential, TokenCredential } from './runtime/credentials.js';
import type { ServerFacts } from './runtime/servers.js';
import type { SecurityRequirements } from './runtime/credentials.js';
import { security } from '${FACTS_MODULE}';
import { packageKey } from './${PACKAGE_KEY_FILE}.js';
import type { paths } from './schema.js';

export { operations } from '${FACTS_MODULE}';

/** The security requirements of the operations, each distinct one once: which credentials every operation needs is known at creation. */
const requirements: readonly SecurityRequirements[] = [${[...new Set(model.operations.map((o) => JSON.stringify(o.security)))].join(', ')}];

/** The index of the operations' modules, loaded on the first path call (a named operation brings its own module). */
const routes = () => import('${ROUTES_MODULE}');

/** Documented limits per environment, read from the spec's servers (\`x-environment\`, \`x-rate-limit\`); null where none is documented. */
export const environments = {
${environments.join('\n')}
} as const;

export type Environment = keyof typeof environments;

/** Each environment's server URL template and its variables (defaults, allowed values), read from the spec's servers. */
export const servers: Readonly<Record<Environment, ServerFacts>> = {
${servers.join('\n')}
};

/** One option per security scheme of the spec, required when every operation needs it (except in a browser page that gives none: its backend adds them). */
export interface ${names.credentials} {
${credentialMembers(model).join('\n')}
}

/** Where requests go: ${baseUrlRequired ? 'no server URL of the spec is complete, so `baseUrl` is required' : "`baseUrl`, else the environment's server URL filled from `serverVariables` and the spec's defaults"}. */
export interface ${names.server} {
${serverMembers(model, baseUrlRequired).join('\n')}
}

/** Each path whose GET answers with the paginated list wrapper (\`page\`, \`pageSize\`, \`results\`), and the type of its items. */
export interface PaginatedItems {${pageMembers}
}

/** The paths \`paginate\` accepts. */
export type PaginatedPath = keyof PaginatedItems;
/** The type of the items \`paginate\` yields for a path. */
export type PageItem<P extends PaginatedPath> = PaginatedItems[P];

/** The credentials, or none: a browser page whose own backend adds them gives none (see \`dangerouslyAllowBrowser\`). */
export type ${names.options} = Omit<RuntimeClientOptions<Environment>, 'baseUrl' | 'serverVariables'> & ${names.server} & (${names.credentials} | { [K in keyof ${names.credentials}]?: never });
/** openapi-fetch's \`Client<paths, Media>\` with the runtime's extras; \`Media\` narrows what \`data\` is typed from, as in openapi-fetch. */
export type ${names.client}<Media extends MediaType = MediaType> = RuntimeClient<paths, Environment, PaginatedItems, Media>;

/** A client for the ${commentSafe(model.title)} typed by \`paths\` (\`${names.factory}<'application/json'>(...)\` types \`data\` from JSON answers only). */
export function ${names.factory}<Media extends MediaType = MediaType>(options: ${names.options}): ${names.client}<Media> {
  return createRuntimeClient<paths, Environment, PaginatedItems, Media>(options, { factory: ${JSON.stringify(names.factory)}, environments, servers, routes, requirements, security, key: packageKey });
}

export type { EnvironmentLimits, OperationInfo, RequestOptions, Hooks } from './runtime/client.js';
export type { BasicCredential, TokenCredential } from './runtime/credentials.js';
export type { RequestEvent, ResponseEvent, RetryEvent } from './runtime/transport.js';
export type { RequestSummary } from './runtime/redact.js';
export { RateLimiter, type RateLimiterOptions, type Usage } from './runtime/rate-limit.js';
export {
  ClientError as ${names.error},
  TransportError,
  TimeoutError,
  DecodeError,
  RequestValidationError,
  ResponseValidationError,
  HttpError,
  type HttpErrorDetails,
  DailyQuotaExceededError,
  ResponseTooLargeError,
  PaginationError,
  MissingCredentialsError,
} from './runtime/errors.js';
`;
  files.set('src/index.ts', index);
  return files;
}

/**
 * One member of `PaginatedItems` per GET operation the model finds paginated (what the runtime's
 * `paginate` accepts), its item type read from the same success status and media type.
 */
function paginatedItems(model: SpecModel): string[] {
  return model.operations.flatMap((o) => {
    const success = o.responses.find((r) => r.status === '200') ?? o.responses.find((r) => r.status === '201');
    if (o.method.toLowerCase() !== 'get' || !o.paginated || success?.mediaType === undefined) return [];
    const path = JSON.stringify(o.path);
    return [`  ${path}: ListItemOf<paths[${path}]["get"]["responses"][${JSON.stringify(success.status)}], ${JSON.stringify(success.mediaType)}>;`];
  });
}

/** `{ requestsPerSecond, burst, dailyQuota }`, or `null` when the server documents no limits; a partial `x-rate-limit` is an error. */
function limitsOf(e: EnvironmentModel): string {
  const keys = ['requestsPerSecond', 'burst', 'dailyQuota'] as const;
  const missing = keys.filter((k) => typeof e[k] !== 'number');
  if (missing.length === keys.length) return 'null';
  if (missing.length) {
    throw new GenerationError(`Environment "${e.name}" lacks rate-limit facts`, [
      { pointer: `${e.pointer}/x-rate-limit`, message: `x-rate-limit of "${e.name}" needs ${missing.join(', ')}` },
    ]);
  }
  return `{ requestsPerSecond: ${e.requestsPerSecond}, burst: ${e.burst}, dailyQuota: ${e.dailyQuota} }`;
}

function serverOf(e: EnvironmentModel): string {
  const variables = e.variables.map(
    (v) => `${propertyKey(v.name)}: { default: ${JSON.stringify(v.default)}${v.enum ? `, enum: ${JSON.stringify(v.enum)}` : ''} }`,
  );
  return `{ url: ${JSON.stringify(e.url)}, variables: { ${variables.join(', ')} } }`;
}

const CREDENTIAL_TYPES: Record<SecuritySchemeModel['kind']['type'], string> = {
  apiKey: 'string',
  http: 'string',
  basic: 'BasicCredential',
  bearer: 'TokenCredential',
  mutualTLS: 'never',
};

/** Where a scheme's credential goes, in words, for the option's doc comment. */
function placement(scheme: SecuritySchemeModel): string {
  const kind = scheme.kind;
  switch (kind.type) {
    case 'apiKey':
      return `Sent as the ${kind.in === 'header' ? 'header' : kind.in === 'query' ? 'query parameter' : 'cookie'} \`${kind.name}\``;
    case 'basic':
      return 'Sent as `Authorization: Basic …`';
    case 'bearer':
      return 'Sent as `Authorization: Bearer …`; a function is called before every attempt (for tokens that expire)';
    case 'http':
      return `Sent as \`Authorization: ${kind.scheme} …\``;
    case 'mutualTLS':
      return '';
  }
}

function credentialMembers(model: SpecModel): string[] {
  const requirements = model.operations.map((o) => o.security);
  return model.securitySchemes.flatMap((scheme) => {
    if (scheme.option === undefined) return [];
    const required =
      requirements.length > 0 && requirements.every((alternatives) => alternatives.length > 0 && alternatives.every((names) => names.includes(scheme.name)));
    const what = `${placement(scheme)} (security scheme "${scheme.name}")${required ? '; every operation needs it' : ''}.`;
    const doc = [scheme.description, what]
      .filter(Boolean)
      .map(commentSafe)
      .join(' ')
      .replace(/\s*\n\s*/g, ' ');
    return [`  /** ${doc} */`, `  ${scheme.option}${required ? '' : '?'}: ${CREDENTIAL_TYPES[scheme.kind.type]};`];
  });
}

function serverMembers(model: SpecModel, baseUrlRequired: boolean): string[] {
  if (baseUrlRequired) return ['  /** The base address (an absolute http(s) URL). */', '  baseUrl: string;', '  serverVariables?: never;'];
  const byName = new Map<string, Set<string> | null>();
  for (const v of model.environments.flatMap((e) => e.variables)) {
    const known = byName.get(v.name);
    byName.set(v.name, known === null || !v.enum ? null : new Set([...(known ?? []), ...v.enum]));
  }
  const variables = [...byName].map(
    ([name, values]) => `${JSON.stringify(name)}?: ${values ? [...values].map((v) => JSON.stringify(v)).join(' | ') : 'string'}`,
  );
  return [
    "  /** The base address (an absolute http(s) URL); default: the environment's server URL. */",
    '  baseUrl?: string;',
    "  /** Values of the environment's server URL variables, instead of `baseUrl`. */",
    `  serverVariables?: { ${variables.map((v) => `readonly ${v}; `).join('')}};`,
  ];
}
