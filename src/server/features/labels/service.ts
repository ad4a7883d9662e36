import type { Kysely } from 'kysely';
import { formatDate, type Formatter } from '#shared/format.js';
import { getSettings, readFormatter } from '#server/features/settings/service.js';
import { labelMessages as m } from '#shared/label-messages.js';
import { addMonths, localIsoDate } from '#shared/local-date.js';
import { lotTracePath, publicLotPath } from '#shared/lot-label.js';
import { type LabelLot, labelLotName, type LabelsQuery } from '#shared/schemas/labels.js';
import { gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { conflictError, notFoundError } from '#server/errors.js';
import { findBlendBagFacts, findBlendsWithRecipe } from '#server/features/blended-coffee/service.js';
import { readRoastDates } from '#server/features/freshness/service.js';
import { findOriginForArea } from '#server/features/origins/service.js';
import { findFormatItem } from '#server/features/sale-formats/service.js';
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
  const pdf = await labelsPdf(labels, query.format, m.documentTitle, { start: (query.start ?? 1) - 1 });
  return { pdf, fileName: fileName(labels.map((label) => label.texts.code)) };
}

/** What a bag label says of its lot, whatever its kind. */
interface BagLot {
  code: string;
  stock_g: number;
  name: string;
  roastTypes: readonly string[];
  decaf: boolean;
  /** A roast's date; a blend's oldest component's (docs/decisions/0049-roast-age-and-public-page.md). */
  roastDate: string;
}

/** The bag label's lot, or undefined when it does not exist. */
async function bagLot(db: Kysely<Database>, lot: LabelLot): Promise<BagLot | undefined> {
  if (lot.kind === 'roasted') {
    const [roast] = await findRoastsWithSource(db, [lot.id]);
    if (!roast) return undefined;
    const origin = await findOriginForArea(db, roast.origin_id);
    return {
      code: roast.batch_code,
      stock_g: Number(roast.stock_g),
      name: m.productName(roast.origin_name, roast.supplier_finca),
      roastTypes: [roast.roast_type],
      decaf: origin?.decaf ?? false,
      roastDate: roast.roast_date,
    };
  }
  const [blend] = await findBlendsWithRecipe(db, [lot.id]);
  if (!blend) return undefined;
  const [facts, dates] = await Promise.all([findBlendBagFacts(db, lot.id), readRoastDates(db, { blend: [lot.id] })]);
  return {
    code: blend.batch_code,
    stock_g: blend.stock_g,
    name: blend.name,
    roastTypes: facts.roast_types,
    decaf: facts.decaf,
    roastDate: dates.blend.get(lot.id) ?? blend.creation_date,
  };
}

/** 'Tostadores del Sur · Calle Mayor 1, 28013 Madrid · Reg. sanitario …': Datos del negocio on one text, its blanks left out. */
const businessText = (settings: { business_name: string | null; business_address: string | null; sanitary_registration: string | null }): string =>
  [settings.business_name, settings.business_address?.split('\n').map((line) => line.trim()).filter(Boolean).join(', '), settings.sanitary_registration && m.sanitaryRegistration(settings.sanitary_registration)]
    .filter(Boolean)
    .join(' · ');

/**
 * The PDF of `copies` retail labels for bags of one roasted lot or blend (docs/product-guide.md#etiquetas-de-bolsa,
 * docs/decisions/0050-bag-labels-and-business-identity.md): the denomination, the product, its roast type, the
 * sale format's net weight, the roast and best-before dates, the lot code, the business and the storage line,
 * and a QR code to the lot's public page while 'Página pública de trazabilidad' is on, else to its signed-in trace.
 * No more bags than the lot's stock fills (409), an unknown lot or sale format a 404.
 */
export async function bagLabels(db: Kysely<Database>, query: LabelsQuery, origin: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const wanted = query.lots[0]!;
  const [lot, format, settings, f] = await Promise.all([bagLot(db, wanted), findFormatItem(db, query.format_id!), getSettings(db), readFormatter(db)]);
  if (!lot) throw notFoundError(m.notFound([labelLotName(wanted)]));
  if (!format) throw notFoundError(m.saleFormatNotFound);
  const copies = query.copies ?? 1;
  const bags = Math.floor(lot.stock_g / format.grams);
  if (copies > bags) throw conflictError(m.tooManyBags(lot.code, f.kgExact(gramsToKg(lot.stock_g)), format.name, bags, copies));
  const net = format.grams < 1000 ? m.grams(format.grams) : m.kilos(f.plain(gramsToKg(format.grams)));
  const texts: LabelTexts = {
    name: lot.name,
    denomination: m.denomination(query.grind === 'molido', lot.decaf),
    detail: lot.roastTypes.length > 0 ? m.roastTypes(lot.roastTypes) : '',
    net: m.netWeight(net),
    date: m.roastDate(formatDate(lot.roastDate)),
    bestBefore: m.bestBefore(formatDate(addMonths(lot.roastDate, settings.best_before_months))),
    code: m.lotCode(lot.code),
    business: businessText(settings),
    storage: settings.storage_text,
  };
  // Public page on (docs/decisions/0022-public-url-and-origin-check.md for the origin): anyone's phone opens it signed out.
  const qrText = `${origin}${settings.public_trace ? publicLotPath(lot.code) : lotTracePath(lot.code)}`;
  const { labelsPdf } = await import('./label-pdf.js');
  const pdf = await labelsPdf(Array.from({ length: copies }, () => ({ texts, qrText })), query.format, m.bagDocumentTitle, { layout: 'bag', start: (query.start ?? 1) - 1 });
  return { pdf, fileName: `etiquetas-bolsa-${lot.code.replace(/[^A-Za-z0-9-]+/g, '_')}-${localIsoDate()}.pdf` };
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
