import { z } from 'zod';

/**
 * POST /api/green-coffee/import (docs/product-guide.md#csv): the CSV's limits and the preview it
 * answers. The limits keep one import inside one write transaction of a few
 * seconds, and the preview small enough for the browser to show.
 */
export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_MAX_COLUMNS = 20;
/**
 * Cells in the whole file, the header's included: as many as the largest file of the template's
 * shape holds. The rows and the header's columns have their own limits, but a row's cells had
 * none (5 MB of ';' on one line was 5 million cells), docs/decisions/0040-untrusted-files-in-a-worker.md.
 */
export const IMPORT_MAX_CELLS = (IMPORT_MAX_ROWS + 1) * IMPORT_MAX_COLUMNS;

/**
 * The green lots' CSV headers, as the 'Stock Actual' table names its columns:
 * the export writes them and the import reads them (plus a few aliases), so an
 * exported file imports back. 'Stock Actual (Kg)' is ignored on import: a new
 * lot's stock is what it received.
 */
export const GREEN_CSV_HEADERS = {
  batchCode: 'Lote',
  origin: 'Origen',
  supplier: 'Proveedor/Finca',
  stock: 'Stock Actual (Kg)',
  quantity: 'Recibido (Kg)',
  price: 'Precio ($/Kg)',
  entryDate: 'Fecha Entrada',
} as const;

/** One row as read (trimmed text), with its line in the file and its problems (empty when it can be imported). */
export const importRowSchema = z.object({
  line: z.number().int(),
  batch_code: z.string(),
  origin: z.string(),
  supplier_finca: z.string(),
  quantity_kg: z.string(),
  unit_price: z.string(),
  entry_date: z.string(),
  problems: z.array(z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importResultSchema = z.object({
  dry_run: z.boolean(),
  /** Rows read (the header not counted). */
  total: z.number().int(),
  /** Rows with at least one problem; nothing is written unless it is 0. */
  with_problems: z.number().int(),
  /** Lots written (0 in a dry run). */
  imported: z.number().int(),
  rows: z.array(importRowSchema),
});
export type ImportResult = z.infer<typeof importResultSchema>;

export const importQuerySchema = z.object({
  dry_run: z.enum(['true', 'false']).default('true').transform((value) => value === 'true'),
});
