import type { ComponentType } from 'react';
import { type LazyComponent, lazyLoaded } from '../lib/lazy-named.js';
import { type ListedScreen, type ScreenId, SCREENS } from '../lib/screens.js';

/**
 * Where each screen's page component is (src/web/lib/screens.ts declares the
 * screens; the path here is its `module`). Each import() is a chunk of its own,
 * downloaded when the screen is first opened, so the login and home download
 * only their own code. tsc asks for a line here when a screen is added.
 */
const pageLoaders: Record<ScreenId, () => Promise<ComponentType>> = {
  home: async () => (await import('../features/home/home-page.js')).HomePage,
  origins: async () => (await import('../features/origins/origins-page.js')).OriginsPage,
  greenCoffee: async () => (await import('../features/green-coffee/green-coffee-page.js')).GreenCoffeePage,
  roastedCoffee: async () => (await import('../features/roasted-coffee/roasted-coffee-page.js')).RoastedCoffeePage,
  blendedCoffee: async () => (await import('../features/blended-coffee/blended-coffee-page.js')).BlendedCoffeePage,
  sales: async () => (await import('../features/sales/sales-page.js')).SalesPage,
  traceability: async () => (await import('../features/traceability/traceability-page.js')).TraceabilityPage,
  stockCounts: async () => (await import('../features/stock-counts/stock-count-page.js')).StockCountPage,
  planning: async () => (await import('../features/planning/planning-page.js')).PlanningPage,
  reports: async () => (await import('../features/reports/reports-page.js')).ReportsPage,
  configuration: async () => (await import('../features/settings/configuration-page.js')).ConfigurationPage,
  users: async () => (await import('../features/users/users-page.js')).UsersPage,
  activity: async () => (await import('../features/activity/activity-page.js')).ActivityPage,
  customers: async () => (await import('../features/customers/customers-page.js')).CustomersPage,
  orders: async () => (await import('../features/orders/orders-page.js')).OrdersPage,
  shopOrders: async () => (await import('../features/shop-orders/shop-orders-page.js')).ShopOrdersPage,
};

/**
 * A form screen's chunk, loaded after the form code every form screen shares: vite.config.ts
 * puts the shared schemas (#shared/schemas/common) and their resolver in the `screens` chunk,
 * which imports the `forms` one (zod, react-hook-form). The browser evaluates a dynamic
 * import's modules in one task, 40–60 ms for all of it on this project's machines (Total
 * Blocking Time, docs/performance.md); importing the shared form code first makes that two
 * tasks. (Through the schemas, which import no React: importing the resolver, which does, made
 * Rolldown move React out of the entry into a chunk of its own, a request more for every page.)
 */
async function formCodeFirst(load: () => Promise<ComponentType>): Promise<ComponentType> {
  await import('#shared/schemas/common.js');
  return load();
}

const pageOf = (screen: ListedScreen): LazyComponent<object> =>
  lazyLoaded(() => (screen.forms ? formCodeFirst(pageLoaders[screen.id]) : pageLoaders[screen.id]()));

/** Each screen of the list with its lazy page component, in the list's order. */
export const SCREEN_PAGES = SCREENS.map((screen) => ({ ...screen, Page: pageOf(screen) }));

/** Loads the page of the screen at `pathname`, if one is there (app.tsx, preloadFirstScreen). */
export async function preloadScreenAt(pathname: string): Promise<void> {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  await SCREEN_PAGES.find((screen) => screen.path === path)?.Page.preload();
}
