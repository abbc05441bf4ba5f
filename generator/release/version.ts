/** Semantic versions moved by the highest level of change. */
import { GenerationError } from '../lib/problems.js';
import { highestLevel, type Change } from './changes.js';

/** The version a package starts at when the document's `info.version` gives none. */
export const FIRST_VERSION = '1.0.0';

/**
 * A package's first version: the MAJOR.MINOR.PATCH that `info.version` starts with (missing parts
 * 0: `2.1` → `2.1.0`; a pre-release or build suffix left out, so later releases can move it), else FIRST_VERSION.
 */
export function firstVersion(infoVersion: string): string {
  const m = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?![\d.])/.exec(infoVersion);
  // BigInt: any number of digits is kept exactly (Number would round past 2^53 − 1 and write 1e+21).
  return m ? [m[1]!, m[2] ?? '0', m[3] ?? '0'].map((part) => BigInt(part).toString()).join('.') : FIRST_VERSION;
}

const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/;

/**
 * The version after `previous` for these changes: breaking → next major, additive → next minor,
 * docs → next patch, none → `previous` unchanged. Without a previous version: FIRST_VERSION.
 */
export function nextVersion(previous: string | undefined, changes: readonly Change[]): string {
  if (previous === undefined) return FIRST_VERSION;
  if (!changes.length) return previous;
  const m = SEMVER.exec(previous);
  if (!m) throw new GenerationError(`The previous package version is not a release version:`, [{ pointer: '/version', message: `expected MAJOR.MINOR.PATCH, found ${JSON.stringify(previous)}` }]);
  // Counted exactly whatever their size: semver sets no bound on a number.
  const [major, minor, patch] = [BigInt(m[1]!), BigInt(m[2]!), BigInt(m[3]!)];
  switch (highestLevel(changes)) {
    case 'breaking':
      return `${major + 1n}.0.0`;
    case 'additive':
      return `${major}.${minor + 1n}.0`;
    case 'docs':
      return `${major}.${minor}.${patch + 1n}`;
    default:
      return previous;
  }
}
