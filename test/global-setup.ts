/**
 * Once per `vitest run`: after the tests, say why the tests that read the source document were
 * skipped (the reporter counts skipped tests but does not print their names).
 */
import { SOURCE } from './spec/support/source-file.js';

export default function setup(): () => void {
  return () => {
    if (!SOURCE.available && !SOURCE.required) {
      process.stdout.write(`\nSkipped: the tests that compare spec/ with the source (test/spec/): ${SOURCE.reason}.\n`);
    }
  };
}
