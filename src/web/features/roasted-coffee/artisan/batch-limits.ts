import { ALOG_BATCH_MAX_FILES, ALOG_MAX_BYTES } from '#shared/limits.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { Formatter } from '#shared/format.js';

/**
 * Why one confirm of these files would be refused by the batch route, in Spanish, or undefined
 * when it fits: at most ALOG_BATCH_MAX_FILES files, of ALOG_MAX_BYTES (5 MB) in all, the limits
 * the server checks (docs/product-guide.md#artisan-import). The screen says so before sending
 * and keeps the confirm off until the person removes files: it never splits a confirm, whose
 * files are recorded all or none.
 */
export function batchRefusal(fileSizes: readonly number[], f: Formatter): string | undefined {
  if (fileSizes.length > ALOG_BATCH_MAX_FILES) return m.batchTooManyOnScreen(fileSizes.length);
  const bytes = fileSizes.reduce((total, size) => total + size, 0);
  return bytes > ALOG_MAX_BYTES ? m.batchTooLargeOnScreen(bytes, f) : undefined;
}
