import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    // The property tests' fixed seed (PROPERTY_SEED overrides it), set before each file.
    setupFiles: ['test/property-seed.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Vitest's default is one worker fewer than the CPUs: one on a 2-core machine. Most files wait
    // on child processes (tsc, npm, servers), so two share two cores well.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // Files of one worker share loaded modules (the generator, Redocly, ajv are imported once per
    // worker, not once per file); every test file restores what it changes (fetch, servers, env).
    isolate: false,
    env: { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
});
