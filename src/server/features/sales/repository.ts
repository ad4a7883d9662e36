import type { SalesTable } from '#server/db/schema.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';

/**
 * Sales (table from migration 0006; the Ventas issue adds the rest of this
 * area). `product_id` has no foreign key (it points into roasted_coffee or
 * blended_coffee by `product_type`), so the roasted and blend delete services
 * ask here whether a lot was sold ('… asociado a mezclas o ventas.',
 * '… asociada a ventas.'). Index sales_product_idx answers it.
 */
export async function hasSales(db: DbOrTrx, productType: SalesTable['product_type'], productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('sales')
    .select('id')
    .where('product_type', '=', productType)
    .where('product_id', '=', productId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
