import { ALOG_MAX_BYTES } from '#shared/limits.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { validationError } from '#server/errors.js';
import { readFormatter } from '#server/features/settings/service.js';
import { ownBuffer, taskModule, untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import { wordAlogRefusal } from './alog-parser.js';
import type { AlogProfile } from './alog-profile.js';
import type { AlogReading } from './alog-worker-task.js';

const TASK = taskModule(import.meta.url, 'alog-worker-task');

/**
 * Reads .alog files in the untrusted-files worker, off the request thread
 * (docs/decisions/0040-untrusted-files-in-a-worker.md), all of one request in one task: one
 * function per file, in order, that returns its profile or throws its Spanish reason as a 400.
 * The files after the first refused are not read: their functions throw too, but the import
 * stops at that first one. The files' bytes move to the worker: the caller does not read them again.
 * A refusal's figures are worded here in the shop's regional format, the settings read only
 * then (docs/decisions/0042-one-regional-formatter.md).
 */
export async function readAlogFiles(db: DbOrTrx, files: readonly Uint8Array[]): Promise<(() => AlogProfile)[]> {
  const readings = await untrustedFiles.run<AlogReading[]>(TASK, files, [...new Set(files.flatMap(ownBuffer))]);
  const last = readings.at(-1);
  const refusal = last && 'refusal' in last ? wordAlogRefusal(last.refusal, await readFormatter(db)) : undefined;
  return files.map((_file, index) => () => {
    const reading = readings[index] ?? last;
    if (reading === undefined) throw new Error('el archivo no se leyó');
    if ('refusal' in reading) throw validationError(refusal!);
    return reading.profile;
  });
}

/**
 * A batch brings at most one largest file's bytes (ALOG_MAX_BYTES in all): its files are read in
 * one task, so a request never holds the worker longer than one file of the limit would
 * (docs/decisions/0040-untrusted-files-in-a-worker.md).
 */
export async function checkBatchBytes(db: DbOrTrx, files: readonly Uint8Array[]): Promise<void> {
  if (files.reduce((total, file) => total + file.length, 0) > ALOG_MAX_BYTES) throw validationError(m.batchTooLarge(await readFormatter(db)));
}
