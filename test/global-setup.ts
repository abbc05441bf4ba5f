/**
 * Once per `vitest run`: before the tests, the seed the property tests run on (test/property-seed.ts);
 * after them, why the tests that read the source document were skipped (the reporter counts
 * skipped tests but does not print their names).
 */
import { propertySeed } from './property-seed.js';
import { SOURCE } from './spec/support/source-file.js';

export default function setup(): () => void {
  process.stdout.write(`Property tests: fast-check seed ${propertySeed()} (PROPERTY_SEED=<integer> runs them on another).\n`);
  return () => {
    if (!SOURCE.available && !SOURCE.required) {
      process.stdout.write(`\nSkipped: the tests that compare spec/ with the source (test/spec/): ${SOURCE.reason}.\n`);
    }
  };
}
