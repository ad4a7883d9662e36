import type { Kysely, Migration } from 'kysely';
import type { MigrationLog } from '#server/db/migration-log.js';
import * as authAndLedger from './0001-auth-and-ledger.js';
import * as originsAndGreenCoffee from './0002-origins-and-green-coffee.js';
import * as roastedCoffee from './0003-roasted-coffee.js';
import * as lotCodeKeysAndLoginThrottle from './0004-lot-code-keys-and-login-throttle.js';
import * as blendRecipesAndSettings from './0005-blend-recipes-and-settings.js';
import * as blendedCoffeeAndSales from './0006-blended-coffee-and-sales.js';
import * as salesAggregates from './0007-sales-aggregates.js';
import * as salesTotals from './0008-sales-totals.js';
import * as textKeysAndConfusables from './0009-text-keys-and-confusables.js';
import * as sessionDevices from './0010-session-devices.js';
import * as idempotencyAndActivity from './0011-idempotency-and-activity.js';
import * as stockCounts from './0012-stock-counts.js';
import * as roastArtisanProfiles from './0013-roast-artisan-profiles.js';
import * as nameSkeletons from './0014-name-skeletons.js';
import * as recordVersions from './0015-record-versions.js';
import * as refusedSignInNames from './0016-refused-sign-in-names.js';
import * as recipeComponentRoastTypes from './0017-recipe-component-roast-types.js';
import * as productPrices from './0018-product-prices.js';
import * as customers from './0019-customers.js';
import * as saleFormatsAndOrders from './0020-sale-formats-and-orders.js';
import * as salesCustomerProductIndex from './0022-sales-customer-product-index.js';
import * as salesByCustomer from './0023-sales-by-customer.js';
import * as shopOrders from './0025-shop-orders.js';
import * as monthlyCosts from './0026-monthly-costs.js';
import * as decafOrigins from './0028-decaf-origins.js';
import * as roastNotesAndReference from './0029-roast-notes-and-reference.js';

/** A migration that may report what it changed (Kysely calls `up(db)`; migrateToLatest passes its log too). */
export interface LoggingMigration extends Migration {
  up(db: Kysely<any>, log?: MigrationLog): Promise<void>;
}

/**
 * Every migration, in order. Listed statically (not read from disk) so the
 * compiled server and the tests run exactly the same set. Add new ones at the end
 * with the next number.
 */
export const migrations: Record<string, LoggingMigration> = {
  '0001-auth-and-ledger': authAndLedger,
  '0002-origins-and-green-coffee': originsAndGreenCoffee,
  '0003-roasted-coffee': roastedCoffee,
  '0004-lot-code-keys-and-login-throttle': lotCodeKeysAndLoginThrottle,
  '0005-blend-recipes-and-settings': blendRecipesAndSettings,
  '0006-blended-coffee-and-sales': blendedCoffeeAndSales,
  '0007-sales-aggregates': salesAggregates,
  '0008-sales-totals': salesTotals,
  '0009-text-keys-and-confusables': textKeysAndConfusables,
  '0010-session-devices': sessionDevices,
  '0011-idempotency-and-activity': idempotencyAndActivity,
  '0012-stock-counts': stockCounts,
  '0013-roast-artisan-profiles': roastArtisanProfiles,
  '0014-name-skeletons': nameSkeletons,
  '0015-record-versions': recordVersions,
  '0016-refused-sign-in-names': refusedSignInNames,
  '0017-recipe-component-roast-types': recipeComponentRoastTypes,
  '0018-product-prices': productPrices,
  '0019-customers': customers,
  '0020-sale-formats-and-orders': saleFormatsAndOrders,
  '0022-sales-customer-product-index': salesCustomerProductIndex,
  '0023-sales-by-customer': salesByCustomer,
  '0025-shop-orders': shopOrders,
  '0026-monthly-costs': monthlyCosts,
  '0028-decaf-origins': decafOrigins,
  '0029-roast-notes-and-reference': roastNotesAndReference,
};
