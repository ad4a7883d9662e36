import { defineConfig } from 'vitest/config';
import { SkippedTestsReporter } from '#support/skipped-tests.js';

/** End-to-end specs: one file at a time (each starts its own server and browser). */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // npm run validate ends with a line naming what was skipped (support/skipped-tests.ts).
    reporters: ['default', new SkippedTestsReporter('vitest.e2e.config.ts')],
    // The page renders after the URL or the data changes: expect.poll retries
    // each check instead of reading the page once, mid-render.
    expect: { poll: { timeout: 10_000 } },
  },
});
