import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '#web/api/query-keys.js';
import { createGreenCoffeeOptions } from '#web/features/green-coffee/api/create-green-coffee.js';
import { deleteGreenCoffeeOptions } from '#web/features/green-coffee/api/delete-green-coffee.js';
import { updateGreenCoffeeOptions } from '#web/features/green-coffee/api/update-green-coffee.js';
import { importGreenCoffeeOptions } from '#web/features/green-coffee/api/import-green-coffee.js';
import { createCustomerOptions } from '#web/features/customers/api/create-customer.js';
import { deleteCustomerOptions } from '#web/features/customers/api/delete-customer.js';
import { updateCustomerOptions } from '#web/features/customers/api/update-customer.js';
import { createOrderOptions } from '#web/features/orders/api/create-order.js';
import { fulfilOrderOptions } from '#web/features/orders/api/fulfil-order.js';
import { type OrderTransition, transitionOrderOptions } from '#web/features/orders/api/order-transition.js';
import { updateOrderOptions } from '#web/features/orders/api/update-order.js';
import { createOriginOptions } from '#web/features/origins/api/create-origin.js';
import { deleteOriginOptions } from '#web/features/origins/api/delete-origin.js';
import { updateOriginOptions } from '#web/features/origins/api/update-origin.js';
import { createRoastedCoffeeOptions } from '#web/features/roasted-coffee/api/create-roasted-coffee.js';
import { importArtisanBatchOptions } from '#web/features/roasted-coffee/api/import-artisan-batch.js';
import { deleteRoastedCoffeeOptions } from '#web/features/roasted-coffee/api/delete-roasted-coffee.js';
import { updateRoastedCoffeeOptions } from '#web/features/roasted-coffee/api/update-roasted-coffee.js';
import { setRoastReferenceOptions } from '#web/api/roast-reference.js';
import { createProductPriceOptions } from '#web/features/settings/api/create-product-price.js';
import { deleteProductPriceOptions } from '#web/features/settings/api/delete-product-price.js';
import { updateProductPriceOptions } from '#web/features/settings/api/update-product-price.js';
import { createSaleFormatOptions } from '#web/features/settings/api/create-sale-format.js';
import { deleteSaleFormatOptions } from '#web/features/settings/api/delete-sale-format.js';
import { updateSaleFormatOptions } from '#web/features/settings/api/update-sale-format.js';
import { DEFAULT_REGIONAL_FORMAT } from '#shared/format.js';
import { updateSettingsOptions } from '#web/features/settings/api/update-settings.js';
import { createSaleOptions } from '#web/features/sales/api/create-sale.js';
import { deleteSaleOptions } from '#web/features/sales/api/delete-sale.js';
import { updateSaleOptions } from '#web/features/sales/api/update-sale.js';
import { createStockCountOptions } from '#web/features/stock-counts/api/create-stock-count.js';
import { createUserOptions } from '#web/features/users/api/create-user.js';
import { deleteUserOptions } from '#web/features/users/api/delete-user.js';
import { updateUserOptions } from '#web/features/users/api/update-user.js';

const page = { limit: 10, offset: 0 };

/** One query of each kind the app caches, by a name for the assertions. */
const CACHED: Record<string, QueryKey> = {
  session: queryKeys.session,
  users: queryKeys.users.all,
  originsPage: queryKeys.origins.page(page),
  originOptions: queryKeys.origins.options,
  greenPage: queryKeys.greenCoffee.page(page),
  availableGreen: queryKeys.greenCoffee.available(page),
  greenLotOptions: queryKeys.greenCoffee.roastOptions,
  roastedPage: queryKeys.roastedCoffee.page(page),
  roastCurve: queryKeys.roastedCoffee.curve(1),
  blendRoastedLots: queryKeys.blendedCoffee.roastedLots,
  blendsPage: queryKeys.blendedCoffee.page(page),
  recipesPage: queryKeys.blendRecipes.page(page),
  products: queryKeys.products.all,
  productPricesPage: queryKeys.productPrices.page(page),
  saleFormatsPage: queryKeys.saleFormats.page(page),
  saleFormatOptions: [...queryKeys.saleFormats.all, 'every'],
  settings: queryKeys.settings.all,
  salesPage: queryKeys.sales.page(page),
  stockAlerts: queryKeys.traceability.stockAlerts,
  countSheet: queryKeys.stockCounts.sheet,
  countsPage: queryKeys.stockCounts.page(page),
  customers: queryKeys.customers.list({}),
  customerSearch: queryKeys.customers.list({ q: 'sol' }),
  orders: queryKeys.orders.list({}),
  pendingOrders: queryKeys.orders.list({ status: 'pendiente' }),
  order: queryKeys.orders.one(1),
  // Reportes' tiles and its stock by age (two routes, docs/decisions/0049-roast-age-and-public-page.md): refreshed together.
  stockSummary: queryKeys.reports.stockSummary,
  stockByAge: queryKeys.reports.stockByAge,
};

/** Runs a mutation's onSuccess on a cache holding one query of each kind; returns the names it marked stale. */
async function invalidatedBy(optionsFor: (queryClient: QueryClient) => { onSuccess?: unknown }, answer?: unknown): Promise<string[]> {
  const queryClient = new QueryClient();
  for (const key of Object.values(CACHED)) queryClient.setQueryData(key, { cached: true });
  const { onSuccess } = optionsFor(queryClient);
  await (onSuccess as (data: unknown) => Promise<unknown>)(answer);
  return Object.entries(CACHED)
    .filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated)
    .map(([name]) => name)
    .sort();
}

describe('each mutation invalidates exactly the queries whose data it changed', () => {
  it('a new or deleted customer: the customers list, every search of it, and nothing else', async () => {
    for (const options of [createCustomerOptions, deleteCustomerOptions]) {
      expect(await invalidatedBy(options)).toEqual(['customerSearch', 'customers']);
    }
  });

  it("an edited customer: also what shows the customer's name (orders, the sales list, the reports)", async () => {
    expect(await invalidatedBy(updateCustomerOptions)).toEqual(['customerSearch', 'customers', 'order', 'orders', 'pendingOrders', 'salesPage', 'stockByAge', 'stockSummary']);
  });

  it('a new or deleted origin: the origin lists and selects only', async () => {
    for (const options of [createOriginOptions, deleteOriginOptions]) {
      expect(await invalidatedBy(options)).toEqual(['originOptions', 'originsPage']);
    }
  });

  it("an edited origin: also everything that shows the origin's name (green lots, roasts, recipes, blends, products)", async () => {
    expect(await invalidatedBy(updateOriginOptions)).toEqual([
      'availableGreen',
      'blendRoastedLots',
      'blendsPage',
      'greenLotOptions',
      'greenPage',
      'originOptions',
      'originsPage',
      'products',
      'recipesPage',
      'roastCurve', 'roastedPage',
    ]);
  });

  it('a new or deleted green lot: green lists, available stock and the roast form lot options', async () => {
    for (const options of [createGreenCoffeeOptions, deleteGreenCoffeeOptions]) {
      expect(await invalidatedBy(options)).toEqual(['availableGreen', 'greenLotOptions', 'greenPage']);
    }
  });

  it('a confirmed CSV import of green lots: the same lists as a new lot; a dry run (preview) changes nothing', async () => {
    const importWith = (dryRun: boolean) => (queryClient: QueryClient) => ({
      onSuccess: () =>
        (importGreenCoffeeOptions(queryClient).onSuccess as (...args: unknown[]) => unknown)({ imported: 1 }, { file: new Blob([]), dryRun }),
    });
    expect(await invalidatedBy(importWith(false))).toEqual(['availableGreen', 'greenLotOptions', 'greenPage']);
    expect(await invalidatedBy(importWith(true))).toEqual([]);
  });

  it("an edited green lot: also roasts, which show their green lot's code; blends and sales, whose cost and margin follow its price", async () => {
    expect(await invalidatedBy(updateGreenCoffeeOptions)).toEqual([
      'availableGreen',
      'blendRoastedLots',
      'blendsPage',
      'greenLotOptions',
      'greenPage',
      'roastCurve', 'roastedPage',
      'salesPage',
    ]);
  });

  it('a roast (create, edit, delete) moves green stock: roasted lists, green stock and green-lot options, products', async () => {
    // An Artisan import creates roasts: the same refresh as the form's create (docs/product-guide.md#artisan-import).
    for (const options of [createRoastedCoffeeOptions, deleteRoastedCoffeeOptions, importArtisanBatchOptions]) {
      expect(await invalidatedBy(options)).toEqual([
        'availableGreen',
        'blendRoastedLots',
        'greenLotOptions',
        'greenPage',
        'products',
        'roastCurve', 'roastedPage',
      ]);
    }
  });

  it("an edited roast: also blends, which list their roasted lots' codes, and sales, whose margin follows its yield", async () => {
    expect(await invalidatedBy(updateRoastedCoffeeOptions)).toEqual([
      'availableGreen',
      'blendRoastedLots',
      'blendsPage',
      'greenLotOptions',
      'greenPage',
      'products',
      'roastCurve', 'roastedPage',
      'salesPage',
    ]);
  });

  it("a roast marked or unmarked as its product's reference: the roasted lists (their flags) and every roast's comparison, nothing else", async () => {
    expect(await invalidatedBy(setRoastReferenceOptions)).toEqual(['roastedPage']);
    const queryClient = new QueryClient();
    queryClient.setQueryData(queryKeys.roastedCoffee.reference(7), { cached: true });
    await (setRoastReferenceOptions(queryClient).onSuccess as () => Promise<unknown>)();
    expect(queryClient.getQueryState(queryKeys.roastedCoffee.reference(7))?.isInvalidated).toBe(true);
  });

  it("a sale (create, edit, delete) moves a lot's stock: sales, products, and the roasted and blend lists that show stock", async () => {
    for (const options of [createSaleOptions, updateSaleOptions, deleteSaleOptions]) {
      expect(await invalidatedBy(options)).toEqual(['blendRoastedLots', 'blendsPage', 'products', 'roastCurve', 'roastedPage', 'salesPage']);
    }
  });

  it("a stock count moves green, roasted and blend stock: their lists and options, products, the home alerts, the sheet and the counts", async () => {
    expect(await invalidatedBy(createStockCountOptions)).toEqual([
      'availableGreen',
      'blendRoastedLots',
      'blendsPage',
      'countSheet',
      'countsPage',
      'greenLotOptions',
      'greenPage',
      'products',
      'roastCurve', 'roastedPage',
      'stockAlerts',
    ]);
  });

  it('users: the list; an edit also the session (the header greets by name)', async () => {
    expect(await invalidatedBy(createUserOptions)).toEqual(['users']);
    expect(await invalidatedBy(deleteUserOptions)).toEqual(['users']);
    expect(await invalidatedBy(updateUserOptions)).toEqual(['session', 'users']);
  });

  it('a price per product: the prices and the picker\'s products (each carries its price), nothing else', async () => {
    for (const options of [createProductPriceOptions, updateProductPriceOptions, deleteProductPriceOptions]) {
      expect(await invalidatedBy(options)).toEqual(['productPricesPage', 'products']);
    }
  });

  it("a new or edited order: the orders (lists and views) and Inicio's due-orders line", async () => {
    for (const options of [createOrderOptions, updateOrderOptions]) {
      expect(await invalidatedBy(options)).toEqual(['order', 'orders', 'pendingOrders', 'stockAlerts']);
    }
  });

  it("preparing an order records sales from lots: the orders, Inicio's due-orders line, and what a sale changes (sales, products, roasted and blend lists)", async () => {
    expect(await invalidatedBy(fulfilOrderOptions)).toEqual(['blendRoastedLots', 'blendsPage', 'order', 'orders', 'pendingOrders', 'products', 'roastCurve', 'roastedPage', 'salesPage', 'stockAlerts']);
  });

  it("undoing a preparation returns its sales' stock like a sale's delete; delivering or cancelling changes the orders and Inicio's due-orders line", async () => {
    const transition = (action: OrderTransition) => (queryClient: QueryClient) => ({
      onSuccess: () => (transitionOrderOptions(queryClient).onSuccess as (...args: unknown[]) => unknown)({}, { order: { id: 1 }, action, key: 'k' }),
    });
    expect(await invalidatedBy(transition('undo-fulfil'))).toEqual(['blendRoastedLots', 'blendsPage', 'order', 'orders', 'pendingOrders', 'products', 'roastCurve', 'roastedPage', 'salesPage', 'stockAlerts']);
    expect(await invalidatedBy(transition('deliver'))).toEqual(['order', 'orders', 'pendingOrders', 'stockAlerts']);
    expect(await invalidatedBy(transition('cancel'))).toEqual(['order', 'orders', 'pendingOrders', 'stockAlerts']);
  });

  it("a sale format: Configuración's formats and the sale form's; an edit also the sales list (it names each sale's format)", async () => {
    expect(await invalidatedBy(createSaleFormatOptions)).toEqual(['saleFormatOptions', 'saleFormatsPage']);
    expect(await invalidatedBy(deleteSaleFormatOptions)).toEqual(['saleFormatOptions', 'saleFormatsPage']);
    expect(await invalidatedBy(updateSaleFormatOptions)).toEqual(['saleFormatOptions', 'saleFormatsPage', 'salesPage']);
  });

  it("a settings save: the settings, Inicio's alerts (its thresholds), every roast curve (drawn in the 'Temperatura' unit) and Café Tostado's reference flags (its tolerances)", async () => {
    expect(await invalidatedBy(updateSettingsOptions, DEFAULT_REGIONAL_FORMAT)).toEqual(['roastCurve', 'roastedPage', 'settings', 'stockAlerts']);
  });
});
