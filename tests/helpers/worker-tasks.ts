import { validationError } from '#server/errors.js';

/**
 * Tasks for tests/unit/untrusted-file-pool.test.ts, run in the pool's worker: each input names
 * what the task does, as a file that makes a reader misbehave would.
 */
export function run(input: { do: 'echo' | 'refuse' | 'fail' | 'spin' | 'allocate'; value?: unknown }): unknown {
  switch (input.do) {
    case 'echo':
      return input.value;
    case 'refuse':
      throw validationError('El archivo no sirve.');
    case 'fail':
      throw new TypeError('un fallo del lector');
    case 'spin':
      for (;;) {
        // A reader that never ends.
      }
    case 'allocate': {
      const kept: number[][] = [];
      for (;;) kept.push(Array.from({ length: 10_000 }, (_, i) => i + 0.5));
    }
  }
}
