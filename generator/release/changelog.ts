/**
 * CHANGELOG.md entries: the version, the date when known, and the changes grouped by level, each
 * linking the docs it concerns: the schema's page for a change inside a component schema, the
 * index's environments section for a server, and each operation's (or webhook's) section. A
 * change reached through several operations is one line.
 */
import type { DocsLinks } from '../emit/docs/docs.js';
import { code, text } from '../emit/docs/markdown.js';
import { groupChanges, LEVELS, type Change, type Level } from './changes.js';
import { unescapePointer } from '../lib/pointer.js';

const HEADINGS: Record<Level, string> = { breaking: 'Breaking changes', additive: 'Non-breaking changes', docs: 'Documentation only' };

export const CHANGELOG_TITLE = '# Changelog';

/** `/components/schemas/<Name>/...` → the schema's name. */
function schemaOf(pointer: string): string | undefined {
  const m = /^\/components\/schemas\/([^/]+)/.exec(pointer);
  return m ? unescapePointer(m[1]!) : undefined;
}

const link = (label: string, href: string | undefined) => (href === undefined ? code(label) : `[${text(label)}](${encodeURI(href)})`);

function line(group: Change[], links: DocsLinks): string {
  const first = group[0]!;
  const schema = schemaOf(first.pointer);
  // Each operation once, named by its operationId: a webhook's links to its section of the webhooks page.
  const operations = new Map<string, string | undefined>();
  for (const c of group) {
    if (c.operation !== undefined) operations.set(c.operation, c.webhook !== undefined ? links.webhook(c.webhook) : links.operation(c.operation));
  }
  const where = [
    ...(schema !== undefined ? [link(schema, links.schema(schema))] : []),
    ...(/^\/servers(\/|$)/.test(first.pointer) ? [link('servers', links.servers)] : []),
    ...[...operations].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([op, href]) => link(op, href)),
  ];
  return `- ${text(first.message)} ${code(`#${first.pointer}`)} (${code(first.rule)})${where.length ? `: ${where.join(', ')}` : ''}`;
}

/** One entry: `## <version> (<date>)` and a section per level that has changes. Deterministic for the same input. */
export function renderChangelogEntry(version: string, date: string | undefined, changes: readonly Change[], links: DocsLinks): string {
  const out = [`## ${version}${date ? ` (${date})` : ''}`];
  for (const level of LEVELS) {
    const groups = groupChanges(changes.filter((c) => c.level === level));
    if (!groups.length) continue;
    const lines = groups.map((group) => line(group, links));
    out.push('', `### ${HEADINGS[level]}`, '', ...lines);
  }
  return `${out.join('\n')}\n`;
}

/**
 * The changelog: one title, then `entry` (none: `''`) on top of the previous entries (a new file
 * when there are none). A title an earlier release left among them is dropped.
 */
export function prependEntry(previous: string | undefined, entry: string): string {
  const body = (previous ?? '').replace(/^# Changelog\n+/gm, '').trim();
  const parts = [entry.trim(), body].filter(Boolean);
  return `${CHANGELOG_TITLE}\n${parts.length ? `\n${parts.join('\n\n')}\n` : ''}`;
}
