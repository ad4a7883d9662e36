import type { Formatter } from '#shared/format.js';
import { reportMessages as m } from '#shared/report-messages.js';
import type { SalesByCustomer } from '#shared/schemas/reports.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { useFormat } from '#web/api/use-format.js';

/** A line of the table: a customer, the other customers together, or the counter sales (no margin on those two). */
interface CustomerRow {
  id: number;
  name: string;
  kg: number;
  sale_count: number;
  revenue: number;
  margin?: number;
  margin_percent?: number | null;
}

const columnsFor = (f: Formatter): Column<CustomerRow>[] => [
  { label: m.customerColumn, cell: (row) => (row.id > 0 ? <strong>{row.name}</strong> : <em>{row.name}</em>) },
  { label: 'Cantidad (Kg)', className: 'num', cell: (row) => f.kg(row.kg) },
  { label: m.periodSaleCount, className: 'num', cell: (row) => String(row.sale_count) },
  { label: `Ventas (${f.currency})`, className: 'num', cell: (row) => f.money(row.revenue) },
  {
    label: `Margen bruto (${f.currency})`,
    className: 'num',
    cell: (row) => (row.margin === undefined ? '—' : `${f.money(row.margin)}${row.margin_percent == null ? '' : ` (${f.twoDecimals(row.margin_percent)} %)`}`),
  },
];

/**
 * 'Ventas por Cliente' (docs/product-guide.md#reportes), beside the top 5s: the 10 customers who
 * bought most in the period with their margin, then the other customers together and the counter
 * sales ('Venta de mostrador'), apart and not ranked. A table, as 'Top 5 por Producto (Kg)'.
 */
export function SalesByCustomerCard({ report }: { report: SalesByCustomer }) {
  const f = useFormat();
  const { other_customers: others, counter } = report;
  const rows: CustomerRow[] = [
    ...report.items.map((item) => ({ ...item, id: item.customer_id })),
    ...(others.customers > 0 ? [{ id: -1, name: m.otherCustomers(others.customers), kg: others.kg, sale_count: others.sale_count, revenue: others.revenue }] : []),
    ...(counter.sale_count > 0 ? [{ id: -2, name: m.counterSales, kg: counter.kg, sale_count: counter.sale_count, revenue: counter.revenue }] : []),
  ];
  return (
    <section className="card report-card report-card--wide" aria-labelledby="sales-by-customer-title">
      <h2 id="sales-by-customer-title" className="card__title">
        {m.salesByCustomerTitle}
      </h2>
      <p className="field__hint">{m.salesByCustomerNote}</p>
      <DataTable caption={m.salesByCustomerTitle} columns={columnsFor(f)} rows={rows} empty={m.noCustomerSales} />
    </section>
  );
}
