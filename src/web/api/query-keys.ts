import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { ActivityAction, ActivityArea } from '#shared/schemas/activity.js';
import type { PageParams } from '#web/lib/page-size.js';

/** The areas' request files take the page's type with the keys they build from it (lib/page-size.ts owns it). */
export type { PageParams };

/** What /api/trace is asked: a lot code, a chosen lot (kind + id) or a sale, and the page of its sales. */
export type TraceParams = { code?: string; kind?: 'green' | 'roasted' | 'blend'; id?: number; sale_id?: number; limit?: number; offset?: number };

/** A report's date range (GET /api/reports/…?from=&to=), both inclusive YYYY-MM-DD; absent = all time. */
export type ReportRangeParams = { from?: string; to?: string };

/** The activity log's filters (GET /api/activity): user id, area, action and the days from/to (YYYY-MM-DD, both included). */
export type ActivityFilters = { user?: number; area?: ActivityArea; action?: ActivityAction; from?: string; to?: string };

/** A product picker search (GET /api/products): the text typed and, on an edit, the sale's own product. */
export type ProductSearch = { q: string; include_type?: 'tostado' | 'mezcla'; include_id?: number };

/** The customers list's search (GET /api/customers): the text typed, absent when empty. */
export type CustomerSearch = { q?: string };

/** The orders list's filters (GET /api/orders): state, customer id and due dates (YYYY-MM-DD, both included), absent when unset. */
export type OrderFilters = { status?: string; customer_id?: number; due_from?: string; due_to?: string };

/**
 * Every query key of the app, declared once per area. A feature's `api/`
 * files build their query options from these keys, and each mutation
 * invalidates the keys of exactly the data it changed, which may belong to
 * other areas (a roast changes roasted lists and green stock): features cannot
 * import each other, so the keys live here, below them. An area's `all` key
 * is the prefix of every query of that area (TanStack matches keys by prefix).
 *
 * A new area adds one entry here; its mutations name what they change with
 * `invalidate(queryClient, …keys)`, never a keyless `invalidateQueries()`.
 */
export const queryKeys = {
  session: ['session'],
  /** «Mis sesiones»: the signed-in user's open sessions; ending one, or an administrator's «Cerrar sesiones», changes them. */
  sessions: { all: ['sessions'], mine: ['sessions', 'mine'] },
  users: { all: ['users'] },
  /** Clientes: the list, one per search (each a list of 'Cargar más' pages). */
  customers: {
    all: ['customers'],
    list: (search: CustomerSearch) => ['customers', 'list', search],
    /** The sale form's 'Cliente' search: active customers only. */
    picker: (q: string) => ['customers', 'picker', q],
  },
  /**
   * Pedidos: the list (one per filter, each a list of 'Cargar más' pages), one order's view and its
   * allocation. Preparing and undoing also change sales and stock.
   */
  orders: {
    all: ['orders'],
    list: (filters: OrderFilters) => ['orders', 'list', filters],
    one: (id: number) => ['orders', 'one', id],
    allocation: (id: number) => ['orders', 'allocation', id],
    priceHint: (params: Record<string, string | number>) => ['orders', 'price-hint', params],
  },
  /** The online shop's column presets and SKU mappings (Importar pedidos de la tienda). */
  shopPresets: { all: ['shop-import-presets'] },
  shopSkus: { all: ['shop-skus'], page: (page: PageParams) => ['shop-skus', 'page', page] },
  origins: {
    all: ['origins'],
    page: (page: PageParams) => ['origins', 'page', page],
    /** Every origin with its suppliers, for the forms' selects (src/web/api/get-origin-options.ts). */
    options: ['origins', 'options'],
  },
  greenCoffee: {
    all: ['green-coffee'],
    page: (page: PageParams) => ['green-coffee', 'page', page],
    /** The lots with stock (the roast screen's "available" table). */
    available: (page: PageParams) => ['green-coffee', 'available', page],
    /** The lots with stock, all of them, for the roast form's lot select. */
    roastOptions: ['green-coffee', 'roast-options'],
  },
  roastedCoffee: {
    all: ['roasted-coffee'],
    page: (page: PageParams) => ['roasted-coffee', 'page', page],
    /**
     * A roast's Artisan curve, with its figures (under `all`: a roast's edit changes its weight loss,
     * its delete removes it). In the 'Temperatura' unit: a settings save refreshes every one (`curves`).
     */
    curve: (id: number) => ['roasted-coffee', 'curve', id],
    curves: ['roasted-coffee', 'curve'],
    /**
     * A roast beside its product's reference profile (docs/decisions/0053-reference-profile.md):
     * under `all`, so a roast's edit, a new mark and the tolerances' save refresh it.
     */
    reference: (id: number) => ['roasted-coffee', 'reference', id],
    /** Every roast's comparison: a new mark or new tolerances change them all. */
    references: ['roasted-coffee', 'reference'],
    /** Every page of Café Tostado's list: its reference flags follow a mark and the tolerances. */
    pages: ['roasted-coffee', 'page'],
  },
  /** Blend recipes: the Configuración table; the blend form's recipe picker belongs under `all` too. */
  blendRecipes: {
    all: ['blend-recipes'],
    page: (page: PageParams) => ['blend-recipes', 'page', page],
  },
  /** Configuración's 'Precios por producto'; a save changes them and the picker's products (each carries its price). */
  productPrices: {
    all: ['product-prices'],
    page: (page: PageParams) => ['product-prices', 'page', page],
  },
  /** Configuración's 'Formatos de venta', every one (a handful), also the sale form's 'Formato'; a format save changes them and the sales list (each sale names its format). */
  saleFormats: {
    all: ['sale-formats'],
    /** Configuración's table, a page at a time. */
    page: (page: PageParams) => ['sale-formats', 'page', page],
  },
  /** The typed settings (default sale prices…): Configuración, and the sales form's prefilled prices. */
  settings: { all: ['settings'] },
  /** Café Mezcla. A blend save changes blend lists, roasted stock (roastedCoffee.all) and sellable products. */
  blendedCoffee: {
    all: ['blended-coffee'],
    page: (page: PageParams) => ['blended-coffee', 'page', page],
    /** Every roasted lot with stock (the component lots and the "available" table): under roastedCoffee.all, so roasts refresh it. */
    roastedLots: ['roasted-coffee', 'blend-lots'],
    /** Every recipe, for the recipe picker: under blendRecipes.all, so recipe saves refresh it. */
    recipeOptions: ['blend-recipes', 'blend-options'],
  },
  /** Ventas' sellable products (roasted and blended lots with stock); blends, roasts and sales change them. */
  products: {
    all: ['products'],
    /** The sale form's product picker: one search (`q`, and the edited sale's own product). */
    search: (search: ProductSearch) => ['products', 'search', search],
  },
  /** Ventas. A sale save changes the sales list, products and the stock of roasted lots and blends. */
  sales: {
    all: ['sales'],
    page: (page: PageParams) => ['sales', 'page', page],
  },
  /**
   * Trazabilidad (docs/product-guide.md#trazabilidad): read-only views of lots and sales. No mutation names
   * them: they are refetched when opened (staleTime), as every save anywhere may change a trace.
   */
  traceability: {
    all: ['traceability'],
    trace: (params: TraceParams) => ['traceability', 'trace', params],
    history: (params: PageParams & { kind: string; id: number }) => ['traceability', 'history', params],
    /** The home screen's low-stock card. */
    stockAlerts: ['traceability', 'stock-alerts'],
  },
  /**
   * Recuento de Inventario (docs/product-guide.md#recuento-de-inventario): the count sheet (every lot with
   * stock, refetched only on purpose: its stock is what a count says it saw) and the counts.
   */
  stockCounts: {
    all: ['stock-counts'],
    sheet: ['stock-counts', 'sheet'],
    page: (page: PageParams) => ['stock-counts', 'page', page],
  },
  /**
   * Reportes (docs/product-guide.md#reportes): read-only, refetched whenever /reportes opens
   * (staleTime 0 in their api files), so no save has to name them.
   */
  reports: {
    all: ['reports'],
    monthlySales: (range: ReportRangeParams) => ['reports', 'monthly-sales', range],
    monthlyMargin: (range: ReportRangeParams) => ['reports', 'monthly-margin', range],
    topProducts: (range: ReportRangeParams) => ['reports', 'top-products', range],
    periodTotals: (range: ReportRangeParams) => ['reports', 'period-totals', range],
    topByProduct: (range: ReportRangeParams) => ['reports', 'top-by-product', range],
    salesByCustomer: (range: ReportRangeParams) => ['reports', 'sales-by-customer', range],
    stockSummary: ['reports', 'stock-summary'],
    stockByAge: ['reports', 'stock-by-age'],
  },
  /**
   * Plan de Tueste (docs/product-guide.md#roast-plan): read-only, refetched whenever /planificacion
   * opens (staleTime 0), so no save has to name it.
   */
  planning: {
    all: ['planning'],
    plan: (horizonDays: number) => ['planning', 'plan', horizonDays],
  },
  /**
   * Registro de Actividad (docs/product-guide.md#actividad): read-only, refetched whenever /actividad
   * opens (staleTime 0), so no save has to name it.
   */
  activity: {
    all: ['activity'],
    list: (filters: ActivityFilters) => ['activity', 'list', filters],
  },
} as const satisfies Record<string, QueryKey | Record<string, QueryKey | ((...args: never[]) => QueryKey)>>;

/** Marks the queries under each key stale (refetching those on screen); resolves when they have refetched. */
export const invalidate = (queryClient: QueryClient, ...keys: QueryKey[]): Promise<unknown> =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
