/** Small comparisons shared by the document and schema walks. */
import { escapePointer } from '../lib/pointer.js';
import { isObject, own } from '../lib/own.js';
import type { ChangeSink } from './changes.js';

/** Keywords that only document: a change to them is a `docs` change. */
const DOCS_RULES: Record<string, string | undefined> = {
  description: 'description-changed',
  summary: 'summary-changed',
  title: 'title-changed',
  example: 'example-changed',
  examples: 'example-changed',
  externalDocs: 'external-docs-changed',
  'x-source-gap': 'source-gap-changed',
  // XML serialization hints: neither the types nor the validators read them.
  xml: 'xml-changed',
  $comment: undefined,
};
export const DOCS_KEYWORDS: readonly string[] = Object.keys(DOCS_RULES);

/** JSON with sorted keys (without the `ignore`d keys at any depth), so equal values give equal text. */
export function canonical(value: unknown, ignore: readonly string[] = []): string {
  const seen = new Set<object>();
  const sort = (v: unknown): unknown => {
    if (!v || typeof v !== 'object') return v;
    if (seen.has(v)) return '[circular]';
    seen.add(v);
    const out = Array.isArray(v)
      ? v.map(sort)
      : Object.fromEntries(
          Object.keys(v)
            .filter((k) => !ignore.includes(k))
            .sort()
            .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
        );
    seen.delete(v);
    return out;
  };
  return JSON.stringify(sort(value)) ?? 'undefined';
}

/** An array, or none. */
export const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);

/** An object's own entries, or none. */
export const entries = (value: unknown): [string, unknown][] => (isObject(value) ? Object.entries(value) : []);

/** Reports every documentation keyword that differs between two objects. */
export function docsChanges(sink: ChangeSink, before: unknown, after: unknown, pointer: string): void {
  for (const [keyword, rule] of Object.entries(DOCS_RULES)) {
    if (!rule || canonical(own(before, keyword)) === canonical(own(after, keyword))) continue;
    sink.add(
      'docs',
      rule,
      `${pointer}/${escapePointer(keyword)}`,
      `${keyword} ${own(before, keyword) === undefined ? 'added' : own(after, keyword) === undefined ? 'removed' : 'changed'}`,
    );
  }
}
