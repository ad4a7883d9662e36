import type { OrderProduct, PriceHint } from '#shared/schemas/orders.js';
import { apiRequest, withQuery } from '#web/lib/api-client.js';

/**
 * The price per kg a line's product fills in (docs/product-guide.md#pedidos): the customer's last
 * price for that product, else Configuración's; null when nothing gives one. Asked once per choice, so not cached.
 */
export async function fetchPriceHint(customerId: number | undefined, product: OrderProduct): Promise<number | null> {
  const query = product.kind === 'tostado' ? { origin_id: product.origin_id, roast_type: product.roast_type } : { recipe_id: product.recipe_id };
  const hint = await apiRequest<PriceHint>('GET', withQuery('/orders/price-hint', { customer_id: customerId, kind: product.kind, ...query }));
  return hint.unit_price;
}
