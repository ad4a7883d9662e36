import { LARGEST_PAGE_SIZE, PAGE_SIZE } from './page-size.js';

/**
 * Every screen of the app, declared once (docs/decisions/0016-one-screen-list.md).
 * The router (src/web/app/routes.tsx), the bottom bar and the home cards
 * (src/web/lib/nav-items.ts) and the build (vite.config.ts: one HTML page per
 * screen with its preloads, and the first-visit chunks; support/web-weight.ts)
 * all read this list. It is plain data, no React: vite.config.ts imports it in
 * Node at build time. The page components are imported in
 * src/web/app/screen-pages.ts, by `id`.
 */
export interface Screen {
  /** The screen's name in code: src/web/app/screen-pages.ts maps it to its page component. */
  id: string;
  /** Its URL; '/' is home. */
  path: `/${string}`;
  /** The page component's source: the screen's lazy chunk, whose files its HTML page preloads. */
  module: `src/web/features/${string}.tsx`;
  /** Only administrators: the router sends a tecnico to /, and home marks the card "Solo administradores". */
  adminOnly?: boolean;
  /**
   * The screen has create/edit forms: its chunk is loaded after the code every
   * form screen shares (src/web/app/screen-pages.ts, formCodeFirst).
   */
  forms?: boolean;
  /**
   * The API requests the screen makes when it opens, byte for byte as its
   * queries write them; its HTML page preloads each one (besides
   * /api/auth/me, which every page asks first) so the answers download with
   * the JavaScript. A URL that differs by one byte is fetched twice:
   * e2e/web-preloads.e2e.test.ts checks every screen against what it requests.
   */
  requests: readonly string[];
  /**
   * A screen the original app did not have: its button in home's row of tools
   * (docs/decisions/0025-screens-beyond-the-original.md). The bottom bar and the home cards keep the
   * original's 8 entries and 7 cards; every newer screen is reached from here
   * and from the screens it serves. An `adminOnly` tool shows to administrators only.
   */
  tool?: {
    label: string;
    /** A lucide-react icon by name, as `nav.icon`. */
    icon: string;
  };
  /** Its entry in the bottom bar and, for every screen but home, its card on home. Screens without one are reached from another screen. */
  nav?: {
    label: string;
    /** A lucide-react icon by name (src/web/lib/nav-items.ts maps it to the component). */
    icon: string;
    /** The home card's text. */
    description: string;
  };
}

/** A table's first page as the app's queries ask for it (api-client withQuery: `limit`, `offset`, then the filters). */
const firstPage = (path: string, filters = '') => `/api${path}?limit=${PAGE_SIZE}&offset=0${filters && `&${filters}`}`;

/** A whole list as fetchAllPages asks for it: the filters, then its largest page from the start. */
const everyRow = (path: string, filters = '') => `/api${path}?${filters && `${filters}&`}limit=${LARGEST_PAGE_SIZE}&offset=0`;

/** In the bottom bar's order (home first); a screen's place here is its place in the bar and on home. */
const screens = [
  {
    id: 'home',
    path: '/',
    module: 'src/web/features/home/home-page.tsx',
    requests: ['/api/stock-alerts'],
    nav: { label: 'Inicio', icon: 'House', description: 'Panel principal del sistema.' },
  },
  {
    id: 'origins',
    path: '/cafe-origen',
    module: 'src/web/features/origins/origins-page.tsx',
    forms: true,
    requests: [firstPage('/coffee-origins')],
    nav: { label: 'Orígenes', icon: 'Globe', description: 'Países y regiones de origen, con sus proveedores y fincas.' },
  },
  {
    id: 'greenCoffee',
    path: '/cafe-verde',
    module: 'src/web/features/green-coffee/green-coffee-page.tsx',
    forms: true,
    requests: [firstPage('/green-coffee'), everyRow('/coffee-origins')],
    nav: { label: 'Café Verde', icon: 'Sprout', description: 'Inventario de café sin tostar.' },
  },
  {
    id: 'roastedCoffee',
    path: '/cafe-tostado',
    module: 'src/web/features/roasted-coffee/roasted-coffee-page.tsx',
    forms: true,
    requests: [firstPage('/roasted-coffee'), firstPage('/green-coffee', 'in_stock=true'), everyRow('/green-coffee', 'in_stock=true'), everyRow('/coffee-origins')],
    nav: { label: 'Café Tostado', icon: 'Flame', description: 'Stock tostado y listo para moler.' },
  },
  {
    id: 'blendedCoffee',
    path: '/cafe-mezcla',
    module: 'src/web/features/blended-coffee/blended-coffee-page.tsx',
    forms: true,
    requests: [firstPage('/blended-coffee'), everyRow('/roasted-coffee', 'in_stock=true'), everyRow('/blend-recipes'), everyRow('/coffee-origins')],
    nav: { label: 'Café Mezcla', icon: 'Blend', description: 'Mezclas especiales a partir de lotes tostados.' },
  },
  {
    id: 'sales',
    path: '/ventas',
    module: 'src/web/features/sales/sales-page.tsx',
    forms: true,
    requests: [firstPage('/sales'), '/api/settings', everyRow('/sale-formats')],
    nav: { label: 'Ventas', icon: 'ShoppingCart', description: 'Registro y seguimiento de ventas.' },
  },
  {
    id: 'traceability',
    path: '/trazabilidad',
    module: 'src/web/features/traceability/traceability-page.tsx',
    // Nothing until a lot code is searched.
    requests: [],
    tool: { label: 'Trazabilidad de lotes', icon: 'Search' },
  },
  {
    id: 'stockCounts',
    path: '/inventario',
    module: 'src/web/features/stock-counts/stock-count-page.tsx',
    forms: true,
    requests: ['/api/stock-counts/sheet', everyRow('/coffee-origins'), firstPage('/stock-counts')],
    tool: { label: 'Recuento de inventario', icon: 'ClipboardCheck' },
  },
  {
    id: 'planning',
    path: '/planificacion',
    module: 'src/web/features/planning/planning-page.tsx',
    // The default horizon (PLANNING_HORIZON_DEFAULT, written out: vite.config.ts reads this list in Node,
    // where #shared does not resolve; tests/unit/screens.test.ts checks it), as features/planning/api/get-planning.ts
    // asks for it. A ?horizonte= URL asks for its own.
    requests: ['/api/planning?horizon_days=14'],
    tool: { label: 'Plan de tueste', icon: 'Calendar' },
  },
  {
    id: 'customers',
    path: '/clientes',
    module: 'src/web/features/customers/customers-page.tsx',
    forms: true,
    // The list's first page without a search (features/customers/api/get-customers.ts).
    requests: [`/api/customers?limit=${PAGE_SIZE}`],
    tool: { label: 'Clientes', icon: 'Contact' },
  },
  {
    id: 'orders',
    path: '/pedidos',
    module: 'src/web/features/orders/orders-page.tsx',
    forms: true,
    // The list's first page without filters (features/orders/api/get-orders.ts) and the order form's choices.
    requests: [`/api/orders?limit=${PAGE_SIZE}`, everyRow('/coffee-origins'), everyRow('/blend-recipes'), everyRow('/sale-formats')],
    tool: { label: 'Pedidos', icon: 'Truck' },
  },
  {
    // Reached from Pedidos ('Importar pedidos de la tienda'), not from home.
    id: 'shopOrders',
    path: '/importar-pedidos',
    module: 'src/web/features/shop-orders/shop-orders-page.tsx',
    // The presets, the mapping picker's choices and the first page of the saved mappings (features/shop-orders/api/get-shop-skus-page.ts).
    requests: [everyRow('/shop-import-presets'), everyRow('/coffee-origins'), everyRow('/blend-recipes'), everyRow('/sale-formats'), firstPage('/shop-skus')],
  },
  {
    id: 'reports',
    path: '/reportes',
    module: 'src/web/features/reports/reports-page.tsx',
    // The whole period (no ?from=&to=): a /reportes URL with a range in it asks for other URLs.
    requests: ['/api/reports/monthly-sales', '/api/reports/monthly-margin', '/api/reports/top-products', '/api/reports/period-totals', '/api/reports/top-by-product', '/api/reports/sales-by-customer', '/api/reports/stock-summary', '/api/reports/stock-by-age'],
    nav: { label: 'Reportes', icon: 'ChartColumn', description: 'Informes de ventas e inventario.' },
  },
  {
    id: 'configuration',
    path: '/configuracion',
    module: 'src/web/features/settings/configuration-page.tsx',
    adminOnly: true,
    forms: true,
    requests: [firstPage('/blend-recipes'), everyRow('/coffee-origins'), '/api/settings', firstPage('/product-prices'), everyRow('/blend-recipes'), firstPage('/sale-formats')],
    nav: { label: 'Configuración', icon: 'Settings', description: 'Recetas de mezcla y otros ajustes.' },
  },
  {
    id: 'users',
    path: '/gestion-usuarios',
    module: 'src/web/features/users/users-page.tsx',
    adminOnly: true,
    forms: true,
    requests: [everyRow('/users')],
  },
  {
    id: 'activity',
    path: '/actividad',
    module: 'src/web/features/activity/activity-page.tsx',
    adminOnly: true,
    // The log's first page without filters (features/activity/api/get-activity.ts) and the user filter's list.
    requests: [`/api/activity?limit=${PAGE_SIZE}`, everyRow('/users')],
    tool: { label: 'Registro de actividad', icon: 'History' },
  },
] as const satisfies readonly Screen[];

export type ScreenId = (typeof screens)[number]['id'];

/** The icons the list names: src/web/lib/nav-items.ts must have a component for each. */
export type ScreenIcon = Extract<(typeof screens)[number], { nav: object }>['nav']['icon'] | Extract<(typeof screens)[number], { tool: object }>['tool']['icon'];

/** A screen of the list, its id and icons narrowed to the ones the list has. */
export type ListedScreen = Screen & {
  id: ScreenId;
  nav?: NonNullable<Screen['nav']> & { icon: ScreenIcon };
  tool?: NonNullable<Screen['tool']> & { icon: ScreenIcon };
};

export const SCREENS: readonly ListedScreen[] = screens;

/** Home, the screen a signed-in first visit opens. */
export const HOME_SCREEN = SCREENS.find((screen) => screen.path === '/')!;

/** The HTML page the build writes for a screen (vite.config.ts) and the server sends a browser with a session cookie on its URL (src/server/http/web-app.ts). */
export const pageFileOf = (screenPath: string): string => (screenPath === '/' ? 'app.html' : `app.${screenPath.slice(1)}.html`);

/** The login, the one screen outside the list: a signed-out browser gets it on any route, with no URL of its own. */
export const LOGIN_MODULE = 'src/web/features/auth/login-page.tsx';
