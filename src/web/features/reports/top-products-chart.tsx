import { Cell, Legend, Pie, PieChart, type PieLabelRenderProps, ResponsiveContainer, Tooltip } from 'recharts';
import { formatKg } from '#shared/format.js';
import { reportMessages as m } from '#shared/messages.js';
import type { TopProducts } from '#shared/schemas/reports.js';
import { CHART_HEIGHT, PIE_COLOURS, TOOLTIP_ITEM_STYLE } from './chart-palette.js';
import { ReportCard } from './report-card.js';

type Product = TopProducts['items'][number];

/** "labels show name and percent" (spec 2). */
const sliceLabel = ({ payload, percent }: PieLabelRenderProps) => `${(payload as Product).name} ${Math.round(Number(percent ?? 0) * 100)}%`;

const keyOf = (product: Product) => `${product.product_type}-${product.product_id}`;

const percentOf = (kg: number, products: Product[]) => Math.round((kg / products.reduce((sum, product) => sum + product.kg, 0)) * 100);

/** The top 5 lots by kg sold (spec 2): one slice per lot code, labels with name and percent, tooltip in kg with 2 decimals. */
export function TopProductsChart({ products }: { products: TopProducts['items'] }) {
  return (
    <ReportCard
      id="top-products-title"
      title={m.topProductsTitle}
      emptyText={m.noProductsSold}
      isEmpty={products.length === 0}
      columns={['Lote', 'Producto', 'Cantidad (Kg)']}
      rows={products.map((product) => ({ key: keyOf(product), cells: [product.batch_code, product.name, formatKg(product.kg)] }))}
      chart={
        <ResponsiveContainer width="100%" height={CHART_HEIGHT}>
          <PieChart accessibilityLayer={false}>
            {/* rootTabIndex -1: the chart is aria-hidden (the table speaks for it), so nothing in it may take focus. */}
            <Pie data={products} dataKey="kg" nameKey="batch_code" outerRadius="60%" label={sliceLabel} isAnimationActive={false} rootTabIndex={-1}>
              {products.map((product, index) => (
                <Cell key={keyOf(product)} fill={PIE_COLOURS[index % PIE_COLOURS.length]} />
              ))}
            </Pie>
            <Tooltip formatter={(value) => formatKg(Number(value))} isAnimationActive={false} itemStyle={TOOLTIP_ITEM_STYLE} />
            {/* The legend repeats name and percent by lot code: on phones the slice labels do not fit and are hidden (reports.css). */}
            <Legend
              formatter={(code, entry) => {
                const product = entry.payload as unknown as Product;
                return `${String(code)} · ${product.name} ${percentOf(product.kg, products)}%`;
              }}
            />
          </PieChart>
        </ResponsiveContainer>
      }
    />
  );
}
