import fs from 'node:fs';
import path from 'node:path';
import { launchBrowser } from '#support/browser.js';

/**
 * `npx tsx scripts/make-icons.ts`: draws the app's icons (README.md, «Instalar en el móvil»)
 * from the SVG below with Debian's Chromium and writes them to src/web/public/icons/,
 * where Vite copies them as they are. Run it again after changing the drawing and
 * commit the PNGs: the build does not draw them.
 *
 * - icon-192.png, icon-512.png ("any"): the bean on a rounded square, corners transparent;
 * - icon-maskable-512.png ("maskable"): the square full bleed, since the phone cuts its own
 *   shape (circle, squircle…) out of it; the bean stays inside the central circle of
 *   radius 40 % that every shape keeps;
 * - apple-touch-icon.png (180, iOS): full bleed too, iOS rounds the corners itself.
 */
const BROWN = '#6f3d1e'; // --color-primary in styles.css, the manifest's theme_color
const CREAM = '#f0e2d3'; // --color-accent

// A coffee bean: an oval turned 30°, split by an S-shaped crease. Its farthest point is
// 165 px from the centre of the 512 square, inside the maskable safe circle (205 px).
const bean = `
  <g transform="rotate(-30 256 256)">
    <clipPath id="bean"><ellipse cx="256" cy="256" rx="118" ry="165"/></clipPath>
    <ellipse cx="256" cy="256" rx="118" ry="165" fill="${CREAM}"/>
    <path clip-path="url(#bean)" d="M256 80 C 206 170, 306 250, 256 320 S 226 400, 256 432" fill="none" stroke="${BROWN}" stroke-width="22"/>
  </g>`;

const drawing = (fullBleed: boolean) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512">
    <rect width="512" height="512" ${fullBleed ? '' : 'rx="104"'} fill="${BROWN}"/>${bean}
  </svg>`;

const icons = [
  { file: 'icon-192.png', size: 192, fullBleed: false },
  { file: 'icon-512.png', size: 512, fullBleed: false },
  { file: 'icon-maskable-512.png', size: 512, fullBleed: true },
  { file: 'apple-touch-icon.png', size: 180, fullBleed: true },
];

const outDir = path.resolve(import.meta.dirname, '..', 'src', 'web', 'public', 'icons');
fs.mkdirSync(outDir, { recursive: true });
const browser = await launchBrowser();
try {
  for (const { file, size, fullBleed } of icons) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    const svg = drawing(fullBleed).replace('<svg ', `<svg width="${size}" height="${size}" `);
    await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">${svg}</body></html>`);
    await page.screenshot({ path: path.join(outDir, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    console.log(`make-icons: ${file} (${size}×${size})`);
  }
} finally {
  await browser.close();
}
