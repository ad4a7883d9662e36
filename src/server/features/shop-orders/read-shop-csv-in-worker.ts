import type { ShopColumns } from '#shared/schemas/shop-orders.js';
import { ownBuffer, taskModule, untrustedFiles } from '#server/untrusted-files/worker-pool.js';
import type { ShopFile } from './read-shop-csv.js';
import type { ShopCsvTask } from './shop-csv-worker-task.js';

const TASK = taskModule(import.meta.url, 'shop-csv-worker-task');

/**
 * A shop's orders export as its orders, read in the untrusted-files worker, off the request
 * thread (docs/decisions/0040-untrusted-files-in-a-worker.md); or the file's Spanish refusal.
 * The bytes move to the worker: the caller does not read them again.
 */
export const readShopCsvInWorker = (bytes: Buffer, columns: ShopColumns | null): Promise<ShopFile> =>
  untrustedFiles.run<ShopFile>(TASK, { bytes, columns } satisfies ShopCsvTask, ownBuffer(bytes));
