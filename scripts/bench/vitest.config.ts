/**
 * `npm run bench:smoke`: the benchmarks' own check (every row prints a figure), run by CI after
 * `npm test` rather than inside it: measurements are not part of the test run.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: fileURLToPath(new URL('../..', import.meta.url)),
    include: ['scripts/bench/*.test.ts'],
    testTimeout: 300_000,
  },
});
