/**
 * Client: the hand-written runtime in templates/client/ (copied as is into src/runtime/) and an
 * index that wires it to the facts read from the spec: environments with their limits, the
 * operations and their validators.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { SpecModel } from '../model.js';
import { propertyKey } from '../names.js';
import { commentSafe, GenerationError } from '../problems.js';
import type { Files } from './types.js';

export function emitClient(model: SpecModel, templatesDir: string): Files {
  const files: Files = new Map();
  const runtimeDir = path.join(templatesDir, 'client');
  for (const name of readdirSync(runtimeDir).sort()) {
    if (!name.endsWith('.ts') || name.endsWith('.test.ts')) continue;
    files.set(`src/runtime/${name}`, readFileSync(path.join(runtimeDir, name), 'utf8'));
  }
  // A document without `x-environment` servers (one from elsewhere) gets one environment with no
  // client-side limits; a partial `x-rate-limit` is an error.
  const envs = model.environments.length ? model.environments : [{ name: 'default', pointer: '/servers', requestsPerSecond: undefined, burst: undefined, dailyQuota: undefined }];
  const environments = envs.map((e) => {
    const keys = ['requestsPerSecond', 'burst', 'dailyQuota'] as const;
    const missing = keys.filter((k) => typeof e[k] !== 'number');
    if (missing.length === keys.length) return `  ${propertyKey(e.name)}: null,`;
    if (missing.length) {
      throw new GenerationError(`Environment "${e.name}" lacks rate-limit facts`, [
        { pointer: `${e.pointer}/x-rate-limit`, message: `x-rate-limit of "${e.name}" needs ${missing.join(', ')}` },
      ]);
    }
    return `  ${propertyKey(e.name)}: { requestsPerSecond: ${e.requestsPerSecond}, burst: ${e.burst}, dailyQuota: ${e.dailyQuota} },`;
  });
  const operations = model.operations.map(
    (o) => `  { operationId: ${JSON.stringify(o.operationId)}, method: ${JSON.stringify(o.method.toUpperCase())}, path: ${JSON.stringify(o.path)}, paginated: ${o.paginated} },`,
  );
  const index = `import { createRuntimeClient, type RuntimeClient, type RuntimeClientOptions, type OperationInfo } from './runtime/client.js';
import { operationValidators } from './validators.js';
import type { paths } from './schema.js';

/** Documented limits per environment, read from the spec's servers (\`x-environment\`, \`x-rate-limit\`); null where none is documented. */
export const environments = {
${environments.join('\n')}
} as const;

export type Environment = keyof typeof environments;

/** Every operation of the spec: id, method, path template, and whether it returns the paginated list wrapper. */
export const operations: readonly OperationInfo[] = [
${operations.join('\n')}
];

export type PartnerClientOptions = RuntimeClientOptions<Environment>;
export type PartnerClient = RuntimeClient<paths, Environment>;

/** A client for the ${commentSafe(model.title)} typed by \`paths\`. */
export function createPartnerClient(options: PartnerClientOptions): PartnerClient {
  return createRuntimeClient<paths, Environment>(options, { environments, operations, validators: operationValidators });
}

export type { EnvironmentLimits, OperationInfo, PaginatedPath, PageItem, RequestOptions, Hooks } from './runtime/client.js';
export type { RequestEvent, ResponseEvent, RetryEvent } from './runtime/transport.js';
export type { RequestSummary } from './runtime/redact.js';
export { RateLimiter, type RateLimiterOptions, type Usage } from './runtime/rate-limit.js';
export {
  PartnerClientError,
  TransportError,
  TimeoutError,
  DecodeError,
  RequestValidationError,
  ResponseValidationError,
  HttpError,
  DailyQuotaExceededError,
  ResponseTooLargeError,
  PaginationError,
} from './runtime/errors.js';
`;
  files.set('src/index.ts', index);
  return files;
}
