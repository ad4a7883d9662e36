import { useLayoutEffect } from 'react';
import { commonMessages } from '#shared/messages.js';
import { LoadingText } from '../components/loading-text.js';
import { Page } from '../components/page.js';
import { pageFrameShown, removePageFrame } from '../lib/page-frame-element.js';
import { AppHeaderFrame } from './app-header.js';
import { BottomNav } from './bottom-nav.js';
import type { ScreenFrame } from './screen-frames.js';

/**
 * The page frame (docs/decisions/0034-page-frames.md): each screen's HTML page
 * (app.<route>.html) carries, in place of index.html's lone «Cargando...», the
 * screen as it looks before its data: the header, the screen's title with its
 * Inicio button, its loading text and the bottom bar, written at build time
 * (scripts/write-page-frames.tsx) with the app's own components. The browser
 * paints it with the HTML and CSS, before any JavaScript has run; the app
 * renders beside it, in #root, and takes it away in the commit that puts the
 * real screen (or the login) on the page, so the two never show together and
 * nothing moves. It has the same elements, classes and boxes as <Layout> with a
 * loading screen in it.
 */
export function PageFrame({ title, loading }: ScreenFrame) {
  return (
    <>
      <AppHeaderFrame />
      <main className="app-main" id="contenido">
        <Page title={title}>
          <LoadingText text={loading} />
        </Page>
      </main>
      <BottomNav />
    </>
  );
}

/** Rendered with whatever replaces the frame (the app's layout, the login, an error): removes it in the same commit, before the browser paints. */
export function PageFrameGone() {
  useLayoutEffect(removePageFrame, []);
  return null;
}

/** The app's own «Cargando...» before the screen, unless the page frame is still up and already says it. */
export function AppLoading() {
  return pageFrameShown() ? null : <LoadingText text={commonMessages.loading} />;
}
