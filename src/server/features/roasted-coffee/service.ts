import type { Kysely, Transaction } from 'kysely';
import { roastedLotCode } from '#shared/lot-codes.js';
import { greenLotBreaks, roastBeforeEntry } from '#shared/roast-rules.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { artisanMessages } from '#shared/artisan-messages.js';
import type { ArtisanCurve, RoastCurve } from '#shared/schemas/artisan.js';
import type { RoastedCoffee, RoastedCoffeeBody, RoastedCoffeeListQuery } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, hundredthsToPercent, kgToGrams, percentToHundredths } from '#shared/units.js';
import {
  figureDifferences,
  figuresOutside,
  REFERENCE_FIGURES,
  type ReferenceFigure,
  type ReferenceTolerances,
  type RoastFigures,
  weightLossPercent,
} from '#shared/reference-profile.js';
import type { RoastReferenceComparison } from '#shared/schemas/roasted-coffee.js';
import type { Settings } from '#shared/schemas/settings.js';
import { convertTemperature, type TemperatureUnit } from '#shared/temperature.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import { isForeignKeyViolation, isUniqueViolation } from '#server/db/constraint-errors.js';
import { insertWithLotCode } from '#server/db/insert-with-lot-code.js';
import { refuseTakenLotCode } from '#server/db/lot-code-columns.js';
import type { Database, RoastedCoffeeRow } from '#server/db/schema.js';
import { AppError, notFoundError, validationError } from '#server/errors.js';
import { getSettings, readFormatter, readTemperatureUnit } from '#server/features/settings/service.js';
import { type DbOrTrx, retryTransaction, withWriteTransaction } from '#server/db/write-transaction.js';
import { lockLots } from '#server/ledger/lot-locks.js';
import { moveStock, writeOffBeforeDelete } from '#server/ledger/ledger.js';
import { findGreenLotForArea, type GreenLotWithOrigin } from '#server/features/green-coffee/service.js';
import { blendsDrawing } from '#server/features/blended-coffee/service.js';
import { hasSales, salesSummary } from '#server/features/sales/service.js';
import { markCostInputsChanged, roastCostsPerKg } from '#server/features/costs/service.js';
import { type FreshnessRules, roastAge } from '#shared/freshness.js';
import { localIsoDate } from '#shared/local-date.js';
import * as repository from './repository.js';
import { curveInUnit, rateOfRise, roastMetrics } from './roast-metrics.js';

/** Every ledger row this feature writes points back at its roast. */
const REF_KIND = 'roast';

/* ------------------------------------------------ reference profile (docs/decisions/0053-reference-profile.md) */

/** What the list needs to flag a roast against its product's reference: the tolerances and the shop's temperature unit. */
interface ToleranceCheck {
  tolerances: ReferenceTolerances;
  unit: TemperatureUnit;
}

/** The tolerances of Configuración, by figure (null: not checked). */
const tolerancesOf = (settings: Settings): ReferenceTolerances => ({
  first_crack: settings.tolerance_first_crack_s,
  dtr: settings.tolerance_dtr_pct,
  drop_temp: settings.tolerance_drop_temp,
  total_time: settings.tolerance_total_time_s,
  weight_loss: settings.tolerance_weight_loss_pct,
});

/** The tolerances of Configuración (null when none is set: nothing to check) and the unit the temperature's is in. */
function toleranceCheckOf(settings: Settings): ToleranceCheck | null {
  const tolerances = tolerancesOf(settings);
  return Object.values(tolerances).every((tolerance) => tolerance === null) ? null : { tolerances, unit: settings.temperature_unit };
}

/**
 * What a listed roast's row needs from Configuración, in one read of the settings: its freshness
 * rules ('Reposo', 'Frescura': the settings carry both) and its tolerance check.
 */
async function readRowRules(db: DbOrTrx): Promise<{ rules: FreshnessRules; check: ToleranceCheck | null }> {
  const settings = await getSettings(db);
  return { rules: settings, check: toleranceCheckOf(settings) };
}

const numberOrNull = (value: number | string | null): number | null => (value === null ? null : Number(value));

/** A roast's stored figures (drop temperature in °C) with its weight loss from its exact grams. */
const storedFigures = (
  figures: { first_crack_s: number | null; total_time_s: number | null; dtr_pct: number | null; drop_bt_c: number | null },
  greenG: number,
  resultantG: number,
): RoastFigures => ({
  first_crack: numberOrNull(figures.first_crack_s),
  dtr: numberOrNull(figures.dtr_pct),
  drop_temp: numberOrNull(figures.drop_bt_c),
  total_time: numberOrNull(figures.total_time_s),
  weight_loss: weightLossPercent(Number(greenG), Number(resultantG)),
});

/** The reference's figures as the list row joined them; undefined when the product has no reference. */
const referenceFiguresOf = (record: repository.RoastRecord): RoastFigures | undefined =>
  record.ref_id === null || record.ref_quantity_green_g === null || record.ref_resultant_g === null
    ? undefined
    : storedFigures(
        { first_crack_s: record.ref_first_crack_s, total_time_s: record.ref_total_time_s, dtr_pct: record.ref_dtr_pct, drop_bt_c: record.ref_drop_bt_c },
        record.ref_quantity_green_g,
        record.ref_resultant_g,
      );

/** The figures outside tolerance of a listed roast: none for the reference itself, a product without one, or no tolerance set. */
function outsideTolerance(record: repository.RoastRecord, check: ToleranceCheck | null): ReferenceFigure[] {
  const reference = referenceFiguresOf(record);
  if (!check || !reference || Number(record.ref_id) === record.id) return [];
  return figuresOutside(figureDifferences(storedFigures(record, record.quantity_green_g, record.resultant_g), reference, check.unit), check.tolerances);
}

const toRoastedCoffee = (
  record: repository.RoastRecord,
  costs: ReadonlyMap<number, number>,
  rules: FreshnessRules,
  today: string,
  check: ToleranceCheck | null,
): RoastedCoffee => ({
  id: record.id,
  version: record.version,
  green_coffee_id: record.green_coffee_id,
  green_batch_code: record.green_batch_code,
  origin_id: record.origin_id,
  origin_name: record.origin_name,
  quantity_green_kg: gramsToKg(record.quantity_green_g),
  resultant_kg: gramsToKg(record.resultant_g),
  // "Shrinkage = quantity_green_kg − resultant_kg" (docs/product-guide.md#entities), computed from the stored grams, never stored.
  shrinkage_kg: gramsToKg(record.quantity_green_g - record.resultant_g),
  stock_kg: gramsToKg(record.stock_g),
  cost_per_kg: costs.get(record.id) ?? 0,
  roast_type: record.roast_type,
  roast_date: record.roast_date,
  batch_code: record.batch_code,
  artisan_batch: record.artisan_batch,
  has_curve: Number(record.has_curve) === 1,
  ...roastAge(record.roast_date, today, rules),
  notes: record.notes,
  cupping_score: record.cupping_score === null ? null : hundredthsToPercent(Number(record.cupping_score)),
  reference: Number(record.is_reference) === 1,
  outside_tolerance: outsideTolerance(record, check),
});

const notEnoughGreen = async (db: DbOrTrx, availableG: number) =>
  new AppError('insufficient_stock', m.notEnoughGreen(gramsToKg(availableG), await readFormatter(db)));

/** The refusal after a conditional stock update failed: names the lot's stock as it is now. */
const notEnoughGreenNow = async (trx: DbOrTrx, greenId: number) =>
  notEnoughGreen(trx, (await findGreenLotForArea(trx, greenId))?.stock_g ?? 0);
const duplicateBatch = () => new AppError('duplicate', m.duplicateBatch);

export async function listRoasts(db: Kysely<Database>, query: RoastedCoffeeListQuery) {
  const { rows, total } = await repository.listRoasts(db, {
    limit: query.limit,
    offset: query.offset,
    originId: query.origin_id,
    inStock: query.in_stock,
  });
  const costs = await roastCostsPerKg(db, rows.map((row) => row.id));
  const { rules, check } = await readRowRules(db);
  const today = localIsoDate();
  return { items: rows.map((row) => toRoastedCoffee(row, costs, rules, today, check)), total, limit: query.limit, offset: query.offset };
}

/** For the trace: roasted lots by id (in no particular order) or by code key, with their green lot, origin and farm. */
export type { RoastRecord } from './repository.js';
export const findRoastsWithSource = (db: DbOrTrx, ids: readonly number[]): Promise<repository.RoastRecord[]> => repository.findRoastsByIds(db, ids);
export const findRoastsByCodeKey = (db: DbOrTrx, key: string): Promise<repository.RoastRecord[]> => repository.findRoastsByCodeKey(db, key);

/** The roast as the API shows it, or undefined (the activity log's "before", write-pipeline/activity-rule.ts). */
export async function findRoastItem(db: DbOrTrx, id: number): Promise<RoastedCoffee | undefined> {
  const record = await repository.findRoastById(db, id);
  if (!record) return undefined;
  const { rules, check } = await readRowRules(db);
  return toRoastedCoffee(record, await roastCostsPerKg(db, [id]), rules, localIsoDate(), check);
}

async function readRoast(db: DbOrTrx, id: number): Promise<RoastedCoffee> {
  const roast = await findRoastItem(db, id);
  if (!roast) throw notFoundError(m.notFound);
  return roast;
}

/** 'El lote de café verde seleccionado no es válido.' (docs/product-guide.md#roasted-lot, third rule, after the schema's two). */
async function validGreenLot(trx: DbOrTrx, id: number): Promise<GreenLotWithOrigin> {
  const green = await findGreenLotForArea(trx, id);
  if (!green) throw validationError(m.invalidGreenLot);
  return green;
}

/** A roast is dated on or after its green lot's entry (the same day is fine). */
function refuseRoastBeforeEntry(body: RoastedCoffeeBody, green: GreenLotWithOrigin): void {
  if (roastBeforeEntry(body.roast_date, green)) throw validationError(m.beforeGreenEntry(green.batch_code, green.entry_date));
}

/**
 * What the blends and sales of a roasted lot recorded stays true
 * (docs/product-guide.md#data-rules): once the lot is in a blend or
 * sold, its green lot (and so its origin) and its roast type are fixed (409),
 * and its date stays on or before the first blend and the first sale that use
 * it (400). The roasted lot is locked, and every blend and sale write locks the
 * lots it takes from, so none comes, goes or changes date meanwhile.
 */
async function refuseContradictingUses(trx: DbOrTrx, roast: RoastedCoffeeRow, body: RoastedCoffeeBody): Promise<void> {
  const blends = await blendsDrawing(trx, roast.id);
  const sales = await salesSummary(trx, 'tostado', roast.id);
  if (blends.length > 0 || sales.count > 0) {
    const blendCodes = blends.map((blend) => blend.batch_code);
    if (body.green_coffee_id !== roast.green_coffee_id) throw new AppError('in_use', m.greenLotFixed(blendCodes, sales.count));
    if (body.roast_type !== roast.roast_type) throw new AppError('in_use', m.roastTypeFixed(blendCodes, sales.count));
  }
  const firstBlend = blends[0];
  if (firstBlend && body.roast_date > firstBlend.creation_date) throw validationError(m.afterBlend(firstBlend.batch_code, firstBlend.creation_date));
  if (sales.firstDate !== null && body.roast_date > sales.firstDate) throw validationError(m.afterSale(sales.firstDate));
}

/** The body's notes and cupping score as stored (hundredths); a field left out of the body is left out here, so an edit keeps it. */
const notesAndScore = (body: RoastedCoffeeBody): Partial<Pick<RoastedCoffeeRow, 'notes' | 'cupping_score'>> => ({
  ...(body.notes === undefined ? {} : { notes: body.notes }),
  ...(body.cupping_score === undefined ? {} : { cupping_score: body.cupping_score === null ? null : percentToHundredths(body.cupping_score) }),
});

/** Inserts the roast under the typed code or one made from the origin and roast date (docs/product-guide.md#business-constants, CO-010124-1234). */
const insertRoast = (
  trx: Transaction<Database>,
  values: Omit<repository.RoastValues, 'batch_code'>,
  typedCode: string | undefined,
  originName: string,
): Promise<number> => {
  const now = Date.now();
  return insertWithLotCode({
    typedCode,
    generate: () => roastedLotCode(originName, values.roast_date),
    refuseTaken: (code) => refuseTakenLotCode(trx, 'roasted_coffee', code, {}, duplicateBatch),
    insert: (batch_code) => repository.insertRoast(trx, { ...values, batch_code }, now),
    duplicate: duplicateBatch,
    unavailableMessage: m.lotCodeUnavailable,
  });
};

/**
 * Locks a roast together with its green lot (and `otherGreenId`, the lot an edit
 * moves it to) in the global order, green before roasted (docs/decisions/0005).
 * Which green lot is only known from the roast, so it is read once without a
 * lock; if an edit moved the roast to another lot before our locks were taken,
 * the transaction starts over rather than lock out of order. Undefined when the
 * roast does not exist.
 */
async function lockRoastWithGreen(
  trx: Transaction<Database>,
  id: number,
  otherGreenId?: number,
): Promise<RoastedCoffeeRow | undefined> {
  const seen = await repository.findRoastRow(trx, id);
  if (!seen) return undefined;
  const greens = otherGreenId === undefined ? [seen.green_coffee_id] : [seen.green_coffee_id, otherGreenId];
  await lockLots(trx, [...greens.map((greenId) => ({ kind: 'green' as const, id: greenId })), { kind: 'roasted', id }]);
  const roast = await repository.findRoastRow(trx, id);
  if (roast && roast.green_coffee_id !== seen.green_coffee_id) retryTransaction('roast_moved_to_another_green_lot');
  return roast;
}

/**
 * Creating a roast (docs/product-guide.md#stock-moves): in ONE transaction the roast row,
 * the green lot's deduction and the roasted lot's entry, both in the ledger
 * (reason 'roast', ref the roast). Any failure undoes all three.
 */
export async function createRoast(db: Kysely<Database>, body: RoastedCoffeeBody, userId: number): Promise<RoastedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    // The green lot first (docs/decisions/0005): a concurrent delete of it either
    // waits for this roast (and is then refused) or has already removed it (400 below).
    await lockLots(trx, [{ kind: 'green', id: body.green_coffee_id }]);
    return createRoastWithGreenLocked(trx, body, userId);
  });
}

/**
 * The roast form's create, rule for rule, inside the caller's write
 * transaction, whose one lockLots call has already locked `body`'s green lot
 * (createRoast; an Artisan import locks every green lot of its files at once).
 */
async function createRoastWithGreenLocked(trx: Transaction<Database>, body: RoastedCoffeeBody, userId: number): Promise<RoastedCoffee> {
  const green = await validGreenLot(trx, body.green_coffee_id);
  const quantityG = kgToGrams(body.quantity_green_kg);
  const resultantG = kgToGrams(body.resultant_kg);
  // The green lot's rules, shared with the Artisan preview (#shared/roast-rules). The stock's is
  // an early answer, so 'No hay suficiente café verde…' comes before a duplicate-code 409
  // (docs/product-guide.md#roasted-lot). It decides nothing: the conditional UPDATE in
  // moveStock below is the race-free check.
  const [broken] = greenLotBreaks({ quantityG, roastDate: body.roast_date }, green);
  if (broken) throw new AppError(broken.code, broken.message(await readFormatter(trx)));
  const values = {
    green_coffee_id: green.id,
    quantity_green_g: quantityG,
    resultant_g: resultantG,
    roast_type: body.roast_type,
    roast_date: body.roast_date,
    ...notesAndScore(body),
  };
  // The lot is locked above, so its foreign key cannot fail; if it ever did, it is the same invalid lot.
  const id = await insertRoast(trx, values, body.batch_code, green.origin_name).catch((error: unknown) => {
    throw isForeignKeyViolation(error) ? validationError(m.invalidGreenLot) : error;
  });
  const ref = { userId, refKind: REF_KIND, refId: id };
  // "Creating a roasted batch subtracts the green quantity from the chosen green batch."
  if (!(await moveStock(trx, { ...ref, lotKind: 'green', lotId: green.id, deltaG: -quantityG, reason: 'roast' }))) {
    throw await notEnoughGreenNow(trx, green.id);
  }
  if (!(await moveStock(trx, { ...ref, lotKind: 'roasted', lotId: id, deltaG: resultantG, reason: 'roast' }))) {
    throw new Error(`no se pudo registrar la entrada del lote tostado ${id}`);
  }
  return readRoast(trx, id);
}

/** What an Artisan file adds to the roast it records (docs/decisions/0026-artisan-alog-import.md). */
export interface ArtisanFileRecord {
  roastUuid: string;
  artisanBatch: string | null;
  title: string | null;
  beans: string | null;
  curve: ArtisanCurve | null;
}

/** The roasted lots already holding these Artisan uuids, by uuid (the import's preview marks them). */
export async function roastsByArtisanUuid(db: DbOrTrx, uuids: readonly string[]): Promise<Map<string, { id: number; batch_code: string }>> {
  const rows = await repository.findRoastsByArtisanUuids(db, uuids);
  return new Map(rows.map((row) => [row.roast_uuid, { id: row.id, batch_code: row.batch_code }]));
}

/** 409 naming the roasted lot that already holds this file's uuid; nothing when none does. */
async function refuseImportedFile(trx: DbOrTrx, roastUuid: string): Promise<void> {
  const holder = (await roastsByArtisanUuid(trx, [roastUuid])).get(roastUuid);
  if (holder) throw new AppError('duplicate', artisanMessages.alreadyImported(holder.batch_code));
}

/**
 * A roast from an Artisan file (docs/product-guide.md#artisan-import): the roast form's create
 * (same rules, messages, ledger rows and lot code) plus the file's uuid, batch
 * and curve, inside the caller's write transaction with `body`'s green lot
 * already locked. The same uuid twice is a 409 naming the lot that holds it:
 * checked first for the early answer, decided by the unique index (a
 * concurrent import of the same file, from this process or another, waits on
 * it and then gets the same 409), and the caller's transaction then writes nothing.
 */
export async function createArtisanRoast(
  trx: Transaction<Database>,
  body: RoastedCoffeeBody,
  file: ArtisanFileRecord,
  userId: number,
): Promise<RoastedCoffee & { roast_uuid: string }> {
  await refuseImportedFile(trx, file.roastUuid);
  const roast = await createRoastWithGreenLocked(trx, body, userId);
  const inserted = await repository.insertArtisanProfile(
    trx,
    {
      roast_id: roast.id,
      roast_uuid: file.roastUuid,
      artisan_batch: file.artisanBatch,
      title: file.title,
      beans: file.beans,
      curve: file.curve === null ? null : storedCurve(file.curve),
      ...(file.curve === null ? {} : figuresOf(file.curve, body)),
    },
    Date.now(),
  );
  if (!inserted) {
    await refuseImportedFile(trx, file.roastUuid);
    // Its holder was deleted between the two statements: start over, and the file may be imported.
    retryTransaction('artisan_uuid_holder_deleted');
  }
  // Read again: its stored figures now decide its flag against the product's reference.
  return { ...(await readRoast(trx, roast.id)), roast_uuid: file.roastUuid };
}

/**
 * The figures the list compares (docs/decisions/0053-reference-profile.md), from the curve by
 * roastMetrics in °C, stored beside it so no list parses a curve. Raise FIGURES_VERSION when
 * roastMetrics' definitions change: the start-up fill then computes them again.
 */
export const FIGURES_VERSION = 1;

function figuresOf(curve: ArtisanCurve, weights: { quantity_green_kg: number; resultant_kg: number }): repository.RoastFigureValues {
  const metrics = roastMetrics(curve, { green_kg: weights.quantity_green_kg, resultant_kg: weights.resultant_kg }, 'C');
  return {
    first_crack_s: metrics.fc_start?.t ?? null,
    total_time_s: metrics.total_time_s ?? null,
    dtr_pct: metrics.dtr_pct ?? null,
    drop_bt_c: metrics.drop?.bt ?? null,
    figures_version: FIGURES_VERSION,
  };
}

const FILL_BATCH = 200;

/**
 * Computes the figures of imported roasts that have none (imported before migration 0029) or
 * older ones: run at start-up (src/server/main.ts), in batches, each its own short write; a curve
 * that cannot be read gets empty figures rather than being read again at every start.
 * Returns how many roasts it filled.
 */
export async function fillMissingRoastFigures(db: Kysely<Database>): Promise<number> {
  let filled = 0;
  for (;;) {
    const rows = await repository.roastsWithoutFigures(db, FIGURES_VERSION, FILL_BATCH);
    if (rows.length === 0) return filled;
    await withWriteTransaction(db, async (trx) => {
      for (const row of rows) {
        let figures: repository.RoastFigureValues;
        try {
          figures = figuresOf(parseStoredCurve(row.curve!), { quantity_green_kg: gramsToKg(row.quantity_green_g), resultant_kg: gramsToKg(row.resultant_g) });
        } catch {
          figures = { first_crack_s: null, total_time_s: null, dtr_pct: null, drop_bt_c: null, figures_version: FIGURES_VERSION };
        }
        await repository.updateArtisanFigures(trx, row.roast_id, figures);
      }
    });
    filled += rows.length;
  }
}

/** A curve as stored: one array per series, about half the size of the points as objects. */
interface StoredCurve {
  unit: ArtisanCurve['unit'];
  t: number[];
  bt: (number | null)[];
  et: (number | null)[];
  events: ArtisanCurve['events'];
}

const storedCurve = (curve: ArtisanCurve): string =>
  JSON.stringify({
    unit: curve.unit,
    t: curve.points.map((point) => point.t),
    bt: curve.points.map((point) => point.bt),
    et: curve.points.map((point) => point.et),
    events: curve.events,
  } satisfies StoredCurve);

/**
 * GET /api/roasted-coffee/:id/curve: 404 'El café tostado no existe.' or 'Este tueste no tiene curva de Artisan.'.
 * The stored curve in the 'Temperatura' unit whatever the file's (the stored points stay as imported),
 * with its figures and BT rate of rise (docs/decisions/0052-roast-metrics.md).
 */
export async function readRoastCurve(db: DbOrTrx, id: number): Promise<RoastCurve> {
  const row = await repository.findArtisanCurve(db, id);
  if (row?.curve === undefined || row.curve === null) {
    if (!(await repository.findRoastRow(db, id))) throw notFoundError(m.notFound);
    throw notFoundError(artisanMessages.noCurve);
  }
  const curve = parseStoredCurve(row.curve);
  const unit = await readTemperatureUnit(db);
  const weights = { green_kg: gramsToKg(row.quantity_green_g), resultant_kg: gramsToKg(row.resultant_g) };
  return {
    ...curveInUnit(curve, unit),
    metrics: roastMetrics(curve, weights, unit),
    ror: rateOfRise(curve, unit),
  };
}

/** The stored JSON back as the curve it was (the file's unit): the curve endpoint and the start-up fill of figures read it. */
function parseStoredCurve(curve: string): ArtisanCurve {
  const stored = JSON.parse(curve) as StoredCurve;
  return {
    unit: stored.unit,
    points: stored.t.map((t, i) => ({ t, bt: stored.bt[i] ?? null, et: stored.et[i] ?? null })),
    events: stored.events,
  };
}

/**
 * Editing a roast (docs/product-guide.md#stock-moves: "first returns the old green quantity to the old
 * green batch, then re-checks and deducts the new quantity"), all in ONE
 * transaction, so a failure at any step leaves both green lots, the roasted lot
 * and the ledger as they were:
 *   1. the old quantity goes back to the old green lot ('roast_reversal');
 *   2. the new quantity leaves the (possibly different) green lot ('roast');
 *   3. the roasted lot's on-hand moves by the produced difference, never below
 *      zero: coffee already taken by blends or sales stays taken (docs/product-guide.md#stock-moves);
 *   4. the row itself.
 * Steps 1 and 2 are skipped when neither the green lot nor its quantity changed.
 */
export async function updateRoast(
  db: Kysely<Database>,
  id: number,
  body: RoastedCoffeeBody,
  userId: number,
): Promise<RoastedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    const roast = await lockRoastWithGreen(trx, id, body.green_coffee_id);
    if (!roast) throw notFoundError(m.notFound);
    const green = await validGreenLot(trx, body.green_coffee_id);
    await refuseContradictingUses(trx, roast, body);
    refuseRoastBeforeEntry(body, green);
    const quantityG = kgToGrams(body.quantity_green_kg);
    const resultantG = kgToGrams(body.resultant_kg);
    const ref = { userId, refKind: REF_KIND, refId: id };

    if (green.id !== roast.green_coffee_id || quantityG !== roast.quantity_green_g) {
      // What this roast may take: the lot's stock plus, on the same lot, what it gives back in step 1.
      const available = green.stock_g + (green.id === roast.green_coffee_id ? roast.quantity_green_g : 0);
      if (available < quantityG) throw await notEnoughGreen(trx, available);
      const returned = await moveStock(trx, {
        ...ref,
        lotKind: 'green',
        lotId: roast.green_coffee_id,
        deltaG: roast.quantity_green_g,
        reason: 'roast_reversal',
      });
      // Cannot happen (the lot is row-locked and its foreign key forbids deleting it); logged, answered 500.
      if (!returned) throw new Error(m.returnOldGreenError);
      if (!(await moveStock(trx, { ...ref, lotKind: 'green', lotId: green.id, deltaG: -quantityG, reason: 'roast' }))) {
        throw await notEnoughGreenNow(trx, green.id);
      }
    }

    const producedDelta = resultantG - roast.resultant_g;
    const adjusted = await moveStock(trx, {
      ...ref,
      lotKind: 'roasted',
      lotId: id,
      deltaG: producedDelta,
      reason: producedDelta > 0 ? 'roast' : 'roast_reversal',
    });
    if (!adjusted) throw new AppError('insufficient_stock', m.stockBelowZero(String(gramsToKg(roast.resultant_g - roast.stock_g))));

    if (body.batch_code !== undefined) await refuseTakenLotCode(trx, 'roasted_coffee', body.batch_code, { exceptId: id }, duplicateBatch);
    try {
      await repository.updateRoast(trx, id, {
        green_coffee_id: green.id,
        quantity_green_g: quantityG,
        resultant_g: resultantG,
        roast_type: body.roast_type,
        roast_date: body.roast_date,
        // Left empty on an edit: the roast keeps its code.
        batch_code: body.batch_code ?? roast.batch_code,
        ...notesAndScore(body),
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicateBatch();
      throw error;
    }
    // Its cost per kg is the green price × green grams / grams out (docs/decisions/0011): sold kilos included.
    if (green.id !== roast.green_coffee_id || quantityG !== roast.quantity_green_g || resultantG !== roast.resultant_g) await markCostInputsChanged(trx);
    // A reference is of its product: an edit to another origin or roast type leaves it unmarked
    // (docs/decisions/0053-reference-profile.md), so the other product's own reference stays the one.
    await repository.unmarkReference(trx, id, { origin_id: green.origin_id, roast_type: body.roast_type });
    return readRoast(trx, id);
  });
}

/**
 * "Used by a blend or a sale" (docs/product-guide.md#interface-texts: 'Error al eliminar el café tostado.
 * Asegúrate de que no esté asociado a mezclas o ventas.'). Blends and sales do
 * not exist yet, but they can only take roasted coffee through the ledger, so
 * the lot counts as used when its on-hand differs from what it produced, or
 * when its ledger holds any movement other than this roast's own 'roast' /
 * 'roast_reversal' rows (a blend made and undone leaves such rows too). The
 * blend and sale tables will add foreign keys to roasted_coffee as well;
 * deleteRoast turns their refusal into the same message.
 */
async function isRoastUsed(trx: DbOrTrx, roast: RoastedCoffeeRow): Promise<boolean> {
  if (roast.stock_g !== roast.resultant_g) return true;
  // A sale row names its lot without a foreign key (product_type + product_id, migration 0006).
  if (await hasSales(trx, 'tostado', roast.id)) return true;
  return repository.hasForeignMovements(trx, roast.id);
}

/**
 * Deleting a roast (docs/product-guide.md#stock-moves: "returns its green quantity to the green batch"),
 * refused while the roasted lot is used. One transaction: the green quantity
 * goes back ('roast_reversal'), the roasted stock leaves through the ledger,
 * then the row goes.
 */
export async function deleteRoast(db: Kysely<Database>, id: number, userId: number): Promise<void> {
  await withWriteTransaction(db, async (trx) => {
    const roast = await lockRoastWithGreen(trx, id);
    if (!roast) throw notFoundError(m.notFound);
    if (await isRoastUsed(trx, roast)) throw new AppError('in_use', m.deleteInUse);
    const returned = await moveStock(trx, {
      userId,
      refKind: REF_KIND,
      refId: id,
      lotKind: 'green',
      lotId: roast.green_coffee_id,
      deltaG: roast.quantity_green_g,
      reason: 'roast_reversal',
    });
    // Cannot happen (the green lot's foreign key forbids deleting it while this roast exists); logged, answered 500.
    if (!returned) throw new Error(m.returnGreenError);
    await writeOffBeforeDelete(trx, { lotKind: 'roasted', lotId: id, userId });
    try {
      await repository.deleteRoast(trx, id);
    } catch (error) {
      if (isForeignKeyViolation(error)) throw new AppError('in_use', m.deleteInUse);
      throw error;
    }
  });
}

/**
 * POST /api/roasted-coffee/:id/reference ('Perfil de referencia', administrators): the roast
 * becomes the reference of its product (origin + roast type); the product's previous one stops
 * being it, in the same transaction. Only a roast with a curve can be one. Marking the
 * reference again changes nothing.
 */
export async function markReferenceRoast(db: Kysely<Database>, id: number, userId: number): Promise<RoastedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, userId, 'administrador');
    const roast = await repository.findRoastById(trx, id);
    if (!roast) throw notFoundError(m.notFound);
    if (Number(roast.has_curve) !== 1) throw validationError(m.referenceNoCurve);
    await repository.markReference(trx, { origin_id: roast.origin_id, roast_type: roast.roast_type }, id, Date.now());
    return readRoast(trx, id);
  });
}

/** DELETE /api/roasted-coffee/:id/reference: the roast stops being its product's reference (nothing changes if it was not). */
export async function unmarkReferenceRoast(db: Kysely<Database>, id: number, userId: number): Promise<RoastedCoffee> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, userId, 'administrador');
    if (!(await repository.findRoastRow(trx, id))) throw notFoundError(m.notFound);
    await repository.unmarkReference(trx, id);
    return readRoast(trx, id);
  });
}

/** A figure as the comparison shows it: the temperature in the shop's unit (°C stored), the rest as stored. */
const shownFigure = (figure: ReferenceFigure, value: number | null, unit: TemperatureUnit): number | null => {
  if (value === null) return null;
  const shown = figure === 'drop_temp' ? convertTemperature(value, 'C', unit) : value;
  return Math.round(shown * 100) / 100;
};

/**
 * GET /api/roasted-coffee/:id/reference: the roast beside its product's reference, figure by
 * figure, with the difference, the tolerance and whether it is outside it: the same stored
 * figures the list flags by, so the two always agree. `reference` is null when the product has none.
 */
export async function roastReferenceComparison(db: DbOrTrx, id: number): Promise<RoastReferenceComparison> {
  const record = await repository.findRoastById(db, id);
  if (!record) throw notFoundError(m.notFound);
  const settings = await getSettings(db);
  const unit = settings.temperature_unit;
  const reference = referenceFiguresOf(record);
  const referenceRoast = record.ref_id === null ? undefined : await repository.findRoastById(db, Number(record.ref_id));
  const roast = { id: record.id, version: record.version, has_curve: Number(record.has_curve) === 1, reference: Number(record.is_reference) === 1 };
  if (!reference || !referenceRoast) return { roast, unit, reference: null, figures: [] };
  const own = storedFigures(record, record.quantity_green_g, record.resultant_g);
  const differences = figureDifferences(own, reference, unit);
  const tolerances = tolerancesOf(settings);
  const outside = new Set(figuresOutside(differences, tolerances));
  return {
    unit,
    roast,
    reference: { id: referenceRoast.id, batch_code: referenceRoast.batch_code, roast_date: referenceRoast.roast_date },
    figures: REFERENCE_FIGURES.map((figure) => ({
      figure,
      roast: shownFigure(figure, own[figure], unit),
      reference: shownFigure(figure, reference[figure], unit),
      difference: differences[figure],
      tolerance: tolerances[figure],
      outside: outside.has(figure),
    })),
  };
}
