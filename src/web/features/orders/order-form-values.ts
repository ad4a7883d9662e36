import { formatDate, type Formatter } from '#shared/format.js';
import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { Order } from '#shared/schemas/orders.js';
import type { SaleFormat } from '#shared/schemas/sale-formats.js';
import { isoDateOrAsTyped, numberOrMissing } from '#web/lib/form-values.js';
import { productOf, productValue } from '#web/lib/plan-products.js';

/** One line as typed: the product's option value, the format's id ('' for bulk kilos), quantity and price as text. */
export interface OrderLineValues {
  product: string;
  format_id: string;
  quantity: string;
  unit_price: string;
  grind: 'grano' | 'molido';
}

/** What the inputs hold (quantities and prices load as text, docs/product-guide.md#screens). */
export interface OrderFormValues {
  /** The chosen customer's id, '' for none; what is typed and not chosen is in customer_search. */
  customer_id: string;
  customer_search: string;
  due_date: string;
  notes: string;
  /** '' for 'No', else the weeks between repeats. */
  repeat_weeks: string;
  lines: OrderLineValues[];
}

export const emptyLine = (): OrderLineValues => ({ product: '', format_id: '', quantity: '', unit_price: '', grind: 'grano' });

export const emptyOrderValues = (): OrderFormValues => ({ customer_id: '', customer_search: '', due_date: '', notes: '', repeat_weeks: '', lines: [emptyLine()] });

/** The formats a line may choose: the active ones, and on an edit the one it already has. */
export const formatOptions = (formats: readonly SaleFormat[], keep: ReadonlySet<number>) => [
  { value: '', label: m.bulk },
  ...formats.filter((format) => format.active || keep.has(format.id)).map((format) => ({ value: String(format.id), label: format.name })),
];

/**
 * The customer the body names: the chosen one's id, or the text typed and never chosen as it is,
 * so the schema refuses it with its message instead of the order silently losing its customer.
 */
const customerOf = (values: OrderFormValues): number | string | undefined =>
  values.customer_id !== '' ? Number(values.customer_id) : values.customer_search.trim() === '' ? undefined : values.customer_search;

export const toOrderBody = (values: OrderFormValues) => ({
  customer_id: customerOf(values),
  due_date: isoDateOrAsTyped(values.due_date),
  notes: values.notes,
  repeat_weeks: values.repeat_weeks === '' ? null : Number(values.repeat_weeks),
  lines: values.lines.map((line) => ({
    product: productOf(line.product),
    format_id: line.format_id === '' ? null : Number(line.format_id),
    quantity: numberOrMissing(line.quantity),
    unit_price: numberOrMissing(line.unit_price),
    grind: line.grind,
  })),
});

// An edit loads every figure as text, in the shop's decimal separator (parsing takes either).
export const orderToValues = (order: Order, f: Formatter): OrderFormValues => ({
  customer_id: String(order.customer_id),
  customer_search: '',
  due_date: formatDate(order.due_date),
  notes: order.notes ?? '',
  repeat_weeks: order.repeat_weeks === null ? '' : String(order.repeat_weeks),
  lines: order.lines.map((line) => ({
    product: productValue(line.product),
    format_id: line.format_id === null ? '' : String(line.format_id),
    quantity: f.plain(line.quantity),
    unit_price: f.twoDecimals(line.unit_price),
    grind: line.grind,
  })),
});

/** A line's kilos as typed: bags × the format's grams, or the bulk kilos; undefined while not a number yet. */
export function lineKg(line: OrderLineValues, formats: readonly SaleFormat[]): number | undefined {
  const quantity = numberOrMissing(line.quantity);
  if (quantity === undefined || !(quantity > 0)) return undefined;
  if (line.format_id === '') return quantity;
  const format = formats.find((candidate) => String(candidate.id) === line.format_id);
  return format && Number.isInteger(quantity) ? (quantity * format.grams) / 1000 : undefined;
}
