import { defineConfig } from 'vitest/config';

/**
 * `npm run test:reliability` (scripts/reliability.ts): crash loops, the model
 * of the inventory, fuzzing and load with faults. Not part of `npm test`; one
 * file at a time (they start servers and load the machine).
 */
export default defineConfig({
  test: {
    include: ['tests/reliability/**/*.test.ts'],
    setupFiles: ['tests/helpers/fail-on-console-error.ts'],
    fileParallelism: false,
    testTimeout: 3_600_000,
    hookTimeout: 120_000,
    pool: 'forks',
  },
});
