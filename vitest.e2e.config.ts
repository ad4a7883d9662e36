import { defineConfig } from 'vitest/config';
import { SkippedTestsReporter } from '#support/skipped-tests.js';

/** End-to-end specs: two files at a time, each with its own server, database and browser. */
export default defineConfig({
  test: {
    include: ['e2e/**/*.e2e.test.ts'],
    // A spec mostly waits (the browser's renders, the server's answers, PostgreSQL in the race
    // through two processes): one file at a time left CI's 2 cores mostly idle. Nothing is shared
    // between files (a free port, a temporary database and a browser each), so two run side by side
    // (docs/decisions/0051-ci-time.md).
    maxWorkers: 2,
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
