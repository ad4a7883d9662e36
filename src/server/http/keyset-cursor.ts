import { validationError } from '#server/errors.js';

/**
 * The opaque `next_cursor` of a keyset list (customers, orders): base64url of the page's last
 * row as [sort text, id]. The next request's `cursor` is read back with decodeKeysetCursor.
 */
export const encodeKeysetCursor = (sort: string, id: number): string => Buffer.from(JSON.stringify([sort, id])).toString('base64url');

/** `cursor` back to [sort text, id]; a cursor this API did not write is a 400 with `invalid`, never a 500. */
export function decodeKeysetCursor(cursor: string, invalid: string): { sort: string; id: number } {
  try {
    const value: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(value) && value.length === 2 && typeof value[0] === 'string' && Number.isSafeInteger(value[1])) {
      return { sort: value[0], id: value[1] as number };
    }
  } catch {
    // Not JSON: refused below.
  }
  throw validationError(invalid);
}
