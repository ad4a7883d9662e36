import type { Kysely } from 'kysely';
import { formatDate, type Formatter } from '#shared/format.js';
import { readFormatter } from '#server/features/settings/service.js';
import { labelMessages as m } from '#shared/label-messages.js';
import { localIsoDate } from '#shared/local-date.js';
import { lotTracePath } from '#shared/lot-label.js';
import { type LabelLot, labelLotName, type LabelsQuery } from '#shared/schemas/labels.js';
import { gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { notFoundError } from '#server/errors.js';
import { findBlendsWithRecipe } from '#server/features/blended-coffee/service.js';
import { findGreenLots } from '#server/features/green-coffee/service.js';
import { findRoastsWithSource } from '#server/features/roasted-coffee/service.js';
import type { A4Document } from './a4-document.js';
import type { LabelContent, LabelTexts } from './label-pdf.js';

/**
 * GET /api/labels.pdf (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md):
 * the lots of the list, read in one query per kind, each made into its label's
 * texts and QR address, then drawn copies × lots in the list's order.
 */

/** A lot as its kind's query returns it: what every label shows whatever the kind. */
interface KindLot {
  id: number;
  batch_code: string;
  stock_g: number;
}

/**
 * One kind of lot: the query that reads the list's lots of that kind at once, and the three texts
 * that differ from kind to kind (the code, the kind's name and the net weight are the same for all).
 * Each kind keeps its own row type here; labelTextsOf sees only the finished texts.
 */
function labelKind<Lot extends KindLot>(
  find: (db: Kysely<Database>, ids: readonly number[]) => Promise<Lot[]>,
  texts: (lot: Lot) => Pick<LabelTexts, 'name' | 'detail' | 'date'>,
) {
  return async (db: Kysely<Database>, kind: LabelLot['kind'], ids: readonly number[], f: Formatter): Promise<[string, LabelTexts][]> =>
    (await find(db, ids)).map((lot) => {
      const { name, detail, date } = texts(lot);
      // Every gram: a bag of 0.999 Kg labelled '1.00 Kg' overstates its weight (docs/decisions/0039-stock-never-above-entry.md).
      const net = m.netWeight(f.kgExact(gramsToKg(Number(lot.stock_g))));
      return [labelLotName({ kind, id: lot.id }), { code: lot.batch_code, name, kind: m.kind[kind], detail, date, net }];
    });
}

const LABEL_KINDS = {
  green: labelKind(findGreenLots, (lot) => ({ name: lot.origin_name, detail: m.finca(lot.supplier_finca), date: m.entryDate(formatDate(lot.entry_date)) })),
  roasted: labelKind(findRoastsWithSource, (lot) => ({ name: lot.origin_name, detail: m.roastType(lot.roast_type), date: m.roastDate(formatDate(lot.roast_date)) })),
  blend: labelKind(findBlendsWithRecipe, (lot) => ({ name: lot.name, detail: m.recipe(lot.recipe_name), date: m.creationDate(formatDate(lot.creation_date)) })),
} satisfies Record<LabelLot['kind'], unknown>;

/** Every lot of the list with its label's texts (keyed by labelLotName); a lot that does not exist is absent. */
async function labelTextsOf(db: Kysely<Database>, lots: readonly LabelLot[]): Promise<Map<string, LabelTexts>> {
  const idsOf = (kind: LabelLot['kind']) => [...new Set(lots.filter((lot) => lot.kind === kind).map((lot) => lot.id))];
  const kinds = Object.keys(LABEL_KINDS) as LabelLot['kind'][];
  // The net weight in the shop's regional format (docs/decisions/0042-one-regional-formatter.md).
  const f = await readFormatter(db);
  const found = await Promise.all(kinds.map((kind) => LABEL_KINDS[kind](db, kind, idsOf(kind), f)));
  return new Map(found.flat());
}

/** 'etiquetas-CO-010124-1234-2026-11-25.pdf' for one lot, 'etiquetas-3-lotes-2026-11-25.pdf' for several. */
function fileName(codes: readonly string[]): string {
  const distinct = [...new Set(codes)];
  const what = distinct.length === 1 ? distinct[0]!.replace(/[^A-Za-z0-9-]+/g, '_') : `${distinct.length}-lotes`;
  return `etiquetas-${what}-${localIsoDate()}.pdf`;
}

/**
 * The PDF of the labels a query asks for. `origin` is the app's public address
 * (PUBLIC_URL, or the request's own origin without it): the QR codes point there.
 * Unknown lots are one 404 naming all of them, before anything is drawn.
 */
export async function lotLabels(db: Kysely<Database>, query: LabelsQuery, origin: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const texts = await labelTextsOf(db, query.lots);
  const missing = [...new Set(query.lots.map(labelLotName).filter((name) => !texts.has(name)))];
  if (missing.length > 0) throw notFoundError(m.notFound(missing));
  const copies = query.copies ?? 1;
  const labels: LabelContent[] = query.lots.flatMap((lot) => {
    const label = texts.get(labelLotName(lot))!;
    return Array.from({ length: copies }, () => ({ texts: label, qrText: `${origin}${lotTracePath(label.code)}` }));
  });
  // pdf-lib, fontkit, the font and qrcode load with the first print, not at start: they are some
  // 20 MiB of a server that may never print, against the memory target (docs/performance.md, P5).
  const { labelsPdf } = await import('./label-pdf.js');
  const pdf = await labelsPdf(labels, query.format, m.documentTitle);
  return { pdf, fileName: fileName(labels.map((label) => label.texts.code)) };
}

export type { A4Block, A4Document } from './a4-document.js';

/**
 * What the recall list and the delivery note ask (docs/decisions/0044-recall-list-and-delivery-note.md):
 * an A4 document drawn with the labels' library, typeface and QR code. Loaded
 * with the first document, as the labels' drawing is (P5 above).
 */
export async function a4Pdf(document: A4Document): Promise<Uint8Array> {
  const { a4Pdf: draw } = await import('./a4-document.js');
  return draw(document);
}
