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
    // npm run validate ends with a line naming what was skipped (support/skipped-tests.ts).
    reporters: ['default', new SkippedTestsReporter(null)],
  },
});
