import { cleanFileText } from '#server/http/text-input.js';
import { decodeCsv } from '#server/untrusted-files/csv-text.js';
import { type GreenCsvRow, readGreenCsv } from './read-csv.js';

/**
 * Runs in the untrusted-files worker (read-csv-in-worker.ts,
 * docs/decisions/0040-untrusted-files-in-a-worker.md): the file's bytes as UTF-8 text (a
 * Latin-1 file refused), checked as every request's text is (no NUL or lone surrogate, NFC), as
 * rows; or its refusal (an AppError, which the pool hands back as it is).
 */
export function run(bytes: Uint8Array): GreenCsvRow[] {
  return readGreenCsv(cleanFileText(decodeCsv(bytes)));
}
