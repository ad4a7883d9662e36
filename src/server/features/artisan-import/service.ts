import type { Kysely, Transaction } from 'kysely';
import { roastedCoffeeMessages as roasted } from '#shared/roasted-coffee-messages.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { ArtisanBatchFile, ArtisanImportQuery, ArtisanPreview, ArtisanRoast } from '#shared/schemas/artisan.js';
import { type ArtisanRowFile, type ChosenGreenLot, checkArtisanRow, type RowProblem } from '#shared/artisan-row-rules.js';
import { businessDateSchema } from '#shared/schemas/common.js';
import { gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import { recordActivity } from '#server/write-pipeline/activity-log.js';
import { AppError, validationError } from '#server/errors.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { findGreenLotForArea } from '#server/features/green-coffee/service.js';
import { readFormatter } from '#server/features/settings/service.js';
import { createArtisanRoast, roastsByArtisanUuid } from '#server/features/roasted-coffee/service.js';
import type { AlogProfile } from './alog-profile.js';
import { readAlogFiles } from './parse-in-worker.js';

/**
 * Roasts from Artisan .alog files (docs/product-guide.md#artisan-import,
 * docs/decisions/0026-artisan-alog-import.md). A file becomes the roast form's
 * body (its in-weight, out-weight and date, the person's green lot and roast
 * type) and is recorded by the roasted-coffee area's own create, so the rules,
 * messages, ledger rows and lot code are the form's.
 */

/** The person's choices for one file: from the single import's query or a batch entry. */
export interface ImportChoices {
  green_coffee_id?: number | undefined;
  roast_type?: string | undefined;
  resultant_kg?: number | undefined;
  roast_date?: string | undefined;
}

/** One file to record: its bytes, the choices, and the name its messages give it in a batch. */
export interface ImportFile {
  bytes: Uint8Array;
  choices: ImportChoices;
  name?: string | undefined;
}

/** The query's text as numbers; text that is not one is the field's own message. */
export function choicesFromQuery(query: ArtisanImportQuery): ImportChoices {
  const id = query.green_coffee_id?.trim();
  const resultant = query.resultant_kg?.trim();
  if (id !== undefined && id !== '' && !/^\d{1,10}$/.test(id)) throw validationError(roasted.invalidGreenLot);
  if (resultant !== undefined && resultant !== '' && !/^\d+(\.\d+)?$/.test(resultant)) throw validationError(m.invalidResultant);
  return {
    green_coffee_id: id ? Number(id) : undefined,
    roast_type: query.roast_type,
    resultant_kg: resultant ? Number(resultant) : undefined,
    roast_date: query.roast_date?.trim() || undefined,
  };
}

/** A batch entry's choices (already typed by its JSON schema). */
export const choicesFromBatch = (file: ArtisanBatchFile): ImportChoices => ({
  green_coffee_id: file.green_coffee_id,
  roast_type: file.roast_type,
  resultant_kg: file.resultant_kg ?? undefined,
  roast_date: file.roast_date?.trim() || undefined,
});

/** The file's facts as the row's rules read them (#shared/artisan-row-rules). */
const rowFile = (profile: AlogProfile, dateProblem: string | null): ArtisanRowFile => ({
  green_kg: gramsToKg(profile.greenG),
  resultant_kg: profile.resultantG === null ? null : gramsToKg(profile.resultantG),
  roast_date: profile.roastDate,
  roast_date_problem: dateProblem,
  event_problems: profile.eventProblems,
});

/** The roast date's rules (docs/product-guide.md#roasted-lot): a real day from 01/01/2000 to today, with the roast form's messages. */
const roastDateSchema = businessDateSchema(roasted);

/**
 * What is wrong with the file's own date, whatever else: none, a date as
 * the roast form would refuse it ('La fecha de tostado no puede ser
 * posterior a hoy.'), one that is no day at all, or none in the file. A date
 * the person types in the preview replaces it (ImportChoices.roast_date).
 */
function fileDateProblem(profile: AlogProfile): string | null {
  if (profile.roastDate === null) return profile.badRoastDate === null ? m.dateMissing : m.badFileDate(profile.badRoastDate);
  const parsed = roastDateSchema.safeParse(profile.roastDate);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? roasted.invalidDate(profile.roastDate));
}

/** The chosen green lot's facts for the rules: null when the id names no lot. */
async function chosenGreenLot(db: DbOrTrx, id: number | undefined): Promise<ChosenGreenLot | undefined> {
  if (id === undefined) return undefined;
  return (await findGreenLotForArea(db, id)) ?? null;
}

/** The row's first broken rule as the import's refusal (the preview lists them all, in the same order). */
const refusalOf = (problem: RowProblem): AppError => new AppError(problem.code, problem.message);

/**
 * POST /api/artisan/preview: what an import would record, whether the file is already recorded,
 * and every rule the import would find broken with these choices (checkArtisanRow, the
 * import's own rules). Writes nothing.
 */
export async function previewArtisanFile(db: Kysely<Database>, bytes: Uint8Array, choices: ImportChoices = {}): Promise<ArtisanPreview> {
  // Read in the untrusted-files worker, off the request thread (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const profile = (await readAlogFiles(db, [bytes]))[0]!();
  const existing = (await roastsByArtisanUuid(db, [profile.roastUuid])).get(profile.roastUuid);
  const dateProblem = fileDateProblem(profile);
  const file = rowFile(profile, dateProblem);
  const { problems } = checkArtisanRow(file, choices, { green: await chosenGreenLot(db, choices.green_coffee_id), formatter: await readFormatter(db) });
  const events = profile.curve?.events ?? { charge: null, dry_end: null, fc_start: null, fc_end: null, sc_start: null, sc_end: null, drop: null };
  return {
    roast_uuid: profile.roastUuid,
    uuid_from_content: profile.uuidFromContent,
    green_kg: file.green_kg,
    resultant_kg: file.resultant_kg,
    weight_unit: profile.weightUnit,
    roast_date: profile.roastDate,
    roast_date_problem: dateProblem,
    artisan_batch: profile.artisanBatch,
    title: profile.title,
    beans: profile.beans,
    operator: profile.operator,
    roast_type: null,
    curve_points: profile.curve?.points.length ?? 0,
    temperature_unit: profile.curve?.unit ?? null,
    events,
    event_problems: profile.eventProblems,
    existing_roast_id: existing?.id ?? null,
    existing_batch_code: existing?.batch_code ?? null,
    problems: [...(existing ? [m.alreadyImported(existing.batch_code)] : []), ...problems.map((problem) => problem.message)],
  };
}

/**
 * Records the files' roasts, all in ONE write transaction or none
 * (docs/architecture.md#write-pipeline): every file is read and turned into
 * the form's body before the transaction (a bad file writes nothing and takes
 * no lock), then every green lot the files take from is locked in one
 * lockLots call, in the global order (docs/decisions/0005), and each roast is
 * created through the roasted-coffee area in the files' order. A refusal
 * names its file when there are several. Each created roast is one entry of
 * `created`, inside the transaction, where its activity-log entry belongs.
 */
/**
 * `answerOf` shapes the created roasts into the route's answer inside the
 * transaction: that value is what a retry with the same Idempotency-Key gets
 * back (docs/decisions/0023-idempotency-keys.md).
 */
export async function importArtisanFiles<Answer>(
  db: Kysely<Database>,
  files: readonly ImportFile[],
  userId: number,
  answerOf: (created: ArtisanRoast[]) => Answer,
): Promise<Answer> {
  const named = <T>(file: ImportFile, index: number, work: () => T): T => {
    try {
      return work();
    } catch (error) {
      if (error instanceof AppError && files.length > 1) throw new AppError(error.code, m.batchFile(fileLabel(file, index), error.message));
      throw error;
    }
  };
  // Every file read first, in the untrusted-files worker (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const read = await readAlogFiles(db, files.map((file) => file.bytes));
  const formatter = await readFormatter(db);
  // The file's own rules first, before any lock: a bad file takes none and writes nothing.
  const prepared = files.map((file, index) => named(file, index, () => {
    const profile = read[index]!();
    const rowFacts = rowFile(profile, fileDateProblem(profile));
    const { body, problems } = checkArtisanRow(rowFacts, file.choices, { requireChoices: true, formatter });
    if (problems[0] || !body) throw refusalOf(problems[0] ?? { code: 'validation', message: roasted.required });
    return { file, index, profile, rowFacts, body };
  }));
  refuseRepeatedProfiles(prepared);
  return withWriteTransaction(db, async (trx: Transaction<Database>) => {
    await lockLots(trx, prepared.map(({ body }) => ({ kind: 'green' as const, id: body.green_coffee_id })));
    const created: ArtisanRoast[] = [];
    for (const { file, index, profile, rowFacts, body } of prepared) {
      const roast = await (async () => {
        // Then the green lot's, on the locked lot as the earlier files of this import left it:
        // the preview's rules, so the import refuses only what the preview names.
        const green = await chosenGreenLot(trx, body.green_coffee_id);
        const [problem] = checkArtisanRow(rowFacts, file.choices, { green, requireChoices: true, formatter }).problems;
        if (problem) throw refusalOf(problem);
        return createArtisanRoast(trx, body, profile, userId);
      })().catch((error: unknown) => named(file, index, () => {
        throw error;
      }));
      created.push(roast);
      recordActivity(trx, { action: 'import', area: 'roasted-coffee', record_id: roast.id, record_label: roast.batch_code });
    }
    return answerOf(created);
  });
}

const fileLabel = (file: ImportFile, index: number): string => file.name?.trim() || m.batchFileName(index + 1);

/**
 * The same profile twice in one batch: the second is named as already in the
 * batch, before any lock or write. Inside the transaction it would meet the
 * roast the first had just created and be refused naming that roast's code, a
 * lot the rollback then erases (docs/decisions/0026-artisan-alog-import.md).
 */
function refuseRepeatedProfiles(prepared: readonly { file: ImportFile; index: number; profile: AlogProfile }[]): void {
  const first = new Map<string, { file: ImportFile; index: number }>();
  for (const { file, index, profile } of prepared) {
    const earlier = first.get(profile.roastUuid);
    if (earlier) throw validationError(m.batchFile(fileLabel(file, index), m.alreadyInBatch(fileLabel(earlier.file, earlier.index))));
    first.set(profile.roastUuid, { file, index });
  }
}
