import { Outlet } from 'react-router';
import { ConnectionNotice } from '../components/connection-notice.js';
import { AppHeader } from './app-header.js';
import { BottomNav } from './bottom-nav.js';

export function Layout() {
  return (
    <>
      <AppHeader />
      <main className="app-main" id="contenido">
        <Outlet />
      </main>
      <BottomNav />
      <ConnectionNotice />
    </>
  );
}
