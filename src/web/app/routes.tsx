import { Suspense } from 'react';
import { Outlet, Route, Routes } from 'react-router';
import { LoadingText } from '../components/loading-text.js';
import { Layout } from './layout.js';
import { NotFoundPage } from './not-found-page.js';
import { RequireAdmin } from './require-admin.js';
import { SCREEN_PAGES } from './screen-pages.js';

/** The header and bottom bar stay while a screen's chunk downloads; only the content shows the loading text. */
function LazyOutlet() {
  return (
    <Suspense fallback={<LoadingText />}>
      <Outlet />
    </Suspense>
  );
}

/**
 * Every screen of the list (src/web/lib/screens.ts), each lazy (its own chunk);
 * an administrators' screen sends anybody else to /.
 */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route element={<LazyOutlet />}>
          {SCREEN_PAGES.map(({ id, path, adminOnly, Page }) => {
            const element = adminOnly ? (
              <RequireAdmin>
                <Page />
              </RequireAdmin>
            ) : (
              <Page />
            );
            return path === '/' ? <Route key={id} index element={element} /> : <Route key={id} path={path.slice(1)} element={element} />;
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Route>
    </Routes>
  );
}
