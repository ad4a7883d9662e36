/**
 * Turns for other requests during long work on the request thread (bench P15: `/api/health`
 * within 100 ms while a 10,000-line shop file is previewed or imported,
 * docs/decisions/0047-shop-orders-import.md). SQLite answers synchronously, so a big lookup or
 * `INSERT` is a stretch of the thread like any computation; a turn between them lets the
 * requests that arrived meanwhile run.
 */

/**
 * The thread's longest stretch before other requests get a turn. By time, not by a count of
 * items: an item's cost varies with its content and the host's load.
 */
const TURN_MS = 8;

/** A turn now: the I/O callbacks waiting (other requests) run before the caller goes on. */
export const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** A function that gives a turn (nextTurn) once TURN_MS went by since the last one, and returns at once otherwise. */
export function turnTaker(): () => Promise<void> {
  let last = performance.now();
  return async () => {
    if (performance.now() - last < TURN_MS) return;
    await nextTurn();
    last = performance.now();
  };
}
