import { useFormat } from '#web/api/use-format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import { lazyNamed } from '#web/lib/lazy-named.js';
import { percentOf, productKey, type TopProduct } from './chart-data.js';
import { PIE_COLOURS } from './chart-palette.js';
import { ReportCard } from './report-card.js';

// The drawing's code (visx) loads only when there is a chart to draw (charts.tsx).
const TopProductsPie = lazyNamed(() => import('./charts.js'), 'TopProductsPie');

/** The top 5 lots by kg sold (docs/product-guide.md#reportes): one slice per lot code, labels with name and percent, tooltip in kg with 2 decimals. */
export function TopProductsChart({ products }: { products: TopProduct[] }) {
  const f = useFormat();
  return (
    <ReportCard
      id="top-products-title"
      title={m.topProductsTitle}
      emptyText={m.noProductsSold}
      isEmpty={products.length === 0}
      columns={['Lote', 'Producto', 'Cantidad (Kg)']}
      rows={products.map((product) => ({ key: productKey(product), cells: [product.batch_code, product.name, f.kg(product.kg)] }))}
      chartCode={TopProductsPie.preload}
      chart={<TopProductsPie products={products} />}
      // The slices' key by lot code, with name and percent: on phones the slice labels do not fit and are hidden (reports.css).
      legend={products.map((product, index) => ({
        colour: PIE_COLOURS[index % PIE_COLOURS.length]!,
        label: `${product.batch_code} · ${product.name} ${percentOf(product.kg, products)}%`,
      }))}
    />
  );
}
