/** Identifiers, object keys and file names derived from spec names, and the checks that no two collide. */
import { GenerationError, type Problem } from './problems.js';

/** A JavaScript identifier, Unicode letters included (`créerProjet`, `作成`), as ECMAScript defines it. */
export const IDENTIFIER = /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u;

/**
 * `screener-response_payout` → `ScreenerResponsePayout`, `créer-projet` → `CréerProjet`: words are
 * runs of identifier characters other than `_`; one that cannot start an identifier (a digit) gets
 * an underscore.
 */
export function pascalCase(name: string): string {
  const words = name
    .normalize('NFC')
    .replace(/([\p{Ll}\p{Nd}])(\p{Lu})/gu, '$1 $2')
    .split(/[^\p{ID_Continue}]+|_+/u)
    .filter(Boolean);
  const out = words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
  return out && !/^\p{ID_Start}/u.test(out) ? `_${out}` : out || '_';
}

/** A name that is already a valid identifier keeps its spelling apart from the first letter. */
export function typeName(name: string): string {
  return IDENTIFIER.test(name) ? name[0]!.toUpperCase() + name.slice(1) : pascalCase(name);
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

/** The generated package's name when the caller gives none (GenerateOptions.packageName). */
export const DEFAULT_PACKAGE_NAME = 'partner-recruitment-client';

/**
 * A key of an object literal in generated code. `"__proto__": v` (quoted or not) sets the
 * literal's prototype instead of defining a property; a computed key defines it.
 */
export const propertyKey = (name: string): string => (name === '__proto__' ? `[${JSON.stringify(name)}]` : JSON.stringify(name));

/** Longest file-name stem derived from a spec name (a suffix may follow). */
const MAX_STEM = 80;
/** Device names Windows refuses as file names, whatever follows the first dot (`con.md.md` too). */
const WINDOWS_DEVICE = /^(con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])(\.|$)/i;

/**
 * A file-name stem for a spec name: letters, digits, `_`, `-` and inner dots; every other run of
 * characters becomes `-`. No separators, no leading dot (so no `..`), at most MAX_STEM characters.
 */
export function fileStem(name: string): string {
  return name
    .normalize('NFC')
    .replace(/[^\p{L}\p{N}_.-]+/gu, '-')
    .replace(/^[-.]+/, '')
    .slice(0, MAX_STEM)
    .replace(/[-.]+$/, '');
}

/**
 * One file-name stem per name, unique case-insensitively (`User` and `user` would be one file on
 * macOS and Windows) and never in `reserved`: the first name keeps its stem, later ones get `-2`,
 * `-3`, ... in the order given, so the same document always gives the same names.
 */
export function uniqueStems(names: Iterable<string>, stem: (name: string) => string, options: { fallback: string; reserved?: string[] }): Map<string, string> {
  // Case-insensitive as file systems compare: `ſ`/`s` and `ς`/`σ` differ in lower case, not in upper.
  const key = (s: string) => s.normalize('NFC').toUpperCase().toLowerCase().normalize('NFC');
  const taken = new Set((options.reserved ?? []).map(key));
  const stems = new Map<string, string>();
  for (const name of names) {
    if (stems.has(name)) continue;
    const base = stem(name) || options.fallback;
    let candidate = base;
    // A device name's suffix goes before its first dot (`con.md` → `con-2.md`): after it, still a device.
    const numbered = (n: number) => (WINDOWS_DEVICE.test(base) ? base.replace(/^[^.]*/, (head) => `${head}-${n}`) : `${base}-${n}`);
    for (let n = 2; taken.has(key(candidate)) || WINDOWS_DEVICE.test(candidate); n++) candidate = numbered(n);
    taken.add(key(candidate));
    stems.set(name, candidate);
  }
  return stems;
}
