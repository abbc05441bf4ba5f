/**
 * Where the source of truth is, and whether it can be read: the shared seed beside the repository
 * (../shared/seed/), or the file `PARTNER_API_SOURCE` names. No vitest import: the global set-up
 * reads it too, to say once per run why tests were skipped.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The source of truth: the shared seed beside the repository. */
export const SHARED_SEED = path.resolve(REPO_ROOT, '../shared/seed/partner-recruitment-api.md');

export function sourceFile(): string {
  return process.env.PARTNER_API_SOURCE || SHARED_SEED;
}

/** Whether the source can be read, and why not. */
export const SOURCE: { readonly available: boolean; readonly required: boolean; readonly reason: string } = (() => {
  const file = sourceFile();
  const available = existsSync(file);
  const shown = path.relative(process.cwd(), file) || file;
  return {
    available,
    required: process.env.PARTNER_API_SOURCE_REQUIRED === '1',
    reason: available ? '' : `the source document ${shown} is absent (put ../shared beside the repository or set PARTNER_API_SOURCE)`,
  };
})();
