/** Identifiers derived from spec names, and the check that no two of them collide. */
import { GenerationError, type Problem } from './problems.js';

/** `screener-response_payout` → `ScreenerResponsePayout`; a leading digit gets an underscore. */
export function pascalCase(name: string): string {
  const words = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(/[^A-Za-z0-9]+/).filter(Boolean);
  const out = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return /^[0-9]/.test(out) ? `_${out}` : out || '_';
}

/** A name that is already a valid identifier keeps its spelling apart from the first letter. */
export function typeName(name: string): string {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(name) ? name[0]!.toUpperCase() + name.slice(1) : pascalCase(name);
}

export interface NamedThing {
  identifier: string;
  /** Where the name comes from, as a JSON pointer into the bundled document. */
  pointer: string;
}

/** Fails with every collision, each naming both sources. */
export function assertUnique(kind: string, things: NamedThing[]): void {
  const seen = new Map<string, string>();
  const problems: Problem[] = [];
  for (const { identifier, pointer } of things) {
    const first = seen.get(identifier);
    if (first !== undefined) problems.push({ pointer, message: `${kind} identifier "${identifier}" collides with the one generated for #${first}` });
    else seen.set(identifier, pointer);
  }
  if (problems.length) throw new GenerationError(`Generated ${kind} names collide:`, problems);
}

export const escapePointer = (s: string) => s.replaceAll('~', '~0').replaceAll('/', '~1');
