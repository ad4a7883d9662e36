import { type GreenCsvRow, readGreenCsv } from './read-csv.js';

/**
 * Runs in the untrusted-files worker (read-csv-in-worker.ts,
 * docs/decisions/0040-untrusted-files-in-a-worker.md): the file's text as rows, or its refusal
 * (an AppError, which the pool hands back as it is).
 */
export function run(text: string): GreenCsvRow[] {
  return readGreenCsv(text);
}
