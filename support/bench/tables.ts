// The planned data set as rows of the real tables, in the order they are
// written: lots first, then their ledger rows, then the sales with theirs.
// The ledger rows are exactly the ones the services write (reason, ref_kind,
// ref_id): green receipt, roast out of green and into roasted, blend draws
// out of roasted and into the blend, and one 'sale' movement per sale.
import { confusableSkeleton, nameSkeleton } from '#server/confusable-skeleton.js';
import { customerSortKey } from '#server/features/customers/repository.js';
import { originSortKey } from '#server/features/origins/repository.js';
import { SALES_TOTAL_STRIPES } from '#server/features/sales/aggregates.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { nameKey } from '#shared/text-keys.js';
import { isoDay, millisOf, type Plan } from './plan.js';

/** Column types, for PostgreSQL's typed unnest() batches (SQLite ignores them). */
export type ColumnType = 'int' | 'bigint' | 'text';

export interface TableRows {
  table: string;
  columns: readonly (readonly [string, ColumnType])[];
  /** Tables whose ids we give need their PostgreSQL sequence moved past them afterwards. */
  explicitIds: boolean;
  rows: () => Iterable<unknown[]>;
}

const MOVEMENT_COLUMNS = [
  ['created_at', 'bigint'], ['user_id', 'int'], ['lot_kind', 'text'], ['lot_id', 'int'],
  ['delta_g', 'int'], ['reason', 'text'], ['ref_kind', 'text'], ['ref_id', 'int'],
] as const;

export function datasetTables(plan: Plan, userId: number): TableRows[] {
  const { origins, green, roasts, blends, products, customers, sales } = plan;
  return [
    {
      table: 'customers', explicitIds: true,
      columns: [['id', 'int'], ['name', 'text'], ['name_sort', 'text'], ['name_key', 'text'], ['name_skeleton', 'text'], ['search_key', 'text'], ['kind', 'text']],
      rows: () => customers.map((c) => [c.id, c.name, customerSortKey(c.name), nameKey(c.name), nameSkeleton(c.name), customerSortKey(c.name), 'cafeteria']),
    },
    {
      table: 'coffee_origins', explicitIds: true,
      columns: [['id', 'int'], ['name', 'text'], ['name_sort', 'text'], ['name_key', 'text'], ['kilos_per_bag_g', 'int'], ['suppliers_fincas', 'text'], ['description', 'text']],
      rows: () => origins.map((o) => [o.id, o.name, originSortKey(o.name), nameKey(o.name), 60_000, JSON.stringify([o.supplier]), null]),
    },
    {
      table: 'green_coffee', explicitIds: true,
      columns: [['id', 'int'], ['origin_id', 'int'], ['supplier_finca', 'text'], ['quantity_g', 'int'], ['stock_g', 'int'],
        ['unit_price_cents', 'int'], ['entry_date', 'text'], ['batch_code', 'text'], ['batch_code_key', 'text'], ['batch_code_skeleton', 'text']],
      rows: () => green.map((g) => [g.id, g.originId, g.supplier, g.quantityG, g.stockG, g.priceCents, g.entryDate, g.code, lotCodeKey(g.code), confusableSkeleton(g.code)]),
    },
    {
      table: 'roasted_coffee', explicitIds: true,
      columns: [['id', 'int'], ['green_coffee_id', 'int'], ['quantity_green_g', 'int'], ['resultant_g', 'int'], ['stock_g', 'int'],
        ['roast_type', 'text'], ['roast_date', 'text'], ['batch_code', 'text'], ['batch_code_key', 'text'], ['batch_code_skeleton', 'text'], ['created_at', 'bigint']],
      rows: () => roasts.map((r) => [r.id, r.greenId, r.greenG, r.resultantG, r.stockG, r.roastType, r.date, r.code, lotCodeKey(r.code), confusableSkeleton(r.code), millisOf(r.date)]),
    },
    {
      table: 'blended_coffee', explicitIds: true,
      columns: [['id', 'int'], ['name', 'text'], ['total_quantity_g', 'int'], ['stock_g', 'int'], ['creation_date', 'text'],
        ['batch_code', 'text'], ['batch_code_key', 'text'], ['batch_code_skeleton', 'text'], ['created_at', 'bigint'], ['updated_at', 'bigint']],
      rows: () => blends.map((b) => [b.id, b.name, b.totalG, b.stockG, b.date, b.code, lotCodeKey(b.code), confusableSkeleton(b.code), millisOf(b.date), millisOf(b.date)]),
    },
    {
      table: 'blended_coffee_components', explicitIds: true,
      columns: [['id', 'int'], ['blend_id', 'int'], ['origin_id', 'int'], ['percentage_bp', 'int'], ['position', 'int']],
      rows: () => blends.flatMap((b) => b.components.map((c) => [c.id, b.id, c.originId, c.percentageBp, c.position])),
    },
    {
      table: 'blended_coffee_draws', explicitIds: false,
      columns: [['component_id', 'int'], ['roasted_coffee_id', 'int'], ['quantity_g', 'int']],
      rows: () => blends.flatMap((b) => b.components.map((c) => [c.id, c.draw.roastId, c.draw.grams])),
    },
    {
      table: 'stock_movements', explicitIds: false, columns: MOVEMENT_COLUMNS,
      rows: function* () {
        for (const g of green) yield [millisOf(g.entryDate), userId, 'green', g.id, g.quantityG, 'receipt', 'green_coffee', g.id];
        for (const r of roasts) {
          yield [millisOf(r.date), userId, 'green', r.greenId, -r.greenG, 'roast', 'roast', r.id];
          yield [millisOf(r.date), userId, 'roasted', r.id, r.resultantG, 'roast', 'roast', r.id];
        }
        for (const b of blends) {
          for (const c of b.components) yield [millisOf(b.date), userId, 'roasted', c.draw.roastId, -c.draw.grams, 'blend', 'blend', b.id];
          yield [millisOf(b.date), userId, 'blend', b.id, b.totalG, 'blend', 'blend', b.id];
        }
      },
    },
    {
      table: 'sales', explicitIds: true,
      columns: [['id', 'int'], ['product_id', 'int'], ['product_type', 'text'], ['quantity_g', 'int'], ['unit_price_cents', 'int'],
        ['sale_date', 'text'], ['batch_code_sold', 'text'], ['customer_id', 'int'], ['user_id', 'int'], ['created_at', 'bigint'], ['updated_at', 'bigint']],
      rows: function* () {
        for (let i = 0; i < sales.count; i++) {
          const product = products[sales.product[i]!]!;
          const at = sales.createdAt[i]!;
          const customer = sales.customer[i]! || null;
          yield [i + 1, product.id, product.type, sales.quantityG[i], sales.priceCents[i], isoDay(sales.day[i]!), product.code, customer, userId, at, at];
        }
      },
    },
    {
      table: 'stock_movements', explicitIds: false, columns: MOVEMENT_COLUMNS,
      rows: function* () {
        for (let i = 0; i < sales.count; i++) {
          const product = products[sales.product[i]!]!;
          yield [sales.createdAt[i], userId, product.type === 'tostado' ? 'roasted' : 'blend', product.id, -sales.quantityG[i]!, 'sale', 'sale', i + 1];
        }
      },
    },
  ];
}

/**
 * The aggregates exactly as countSale would have left them: per sale
 * (grams × cents per kilo + 500) / 1000 in integers (half up, sale-total.ts),
 * summed per day or month and product, per (day, stripe = product_id % 16)
 * and per product (migrations 0007, 0008). The same expression
 * findAggregateMismatches recounts with.
 */
export const AGGREGATE_STATEMENTS = [
  `insert into sales_daily (sale_date, product_type, product_id, quantity_g, revenue_cents, sale_count)
   select sale_date, product_type, product_id, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales group by sale_date, product_type, product_id`,
  `insert into sales_monthly (month, product_type, product_id, quantity_g, revenue_cents, sale_count)
   select substr(sale_date, 1, 7), product_type, product_id, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales group by substr(sale_date, 1, 7), product_type, product_id`,
  `insert into sales_daily_totals (sale_date, stripe, quantity_g, revenue_cents, sale_count)
   select sale_date, product_id % ${SALES_TOTAL_STRIPES}, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales group by sale_date, product_id % ${SALES_TOTAL_STRIPES}`,
  `insert into sales_product_totals (product_type, product_id, quantity_g, revenue_cents, sale_count)
   select product_type, product_id, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales group by product_type, product_id`,
  // Migration 0023: only the sales that name a customer.
  `insert into sales_customer_totals (customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count)
   select customer_id, product_type, product_id, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales where customer_id is not null group by customer_id, product_type, product_id`,
  `insert into sales_customer_monthly (month, customer_id, product_type, product_id, quantity_g, revenue_cents, sale_count)
   select substr(sale_date, 1, 7), customer_id, product_type, product_id, sum(quantity_g), sum((cast(quantity_g as bigint) * unit_price_cents + 500) / 1000), count(*)
   from sales where customer_id is not null group by substr(sale_date, 1, 7), customer_id, product_type, product_id`,
];
