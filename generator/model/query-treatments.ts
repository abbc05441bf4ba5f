/**
 * What the mock does with each documented query parameter of an operation: the mock's page and
 * each operation's page say it. The mock honours a paginated operation's `page`, `pageSize` and
 * the count parameter the pagination facts name (templates/mock/bodies.ts pages by them); nothing
 * else: an OpenAPI document has no field saying which property a parameter filters on, or how.
 */
import type { PaginationFacts } from './operation-facts.js';
import type { SecuritySchemeModel } from './security.js';

/** What the answer does with an honoured parameter. */
export type QueryEffect = { kind: 'page' } | { kind: 'pageSize' } | { kind: 'count'; property: string };

export interface QueryTreatment {
  readonly name: string;
  /** `honoured`: the answer depends on it; `ignored`: it does not; `credential`: read as an API key, not as a parameter. */
  readonly treatment: 'honoured' | 'ignored' | 'credential';
  readonly required: boolean;
  /** For `honoured`: what it changes. */
  readonly effect?: QueryEffect;
}

interface QueryParameter {
  name: string;
  in: string;
  required: boolean;
}

/** What the mock does with each documented query parameter, in document order. */
export function queryTreatments(
  wire: readonly QueryParameter[],
  pagination: PaginationFacts | undefined,
  schemes: readonly SecuritySchemeModel[],
): QueryTreatment[] {
  const credentials = new Set(schemes.flatMap((s) => (s.kind.type === 'apiKey' && s.kind.in === 'query' ? [s.kind.name] : [])));
  const query = wire.filter((p) => p.in === 'query');
  const honoured = new Map<string, QueryEffect>();
  if (pagination) {
    if (query.some((p) => p.name === 'page')) honoured.set('page', { kind: 'page' });
    if (query.some((p) => p.name === 'pageSize')) honoured.set('pageSize', { kind: 'pageSize' });
    if (pagination.count) honoured.set(pagination.count.parameter, { kind: 'count', property: pagination.count.property });
  }
  return query.map((p): QueryTreatment => {
    if (credentials.has(p.name)) return { name: p.name, treatment: 'credential', required: p.required };
    const effect = honoured.get(p.name);
    return effect ? { name: p.name, treatment: 'honoured', required: p.required, effect } : { name: p.name, treatment: 'ignored', required: p.required };
  });
}
