import { parseSpanishDate } from '#shared/format.js';
import { SALE_PRICE_MAX, SHOP_IMPORT_MAX_CELLS, SHOP_IMPORT_MAX_COLUMNS, SHOP_IMPORT_MAX_ROWS } from '#shared/limits.js';
import type { ShopColumns, ShopField } from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { textProblem, textProblemMessage } from '#shared/text-rules.js';
import { hasAtMostDecimals, PRICE_DECIMALS, priceToCents } from '#shared/units.js';
import { validationError } from '#server/errors.js';
import { unguardFormula } from '#server/http/csv-export.js';
import { countCells, csvContent, foldText, parseCsvRecords, parseDecimalCell } from '#server/untrusted-files/csv-text.js';
import { csvDelimiter } from '#shared/csv-header.js';

/**
 * Reads a shop's orders export (docs/product-guide.md#pedidos-de-la-tienda-online) into its
 * orders, in the untrusted-files worker (docs/decisions/0040-untrusted-files-in-a-worker.md):
 * one row per line item, the order's own fields on any of its rows (Shopify writes them on the
 * first). Shopify's export is recognised by its header; any other file is read through a
 * preset's columns. Columns are found by name (case, accents and punctuation aside), never by
 * position. Nothing here reads the database: the service maps SKUs and customers.
 */

export interface ShopFileLine {
  sku: string;
  name: string;
  /** A whole number above 0, or null when the cell is not one (a problem of the order). */
  quantity: number | null;
  /** The price of one unit in cents, or null when the cell is not a price. */
  unit_price_cents: number | null;
}

export interface ShopFileOrder {
  shop_order: string;
  /** YYYY-MM-DD, or null when the cell is not a date (a problem of the order). */
  date: string | null;
  name: string;
  email: string;
  phone: string;
  notes: string;
  cancelled: boolean;
  partially_refunded: boolean;
  lines: ShopFileLine[];
  /** What stops the order being imported, in Spanish, as read from the file. */
  problems: string[];
}

export interface ShopFile {
  source: 'shopify' | 'preset';
  orders: ShopFileOrder[];
}

/** What a file's columns give: each field's column index and the header as the file writes it. */
type ColumnMap = Partial<Record<ShopField | 'shipping_name' | 'billing_phone' | 'shipping_phone' | 'financial_status', { index: number; header: string }>>;

/** Shopify's orders export, by its headers (docs/decisions/0047-shop-orders-import.md). */
const SHOPIFY_COLUMNS: Record<keyof ColumnMap, string> = {
  order: 'Name',
  date: 'Created at',
  customer_name: 'Billing Name',
  shipping_name: 'Shipping Name',
  email: 'Email',
  phone: 'Phone',
  billing_phone: 'Billing Phone',
  shipping_phone: 'Shipping Phone',
  sku: 'Lineitem sku',
  product_name: 'Lineitem name',
  quantity: 'Lineitem quantity',
  unit_price: 'Lineitem price',
  cancelled: 'Cancelled at',
  financial_status: 'Financial Status',
  notes: 'Notes',
};
const SHOPIFY_REQUIRED = ['order', 'date', 'product_name', 'quantity', 'unit_price'] as const;

/** A header that may name a line item's product or quantity: without any, the file lists orders' totals only. */
const LINE_ITEM_WORDS = ['cantidad', 'quantity', 'qty', 'sku', 'producto', 'product', 'articulo', 'lineitem', 'item', 'unidades', 'units'];

/** A 'cancelled' cell that says so (a status, a yes, or a date, as Shopify's 'Cancelled at'). */
const CANCELLED_WORDS = new Set(['cancelled', 'canceled', 'cancelado', 'cancelada', 'refunded', 'reembolsado', 'reembolsada', 'voided', 'anulado', 'anulada', 'failed', 'fallido', 'si', 'yes', 'true', '1', 'x']);
const PARTIAL_WORDS = new Set(['partiallyrefunded', 'reembolsoparcial', 'parcialmentereembolsado', 'reembolsadoenparte', 'partialrefund']);

/** What a row gives, read on the parser's record hook so the 80 columns of a wide export are not kept. */
interface ShopCsvRow {
  row: number;
  cells: Partial<Record<keyof ColumnMap, string>>;
  found: number;
}

export function readShopCsv(text: string, preset: ShopColumns | null): ShopFile {
  const content = csvContent(text);
  const delimiter = csvDelimiter(content);
  // The file's cells are bounded as a whole before the parser builds any row (docs/decisions/0040-untrusted-files-in-a-worker.md).
  const counted = countCells(content, delimiter, SHOP_IMPORT_MAX_CELLS);
  if (counted.cells > SHOP_IMPORT_MAX_CELLS) {
    throw validationError(counted.rows > SHOP_IMPORT_MAX_ROWS + 1 ? m.tooManyRows(SHOP_IMPORT_MAX_ROWS) : m.tooManyCells(SHOP_IMPORT_MAX_CELLS));
  }
  let columns: ColumnMap = {};
  let headerLength = 0;
  let source: ShopFile['source'] = 'shopify';
  const rows = parseCsvRecords<ShopCsvRow>(content, delimiter, SHOP_IMPORT_MAX_ROWS + 2, (record, index) => {
    if (index === 0) {
      if (record.length > SHOP_IMPORT_MAX_COLUMNS) throw validationError(m.tooManyColumns(SHOP_IMPORT_MAX_COLUMNS));
      headerLength = record.length;
      ({ columns, source } = columnsOf(record, preset));
      return { row: 1, cells: {}, found: record.length };
    }
    const cells: ShopCsvRow['cells'] = {};
    for (const [field, column] of Object.entries(columns) as [keyof ColumnMap, { index: number }][]) {
      cells[field] = unguardFormula((record[column.index] ?? '').trim());
    }
    return { row: index + 1, cells, found: record.length };
  });
  const data = rows.slice(1);
  if (data.length > SHOP_IMPORT_MAX_ROWS) throw validationError(m.tooManyRows(SHOP_IMPORT_MAX_ROWS));
  if (data.length === 0) throw validationError(m.noOrders);
  return { source, orders: groupOrders(data, columns, headerLength, source) };
}

/** The header → each field's column: Shopify's when it has Shopify's columns, else the preset's; or the file's refusal. */
function columnsOf(header: readonly string[], preset: ShopColumns | null): { columns: ColumnMap; source: ShopFile['source'] } {
  const folded = header.map((name) => foldText(unguardFormula(name.trim())));
  const find = (name: string): { index: number; header: string } | undefined => {
    const wanted = foldText(name);
    const indexes = folded.flatMap((fold, index) => (fold === wanted ? [index] : []));
    if (indexes.length > 1) throw validationError(m.duplicateColumn(header[indexes[0]!]!.trim()));
    return indexes.length === 1 ? { index: indexes[0]!, header: header[indexes[0]!]!.trim() } : undefined;
  };
  const noLineItems = () => !folded.some((fold) => LINE_ITEM_WORDS.some((word) => fold.includes(word)));
  if (preset === null) {
    const columns: ColumnMap = {};
    for (const [field, name] of Object.entries(SHOPIFY_COLUMNS) as [keyof ColumnMap, string][]) {
      const column = find(name);
      if (column) columns[field] = column;
    }
    if (SHOPIFY_REQUIRED.every((field) => columns[field])) return { columns, source: 'shopify' };
    throw validationError(noLineItems() ? m.lineItemsNeeded : m.notShopify);
  }
  const columns: ColumnMap = {};
  const missing: string[] = [];
  for (const [field, name] of Object.entries(preset) as [ShopField, string | null][]) {
    if (name === null) continue;
    const column = find(name);
    if (column) columns[field] = column;
    else missing.push(name);
  }
  if (missing.length > 0) throw validationError(noLineItems() ? m.lineItemsNeeded : m.missingColumns(missing));
  return { columns, source: 'preset' };
}

/** '2024-03-05 10:15:22 +0100' (Shopify), '2024-03-05T10:15', '05/03/2024 10:15' or '05/03/2024': the shop's day. */
function readDate(text: string): string | null {
  const iso = /^(\d{4}-\d{2}-\d{2})(?:[T\s]|$)/.exec(text);
  const day = iso ? iso[1]! : (text.split(/[\sT,]/)[0] ?? '');
  return parseSpanishDate(day) ?? null;
}

function groupOrders(rows: readonly ShopCsvRow[], columns: ColumnMap, headerLength: number, source: ShopFile['source']): ShopFileOrder[] {
  const orders = new Map<string, ShopFileOrder>();
  const loose: string[] = [];
  const label = (field: keyof ColumnMap) => columns[field]?.header ?? field;
  for (const { row, cells, found } of rows) {
    const shopOrder = cells.order ?? '';
    if (shopOrder === '') {
      // A row of nothing but separators is no line; one with content but no number cannot be placed.
      if (Object.values(cells).some((cell) => cell !== '')) loose.push(m.noOrderNumber(row));
      continue;
    }
    let order = orders.get(shopOrder);
    if (!order) {
      order = { shop_order: shopOrder, date: null, name: '', email: '', phone: '', notes: '', cancelled: false, partially_refunded: false, lines: [], problems: [] };
      orders.set(shopOrder, order);
      checkText(order, shopOrder, label('order'), 'line');
    }
    if (found !== headerLength) order.problems.push(m.rowColumnCount(row, found, headerLength));
    // The order's own fields: the first row that has each (Shopify's first row of the order).
    const first = (value: string | undefined, field: keyof ColumnMap, kind: 'line' | 'lines' = 'line'): string => {
      if (!value) return '';
      checkText(order, value, label(field), kind);
      return value;
    };
    if (!order.date && cells.date) {
      order.date = readDate(cells.date);
      if (order.date === null) order.problems.push(m.badDate(cells.date));
    }
    order.name ||= first(cells.customer_name, 'customer_name') || first(cells.shipping_name, 'shipping_name');
    order.email ||= first(cells.email, 'email');
    order.phone ||= first(cells.phone, 'phone') || first(cells.shipping_phone, 'shipping_phone') || first(cells.billing_phone, 'billing_phone');
    order.notes ||= first(cells.notes, 'notes', 'lines');
    const cancelled = foldText(cells.cancelled ?? '');
    const status = foldText(cells.financial_status ?? '');
    if (source === 'shopify') {
      if (cancelled !== '' || status === 'refunded' || status === 'voided') order.cancelled = true;
    } else if (CANCELLED_WORDS.has(cancelled) || readDate(cells.cancelled ?? '') !== null) order.cancelled = true;
    if (PARTIAL_WORDS.has(status) || PARTIAL_WORDS.has(cancelled)) order.partially_refunded = true;
    order.lines.push(readLine(order, cells, label));
  }
  for (const order of orders.values()) {
    if (order.date === null && !order.problems.some((problem) => problem.startsWith('La fecha'))) order.problems.push(m.badDate(''));
    if (order.name === '' && order.email === '') order.problems.push(m.noCustomer);
  }
  const all = [...orders.values()];
  // A line with no order number belongs to no order: it stops the first one, so nothing is imported with it lost.
  if (loose.length > 0 && all[0]) all[0].problems.push(...loose);
  return all;
}

function readLine(order: ShopFileOrder, cells: ShopCsvRow['cells'], label: (field: keyof ColumnMap) => string): ShopFileLine {
  const sku = cells.sku ?? '';
  const name = cells.product_name ?? '';
  if (sku) checkText(order, sku, label('sku'), 'line');
  if (name) checkText(order, name, label('product_name'), 'line');
  const shown = name || sku;
  if (!shown) order.problems.push(m.noLineName);
  const quantityText = cells.quantity ?? '';
  const quantity = /^\d{1,6}$/.test(quantityText) && Number(quantityText) > 0 ? Number(quantityText) : null;
  if (quantity === null) order.problems.push(m.badQuantity(shown));
  const price = parseDecimalCell(cells.unit_price ?? '');
  // Cents at most, and within a sale's price: anything else is not a shop's price.
  const unitPriceCents = price !== null && hasAtMostDecimals(price, PRICE_DECIMALS) && price <= SALE_PRICE_MAX ? priceToCents(price) : null;
  if (unitPriceCents === null) order.problems.push(m.badPrice(shown));
  return { sku, name, quantity, unit_price_cents: unitPriceCents };
}

/** The rules every text field has in the forms (docs/product-guide.md#text-fields), each cell named by its column. */
function checkText(order: ShopFileOrder, value: string, header: string, kind: 'line' | 'lines'): void {
  const problem = textProblem(value, kind);
  if (problem) order.problems.push(textProblemMessage(problem, header, kind));
}
