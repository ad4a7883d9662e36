import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Role } from '#shared/roles.js';
import type { CustomerKind } from '#shared/schemas/customers.js';
import type { RoastType } from '#shared/schemas/roasted-coffee.js';
import type { StockCountReason } from '#shared/schemas/stock-counts.js';
import type { OrderStatus } from '#shared/schemas/orders.js';
import type { MOVEMENT_REASONS } from '#shared/schemas/traceability.js';
import type { ActivityAction, ActivityArea } from '#shared/schemas/activity.js';

/**
 * Row types of every table. Times are epoch milliseconds; business dates are
 * `YYYY-MM-DD` text (sorts correctly and needs no dialect-specific date type);
 * quantities are integer grams and prices integer cents (docs/product-guide.md#business-constants).
 */
/**
 * An editable record's version (migration 0015, docs/decisions/0038-record-versions.md):
 * 1 on insert (the column's default), raised only by the write pipeline's
 * check of an edit (write-pipeline/record-version.ts), never set by a repository.
 */
export type RecordVersion = ColumnType<number, never, number>;

export interface UsersTable {
  id: Generated<number>;
  /** Stored as its key, textKey (NFKC, case-folded): usernames are case- and width-insensitive. */
  username: string;
  /**
   * Its Unicode TR39 confusable skeleton (src/server/confusable-skeleton.ts),
   * unique: no look-alike of an existing username (migration 0009). NULL only
   * for a row written past the repository.
   */
  username_skeleton: string | null;
  full_name: string;
  role: Role;
  password_hash: string;
  created_at: number;
  version: RecordVersion;
}
export type UserRow = Selectable<UsersTable>;

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a copy of the database cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
  /** The sign-in request's User-Agent, at most 512 characters; null before migration 0010. */
  user_agent: string | null;
  /** The client's address at sign-in (behind TRUST_PROXY, the forwarded one); null before migration 0010. */
  ip: string | null;
}

/**
 * Sign-in failure counters (auth/login-throttle.ts): one row per address, per
 * address + username and per username, counting failures since `window_start`.
 */
export interface LoginThrottleTable {
  scope: 'address' | 'pair' | 'account';
  subject: string;
  failures: number;
  window_start: number;
}

export const LOT_KINDS = ['green', 'roasted', 'blend'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

/**
 * The table of each kind of lot, whose `stock_g` only the ledger moves
 * (ledger/ledger.ts) and whose rows the stock layer locks (ledger/lot-locks.ts);
 * each area's migration creates its table.
 */
export const LOT_TABLES: Record<LotKind, string> = {
  green: 'green_coffee',
  roasted: 'roasted_coffee',
  blend: 'blended_coffee',
};

/** The ledger's reasons; the list lives with the lot history's schema, which publishes it in the OpenAPI document. */
export type MovementReason = (typeof MOVEMENT_REASONS)[number];

export interface StockMovementsTable {
  id: Generated<number>;
  created_at: number;
  user_id: number | null;
  lot_kind: LotKind;
  lot_id: number;
  delta_g: number;
  reason: MovementReason;
  ref_kind: string | null;
  ref_id: ColumnType<number | null, number | null | undefined, never>;
}

/** An origin; `suppliers_fincas` is a JSON array of strings (origins repository). */
export interface CoffeeOriginsTable {
  id: Generated<number>;
  name: string;
  /** Lower-cased name without accents: the list's order. */
  name_sort: string;
  /**
   * nameKey(name) (NFKC, case-folded, trimmed, without accents), unique: one
   * origin per name (migration 0009). NULL only for a row written past the repository.
   */
  name_key: string | null;
  /**
   * nameSkeleton(name), unique: no look-alike origin names (migration 0014).
   * NULL for a row written past the repository, or a look-alike kept from before 0014.
   */
  name_skeleton: string | null;
  kilos_per_bag_g: number;
  suppliers_fincas: string;
  description: string | null;
  /** Decaffeinated (migration 0028): 1 or 0. */
  decaf: ColumnType<number, number | undefined, number>;
  version: RecordVersion;
}
export type CoffeeOriginRow = Selectable<CoffeeOriginsTable>;

/** A customer (migration 0019, customers repository); `active` is 1 or 0. */
export interface CustomersTable {
  id: Generated<number>;
  version: RecordVersion;
  name: string;
  /** Lower-cased name without accents: the list's order, with id its keyset. */
  name_sort: string;
  /** nameKey(name), unique: one customer per name. */
  name_key: string;
  /** nameSkeleton(name), unique: no look-alike customer names. */
  name_skeleton: string;
  /** Name, tax id, email and phone, lower-cased without accents: what the list's search reads. */
  search_key: string;
  kind: CustomerKind;
  tax_id: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  notes: string | null;
  active: ColumnType<number, number | undefined, number>;
}
export type CustomerRow = Selectable<CustomersTable>;

/** A green lot: `quantity_g` is what it received, `stock_g` what is on hand (moved only by the ledger). */
export interface GreenCoffeeTable {
  id: Generated<number>;
  origin_id: number;
  supplier_finca: string;
  quantity_g: number;
  /** Inserted as 0 and never updated through Kysely: only ledger.moveStock changes it. */
  stock_g: ColumnType<number, 0, never>;
  unit_price_cents: number;
  entry_date: string;
  batch_code: string;
  /** lotCodeKey(batch_code): unique per origin, so 'co-001' and 'CO-001 ' are one lot (migrations 0004, 0009). */
  batch_code_key: string;
  /** confusableSkeleton(batch_code), unique per origin: no look-alike codes (migration 0009); NULL only past the repository. */
  batch_code_skeleton: string | null;
  version: RecordVersion;
}
export type GreenCoffeeRow = Selectable<GreenCoffeeTable>;

/**
 * A roasted lot: `quantity_green_g` went in, `resultant_g` came out (produced),
 * `stock_g` is on hand (moved only by the ledger). Shrinkage is computed, never stored.
 */
export interface RoastedCoffeeTable {
  id: Generated<number>;
  green_coffee_id: number;
  quantity_green_g: number;
  resultant_g: number;
  /** Inserted as 0 and never updated through Kysely: only ledger.moveStock changes it. */
  stock_g: ColumnType<number, 0, never>;
  roast_type: RoastType;
  roast_date: string;
  batch_code: string;
  /** lotCodeKey(batch_code): unique across roasted lots (migrations 0004, 0009). */
  batch_code_key: string;
  /** confusableSkeleton(batch_code), unique across roasted lots (migration 0009); NULL only past the repository. */
  batch_code_skeleton: string | null;
  created_at: number;
  version: RecordVersion;
  /** The roast's notes (migration 0029), null for none. */
  notes: string | null;
  /** Cupping score in hundredths (86.75 is 8675), 0 to 10000, null when not cupped (migration 0029). */
  cupping_score: number | null;
}
export type RoastedCoffeeRow = Selectable<RoastedCoffeeTable>;

/**
 * The reference profile of a product (origin + roast type), one at most: the product is the key
 * (migration 0029, docs/decisions/0053-reference-profile.md).
 */
export interface RoastReferencesTable {
  origin_id: number;
  roast_type: RoastType;
  roast_id: number;
  marked_at: number;
}

/** What an Artisan file added to its roast (migration 0013, docs/decisions/0026-artisan-alog-import.md). */
export interface RoastArtisanProfilesTable {
  roast_id: number;
  /** Artisan's roastUUID, or a hash of the file's content: unique, so a file is recorded once. */
  roast_uuid: string;
  artisan_batch: string | null;
  title: string | null;
  beans: string | null;
  /** JSON of the stored curve (artisan-import/curve-store.ts); null for a file without points. */
  curve: string | null;
  created_at: number;
  /**
   * The figures the list compares with the product's reference (migration 0029): seconds from
   * CHARGE to first crack and to DROP, development ratio (%), drop BT in °C; null when the curve
   * lacks the event. `figures_version` null: not computed yet (fillMissingRoastFigures).
   */
  first_crack_s: number | null;
  total_time_s: number | null;
  dtr_pct: number | null;
  drop_bt_c: number | null;
  figures_version: number | null;
}

/**
 * A blend recipe (Configuración). `name_key` is nameKey(name) (NFKC, trimmed,
 * case-folded, accent-free): its UNIQUE index refuses duplicates and it is the list's order.
 */
export interface BlendRecipesTable {
  id: Generated<number>;
  name: string;
  name_key: string;
  /**
   * nameSkeleton(name), unique: no look-alike recipe names (migration 0014).
   * NULL for a row written past the repository, or a look-alike kept from before 0014.
   */
  name_skeleton: string | null;
  created_at: number;
  updated_at: number;
  version: RecordVersion;
}

/** One origin of a recipe; `percentage_bp` is basis points (33.33 % = 3333), a recipe's sum exactly 10000. */
export interface BlendRecipeComponentsTable {
  id: Generated<number>;
  recipe_id: number;
  origin_id: number;
  percentage_bp: number;
  /** The order the components were added in (0-based). */
  position: number;
  /** The roast type this origin goes in as; null: any (migration 0017). */
  roast_type: RoastType | null;
}

/** A typed setting: `value` is JSON parsed by its key's schema in src/shared/schemas/settings.ts. */
export interface SettingsTable {
  key: string;
  value: string;
  updated_at: number;
  updated_by: number | null;
}

/**
 * A price per product (migration 0018, docs/product-guide.md#configuracion): an
 * origin and roast type ('tostado') or a recipe ('mezcla'), in integer cents.
 */
export interface ProductPricesTable {
  id: Generated<number>;
  product_type: 'tostado' | 'mezcla';
  origin_id: number | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  price_cents: number;
  created_at: number;
  updated_at: number;
  version: RecordVersion;
}

/**
 * A blend (Café Mezcla, migration 0006): `total_quantity_g` is what it produced,
 * `stock_g` what is on hand (moved only by the ledger); `batch_code_key` is
 * lotCodeKey(batch_code), unique across blends.
 */
export interface BlendedCoffeeTable {
  id: Generated<number>;
  name: string;
  total_quantity_g: number;
  /** Inserted as 0 and never updated through Kysely: only ledger.moveStock changes it. */
  stock_g: ColumnType<number, 0, never>;
  creation_date: string;
  batch_code: string;
  batch_code_key: string;
  /** confusableSkeleton(batch_code), unique across blends (migration 0009); NULL only past the repository. */
  batch_code_skeleton: string | null;
  recipe_id: number | null;
  created_at: number;
  updated_at: number;
  version: RecordVersion;
}
export type BlendedCoffeeRow = Selectable<BlendedCoffeeTable>;

/** One origin of a blend; `percentage_bp` is basis points, a blend's sum exactly 10000. */
export interface BlendedCoffeeComponentsTable {
  id: Generated<number>;
  blend_id: number;
  origin_id: number;
  percentage_bp: number;
  /** The order the user gave (0-based): ties of the gram split go to the earlier one. */
  position: number;
}

/** Grams one component of a blend took from one roasted lot. */
export interface BlendedCoffeeDrawsTable {
  id: Generated<number>;
  component_id: number;
  roasted_coffee_id: number;
  quantity_g: number;
}

/** A sale (created in migration 0006 for Ventas); `product_id` points into the table its type names. */
export interface SalesTable {
  id: Generated<number>;
  product_id: number;
  product_type: 'tostado' | 'mezcla';
  quantity_g: number;
  unit_price_cents: number;
  sale_date: string;
  batch_code_sold: string;
  user_id: number | null;
  created_at: number;
  updated_at: number;
  version: RecordVersion;
  /** The customer the sale was for (migration 0019); NULL for a counter sale. */
  customer_id: number | null;
  /** The sale format and its bag count (migration 0020): both set, or both NULL for bulk kilos. */
  format_id: number | null;
  bags: number | null;
  /** The order line this sale was prepared for (migration 0020); NULL for a sale typed in Ventas. */
  order_line_id: number | null;
}

/** A sale format (migration 0020): a bag size in grams; `active` is 1 or 0. */
export interface SaleFormatsTable {
  id: Generated<number>;
  version: RecordVersion;
  name: string;
  /** nameKey(name), unique. */
  name_key: string;
  grams: number;
  active: ColumnType<number, number | undefined, number>;
  created_at: number;
  updated_at: number;
}
export type SaleFormatRow = Selectable<SaleFormatsTable>;

// One list of states, the API's (src/shared/schemas/orders.ts), re-exported for the server's readers.
export { ORDER_STATUSES, type OrderStatus } from '#shared/schemas/orders.js';

/**
 * A customer's order (migration 0020). Dates are `YYYY-MM-DD`; the delivery
 * note is `delivery_note_year` + `delivery_note_seq` (unique together, drawn
 * from delivery_note_counters when first prepared, kept through an undo);
 * `next_order_id` is the repeat its delivery created.
 */
export interface OrdersTable {
  id: Generated<number>;
  version: RecordVersion;
  customer_id: number;
  order_date: string;
  due_date: string;
  notes: string | null;
  repeat_weeks: 1 | 2 | 4 | null;
  status: ColumnType<OrderStatus, OrderStatus | undefined, OrderStatus>;
  prepared_date: string | null;
  delivered_date: string | null;
  delivery_note_year: number | null;
  delivery_note_seq: number | null;
  next_order_id: number | null;
  user_id: number | null;
  created_at: number;
  updated_at: number;
  /** 'shopify' or 'preset-{id}' for an order imported from a shop's CSV, with its number (migration 0025); NULL for one typed in Pedidos. */
  shop_source: string | null;
  shop_order: string | null;
}
/** An order as the orders area reads it: the shop's number is read only by the shop import (features/shop-orders). */
export type OrderRow = Selectable<Omit<OrdersTable, 'shop_source' | 'shop_order'>>;

/** A shop's SKU (or line name) mapped to a product of the plan, a format or bulk kilos and a grind, or ignored (migration 0025). */
export interface ShopSkusTable {
  id: Generated<number>;
  version: RecordVersion;
  sku: string;
  /** nameKey(sku), unique. */
  sku_key: string;
  ignore: number;
  product_type: 'tostado' | 'mezcla' | null;
  origin_id: number | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  format_id: number | null;
  grind: 'grano' | 'molido' | null;
  created_at: number;
  updated_at: number;
}
export type ShopSkuRow = Selectable<ShopSkusTable>;

/** A named column mapping for a shop's CSV (migration 0025): `columns` is JSON of field → header. */
export interface ShopImportPresetsTable {
  id: Generated<number>;
  version: RecordVersion;
  name: string;
  /** nameKey(name), unique. */
  name_key: string;
  columns: string;
  created_at: number;
  updated_at: number;
}

/** The last delivery-note number given in a year (migration 0020). */
export interface DeliveryNoteCountersTable {
  year: number;
  last_seq: number;
}

/**
 * One line of an order: a product of the plan (an origin and roast type, or a
 * recipe, as product_prices), a format with its bags or bulk kilos
 * (`quantity_g` is the kilos either way), a price per kg in cents and the grind.
 */
export interface OrderLinesTable {
  id: Generated<number>;
  order_id: number;
  position: number;
  product_type: 'tostado' | 'mezcla';
  origin_id: number | null;
  roast_type: RoastType | null;
  recipe_id: number | null;
  format_id: number | null;
  bags: number | null;
  quantity_g: number;
  unit_price_cents: number;
  grind: 'grano' | 'molido';
}
export type OrderLineRow = Selectable<OrderLinesTable>;

/** Per (day, product) sales totals (migration 0007), kept by sales/aggregates.ts in the sale's transaction. */
export interface SalesDailyTable {
  sale_date: string;
  product_type: 'tostado' | 'mezcla';
  product_id: number;
  /** bigint on PostgreSQL: read through Number(). */
  quantity_g: number | string;
  revenue_cents: number | string;
  sale_count: number;
}

/** The same per (month 'YYYY-MM', product). */
export interface SalesMonthlyTable extends Omit<SalesDailyTable, 'sale_date'> {
  month: string;
}

/** Per (day, stripe = product_id % 16) sales totals (migration 0008): 'Ventas Mensuales' reads these. */
/** What 'Margen bruto' answered for a whole month, and the fingerprint it was computed under (migration 0026). */
export interface MonthlyCostsTable {
  month: string;
  /** bigint on PostgreSQL: read through Number(). */
  sale_count: number | string;
  sales_revision: number | string;
  cost_revision: number | string;
  revenue_cents: number | string;
  cost_cents: number | string;
}

/** Bumped by every edit or delete of a sale of the month (migration 0026). */
export interface SalesMonthRevisionsTable {
  month: string;
  revision: number | string;
}

/** One row (id 1), bumped by every edit or delete of a green lot, roast or blend (migration 0026). */
export interface CostRevisionTable {
  id: number;
  revision: number | string;
}

export interface SalesDailyTotalsTable {
  sale_date: string;
  stripe: number;
  /** bigint on PostgreSQL: read through Number(). */
  quantity_g: number | string;
  revenue_cents: number | string;
  sale_count: number;
}

/** All-time sales totals per product (migration 0008): the all-time top 5 reads these. */
export interface SalesProductTotalsTable {
  product_type: 'tostado' | 'mezcla';
  product_id: number;
  /** bigint on PostgreSQL: read through Number(). */
  quantity_g: number | string;
  revenue_cents: number | string;
  sale_count: number;
}

/** All-time sales totals per (customer, product), of the sales that name a customer (migration 0023). */
export interface SalesCustomerTotalsTable extends SalesProductTotalsTable {
  customer_id: number;
}

/** The same per (month 'YYYY-MM', customer, product). */
export interface SalesCustomerMonthlyTable extends SalesCustomerTotalsTable {
  month: string;
}

/** One stored answer of a write sent with an Idempotency-Key (write-pipeline/idempotency-store.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  method: string;
  /** The request's path with its query, as the router received it. */
  path: string;
  /** SHA-256 (hex) of the validated body, so the same key with another body is refused. */
  body_hash: string;
  status: number;
  /** The answer's JSON; null for a 204. */
  response_body: string | null;
  created_at: number;
}

/** One entry of the activity log (write-pipeline/activity-log.ts); never updated or deleted. */
export interface ActivityLogTable {
  id: Generated<number>;
  at: number;
  user_id: number | null;
  /** As it was when the entry was written; for a refused sign-in, the account named (null when the name tried is no account's). */
  username: string | null;
  action: ActivityAction;
  area: ActivityArea;
  record_id: number | null;
  record_label: string;
  /** JSON `{ field: { before, after } }` for an update, else null. */
  changes: string | null;
}

/** A stock count (Recuento de Inventario, migration 0012): why, who and when; never edited or deleted. */
export interface StockCountsTable {
  id: Generated<number>;
  reason: StockCountReason;
  note: string | null;
  user_id: number | null;
  created_at: number;
}

/** One lot of a count: what the sheet expected and what was counted; counted ≠ expected moved the stock (reason 'count'). */
export interface StockCountLinesTable {
  id: Generated<number>;
  count_id: number;
  position: number;
  lot_kind: LotKind;
  lot_id: number;
  /** The lot's code when counted. */
  batch_code: string;
  expected_g: number;
  counted_g: number;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  login_throttle: LoginThrottleTable;
  stock_movements: StockMovementsTable;
  coffee_origins: CoffeeOriginsTable;
  green_coffee: GreenCoffeeTable;
  roasted_coffee: RoastedCoffeeTable;
  roast_artisan_profiles: RoastArtisanProfilesTable;
  roast_references: RoastReferencesTable;
  blend_recipes: BlendRecipesTable;
  blend_recipe_components: BlendRecipeComponentsTable;
  settings: SettingsTable;
  blended_coffee: BlendedCoffeeTable;
  blended_coffee_components: BlendedCoffeeComponentsTable;
  blended_coffee_draws: BlendedCoffeeDrawsTable;
  sales: SalesTable;
  sales_daily: SalesDailyTable;
  sales_monthly: SalesMonthlyTable;
  sales_daily_totals: SalesDailyTotalsTable;
  monthly_costs: MonthlyCostsTable;
  sales_month_revisions: SalesMonthRevisionsTable;
  cost_revision: CostRevisionTable;
  sales_product_totals: SalesProductTotalsTable;
  sales_customer_totals: SalesCustomerTotalsTable;
  sales_customer_monthly: SalesCustomerMonthlyTable;
  idempotency_keys: IdempotencyKeysTable;
  activity_log: ActivityLogTable;
  stock_counts: StockCountsTable;
  stock_count_lines: StockCountLinesTable;
  customers: CustomersTable;
  product_prices: ProductPricesTable;
  sale_formats: SaleFormatsTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  delivery_note_counters: DeliveryNoteCountersTable;
  shop_skus: ShopSkusTable;
  shop_import_presets: ShopImportPresetsTable;
}
