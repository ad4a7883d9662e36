import { type AlogProfile, readAlogFile } from './alog-profile.js';
import { AlogFormatError, type AlogRefusal } from './alog-parser.js';

/**
 * Runs in the untrusted-files worker (parse-in-worker.ts, docs/decisions/0040-untrusted-files-in-a-worker.md):
 * reads the files in their order, each a profile or the reader's refusal (a limit as data, which
 * the server words in the shop's format), and stops at the first refused (the import refuses the
 * batch there; the files after it are not read).
 */
export type AlogReading = { profile: AlogProfile } | { refusal: AlogRefusal };

export function run(files: readonly Uint8Array[]): AlogReading[] {
  const readings: AlogReading[] = [];
  for (const bytes of files) {
    try {
      readings.push({ profile: readAlogFile(bytes) });
    } catch (error) {
      if (!(error instanceof AlogFormatError)) throw error;
      readings.push({ refusal: error.refusal });
      break;
    }
  }
  return readings;
}
