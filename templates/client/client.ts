/**
 * createRuntimeClient: an openapi-fetch client typed by `paths`, with both auth headers on every
 * request and the environment's documented limits. The generated `createPartnerClient` calls it
 * with the facts read from the spec.
 */
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { OperationValidators } from './validation.js';

export interface EnvironmentLimits {
  /** Sustained requests per second. */
  readonly requestsPerSecond: number;
  /** Requests that may be sent at once above the sustained rate. */
  readonly burst: number;
  /** Requests per day. */
  readonly dailyQuota: number;
}

export interface OperationInfo {
  readonly operationId: string;
  readonly method: string;
  readonly path: string;
  readonly paginated: boolean;
}

/** What the generator read from the spec. */
export interface SpecFacts<Env extends string> {
  readonly environments: Readonly<Record<Env, EnvironmentLimits | null>>;
  readonly operations: readonly OperationInfo[];
  readonly validators: Readonly<Record<string, OperationValidators>>;
}

export interface RuntimeClientOptions<Env extends string> {
  /** The environment's base address, e.g. the staging address your account manager gave you. Required: the spec does not state one. */
  baseUrl: string;
  /** Sent as `x-api-key`. */
  apiKey: string;
  /** Sent as `x-api-secret`. */
  apiSecret: string;
  /** Selects the documented rate limits. */
  environment: Env;
  /** The fetch implementation (default: `globalThis.fetch`). */
  fetch?: typeof globalThis.fetch;
  /** Extra headers sent with every request (the auth headers cannot be overridden here). */
  headers?: Record<string, string>;
}

export type RuntimeClient<Paths extends {}, Env extends string> = Client<Paths, 'application/json'> & {
  /** The environment this client talks to. */
  readonly environment: Env;
  /** The documented limits of that environment (null when the spec documents none). */
  readonly limits: EnvironmentLimits | null;
};

export function createRuntimeClient<Paths extends {}, Env extends string>(
  options: RuntimeClientOptions<Env>,
  facts: SpecFacts<Env>,
): RuntimeClient<Paths, Env> {
  if (!options || typeof options.baseUrl !== 'string' || !/^https?:\/\//.test(options.baseUrl)) {
    throw new TypeError('createPartnerClient: `baseUrl` is required and must be an absolute http(s) URL (the spec does not state the hosts)');
  }
  for (const key of ['apiKey', 'apiSecret'] as const) {
    if (typeof options[key] !== 'string' || options[key] === '') throw new TypeError(`createPartnerClient: \`${key}\` is required`);
  }
  if (!Object.hasOwn(facts.environments, options.environment)) {
    throw new TypeError(`createPartnerClient: \`environment\` must be one of ${Object.keys(facts.environments).join(', ')}`);
  }
  const limits = facts.environments[options.environment];
  const apiKey = options.apiKey;
  const apiSecret = options.apiSecret;
  const auth: Middleware = {
    onRequest({ request }) {
      request.headers.set('x-api-key', apiKey);
      request.headers.set('x-api-secret', apiSecret);
      return request;
    },
  };
  const client = createClient<Paths, 'application/json'>({
    baseUrl: options.baseUrl,
    ...(options.fetch && { fetch: options.fetch }),
    ...(options.headers && { headers: options.headers }),
  });
  client.use(auth);
  return Object.assign(client, { environment: options.environment, limits });
}
