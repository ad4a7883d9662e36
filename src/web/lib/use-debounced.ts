import { useEffect, useState } from 'react';

/** How long the search boxes wait after the last key before they ask the server (a roastery has thousands of lots and customers). */
export const SEARCH_DELAY_MS = 250;

/**
 * `value` once it has stayed the same for `delayMs`: a search box asks the server after the
 * last key, not at every one (a shop has thousands of customers).
 */
export function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
