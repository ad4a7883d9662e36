import type { Kysely } from 'kysely';
import { parseSpanishDate } from '#shared/format.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { csvMessages as m, greenCoffeeMessages as g } from '#shared/messages.js';
import { type GreenCoffeeBody, greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import type { ImportResult, ImportRow } from '#shared/schemas/green-import.js';
import type { Origin } from '#shared/schemas/origins.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { AppError, validationError } from '#server/errors.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { pagedItems } from '#server/http/csv-export.js';
import { createGreenLotInTransaction } from '../green-coffee/service.js';
import { listOrigins } from '../origins/service.js';
import { FIELD_HEADERS, foldText, type GreenCsvRow, parseDecimalText, readGreenCsv } from './read-csv.js';
import * as repository from './repository.js';

/**
 * Import of green lots from CSV (issue 20). Every row is checked with the green
 * form's own schema and rules, in the spec's order ('Por favor, completa todos
 * los campos.', the supplier of the origin, the lot code unique per origin,
 * within the file too); the answer is the preview, each row with its problems.
 * Unless it is a dry run and only when no row has a problem, all lots are
 * written in ONE write transaction, each with its receipt in the ledger,
 * through the green area's own create: all of them or none.
 */
export async function importGreenLots(
  db: Kysely<Database>,
  text: string,
  options: { dryRun: boolean; userId: number },
): Promise<ImportResult> {
  const csvRows = readGreenCsv(text);
  const exact = new Map<string, Origin>();
  const folded = new Map<string, Origin>();
  for await (const origin of pagedItems((page) => listOrigins(db, page))) {
    exact.set(origin.name, origin);
    if (!folded.has(foldText(origin.name))) folded.set(foldText(origin.name), origin);
  }
  // The exact name first; then one written without accents or in other case ('etiopia').
  const findOrigin = (name: string) => exact.get(name) ?? folded.get(foldText(name));

  const checked = csvRows.map((csvRow) => checkRow(csvRow, findOrigin));
  const taken = await repository.existingBatchKeys(db, [...new Set(checked.flatMap((c) => (c.body ? [c.body.origin_id] : [])))]);
  const firstRowOf = new Map<string, number>();
  for (const c of checked) {
    if (!c.body) continue;
    const key = `${c.body.origin_id}:${lotCodeKey(c.body.batch_code)}`;
    const first = firstRowOf.get(key);
    if (taken.has(key)) c.row.problems.push(g.duplicateBatch);
    else if (first !== undefined) c.row.problems.push(m.duplicateInFile(first));
    else firstRowOf.set(key, c.row.line);
  }

  const withProblems = checked.filter((c) => c.row.problems.length > 0).length;
  const result: ImportResult = { dry_run: options.dryRun, total: checked.length, with_problems: withProblems, imported: 0, rows: checked.map((c) => c.row) };
  if (options.dryRun) return result;
  if (withProblems > 0) throw validationError(m.notSaved);

  await withWriteTransaction(db, async (trx) => {
    // Every origin the file names, locked up front in the one global order (docs/decisions/0005),
    // rather than row by row in the file's order.
    await lockLots(trx, [...new Set(checked.map((c) => c.body!.origin_id))].map((id) => ({ kind: 'origin', id, share: true })));
    for (const c of checked) {
      try {
        await createGreenLotInTransaction(trx, c.body!, options.userId);
      } catch (error) {
        // A lot created or an origin changed since the preview: say which row, keep the status.
        if (error instanceof AppError) throw new AppError(error.code, m.rowLine(c.row.line, error.message));
        throw error;
      }
    }
  });
  return { ...result, imported: checked.length };
}

interface CheckedRow {
  row: ImportRow;
  /** The green form's body, when the row passed the checks that need no database. */
  body?: GreenCoffeeBody;
}

function checkRow(csvRow: GreenCsvRow, findOrigin: (name: string) => Origin | undefined): CheckedRow {
  const { values } = csvRow;
  const row: ImportRow = { line: csvRow.row, ...values, problems: [] };
  if (csvRow.columnCountProblem) {
    row.problems.push(m.rowColumnCount(csvRow.columnCountProblem.found, csvRow.columnCountProblem.expected));
    return { row };
  }
  // Spec 5 "Green coffee": all fields are required, checked first.
  if (Object.values(values).some((value) => value === '')) {
    row.problems.push(g.required);
    return { row };
  }
  const origin = findOrigin(values.origin);
  if (!origin) row.problems.push(m.unknownOrigin(values.origin));
  const quantity = parseDecimalText(values.quantity_kg);
  if (quantity === null) row.problems.push(m.badNumber(FIELD_HEADERS.quantity_kg));
  const price = parseDecimalText(values.unit_price);
  if (price === null) row.problems.push(m.badNumber(FIELD_HEADERS.unit_price));
  // The same reading of a typed date as the web's date fields: day first as in Spain, or ISO.
  const date = parseSpanishDate(values.entry_date) ?? null;
  if (date === null) row.problems.push(m.badDate);
  if (!origin || quantity === null || price === null || date === null) return { row };

  const parsed = greenCoffeeBodySchema.safeParse({
    origin_id: origin.id,
    supplier_finca: values.supplier_finca,
    quantity_kg: quantity,
    unit_price: price,
    entry_date: date,
    batch_code: values.batch_code,
  });
  if (!parsed.success) {
    // The form's messages; its date message names only AAAA-MM-DD, the import takes both.
    const messages = parsed.error.issues.map((issue) => (issue.message === g.invalidDate ? m.badDate : issue.message));
    row.problems.push(...new Set(messages));
    return { row };
  }
  // Spec 5: 'El proveedor/finca seleccionado no pertenece al origen elegido.'
  if (!origin.suppliers_fincas.includes(parsed.data.supplier_finca)) {
    row.problems.push(g.supplierNotInOrigin);
    return { row };
  }
  return { row, body: parsed.data };
}
