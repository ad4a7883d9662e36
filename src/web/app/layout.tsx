import { Outlet } from 'react-router';
import { ConnectionNotice } from '../components/connection-notice.js';
import { AppHeader } from './app-header.js';
import { BottomNav } from './bottom-nav.js';
import { PageFrameGone } from './page-frame.js';

export function Layout() {
  return (
    <>
      <PageFrameGone />
      <AppHeader />
      <main className="app-main" id="contenido">
        <Outlet />
      </main>
      <BottomNav />
      <ConnectionNotice />
    </>
  );
}
