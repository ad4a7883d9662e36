import type { Formatter } from '#shared/format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import type { TopByProduct } from '#shared/schemas/reports.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { useFormat } from '#web/api/use-format.js';

type ProductRow = TopByProduct['items'][number] & { id: number };

const columnsFor = (f: Formatter): Column<ProductRow>[] => [
  { label: 'Producto', cell: (row) => <strong>{row.name}</strong> },
  { label: 'Tipo de Producto', cell: (row) => (row.product_type === 'tostado' ? 'Café Tostado' : 'Café Mezcla') },
  { label: 'Lotes', className: 'num', cell: (row) => String(row.lots) },
  { label: 'Cantidad (Kg)', className: 'num', cell: (row) => f.kg(row.kg) },
];

/**
 * 'Top 5 por Producto (Kg)' (docs/product-guide.md#reportes), beside the top 5 by lot: kilos sold
 * per product, its lots summed (origin and roast type, or recipe). A table, not a second pie: the
 * figures are what is compared, and a table reads the same on a phone and to a screen reader.
 */
export function TopByProductCard({ products }: { products: TopByProduct['items'] }) {
  const f = useFormat();
  return (
    <section className="card report-card" aria-labelledby="top-by-product-title">
      <h2 id="top-by-product-title" className="card__title">
        {m.topByProductTitle}
      </h2>
      <p className="field__hint">{m.topByProductNote}</p>
      <DataTable caption={m.topByProductTitle} columns={columnsFor(f)} rows={products.map((product, index) => ({ ...product, id: index }))} empty={m.noProductsSold} />
    </section>
  );
}
