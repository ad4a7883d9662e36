import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { LoadingText } from '../components/loading-text.js';
import { Layout } from './layout.js';
import { lazyPage } from './lazy-page.js';
import { NotFoundPage } from './not-found-page.js';
import { RequireAdmin } from './require-admin.js';

// One chunk per screen (issue 16): a page's code downloads when it is first opened.
const HomePage = lazyPage(() => import('../features/home/home-page.js'), 'HomePage');
const OriginsPage = lazyPage(() => import('../features/origins/origins-page.js'), 'OriginsPage');
const GreenCoffeePage = lazyPage(() => import('../features/green-coffee/green-coffee-page.js'), 'GreenCoffeePage');
const RoastedCoffeePage = lazyPage(() => import('../features/roasted-coffee/roasted-coffee-page.js'), 'RoastedCoffeePage');
const BlendedCoffeePage = lazyPage(() => import('../features/blended-coffee/blended-coffee-page.js'), 'BlendedCoffeePage');
const ConfigurationPage = lazyPage(() => import('../features/settings/configuration-page.js'), 'ConfigurationPage');
const UsersPage = lazyPage(() => import('../features/users/users-page.js'), 'UsersPage');
const SalesPage = lazyPage(() => import('../features/sales/sales-page.js'), 'SalesPage');
const TraceabilityPage = lazyPage(() => import('../features/traceability/traceability-page.js'), 'TraceabilityPage');
const ReportsPage = lazyPage(() => import('../features/reports/reports-page.js'), 'ReportsPage');

/** The header and bottom bar stay while a screen's chunk downloads; only the content shows the loading text. */
function LazyOutlet() {
  return (
    <Suspense fallback={<LoadingText />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Every screen of spec section 2, each a lazyPage (its own chunk).
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
