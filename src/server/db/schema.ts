import type { ColumnType, Generated, Selectable } from 'kysely';
import type { Role } from '../../shared/roles.js';
import type { RoastType } from '../../shared/schemas/roasted-coffee.js';

/**
 * Row types of every table. Times are epoch milliseconds; business dates are
 * `YYYY-MM-DD` text (sorts correctly and needs no dialect-specific date type);
 * quantities are integer grams and prices integer cents (DESIGN.md section 1).
 */
export interface UsersTable {
  id: Generated<number>;
  /** Stored lower-cased: usernames are case-insensitive. */
  username: string;
  full_name: string;
  role: Role;
  password_hash: string;
  created_at: number;
}
export type UserRow = Selectable<UsersTable>;

export interface SessionsTable {
  /** SHA-256 of the cookie token, so a copy of the database cannot be replayed as cookies. */
  id: string;
  user_id: number;
  created_at: number;
  last_seen_at: number;
}

export const LOT_KINDS = ['green', 'roasted', 'blend'] as const;
export type LotKind = (typeof LOT_KINDS)[number];

export const MOVEMENT_REASONS = [
  'receipt',
  'adjustment',
  'roast',
  'roast_reversal',
  'blend',
  'blend_reversal',
  'sale',
  'sale_reversal',
] as const;
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
  kilos_per_bag_g: number;
  suppliers_fincas: string;
  description: string | null;
}
export type CoffeeOriginRow = Selectable<CoffeeOriginsTable>;

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
  created_at: number;
}
export type RoastedCoffeeRow = Selectable<RoastedCoffeeTable>;

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  stock_movements: StockMovementsTable;
  coffee_origins: CoffeeOriginsTable;
  green_coffee: GreenCoffeeTable;
  roasted_coffee: RoastedCoffeeTable;
}
