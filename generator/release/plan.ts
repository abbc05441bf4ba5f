/**
 * A release of the generated package: the previous bundle (the package's `openapi.json`) against
 * the next, the version moved by the highest level of change, and a changelog entry. With no
 * change, the version and changelog stay as they were, so regenerating changes nothing.
 */
import type { DocsLinks } from '../emit/docs/docs.js';
import { diffDocuments } from './diff.js';
import type { Change } from './changes.js';
import { prependEntry, renderChangelogEntry } from './changelog.js';
import { nextVersion } from './version.js';

export interface ReleaseInput {
  /** The previous package's bundled document; none for a first release. */
  previousDocument: object | undefined;
  /** The previous package's version; none for a first release. */
  previousVersion: string | undefined;
  /** The previous package's CHANGELOG.md (without its banner), if it had one. */
  previousChangelog: string | undefined;
  nextDocument: object;
  /** The version when there is no previous one (version.ts `firstVersion`). */
  firstVersion: string;
  /**
   * The new entry's date (YYYY-MM-DD), e.g. the spec's last commit; omitted when undefined. Asked
   * only when an entry is written: an entry, once written, is never dated again.
   */
  date: () => string | undefined;
  links: DocsLinks;
}

export interface Release {
  /** The previous package's version, when there was one. */
  previousVersion: string | undefined;
  version: string;
  /** The whole CHANGELOG.md, or undefined when there is none yet. */
  changelog: string | undefined;
  changes: Change[];
}

export function planRelease(input: ReleaseInput): Release {
  const { previousVersion, previousChangelog } = input;
  // Written again as it was, tidied (one title) where an earlier release left it otherwise.
  const previous = previousChangelog === undefined ? undefined : prependEntry(previousChangelog, '');
  if (input.previousDocument === undefined) return { previousVersion, version: previousVersion ?? input.firstVersion, changelog: previous, changes: [] };
  const changes = diffDocuments(input.previousDocument, input.nextDocument);
  const version = nextVersion(previousVersion ?? input.firstVersion, changes);
  if (!changes.length) return { previousVersion, version, changelog: previous, changes };
  return { previousVersion, version, changelog: prependEntry(previous, renderChangelogEntry(version, input.date(), changes, input.links)), changes };
}
