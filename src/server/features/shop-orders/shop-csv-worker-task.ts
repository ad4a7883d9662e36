import type { ShopColumns } from '#shared/schemas/shop-orders.js';
import { cleanFileText } from '#server/http/text-input.js';
import { decodeCsv } from '#server/untrusted-files/csv-text.js';
import { readShopCsv, type ShopFile } from './read-shop-csv.js';

export interface ShopCsvTask {
  bytes: Uint8Array;
  /** The preset's columns, or null for a file that must be Shopify's. */
  columns: ShopColumns | null;
}

/**
 * Runs in the untrusted-files worker (read-shop-csv-in-worker.ts,
 * docs/decisions/0040-untrusted-files-in-a-worker.md): the file's bytes as UTF-8 text (a
 * Latin-1 file refused), checked as every request's text is (no NUL or lone surrogate, NFC), as
 * the shop's orders; or its refusal (an AppError, which the pool hands back as it is).
 */
export function run({ bytes, columns }: ShopCsvTask): ShopFile {
  return readShopCsv(cleanFileText(decodeCsv(bytes)), columns);
}
