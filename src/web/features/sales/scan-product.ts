import { lotCodeKey } from '#shared/lot-codes.js';
import { scanMessages } from '#shared/scan-messages.js';
import { type Product, PRODUCTS_LIMIT_MAX } from '#shared/schemas/products.js';
import { findLotsByCode } from '#web/api/find-lots-by-code.js';
import type { ProductSearch } from '#web/api/query-keys.js';
import { getProducts } from './api/get-products.js';

/**
 * The sale's product for a lot code read from a label or typed by a scanner
 * (docs/product-guide.md#scanning-labels): the roasted lot or blend with that
 * code (case and width aside, as lot codes compare) if it has stock; otherwise
 * why not, in Spanish, with `isLot` telling a lot we have from a code no lot
 * has.
 */
export async function findScannedProduct(
  code: string,
  include: Omit<ProductSearch, 'q'>,
): Promise<{ product: Product } | { message: string; isLot: boolean }> {
  const key = lotCodeKey(code);
  const { items } = await getProducts({ ...include, q: code }, PRODUCTS_LIMIT_MAX);
  const product = items.find((item) => lotCodeKey(item.batch_code) === key);
  if (product) return { product };
  const lots = await findLotsByCode(code);
  if (lots.length === 0) return { message: scanMessages.notOurLot, isLot: false };
  const sellable = lots.find((lot) => lot.kind !== 'green');
  if (!sellable) return { message: scanMessages.notSellable(lots[0]!.batch_code), isLot: true };
  return { message: scanMessages.noStockToSell(sellable.batch_code), isLot: true };
}
