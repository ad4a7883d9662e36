import { formatDate, type Formatter } from '#shared/format.js';
import { labelMessages } from '#shared/label-messages.js';
import { localIsoDate } from '#shared/local-date.js';
import { recallMessages as m } from '#shared/recall-messages.js';
import { CUSTOMER_KIND_LABELS } from '#shared/schemas/customers.js';
import type { Recall } from '#shared/schemas/recall.js';
import { kgToGrams } from '#shared/units.js';
import type { CsvColumn } from '#server/http/csv-export.js';
import { type A4Document, a4Pdf } from '#server/features/labels/service.js';

/**
 * The recall list as a download (docs/product-guide.md#lista-de-retirada): a
 * CSV in the app's dialects, one line per customer and the counter sales last,
 * and a printable A4 PDF with the same facts.
 */

/** One line of the CSV: a customer, or the counter sales (no contact, no dates). */
interface RecallLine {
  name: string;
  kind: string;
  tax_id: string;
  address: string;
  email: string;
  phone: string;
  kg: number;
  sales: number;
  first_date: string;
  last_date: string;
  delivery_notes: string;
}

const dateCell = (date: string, format: { date(date: string): string }) => (date === '' ? '' : format.date(date));

export const recallCsvColumns: readonly CsvColumn<RecallLine>[] = [
  { header: 'Cliente', cell: (line) => line.name },
  { header: 'Tipo', cell: (line) => line.kind },
  { header: 'NIF/CIF', cell: (line) => line.tax_id },
  { header: 'Dirección', cell: (line) => line.address },
  { header: 'Correo Electrónico', cell: (line) => line.email },
  { header: 'Teléfono', cell: (line) => line.phone },
  { header: 'Cantidad (Kg)', cell: (line, format) => format.scaledNumber(kgToGrams(line.kg), 3) },
  { header: 'Ventas', cell: (line, format) => format.scaledNumber(line.sales, 0) },
  { header: 'Primera venta', cell: (line, format) => dateCell(line.first_date, format) },
  { header: 'Última venta', cell: (line, format) => dateCell(line.last_date, format) },
  { header: 'Albaranes', cell: (line) => line.delivery_notes },
];

export function recallCsvLines(list: Recall): RecallLine[] {
  const customers = list.customers.map((customer) => ({
    name: customer.name,
    kind: CUSTOMER_KIND_LABELS[customer.kind],
    tax_id: customer.tax_id ?? '',
    address: customer.address ?? '',
    email: customer.email ?? '',
    phone: customer.phone ?? '',
    kg: customer.kg,
    sales: customer.sales,
    first_date: customer.first_date,
    last_date: customer.last_date,
    delivery_notes: customer.delivery_notes.join(', '),
  }));
  const counter = { name: m.counterSales, kind: '', tax_id: '', address: '', email: '', phone: '', kg: list.counter.kg, sales: list.counter.sales, first_date: '', last_date: '', delivery_notes: '' };
  return [...customers, counter];
}

/** 'retirada-CO-R1': the file name's base (the CSV adds the day, the PDF too). */
export const recallFileBase = (list: Recall): string => `retirada-${list.lot.batch_code.replace(/[^A-Za-z0-9-]+/g, '_')}`;

/** The printable list: the lot, then one row per customer with how to reach them, the counter sales and the total. */
export async function recallPdf(list: Recall, f: Formatter): Promise<{ pdf: Uint8Array; fileName: string }> {
  const contact = (customer: Recall['customers'][number]) =>
    [customer.address, customer.email, customer.phone, customer.tax_id && `NIF/CIF ${customer.tax_id}`].filter(Boolean).join('\n');
  const dates = (first: string, last: string) => (first === last ? formatDate(first) : `${formatDate(first)} – ${formatDate(last)}`);
  const document: A4Document = {
    title: `${m.title} ${list.lot.batch_code}`,
    footer: m.page,
    blocks: [
      { type: 'title', text: `${m.title} · ${list.lot.batch_code}` },
      { type: 'text', text: m.lotLine(labelMessages.kind[list.lot.kind], list.lot.batch_code, list.lot.name), bold: true },
      { type: 'text', text: `${formatDate(list.lot.date)} · ${m.generatedOn(formatDate(localIsoDate()))}`, small: true },
      { type: 'gap' },
      { type: 'text', text: list.customers.length === 0 ? m.noCustomers : m.intro },
      { type: 'gap' },
      {
        type: 'table',
        columns: [
          { header: 'Cliente', width: 0.22 },
          { header: 'Contacto', width: 0.33 },
          { header: 'Cantidad', width: 0.12, align: 'right' },
          { header: 'Fechas', width: 0.17 },
          { header: 'Albaranes', width: 0.16 },
        ],
        rows: [
          ...list.customers.map((customer) => ({
            cells: [
              `${customer.name}\n${CUSTOMER_KIND_LABELS[customer.kind]}`,
              contact(customer),
              f.kgExact(customer.kg),
              `${dates(customer.first_date, customer.last_date)}\n${m.salesCount(customer.sales)}`,
              customer.delivery_notes.join(', '),
            ],
          })),
          { cells: [m.counterSales, '', f.kgExact(list.counter.kg), m.salesCount(list.counter.sales), ''] },
          { cells: [m.total, '', f.kgExact(list.total_kg), '', ''], bold: true },
        ],
      },
    ],
  };
  return { pdf: await a4Pdf(document), fileName: `${recallFileBase(list)}-${localIsoDate()}.pdf` };
}
