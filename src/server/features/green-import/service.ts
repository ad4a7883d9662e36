import type { Kysely } from 'kysely';
import { parseSpanishDate } from '#shared/format.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { textMessages } from '#shared/messages.js';
import { csvMessages as m } from '#shared/csv-messages.js';
import { greenCoffeeMessages as g } from '#shared/green-coffee-messages.js';
import { type GreenCoffeeBody, greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import type { ImportResult, ImportRow } from '#shared/schemas/green-import.js';
import type { Origin } from '#shared/schemas/origins.js';
import { nameKey } from '#shared/text-keys.js';
import { textProblem, textProblemMessage } from '#shared/text-rules.js';
import { confusableSkeleton } from '#server/confusable-skeleton.js';
import type { Database } from '#server/db/schema.js';
import { withWriteTransaction } from '#server/db/write-transaction.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { foldText, parseDecimalCell } from '#server/untrusted-files/csv-text.js';
import { AppError, validationError } from '#server/errors.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { pagedItems } from '#server/http/csv-export.js';
import { createGreenLotInTransaction } from '#server/features/green-coffee/service.js';
import { listOrigins } from '#server/features/origins/service.js';
import { FIELD_HEADERS, type GreenCsvField, type GreenCsvRow } from './read-csv.js';
import { readGreenCsvInWorker } from './read-csv-in-worker.js';
import * as repository from './repository.js';

/**
 * Import of green lots from CSV (docs/product-guide.md#csv). Every row is checked with the green
 * form's own schema and rules, in the order of docs/product-guide.md#green-lot ('Por favor, completa todos
 * los campos.', the supplier of the origin, the lot code unique per origin and
 * unlike any other there, within the file too) and the text rules of every
 * field (docs/product-guide.md#data-rules); the answer is the preview, each
 * row with its problems.
 * Unless it is a dry run and only when no row has a problem, all lots are
 * written in ONE write transaction, each with its receipt in the ledger,
 * through the green area's own create: all of them or none.
 */
export async function importGreenLots(
  db: Kysely<Database>,
  bytes: Buffer,
  options: { dryRun: boolean; userId: number },
): Promise<ImportResult> {
  // Read in the untrusted-files worker, off the request thread (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const csvRows = await readGreenCsvInWorker(bytes);
  const origins: Origin[] = [];
  for await (const origin of pagedItems((page) => listOrigins(db, page))) origins.push(origin);
  const checked = csvRows.map((csvRow) => checkRow(csvRow, originMatcher(origins)));
  checkLotCodes(checked, await repository.existingLotCodes(db, [...new Set(checked.flatMap((c) => (c.body ? [c.body.origin_id] : [])))]));

  const withProblems = checked.filter((c) => c.row.problems.length > 0).length;
  const result: ImportResult = { dry_run: options.dryRun, total: checked.length, with_problems: withProblems, imported: 0, rows: checked.map((c) => c.row) };
  if (options.dryRun) return result;
  if (withProblems > 0) throw validationError(m.notSaved);

  // The answer comes out of the transaction: it is what a retry with the same Idempotency-Key gets back.
  return withWriteTransaction(db, async (trx) => {
    // Every origin the file names, locked up front in the one global order (docs/decisions/0005),
    // rather than row by row in the file's order.
    await lockLots(trx, [...new Set(checked.map((c) => c.body!.origin_id))].map((id) => ({ kind: 'origin', id, share: true })));
    for (const c of checked) {
      try {
        const id = await createGreenLotInTransaction(trx, c.body!, options.userId);
        recordActivity(trx, { action: 'import', area: 'green-coffee', record_id: id, record_label: c.body!.batch_code });
      } catch (error) {
        // A lot created or an origin changed since the preview: say which row, keep the status.
        if (error instanceof AppError) throw new AppError(error.code, m.rowLine(c.row.line, error.message));
        throw error;
      }
    }
    return { ...result, imported: checked.length };
  });
}

/**
 * The origins a name in the file may be. By its key first (nameKey: case,
 * accents, width and spaces aside, unique since migration 0009, so one at
 * most); only when no origin has that key, by a looser reading that also
 * drops punctuation and spaces ('santaana'), which can fit two origins
 * ('Santa Ana' and 'Santa-Ana'): the row then names both rather than pick one.
 * The keys are computed here from the names, so even origins written past the
 * application with the same key are two candidates, never a silent choice.
 */
function originMatcher(origins: readonly Origin[]): (name: string) => Origin[] {
  const group = (keyOf: (name: string) => string) => {
    const groups = new Map<string, Origin[]>();
    for (const origin of origins) groups.set(keyOf(origin.name), [...(groups.get(keyOf(origin.name)) ?? []), origin]);
    return groups;
  };
  const byKey = group(nameKey);
  const byLooseName = group(foldText);
  // A name of no Latin letters or digits has no loose reading: it is matched by its key only.
  return (name) => byKey.get(nameKey(name)) ?? (foldText(name) === '' ? undefined : byLooseName.get(foldText(name))) ?? [];
}

/**
 * Each row's lot code against its origin's lots and the rows above it: taken
 * ('Ya existe un lote con este código…'), like a taken one (names it), or
 * already in the file (names that row).
 */
function checkLotCodes(checked: readonly CheckedRow[], existing: Awaited<ReturnType<typeof repository.existingLotCodes>>): void {
  const takenKeys = new Set(existing.map((lot) => `${lot.origin_id}:${lot.batch_code_key}`));
  const takenLooks = new Map(existing.map((lot) => [`${lot.origin_id}:${lot.batch_code_skeleton}`, lot.batch_code]));
  const firstRowOf = new Map<string, number>();
  for (const c of checked) {
    if (!c.body) continue;
    const key = `${c.body.origin_id}:${lotCodeKey(c.body.batch_code)}`;
    const looks = `${c.body.origin_id}:${confusableSkeleton(c.body.batch_code)}`;
    const first = firstRowOf.get(key) ?? firstRowOf.get(looks);
    const lookAlike = takenLooks.get(looks);
    if (takenKeys.has(key)) c.row.problems.push(g.duplicateBatch);
    else if (lookAlike !== undefined) c.row.problems.push(textMessages.confusableLotCode(lookAlike));
    else if (first !== undefined) c.row.problems.push(m.duplicateInFile(first));
    else {
      firstRowOf.set(key, c.row.line);
      firstRowOf.set(looks, c.row.line);
    }
  }
}

interface CheckedRow {
  row: ImportRow;
  /** The green form's body, when the row passed the checks that need no database. */
  body?: GreenCoffeeBody;
}

function checkRow(csvRow: GreenCsvRow, findOrigins: (name: string) => Origin[]): CheckedRow {
  const { values } = csvRow;
  const row: ImportRow = { line: csvRow.row, ...values, problems: [] };
  if (csvRow.columnCountProblem) {
    row.problems.push(m.rowColumnCount(csvRow.columnCountProblem.found, csvRow.columnCountProblem.expected));
    return { row };
  }
  // docs/product-guide.md#green-lot: all fields are required, checked first.
  if (Object.values(values).some((value) => value === '')) {
    row.problems.push(g.required);
    return { row };
  }
  // The rules every text field has in the forms, each cell named by its column.
  for (const [field, value] of Object.entries(values) as [GreenCsvField, string][]) {
    const problem = textProblem(value, 'line');
    if (problem) row.problems.push(textProblemMessage(problem, FIELD_HEADERS[field], 'line'));
  }
  if (row.problems.length > 0) return { row };
  const candidates = findOrigins(values.origin);
  const origin = candidates.length === 1 ? candidates[0] : undefined;
  if (candidates.length === 0) row.problems.push(m.unknownOrigin(values.origin));
  if (candidates.length > 1) row.problems.push(m.ambiguousOrigin(values.origin, candidates.map((candidate) => candidate.name)));
  const quantity = parseDecimalCell(values.quantity_kg);
  if (quantity === null) row.problems.push(m.badNumber(FIELD_HEADERS.quantity_kg));
  const price = parseDecimalCell(values.unit_price);
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
    const messages = parsed.error.issues.map((issue) => (issue.message === g.invalidDate(date) ? m.badDate : issue.message));
    row.problems.push(...new Set(messages));
    return { row };
  }
  // docs/product-guide.md#green-lot: 'El proveedor/finca seleccionado no pertenece al origen elegido.'
  if (!origin.suppliers_fincas.includes(parsed.data.supplier_finca)) {
    row.problems.push(g.supplierNotInOrigin);
    return { row };
  }
  return { row, body: parsed.data };
}
