import { afterEach, beforeEach, type MockInstance, vi } from 'vitest';

/** An unexpected console.error is a bug somewhere: fail the test that caused it. */
let spy: MockInstance<typeof console.error>;
beforeEach(() => {
  spy = vi.spyOn(console, 'error');
});
afterEach(() => {
  const calls = spy.mock.calls;
  spy.mockRestore();
  if (calls.length > 0) throw new Error(`console.error inesperado: ${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
});
