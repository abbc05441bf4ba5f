/**
 * The base address of an environment: `baseUrl` when given, else the spec's server URL with its
 * variables filled from `serverVariables` and the spec's defaults (each checked against its enum).
 */
import { invalidOption, own } from './options.js';
import { PLACEHOLDER } from './url.js';

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

const isAbsoluteHttp = (url: string): boolean => /^https?:\/\/[^/]/i.test(url) && URL.canParse(url);

/** The base URL a client of `environment` sends to; a TypeError says what is missing or wrong. */
export function resolveBaseUrl(environment: string, server: ServerFacts | undefined, baseUrl: unknown, serverVariables: unknown): string {
  if (baseUrl !== undefined) {
    if (typeof baseUrl !== 'string' || !isAbsoluteHttp(baseUrl)) invalidOption('`baseUrl` must be an absolute http(s) URL');
    if (serverVariables !== undefined) invalidOption('give `baseUrl` or `serverVariables`, not both');
    return baseUrl;
  }
  const template = server?.url ?? '';
  const variables = server?.variables ?? {};
  if (serverVariables !== undefined && (typeof serverVariables !== 'object' || serverVariables === null)) invalidOption('`serverVariables` must be an object');
  const given = (serverVariables ?? {}) as Record<string, unknown>;
  for (const name of Object.keys(given)) {
    if (!Object.hasOwn(variables, name))
      invalidOption(
        `\`serverVariables.${name}\` is not a variable of environment "${environment}" (its variables: ${Object.keys(variables).join(', ') || 'none'})`,
      );
    const value = given[name];
    const allowed = variables[name]!.enum;
    if (typeof value !== 'string' || value === '') invalidOption(`\`serverVariables.${name}\` must be a non-empty string`);
    if (allowed && !allowed.includes(value)) invalidOption(`\`serverVariables.${name}\` must be one of ${allowed.map((v) => JSON.stringify(v)).join(', ')}`);
  }
  const missing: string[] = [];
  const url = template.replace(PLACEHOLDER, (_match, name: string) => {
    const value: string = own(given, name) ?? own(variables, name)?.default ?? '';
    if (value === '') missing.push(name);
    return value;
  });
  if (missing.length)
    invalidOption(
      `\`baseUrl\` is required for environment "${environment}": its server URL ${template} needs ${missing.join(', ')} (no default in the spec); pass \`baseUrl\` or \`serverVariables\``,
    );
  if (!isAbsoluteHttp(url))
    invalidOption(
      `\`baseUrl\` is required for environment "${environment}": ${template ? `its server URL ${JSON.stringify(url)} is not an absolute http(s) URL` : 'the spec gives no server URL'}`,
    );
  return url;
}
