import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { PageFrame } from '#web/app/page-frame.js';
import { PAGE_FRAME_ID } from '#web/lib/page-frame-element.js';
import { SCREEN_FRAMES } from '#web/app/screen-frames.js';
import { pageFileOf, SCREENS } from '#web/lib/screens.js';

/**
 * Step of `npm run build:web`, after `vite build` (which writes each screen's
 * page, vite.config.ts) and before the pages are compressed: puts each
 * screen's page frame (docs/decisions/0034-page-frames.md) in its page, in
 * place of index.html's «Cargando...», rendered with the app's components
 * (src/web/app/page-frame.tsx) at the screen's URL, so the bottom bar marks it
 * as the app does. The app then renders into an empty #root beside it.
 */
const webRoot = path.resolve(import.meta.dirname, '..', 'dist', 'web');
// index.html's placeholder, as Vite writes it (src/web/index.html).
const placeholder = /<div id="root"><p class="loading-text"[^>]*>[^<]*<\/p><\/div>/;

for (const screen of SCREENS) {
  if (screen.id === 'home') continue;
  const file = path.join(webRoot, pageFileOf(screen.path));
  const html = fs.readFileSync(file, 'utf8');
  if (!placeholder.test(html)) throw new Error(`write-page-frames: ${file} no tiene el «Cargando...» de index.html en #root`);
  const frame = renderToStaticMarkup(
    <StaticRouter location={screen.path}>
      <PageFrame {...SCREEN_FRAMES[screen.id]} />
    </StaticRouter>,
  );
  fs.writeFileSync(file, html.replace(placeholder, `<div id="${PAGE_FRAME_ID}">${frame}</div><div id="root"></div>`));
}
console.log(`marcos de página: ${SCREENS.length - 1} páginas`);
