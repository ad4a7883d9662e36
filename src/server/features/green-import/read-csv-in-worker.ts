import { ownBuffer, taskModule, untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import type { GreenCsvRow } from './read-csv.js';

const TASK = taskModule(import.meta.url, 'csv-worker-task');

/**
 * The uploaded bytes as rows, read in the untrusted-files worker, off the request thread
 * (docs/decisions/0040-untrusted-files-in-a-worker.md): decoded, checked as a file's text and
 * parsed there, so not even the 5 MB string is made on the request thread; or the file's
 * Spanish refusal. The bytes move to the worker: the caller does not read them again.
 */
export const readGreenCsvInWorker = (bytes: Buffer): Promise<GreenCsvRow[]> => untrustedFiles.run<GreenCsvRow[]>(TASK, bytes, ownBuffer(bytes));
