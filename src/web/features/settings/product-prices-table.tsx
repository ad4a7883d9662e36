import type { Formatter } from '#shared/format.js';
import { productPriceMessages as m } from '#shared/product-price-messages.js';
import type { ProductPrice } from '#shared/schemas/product-prices.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';
import { useFormat } from '#web/api/use-format.js';

const columnsFor = (f: Formatter): Column<ProductPrice>[] => [
  { label: 'Producto', cell: (price) => <strong>{price.name}</strong> },
  { label: 'Tipo de Producto', cell: (price) => (price.product_type === 'tostado' ? 'Café Tostado' : 'Café Mezcla') },
  { label: `Precio (${f.perKg})`, className: 'num', cell: (price) => f.money(price.price) },
];

/** The prices per product with edit and delete (docs/product-guide.md#configuracion); rows stack into cards on phones. */
export function ProductPricesTable({ prices, ...rowActions }: RowActionHandlers<ProductPrice> & { prices: ProductPrice[] }) {
  const f = useFormat();
  const actions = actionsColumn(rowActions, (price: ProductPrice) => `el precio de ${price.name}`);
  return <DataTable caption="Precios por producto" columns={[...columnsFor(f), actions]} rows={prices} empty={m.empty} />;
}
