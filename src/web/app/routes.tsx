import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { LoadingText } from '../components/loading-text.js';
import { Layout } from './layout.js';
import { lazyNamed } from '../lib/lazy-named.js';
import { NotFoundPage } from './not-found-page.js';
import { RequireAdmin } from './require-admin.js';

/**
 * A form screen's chunk, loaded after the code every form screen shares: vite.config.ts puts it
 * in the `screens` chunk (use-form-screen and the shared fields, tables and schemas), which
 * imports the `forms` one (zod, react-hook-form). Total Blocking Time (docs/decisions/0019-web-chunk-groups-and-route-preloads.md): the browser
 * evaluates a dynamic import's modules in one task, 40–60 ms for all of it on this project's
 * machines; importing the shared part first makes that two tasks.
 */
async function afterFormCode<Module>(load: () => Promise<Module>): Promise<Module> {
  await import('../lib/use-form-screen.js');
  return load();
}

// One chunk per screen (docs/decisions/0019-web-chunk-groups-and-route-preloads.md): a page's code downloads when it is first opened.
const HomePage = lazyNamed(() => import('../features/home/home-page.js'), 'HomePage');
const OriginsPage = lazyNamed(() => afterFormCode(() => import('../features/origins/origins-page.js')), 'OriginsPage');
const GreenCoffeePage = lazyNamed(() => afterFormCode(() => import('../features/green-coffee/green-coffee-page.js')), 'GreenCoffeePage');
const RoastedCoffeePage = lazyNamed(() => afterFormCode(() => import('../features/roasted-coffee/roasted-coffee-page.js')), 'RoastedCoffeePage');
const BlendedCoffeePage = lazyNamed(() => afterFormCode(() => import('../features/blended-coffee/blended-coffee-page.js')), 'BlendedCoffeePage');
const ConfigurationPage = lazyNamed(() => afterFormCode(() => import('../features/settings/configuration-page.js')), 'ConfigurationPage');
const UsersPage = lazyNamed(() => afterFormCode(() => import('../features/users/users-page.js')), 'UsersPage');
const SalesPage = lazyNamed(() => afterFormCode(() => import('../features/sales/sales-page.js')), 'SalesPage');
const TraceabilityPage = lazyNamed(() => import('../features/traceability/traceability-page.js'), 'TraceabilityPage');
const ReportsPage = lazyNamed(() => import('../features/reports/reports-page.js'), 'ReportsPage');

/** The header and bottom bar stay while a screen's chunk downloads; only the content shows the loading text. */
function LazyOutlet() {
  return (
    <Suspense fallback={<LoadingText />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Every screen of docs/product-guide.md#screens, each lazy (its own chunk).
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<LazyOutlet />}>
          <Route index element={<HomePage />} />
          <Route path="cafe-origen" element={<OriginsPage />} />
          <Route path="cafe-verde" element={<GreenCoffeePage />} />
          <Route path="cafe-tostado" element={<RoastedCoffeePage />} />
          <Route path="cafe-mezcla" element={<BlendedCoffeePage />} />
          <Route path="ventas" element={<SalesPage />} />
          <Route path="trazabilidad" element={<TraceabilityPage />} />
          <Route path="reportes" element={<ReportsPage />} />
          <Route
            path="configuracion"
            element={
              <RequireAdmin>
                <ConfigurationPage />
              </RequireAdmin>
            }
          />
          <Route
            path="gestion-usuarios"
            element={
              <RequireAdmin>
                <UsersPage />
              </RequireAdmin>
            }
          />
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
