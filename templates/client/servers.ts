/**
 * The base address of an environment: `baseUrl` when given, else the spec's server URL with its
 * variables filled from `serverVariables` and the spec's defaults (each checked against its enum).
 */

export interface ServerVariable {
  /** The spec's default; `''` when it gives none. */
  readonly default: string;
  readonly enum?: readonly string[];
}

export interface ServerFacts {
  /** The URL template (`https://{region}.example.com/v1`); `''` when the spec has no servers. */
  readonly url: string;
  readonly variables: Readonly<Record<string, ServerVariable>>;
}

function fail(message: string): never {
  throw new TypeError(`createPartnerClient: ${message}`);
}

const isAbsoluteHttp = (url: string): boolean => /^https?:\/\/[^/]/i.test(url) && URL.canParse(url);

/** The base URL a client of `environment` sends to; a TypeError says what is missing or wrong. */
export function resolveBaseUrl(environment: string, server: ServerFacts | undefined, baseUrl: unknown, serverVariables: unknown): string {
  if (baseUrl !== undefined) {
    if (typeof baseUrl !== 'string' || !isAbsoluteHttp(baseUrl)) fail('`baseUrl` must be an absolute http(s) URL');
    if (serverVariables !== undefined) fail('give `baseUrl` or `serverVariables`, not both');
    return baseUrl;
  }
  const template = server?.url ?? '';
  const variables = server?.variables ?? {};
  if (serverVariables !== undefined && (typeof serverVariables !== 'object' || serverVariables === null)) fail('`serverVariables` must be an object');
  const given = (serverVariables ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(variables, name)) fail(`\`serverVariables.${name}\` is not a variable of environment "${environment}" (its variables: ${Object.keys(variables).join(', ') || 'none'})`);
    const value = given[name];
    const allowed = variables[name]!.enum;
    if (typeof value !== 'string' || value === '') fail(`\`serverVariables.${name}\` must be a non-empty string`);
    if (allowed && !allowed.includes(value)) fail(`\`serverVariables.${name}\` must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  const missing: string[] = [];
  const url = template.replace(/\{([^{}]+)\}/g, (_match, name: string) => {
    const value = Object.hasOwn(given, name) ? (given[name] as string) : Object.hasOwn(variables, name) ? variables[name]!.default : '';
    if (value === '') missing.push(name);
    return value;
  });
  if (missing.length) fail(`\`baseUrl\` is required for environment "${environment}": its server URL ${template} needs ${missing.join(', ')} (no default in the spec); pass \`baseUrl\` or \`serverVariables\``);
  if (!isAbsoluteHttp(url)) fail(`\`baseUrl\` is required for environment "${environment}": ${template ? `its server URL ${JSON.stringify(url)} is not an absolute http(s) URL` : 'the spec gives no server URL'}`);
  return url;
}
