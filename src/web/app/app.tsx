import { QueryClientProvider, useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { Deferred } from '../components/loading-page.js';
import { PageError } from '../components/page-error.js';
import { ToastProvider } from '../components/toast.js';
import { queryKeys } from '../api/query-keys.js';
import { replaceSession, useSession } from '../api/get-session.js';
import { setSessionLostHandler } from '../lib/api-client.js';
import { createQueryClient } from '../lib/query-client.js';
import { lazyNamed } from '../lib/lazy-named.js';
import { pageSaysSignedOut } from '../lib/signed-out-page.js';
import { AppLoading, PageFrameGone } from './page-frame.js';
import { AppRoutes } from './routes.js';
import { preloadScreenAt } from './screen-pages.js';

// The login screen is its own chunk too: a signed-in reload never downloads it (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
const LoginPage = lazyNamed(() => import('../features/auth/login-page.js'), 'LoginPage');

/**
 * Loads the code of the screen the page opens on, which its HTML page has already
 * downloaded (vite.config.ts): the login when the page says nobody is signed in
 * (signed-out-page.ts), otherwise the screen at the URL. main.tsx renders once it
 * is in, so that screen's first render does not suspend: React holds what follows
 * a Suspense fallback back for 300 ms (lib/lazy-named.ts). Resolves either way: a
 * failed download shows its error where the screen would be, as before.
 */
export async function preloadFirstScreen(): Promise<void> {
  await (pageSaysSignedOut() ? LoginPage.preload() : preloadScreenAt(window.location.pathname)).catch(() => {});
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <BrowserRouter>
          <SessionGate />
        </BrowserRouter>
      </ToastProvider>
    </QueryClientProvider>
  );
}

/** The login screen while nobody is signed in; the app once somebody is. The session lives on the server, so it survives a reload. */
function SessionGate() {
  const queryClient = useQueryClient();
  const session = useSession();

  useEffect(() => {
    setSessionLostHandler(() => {
      // Only a session that was there can be lost; the first /auth/me 401 is just "signed out".
      if (queryClient.getQueryData(queryKeys.session)) replaceSession(queryClient, null);
    });
  }, [queryClient]);

  // Until something replaces it, a screen's page shows its frame (page-frame.tsx); the layout takes it away, and so do these.
  if (session.isPending) return <AppLoading />;
  // A failed refetch (focus, reconnect) keeps the session it had: only a first load without one shows the error.
  if (session.isError && session.data === undefined) {
    return (
      <>
        <PageFrameGone />
        <PageError message={session.error.message} />
      </>
    );
  }
  if (!session.data) {
    return (
      <Suspense fallback={<AppLoading />}>
        <PageFrameGone />
        <LoginPage />
      </Suspense>
    );
  }
  // Total Blocking Time (docs/performance.md): the session arrives through useSyncExternalStore, which React
  // renders in one blocking task; the app's first render (header, bar, routes) is a background one
  // instead, as for a screen's data. Signing out unmounts it at once.
  return (
    <Deferred fallback={<AppLoading />}>
      <AppRoutes />
    </Deferred>
  );
}
