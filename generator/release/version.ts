/**
 * Semantic versions moved by the highest level of change, through the `semver` package: npm reads
 * versions with it, so no version is written that npm would refuse (a number above
 * Number.MAX_SAFE_INTEGER among them).
 */
import semver, { type ReleaseType } from 'semver';
import { GenerationError } from '../lib/problems.js';
import { highestLevel, type Level, type Change } from './changes.js';

/** The version a package starts at when the document's `info.version` gives none. */
export const FIRST_VERSION = '1.0.0';

/**
 * MAJOR[.MINOR[.PATCH]] at the start of `info.version`, after an optional `v`, leading zeros left
 * out, and followed by neither a digit nor a dot. `semver.coerce` is not used: it finds a version
 * anywhere (`release 2` → 2.0.0), takes `1.2.3` out of `1.2.3.4`, and reads at most 16 digits
 * of a number (`999999999999999999999.0.0` → 0.0.0).
 */
const LEADING_VERSION = /^v?0*(\d+)(?:\.0*(\d+))?(?:\.0*(\d+))?(?![\d.])/;

/** The release each level of change moves to. */
const RELEASE: Record<Level, ReleaseType> = { breaking: 'major', additive: 'minor', docs: 'patch' };

/** npm refuses a version with a number above Number.MAX_SAFE_INTEGER, as `semver` does: said when it is why. */
const hasUnsafeNumber = (version: string): boolean => (version.match(/\d+/g) ?? []).some((digits) => Number(digits) > Number.MAX_SAFE_INTEGER);

const LIMIT = `each number at most ${Number.MAX_SAFE_INTEGER} (Number.MAX_SAFE_INTEGER), as npm requires`;

/**
 * A package's first version: the MAJOR.MINOR.PATCH that `info.version` starts with (missing parts
 * 0: `2.1` → `2.1.0`, `v3` → `3.0.0`; a pre-release or build suffix left out, so later releases can
 * move it), else FIRST_VERSION. One npm would refuse is refused at /info/version.
 */
export function firstVersion(infoVersion: string): string {
  const leading = LEADING_VERSION.exec(infoVersion);
  if (!leading) return FIRST_VERSION;
  const version = semver.valid(`${leading[1]}.${leading[2] ?? '0'}.${leading[3] ?? '0'}`);
  if (version === null) {
    throw new GenerationError(`info.version gives a package version npm refuses:`, [
      { pointer: '/info/version', message: `${JSON.stringify(infoVersion)} starts with ${JSON.stringify(leading[0])}: expected ${LIMIT}` },
    ]);
  }
  return version;
}

/**
 * The version after `previous` for these changes: breaking → next major, additive → next minor,
 * docs → next patch, none → `previous` unchanged (when npm accepts it). Without a previous
 * version: FIRST_VERSION. A version npm would refuse, before or after the move, is refused.
 */
export function nextVersion(previous: string | undefined, changes: readonly Change[]): string {
  if (previous === undefined) return FIRST_VERSION;
  const level = highestLevel(changes);
  if (level === undefined) {
    if (semver.valid(previous) === null)
      throw previousRefused(`The previous package version is not one npm accepts:`, `expected a semantic version, ${LIMIT}, found ${JSON.stringify(previous)}`);
    return previous;
  }
  const release = semver.parse(previous);
  // A release as written: no `v`, pre-release or build metadata.
  if (release === null || release.version !== previous || release.prerelease.length > 0) {
    if (hasUnsafeNumber(previous))
      throw previousRefused(`The previous package version is not one npm accepts:`, `expected MAJOR.MINOR.PATCH, ${LIMIT}, found ${JSON.stringify(previous)}`);
    throw previousRefused(`The previous package version is not a release version:`, `expected MAJOR.MINOR.PATCH, found ${JSON.stringify(previous)}`);
  }
  const next = semver.inc(previous, RELEASE[level]);
  if (next === null || semver.valid(next) === null) {
    throw previousRefused(
      `The next package version would be one npm refuses:`,
      `${JSON.stringify(previous)} moved by its ${level} changes would be ${next === null ? 'none' : JSON.stringify(next)}: expected ${LIMIT}`,
    );
  }
  return next;
}

/** Located at the previous package.json's version (generate.ts names the file). */
const previousRefused = (summary: string, message: string): GenerationError => new GenerationError(summary, [{ pointer: '/version', message }]);
