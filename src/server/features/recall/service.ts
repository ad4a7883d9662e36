import type { Kysely } from 'kysely';
import { deliveryNoteNumber } from '#shared/order-messages.js';
import { recallMessages as m } from '#shared/recall-messages.js';
import type { Recall, RecallCustomer, RecallQuery } from '#shared/schemas/recall.js';
import { gramsToKg } from '#shared/units.js';
import type { Database } from '#server/db/schema.js';
import { conflictError } from '#server/errors.js';
import { findCustomersByIds } from '#server/features/customers/service.js';
import { customerSoldByProduct, deliveryNotesOfProducts, soldTotalsByProduct } from '#server/features/sales/service.js';
import { forwardReach } from '#server/features/traceability/service.js';

/**
 * GET /api/recall (docs/product-guide.md#lista-de-retirada,
 * docs/decisions/0044-recall-list-and-delivery-note.md): the lot, every
 * customer who received some of it and the counter sales' kilos apart.
 *
 * Reads are bounded by what the lot reached, never by all sales: the trace's
 * roasts and blends (a few rows), the sales WITH a customer of those lots
 * (partial index sales_customer_id_idx), and the counter sales as the
 * aggregates' totals minus the customers' (sales_monthly: one row per month and
 * lot). A blend's kilos count for the lot's share of it, per customer and
 * blend, by the trace's own arithmetic (forwardReach).
 */
export async function recall(db: Kysely<Database>, query: RecallQuery): Promise<Recall> {
  const reach = await forwardReach(db, { code: query.lot, kind: query.kind, id: query.id });
  if (!reach.lot) throw conflictError(m.ambiguousLot);
  const products = reach.products.map((reached) => reached.product);
  const key = (product: { product_type: string; product_id: number }) => `${product.product_type}:${product.product_id}`;
  const shareOf = new Map(reach.products.map((reached) => [key(reached.product), reached.shareOf]));
  const [sold, totals, notes] = await Promise.all([customerSoldByProduct(db, products), soldTotalsByProduct(db, products), deliveryNotesOfProducts(db, products)]);

  const byCustomer = new Map<number, { grams: number; sales: number; first: string; last: string }>();
  const customerGramsOf = new Map<string, { grams: number; sales: number }>();
  for (const row of sold) {
    const seen = byCustomer.get(row.customer_id);
    const grams = shareOf.get(key(row))!(row.quantity_g);
    byCustomer.set(row.customer_id, {
      grams: (seen?.grams ?? 0) + grams,
      sales: (seen?.sales ?? 0) + row.sale_count,
      first: seen && seen.first < row.first_date ? seen.first : row.first_date,
      last: seen && seen.last > row.last_date ? seen.last : row.last_date,
    });
    const product = customerGramsOf.get(key(row));
    customerGramsOf.set(key(row), { grams: (product?.grams ?? 0) + row.quantity_g, sales: (product?.sales ?? 0) + row.sale_count });
  }

  // Counter sales: each lot's total from the aggregates less its customers' sales, then the lot's share of it.
  let counterGrams = 0;
  let counterSales = 0;
  for (const total of totals) {
    const customers = customerGramsOf.get(key(total));
    counterGrams += shareOf.get(key(total))!(total.quantity_g - (customers?.grams ?? 0));
    counterSales += total.sale_count - (customers?.sales ?? 0);
  }

  const notesOf = new Map<number, string[]>();
  for (const note of notes) {
    const numbers = notesOf.get(note.customer_id) ?? [];
    const number = deliveryNoteNumber(note.year, note.seq);
    if (!numbers.includes(number)) numbers.push(number);
    notesOf.set(note.customer_id, numbers);
  }
  const customers = (await findCustomersByIds(db, [...byCustomer.keys()])).map((customer): RecallCustomer => {
    const facts = byCustomer.get(customer.id)!;
    return {
      customer_id: customer.id,
      name: customer.name,
      kind: customer.kind,
      tax_id: customer.tax_id,
      address: customer.address,
      email: customer.email,
      phone: customer.phone,
      kg: gramsToKg(facts.grams),
      sales: facts.sales,
      first_date: facts.first,
      last_date: facts.last,
      delivery_notes: notesOf.get(customer.id) ?? [],
    };
  });
  customers.sort((a, b) => a.name.localeCompare(b.name, 'es') || a.customer_id - b.customer_id);
  const customerGrams = [...byCustomer.values()].reduce((sum, facts) => sum + facts.grams, 0);
  return {
    lot: reach.lot,
    customers,
    counter: { kg: gramsToKg(counterGrams), sales: counterSales },
    total_kg: gramsToKg(customerGrams + counterGrams),
  };
}
