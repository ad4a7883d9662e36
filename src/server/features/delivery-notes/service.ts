import type { Kysely } from 'kysely';
import { deliveryNoteMessages as m } from '#shared/delivery-note-messages.js';
import { formatDate, type Formatter } from '#shared/format.js';
import { lotTracePath } from '#shared/lot-label.js';
import { GRIND_LABELS, orderMessages } from '#shared/order-messages.js';
import type { Order } from '#shared/schemas/orders.js';
import type { Settings } from '#shared/schemas/settings.js';
import { gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { conflictError, notFoundError } from '#server/errors.js';
import { findCustomerItem } from '#server/features/customers/service.js';
import { type A4Block, a4Pdf } from '#server/features/labels/service.js';
import { findOrder } from '#server/features/orders/service.js';
import { readRoastDates } from '#server/features/freshness/service.js';
import { deliveredSalesOfLines } from '#server/features/sales/service.js';
import { getSettings, readFormatter } from '#server/features/settings/service.js';

/**
 * GET /api/orders/:id/delivery-note.pdf (docs/product-guide.md#albaran,
 * docs/decisions/0044-recall-list-and-delivery-note.md): the albarán of a
 * prepared (or delivered) order on A4: its number, the business (Configuración ›
 * Datos del negocio), the customer, the order's dates, each line with the lots
 * that filled it (code, roast date: a blend's oldest component's, kilos, bags), price and total, the grand total, and a QR code per
 * lot to its trace, as the labels' (PUBLIC_URL or the request's origin).
 */

/** What each lot of the note says: its code, its date, and what of the line it filled. */
interface NoteLot {
  code: string;
  date: string;
  kind: 'tostado' | 'mezcla';
  grams: number;
  bags: number | null;
}

async function lotsOfLines(db: Kysely<Database>, order: Order): Promise<Map<number, NoteLot[]>> {
  const sales = await deliveredSalesOfLines(db, order.lines.map((line) => line.id));
  const idsOf = (type: 'tostado' | 'mezcla') => [...new Set(sales.filter((sale) => sale.product_type === type).map((sale) => sale.product_id))];
  // A blend's roast date is its oldest component's, as its age (docs/decisions/0049-roast-age-and-public-page.md).
  const roastDates = await readRoastDates(db, { roasted: idsOf('tostado'), blend: idsOf('mezcla') });
  const dates = new Map([
    ...[...roastDates.roasted].map(([id, date]) => [`tostado:${id}`, date] as const),
    ...[...roastDates.blend].map(([id, date]) => [`mezcla:${id}`, date] as const),
  ]);
  const byLine = new Map<number, NoteLot[]>();
  for (const sale of sales) {
    const lots = byLine.get(sale.order_line_id) ?? [];
    lots.push({ code: sale.batch_code_sold, date: dates.get(`${sale.product_type}:${sale.product_id}`) ?? '', kind: sale.product_type, grams: sale.quantity_g, bags: sale.bags });
    byLine.set(sale.order_line_id, lots);
  }
  return byLine;
}

/**
 * The business block: Datos del negocio's trade name, address and sanitary registration; while
 * they are blank, the app's name and its address on the web (PUBLIC_URL or the request's origin), as before.
 */
function businessBlocks(settings: Settings, origin: string): A4Block[] {
  return [
    { type: 'text', text: settings.business_name ?? m.business, bold: true },
    { type: 'text', text: settings.business_address ?? origin, small: true },
    ...(settings.sanitary_registration ? [{ type: 'text' as const, text: m.sanitaryRegistration(settings.sanitary_registration), small: true }] : []),
  ];
}

function noteBlocks(order: Order, number: string, customer: { name: string; tax_id: string | null; address: string | null }, lots: Map<number, NoteLot[]>, business: A4Block[], origin: string, f: Formatter): A4Block[] {
  const lotText = (lot: NoteLot) => {
    const date = lot.date === '' ? '' : ` (${(lot.kind === 'tostado' ? m.roastDate : m.blendRoastDate)(formatDate(lot.date))})`;
    const bags = lot.bags === null ? '' : ` · ${lot.bags} ${m.columns.bags.toLowerCase()}`;
    // Code and date on one line, what it filled on the next: a cell stays readable at any width.
    return `${lot.code}${date}\n${f.kgExact(gramsToKg(lot.grams))}${bags}`;
  };
  const codes = [...new Set([...lots.values()].flat().map((lot) => lot.code))];
  const dates = [
    m.orderDate(formatDate(order.order_date)),
    order.prepared_date ? m.preparedDate(formatDate(order.prepared_date)) : '',
    m.dueDate(formatDate(order.due_date)),
    order.delivered_date ? m.deliveredDate(formatDate(order.delivered_date)) : '',
  ].filter(Boolean);
  return [
    { type: 'title', text: m.title(number) },
    ...business,
    { type: 'gap' },
    { type: 'text', text: m.customer, small: true },
    { type: 'text', text: customer.name, bold: true },
    ...(customer.tax_id ? [{ type: 'text' as const, text: m.taxId(customer.tax_id) }] : []),
    ...(customer.address ? [{ type: 'text' as const, text: customer.address }] : []),
    { type: 'gap' },
    { type: 'text', text: `${m.order(order.id)} · ${dates.join(' · ')}` },
    ...(order.notes ? [{ type: 'text' as const, text: order.notes, small: true }] : []),
    { type: 'gap' },
    {
      type: 'table',
      columns: [
        { header: m.columns.product, width: 0.19 },
        { header: m.columns.lots, width: 0.38 },
        { header: m.columns.kg, width: 0.11, align: 'right' },
        { header: m.columns.bags, width: 0.09, align: 'right' },
        { header: m.columns.price, width: 0.11, align: 'right' },
        { header: m.columns.total, width: 0.12, align: 'right' },
      ],
      rows: [
        ...order.lines.map((line) => ({
          cells: [
            `${line.product_name}\n${line.format_name ?? m.bulk} · ${GRIND_LABELS[line.grind]}`,
            (lots.get(line.id) ?? []).map(lotText).join('\n'),
            f.kgExact(line.kg),
            line.bags === null ? '' : String(line.bags),
            f.money(line.unit_price),
            f.money(line.total),
          ],
        })),
        { cells: [m.grandTotal, '', f.kgExact(order.kg), '', '', f.money(order.total)], bold: true },
      ],
    },
    { type: 'gap' },
    { type: 'text', text: m.traceTitle, small: true },
    { type: 'qrs', codes: codes.map((code) => ({ text: `${origin}${lotTracePath(code)}`, caption: code })) },
    { type: 'gap' },
    { type: 'text', text: m.received },
  ];
}

/** The PDF of order `id`'s delivery note: 404 for an unknown order, 409 for one not prepared (or cancelled). */
export async function deliveryNotePdf(db: Kysely<Database>, id: number, origin: string): Promise<{ pdf: Uint8Array; fileName: string }> {
  const order = await findOrder(db, id);
  if (!order) throw notFoundError(orderMessages.notFound);
  // A number is kept through an undo (migration 0020), but only a prepared or delivered order has goods to note.
  const number = order.delivery_note_number;
  if ((order.status !== 'preparado' && order.status !== 'entregado') || number === null) throw conflictError(m.notPrepared);
  const [customer, lots, settings, f] = await Promise.all([findCustomerItem(db, order.customer_id), lotsOfLines(db, order), getSettings(db), readFormatter(db)]);
  const blocks = noteBlocks(order, number, customer ?? { name: order.customer_name, tax_id: null, address: null }, lots, businessBlocks(settings, origin), origin, f);
  const pdf = await a4Pdf({ title: m.title(number), blocks, footer: m.page });
  return { pdf, fileName: `albaran-${number}.pdf` };
}
