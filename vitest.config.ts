import os from 'node:os';
import { defineConfig } from 'vitest/config';
import { SkippedTestsReporter } from '#support/skipped-tests.js';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    // The reliability suite (crash loops, fuzzing, load with faults) runs on its own: `npm run test:reliability`.
    exclude: ['tests/reliability/**', 'node_modules/**'],
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // An API test file spends most of its time waiting (PostgreSQL's answers, the server's I/O), not
    // computing. Vitest's default, one worker fewer than the cores, is a single worker on CI's 2 cores:
    // one core idle and the other half idle. Three files at a time keep both busy
    // (docs/decisions/0051-ci-time.md); a bigger machine keeps the default.
    maxWorkers: Math.max(os.availableParallelism() - 1, 3),
    // npm run validate ends with a line naming what was skipped (support/skipped-tests.ts).
    reporters: ['default', new SkippedTestsReporter(null)],
  },
});
