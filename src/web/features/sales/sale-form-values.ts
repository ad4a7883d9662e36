import { formatDate, type Formatter } from '#shared/format.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import { saleTotalCents } from '#shared/sale-total.js';
import type { Product, ProductType } from '#shared/schemas/products.js';
import { availableKgText, type Sale, type SaleBody, saleBodySchema } from '#shared/schemas/sales.js';
import type { Settings } from '#shared/schemas/settings.js';
import { centsToPrice, gramsToKg, hasAtMostDecimals, kgToGrams, priceToCents } from '#shared/units.js';
import { isoDateOrAsTyped, numberOrMissing, todayDateText } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';

/** What the inputs hold: text, as typed (quantity and price load as text, docs/product-guide.md#screens). */
export interface SaleFormValues {
  product_id: string;
  product_type: string;
  batch_code_sold: string;
  quantity_kg: string;
  unit_price: string;
  sale_date: string;
  /** The chosen customer's id, '' for none. */
  customer_id: string;
  /** What is typed in 'Cliente' while no customer is chosen: '' for a counter sale. */
  customer_search: string;
  /** The chosen format's id, '' for 'A granel' (bulk kilos). */
  format_id: string;
  /** How many bags of it, as typed; ignored for 'A granel'. */
  bags: string;
}

/** The fields in the order the form shows them (its one message names the first broken one). */
export const SALE_FIELDS = ['product_id', 'customer_id', 'product_type', 'batch_code_sold', 'format_id', 'bags', 'quantity_kg', 'unit_price', 'sale_date'] as const;

/**
 * The customer the body names: the chosen one's id; none for an empty box (a counter sale); and
 * text typed but never chosen as it is, so the schema answers 'Cliente: elige un cliente activo de
 * la lista.' instead of the sale silently losing its customer.
 */
const customerOf = (values: SaleFormValues): number | string | null =>
  values.customer_id !== '' ? Number(values.customer_id) : values.customer_search.trim() === '' ? null : values.customer_search;

const toBody = (values: SaleFormValues) => ({
  product_id: numberOrMissing(values.product_id),
  product_type: values.product_type,
  quantity_kg: numberOrMissing(values.quantity_kg),
  unit_price: numberOrMissing(values.unit_price),
  sale_date: isoDateOrAsTyped(values.sale_date),
  batch_code_sold: values.batch_code_sold,
  customer_id: customerOf(values),
  // 'A granel' sends neither; a format sends its bags as typed, so the schema names a bad count.
  format_id: values.format_id === '' ? null : Number(values.format_id),
  bags: values.format_id === '' ? null : (numberOrMissing(values.bags) ?? (values.bags.trim() === '' ? null : values.bags)),
});

/**
 * Cantidad (Kg) for `bags` of a format of `grams` (docs/product-guide.md#ventas): bags × grams,
 * as the shop writes kilos; null while the bags are not a whole number from 1.
 */
export function bagsKgText(bagsText: string, grams: number, f: Formatter): string | null {
  const bags = numberOrMissing(bagsText);
  if (bags === undefined || !Number.isSafeInteger(bags) || bags < 1) return null;
  return f.plain(gramsToKg(bags * grams));
}

/** The product chosen in the picker, with the grams this sale may take from it. */
export interface ChosenProduct extends Product {
  availableG: number;
}

/**
 * The server's schema on the body the form would send, then 'No hay
 * suficiente café … disponible. Solo tienes X Kg.' against the chosen
 * product's stock (plus, on an edit of the same product, the sale's own kg,
 * docs/product-guide.md#sale). The server checks it again in its transaction and decides.
 */
export const saleResolverFor = (chosen: ChosenProduct | null, f: Formatter) =>
  schemaThenRulesResolver<SaleFormValues, SaleBody>(saleBodySchema, toBody, [
    (body) => {
      if (!chosen || chosen.id !== body.product_id || chosen.type !== body.product_type) return null;
      if (kgToGrams(body.quantity_kg) <= chosen.availableG) return null;
      return { field: 'quantity_kg', message: m.notEnoughStock(chosen.type, availableKgText(chosen.availableG, f)) };
    },
  ]);

export const emptySaleValues = (): SaleFormValues => ({
  product_id: '',
  product_type: '',
  batch_code_sold: '',
  quantity_kg: '',
  unit_price: '',
  // Today by default, in the browser's time zone (docs/product-guide.md#ventas; docs/decisions/0009-sale-totals-and-aggregates.md).
  sale_date: todayDateText(),
  customer_id: '',
  customer_search: '',
  format_id: '',
  bags: '',
});

// Quantity and price load as text (docs/product-guide.md#screens).
export const saleToValues = (sale: Sale, f: Formatter): SaleFormValues => ({
  product_id: String(sale.product_id),
  product_type: sale.product_type,
  batch_code_sold: sale.batch_code_sold,
  // In the shop's decimal separator, as typed (parsing takes either).
  quantity_kg: f.plain(sale.quantity_kg),
  unit_price: f.plain(sale.unit_price),
  sale_date: formatDate(sale.sale_date),
  customer_id: sale.customer_id === null ? '' : String(sale.customer_id),
  customer_search: '',
  format_id: sale.format_id === null ? '' : String(sale.format_id),
  bags: sale.bags === null ? '' : String(sale.bags),
});

/** 'Café Tostado' / 'Café Mezcla': the product type as the form shows it. */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = { tostado: 'Café Tostado', mezcla: 'Café Mezcla' };

/**
 * The unit price a chosen product fills in (docs/product-guide.md#ventas): its own price from
 * Configuración's 'Precios por producto', else its type's default price, as text with 2 decimals.
 */
export const defaultPriceText = (product: Pick<Product, 'type' | 'price'>, settings: Settings, f: Formatter): string =>
  f.twoDecimals(product.price ?? (product.type === 'tostado' ? settings.default_price_roasted : settings.default_price_blend));

/**
 * The line total shown live under the form: exactly what the server will
 * answer (saleTotalCents, half up to the cent), or '—' while the quantity or
 * price is not a valid amount yet.
 */
export function lineTotalText(quantityText: string, priceText: string, f: Formatter): string {
  const kg = numberOrMissing(quantityText);
  const price = numberOrMissing(priceText);
  if (kg === undefined || price === undefined || !(kg > 0) || !(price >= 0)) return '—';
  if (!hasAtMostDecimals(kg, 3) || !hasAtMostDecimals(price, 2)) return '—';
  try {
    return f.money(centsToPrice(saleTotalCents(kgToGrams(kg), priceToCents(price))));
  } catch {
    return '—';
  }
}
