/**
 * Environments from `servers` (OpenAPI 3.1 §4.8.5 Server Object, §4.8.6 Server Variable Object):
 * each server's URL template and variables, its name (`x-environment`) and documented limits
 * (`x-rate-limit`).
 *
 * Naming: when any server has `x-environment`, the servers that have one are the environments
 * (the others are not); when none has, a single server (or none at all) is `default`, and several
 * are `server0`, `server1`, ... by their index in `servers`.
 */
import { GenerationError, type Problem } from '../lib/problems.js';
import { escapePointer } from '../lib/pointer.js';
import { isObject, own } from '../lib/own.js';

export interface ServerVariableModel {
  name: string;
  /** The document's default; `''` when it gives none (the value must then come from the caller). */
  default: string;
  /** The allowed values, when the document lists them. */
  enum: string[] | undefined;
}

export interface EnvironmentModel {
  name: string;
  /** The server's JSON pointer (`/servers` when the document has none). */
  pointer: string;
  description: string;
  /** The URL template (`https://{region}.example.com/v1`); `''` when the document has no servers. */
  url: string;
  /** Every variable the URL uses, in order of first use. */
  variables: ServerVariableModel[];
  /** The URL with the defaults filled in, when that is a complete absolute http(s) URL (then `baseUrl` is optional). */
  defaultBaseUrl: string | undefined;
  requestsPerSecond: number | undefined;
  burst: number | undefined;
  dailyQuota: number | undefined;
}

/**
 * What each `x-rate-limit` field must be. A rate may be fractional (0.5: one request every two
 * seconds); a burst and a daily quota count requests. Zero, negatives, NaN and strings are refused
 * here rather than by the client at start-up.
 */
const RATE_LIMIT_FIELDS = {
  requestsPerSecond: { valid: (v: number) => Number.isFinite(v) && v > 0, message: 'must be a positive number' },
  burst: { valid: (v: number) => Number.isSafeInteger(v) && v > 0, message: 'must be a positive integer' },
  dailyQuota: { valid: (v: number) => Number.isSafeInteger(v) && v > 0, message: 'must be a positive integer' },
};

function rateLimitProblems(limit: unknown, pointer: string): Problem[] {
  if (limit === undefined) return [];
  if (!isObject(limit)) return [{ pointer, message: 'must be an object with requestsPerSecond, burst and dailyQuota' }];
  return Object.entries(RATE_LIMIT_FIELDS).flatMap(([field, rule]) => {
    const value = own(limit, field);
    return value === undefined || (typeof value === 'number' && rule.valid(value)) ? [] : [{ pointer: `${pointer}/${field}`, message: rule.message }];
  });
}

/** The variables of a URL template in order of first use, with what the server declares for each. */
function variablesOf(url: string, declared: unknown, pointer: string, problems: Problem[]): ServerVariableModel[] {
  const names = [...new Set([...url.matchAll(/\{([^{}]+)\}/g)].map((m) => m[1]!))];
  return names.map((name) => {
    const variable = own(declared, name);
    const at = `${pointer}/variables/${escapePointer(name)}`;
    const dflt = own(variable, 'default');
    const values = own(variable, 'enum');
    if (dflt !== undefined && typeof dflt !== 'string') problems.push({ pointer: `${at}/default`, message: 'must be a string' });
    const validEnum = Array.isArray(values) && values.length > 0 && values.every((v) => typeof v === 'string');
    if (values !== undefined && !validEnum) problems.push({ pointer: `${at}/enum`, message: 'must be a non-empty array of strings' });
    const allowed: string[] | undefined = validEnum ? values : undefined;
    const value = typeof dflt === 'string' ? dflt : '';
    if (allowed && value !== '' && !allowed.includes(value)) problems.push({ pointer: `${at}/default`, message: 'must be one of the enum values' });
    return { name, default: value, enum: allowed };
  });
}

/** The URL template with every variable's default, when all have one and the result is an absolute http(s) URL. */
function filled(url: string, variables: ServerVariableModel[]): string | undefined {
  if (variables.some((v) => v.default === '')) return undefined;
  const result = url.replace(/\{([^{}]+)\}/g, (_m, name: string) => variables.find((v) => v.name === name)!.default);
  return /^https?:\/\/[^/]/i.test(result) && URL.canParse(result) ? result : undefined;
}

/** The environment of a lone server, and of a document without servers (no URL: the caller gives `baseUrl`). */
export const DEFAULT_ENVIRONMENT = 'default';

/**
 * Each environment's name (by the naming rule above) and the index of its server in `servers`;
 * a document without servers has one, `default`, without a server. These names are what the
 * client's callers pass as `environment`: the release diff compares them.
 */
export function environmentsOf(servers: readonly unknown[]): { name: string; index: number | undefined }[] {
  if (!servers.length) return [{ name: DEFAULT_ENVIRONMENT, index: undefined }];
  const tagged = servers.some((s) => typeof own(s, 'x-environment') === 'string');
  return servers.flatMap((server, index) => {
    const tag = own(server, 'x-environment');
    if (!tagged) return [{ name: servers.length === 1 ? DEFAULT_ENVIRONMENT : `server${index}`, index }];
    return typeof tag === 'string' ? [{ name: tag, index }] : [];
  });
}

/** The environments of a bundled document, checked: names unique, limits well-formed, variables consistent. */
export function readEnvironments(doc: Record<string, any>): EnvironmentModel[] {
  const servers: unknown[] = Array.isArray(doc.servers) ? doc.servers : [];
  const problems: Problem[] = servers.flatMap((server, i) => rateLimitProblems(own(server, 'x-rate-limit'), `/servers/${i}/x-rate-limit`));
  const environments: EnvironmentModel[] = [];
  for (const { name, index } of environmentsOf(servers)) {
    if (index === undefined) {
      environments.push({
        name,
        pointer: '/servers',
        description: '',
        url: '',
        variables: [],
        defaultBaseUrl: undefined,
        requestsPerSecond: undefined,
        burst: undefined,
        dailyQuota: undefined,
      });
      continue;
    }
    const server = servers[index];
    const pointer = `/servers/${index}`;
    const url = own(server, 'url');
    if (typeof url !== 'string') {
      problems.push({ pointer: `${pointer}/url`, message: 'must be a string' });
      continue;
    }
    const limit = own(server, 'x-rate-limit');
    const variables = variablesOf(url, own(server, 'variables'), pointer, problems);
    environments.push({
      name,
      pointer,
      description: typeof own(server, 'description') === 'string' ? own(server, 'description') : '',
      url,
      variables,
      defaultBaseUrl: filled(url, variables),
      requestsPerSecond: own(limit, 'requestsPerSecond'),
      burst: own(limit, 'burst'),
      dailyQuota: own(limit, 'dailyQuota'),
    });
  }
  const seen = new Map<string, string>();
  for (const e of environments) {
    const first = seen.get(e.name);
    if (first) problems.push({ pointer: `${e.pointer}/x-environment`, message: `environment "${e.name}" is declared twice (also at #${first})` });
    seen.set(e.name, e.pointer);
  }
  if (problems.length) throw new GenerationError('Environments are inconsistent:', problems);
  return environments;
}
