/** A classified difference between two versions of an OpenAPI document, and the list that collects them. */

/** What a consumer of the generated package must do: `breaking` (major), `additive` (minor), `docs` (patch). */
export type Level = 'breaking' | 'additive' | 'docs';

export const LEVELS: readonly Level[] = ['breaking', 'additive', 'docs'];

export interface Change {
  level: Level;
  /** A stable id of the rule that classified it, e.g. `request-enum-value-removed`. */
  rule: string;
  /** Where: a JSON pointer into the head document, or into the base document for a removal. */
  pointer: string;
  /** The operation through which the change reaches the consumer, when there is one. */
  operation?: string;
  /** The webhook (its name in `webhooks`) when that operation is one. */
  webhook?: string;
  message: string;
}

/** Who builds a value: the consumer (`request`) or the server (`response`). */
export type Role = 'request' | 'response';

/** A value of a document and its JSON pointer. */
export interface Located {
  value: unknown;
  pointer: string;
}

export interface ChangeSink {
  add(level: Level, rule: string, pointer: string, message: string): void;
}

/** Collects changes, each once, attributed to the operation being walked. */
export class ChangeList implements ChangeSink {
  /** The operationId changes are attributed to while it is set. */
  operation: string | undefined;
  /** The webhook changes are attributed to while it is set (with its `operation`). */
  webhook: string | undefined;
  private readonly changes = new Map<string, Change>();

  add(level: Level, rule: string, pointer: string, message: string): void {
    const change: Change = {
      level,
      rule,
      pointer,
      ...(this.operation !== undefined && { operation: this.operation }),
      ...(this.webhook !== undefined && { webhook: this.webhook }),
      message,
    };
    this.changes.set(JSON.stringify([rule, pointer, this.operation ?? null, message]), change);
  }

  /** Breaking first, then additive, then docs; within a level by pointer, rule, operation and message. */
  sorted(): Change[] {
    return [...this.changes.values()].sort(compareChanges);
  }
}

const byCodeUnits = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function compareChanges(a: Change, b: Change): number {
  return (
    LEVELS.indexOf(a.level) - LEVELS.indexOf(b.level) ||
    byCodeUnits(a.pointer, b.pointer) ||
    byCodeUnits(a.rule, b.rule) ||
    byCodeUnits(a.operation ?? '', b.operation ?? '') ||
    byCodeUnits(a.message, b.message)
  );
}

/** The highest level among the changes, or undefined when there are none. */
export const highestLevel = (changes: readonly Change[]): Level | undefined => LEVELS.find((level) => changes.some((c) => c.level === level));

/**
 * The changes as one entry per difference: those with the same pointer, rule and message (one
 * shared schema reached through several operations) grouped, in the list's order.
 */
export function groupChanges(changes: readonly Change[]): Change[][] {
  const groups = new Map<string, Change[]>();
  for (const change of changes) {
    const key = JSON.stringify([change.pointer, change.rule, change.message]);
    groups.set(key, [...(groups.get(key) ?? []), change]);
  }
  return [...groups.values()];
}

/** How many differences (groupChanges) each level has: `2 breaking, 1 additive`; levels without any left out unless `all`. */
export function countByLevel(changes: readonly Change[], all = false): string {
  const groups = groupChanges(changes);
  return LEVELS.map((level) => [level, groups.filter((g) => g[0]!.level === level).length] as const)
    .filter(([, n]) => all || n > 0)
    .map(([level, n]) => `${n} ${level}`)
    .join(', ');
}
