import { taskModule, untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import type { GreenCsvRow } from './read-csv.js';

const TASK = taskModule(import.meta.url, 'csv-worker-task');

/**
 * readGreenCsv in the untrusted-files worker, off the request thread
 * (docs/decisions/0040-untrusted-files-in-a-worker.md): the rows, or the file's Spanish refusal.
 */
export const readGreenCsvInWorker = (text: string): Promise<GreenCsvRow[]> => untrustedFiles.run<GreenCsvRow[]>(TASK, text);
