/**
 * What each operation's "Try it" panel needs, from the model: the method and path, the path and
 * query parameters (each prefilled with the document's example, else its default), the request
 * body's example, and the statuses a fault may answer. The site embeds each area page's list as
 * JSON (site.ts); templates/site/site.js builds the form from it.
 */
import type { OperationModel, SchemaView, SpecModel } from '../../model/model.js';
import { operationHrefs } from '../docs/docs.js';
import { isGap } from '../docs/schema.js';

export interface TryItParameter {
  name: string;
  in: 'path' | 'query';
  required: boolean;
  /** The prefilled text: the example or default as the reader would type it, '' when the document gives neither. */
  value: string;
  /** The schema's type, shown in an empty field. */
  type: string;
  /** An array sent as repeated `name=value` (form, explode); else comma-separated. */
  explode: boolean;
  array: boolean;
}

export interface TryItOperation {
  operationId: string;
  method: string;
  path: string;
  /** The section's anchor on its page. */
  anchor: string;
  parameters: TryItParameter[];
  /** Whether the operation takes a body, and its example as indented JSON ('' when none). */
  hasBody: boolean;
  body: string;
  /** The body's media type, sent as its Content-Type ('' without a body). */
  mediaType: string;
  /** Whether its success answer has a body the document shows (so a validator to check it). */
  documentedBody: boolean;
  /** The statuses the fault selector offers: the operation's documented error statuses, then 429, 500 and 503. */
  faults: number[];
}

/** Statuses every operation's fault selector offers, besides its documented errors. */
const COMMON_FAULTS = [429, 500, 503];

/** The document's example of a parameter (its own, then its schema's), else its default. */
function parameterValue(resolve: SchemaView['resolve'], parameter: Record<string, unknown>): unknown {
  if (parameter.example !== undefined) return parameter.example;
  const named = Object.values((parameter.examples ?? {}) as Record<string, unknown>).map((e) => resolve<{ value?: unknown }>(e)?.value);
  if (named[0] !== undefined) return named[0];
  const schema = resolve<Record<string, unknown> | undefined>(parameter.schema);
  if (!schema) return undefined;
  if (Array.isArray(schema.examples) && schema.examples[0] !== undefined) return schema.examples[0];
  return schema.example ?? schema.default;
}

/** A value as a reader types it in a field: a string as it is, an array comma-separated, anything else as JSON. */
function asText(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(asText).join(',');
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function operationData(model: SpecModel, op: OperationModel, anchor: string): TryItOperation {
  const resolve = model.schemas.resolve;
  const parameters: TryItParameter[] = [];
  op.parameters.forEach((raw, i) => {
    const p = resolve<Record<string, unknown>>(raw);
    const wire = op.wire[i];
    if (!wire || (wire.in !== 'path' && wire.in !== 'query')) return;
    parameters.push({
      name: wire.name,
      in: wire.in,
      required: wire.required,
      value: asText(parameterValue(resolve, p)),
      type: wire.type ?? '',
      explode: wire.explode,
      array: wire.shape === 'array',
    });
  });
  const example = op.requestBody?.examples.find((e) => e.value !== undefined)?.value;
  const documented = op.responses.map((r) => Number(r.status)).filter((status) => Number.isInteger(status) && status >= 400 && status <= 599);
  return {
    operationId: op.operationId,
    method: op.method.toUpperCase(),
    path: op.path,
    anchor,
    parameters,
    hasBody: op.requestBody !== undefined,
    body: example === undefined ? '' : typeof example === 'string' && !/json/i.test(op.requestBody!.mediaType) ? example : JSON.stringify(example, null, 2),
    mediaType: op.requestBody?.mediaType ?? '',
    documentedBody: op.successSchema !== undefined && !isGap(model.schemas.resolve(op.successSchema)),
    faults: [...new Set([...documented, ...COMMON_FAULTS])].sort((a, b) => a - b),
  };
}

/** Each area page (`operations/<area>.md`) with its operations' panels, in the pages' order. */
export function tryItPages(model: SpecModel): Map<string, TryItOperation[]> {
  const pages = new Map<string, TryItOperation[]>();
  for (const [op, href] of operationHrefs(model)) {
    const [page, anchor] = href.split('#') as [string, string];
    pages.set(page, [...(pages.get(page) ?? []), operationData(model, op, anchor)]);
  }
  return pages;
}
