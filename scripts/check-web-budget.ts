import { HOME_SCREEN, SCREENS } from '#web/lib/screens.js';
import { chunkKeyHolding, FIRST_VISIT_ROUTES, formatKb, measureWebWeight, routeOf, WEB_BUDGET_GZIP_BYTES } from '#support/web-weight.js';

/**
 * `npm run check:web-budget` (docs/decisions/0010-report-ranges-and-month-labels.md): after `npm run build`, the JavaScript
 * of the entry + login + home (static imports followed) must stay within
 * 150 KB gzip and hold no chart module and none of the label scanner's
 * (docs/decisions/0030-scanning-labels.md); /reportes must load no schema
 * (its range check downloads on demand), and neither /reportes nor the entry with
 * home zod or react-hook-form (docs/decisions/0019-web-chunk-groups-and-route-preloads.md,
 * amendments of 2026-11-26); /reportes' charts load none of the Artisan curve's
 * code. Exits 1 otherwise.
 */
const weight = measureWebWeight(FIRST_VISIT_ROUTES);
for (const chunk of [...weight.chunks].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
  console.log(`  ${chunk.file.padEnd(48)} ${formatKb(chunk.rawBytes).padStart(9)}  gzip ${formatKb(chunk.gzipBytes).padStart(8)}`);
}
console.log(`JavaScript de login + inicio: ${formatKb(weight.jsGzipBytes)} gzip (${formatKb(weight.jsRawBytes)} sin comprimir), límite ${formatKb(WEB_BUDGET_GZIP_BYTES)}; CSS ${formatKb(weight.cssGzipBytes)} gzip`);

const firstVisit: string[] = [];
if (weight.jsGzipBytes > WEB_BUDGET_GZIP_BYTES) firstVisit.push(`pesa ${formatKb(weight.jsGzipBytes)}, más de ${formatKb(WEB_BUDGET_GZIP_BYTES)}`);
if (weight.chartModules.length > 0) firstVisit.push(`incluye módulos de gráficos: ${[...new Set(weight.chartModules)].slice(0, 5).join(', ')}…`);
if (weight.scanModules.length > 0) firstVisit.push(`incluye el escáner de etiquetas: ${[...new Set(weight.scanModules)].slice(0, 5).join(', ')}…`);
const failures = firstVisit.length > 0 ? [`el JavaScript de login + inicio ${firstVisit.join('; ')}`] : [];

const reports = measureWebWeight([routeOf(SCREENS.find((screen) => screen.path === '/reportes')!.module)]);
const reportsFormCode = [...reports.areaSchemaModules, ...reports.formsModules];
if (reportsFormCode.length > 0) failures.push(`el JavaScript de /reportes incluye esquemas, zod o react-hook-form: ${[...new Set(reportsFormCode)].slice(0, 5).join(', ')}…`);
console.log(`JavaScript de /reportes: ${formatKb(reports.jsGzipBytes)} gzip, sin esquemas, zod ni react-hook-form: ${reportsFormCode.length > 0 ? 'no' : 'sí'}`);

// What /reportes loads when it draws (a dynamic import, so outside the measures above): the charts' chunk and its
// static imports. None of the Artisan curve's dialog, which the charts' chunk pulled in once the curve was drawn with
// the same parts, and Lighthouse counted in /reportes' largest paint (docs/decisions/0031, amendment of 2026-11-27).
const reportCharts = measureWebWeight([chunkKeyHolding('src/web/features/reports/charts.tsx')]);
if (reportCharts.artisanCurveModules.length > 0) failures.push(`los gráficos de /reportes cargan el código de la curva de Artisan: ${[...new Set(reportCharts.artisanCurveModules)].slice(0, 5).join(', ')}…`);
console.log(`JavaScript de los gráficos de /reportes: ${formatKb(reportCharts.jsGzipBytes)} gzip con la entrada, sin la curva de Artisan: ${reportCharts.artisanCurveModules.length > 0 ? 'no' : 'sí'}`);

const home = measureWebWeight([routeOf(HOME_SCREEN.module)]);
if (home.formsModules.length > 0) failures.push(`la entrada con el inicio carga zod o react-hook-form: ${[...new Set(home.formsModules)].slice(0, 5).join(', ')}…`);
console.log(`JavaScript de la entrada + inicio: ${formatKb(home.jsGzipBytes)} gzip, sin zod ni react-hook-form: ${home.formsModules.length > 0 ? 'no' : 'sí'}`);

if (failures.length > 0) {
  console.error(`check:web-budget FALLA: ${failures.join('; ')}`);
  process.exit(1);
}
console.log('check:web-budget OK');
