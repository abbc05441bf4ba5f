import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine. Most files wait
    // on child processes (tsc, npm, servers), so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
});
