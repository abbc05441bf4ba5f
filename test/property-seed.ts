/**
 * The property tests (fast-check) run on one fixed seed, so a run is repeatable and a failure
 * replays: `PROPERTY_SEED=<integer> npx vitest run ...` runs them on another. Loaded before every
 * test file (vitest.config.ts `setupFiles`); test/global-setup.ts prints the seed once per run. A
 * failing property prints `{ seed, path }`, and the same seed with that path replays the case.
 */
import fc from 'fast-check';

/** The seed when PROPERTY_SEED is not set. */
export const DEFAULT_PROPERTY_SEED = 20_261_127;

/** PROPERTY_SEED if set (an integer), else the default. */
export function propertySeed(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.PROPERTY_SEED?.trim();
  if (!raw) return DEFAULT_PROPERTY_SEED;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED=${JSON.stringify(raw)} is not an integer`);
  return seed;
}

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: propertySeed() });
