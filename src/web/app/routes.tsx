import { Route, Routes } from 'react-router';
import { BlendedCoffeePage } from '../features/blended-coffee/blended-coffee-page.js';
import { GreenCoffeePage } from '../features/green-coffee/green-coffee-page.js';
import { HomePage } from '../features/home/home-page.js';
import { OriginsPage } from '../features/origins/origins-page.js';
import { RoastedCoffeePage } from '../features/roasted-coffee/roasted-coffee-page.js';
import { ConfigurationPage } from '../features/settings/configuration-page.js';
import { UsersPage } from '../features/users/users-page.js';
import { Layout } from './layout.js';
import { NotFoundPage } from './not-found-page.js';
import { PendingPage } from './pending-page.js';
import { RequireAdmin } from './require-admin.js';

/**
 * Every screen of spec section 2. Each area replaces its PendingPage with its
 * own page when its issue lands.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="cafe-origen" element={<OriginsPage />} />
        <Route path="cafe-verde" element={<GreenCoffeePage />} />
        <Route path="cafe-tostado" element={<RoastedCoffeePage />} />
        <Route path="cafe-mezcla" element={<BlendedCoffeePage />} />
        <Route path="ventas" element={<PendingPage title="Registro de Ventas" />} />
        <Route path="reportes" element={<PendingPage title="Reportes" />} />
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
    </Routes>
  );
}
