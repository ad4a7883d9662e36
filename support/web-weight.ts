import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { HOME_SCREEN, LOGIN_MODULE } from '#web/lib/screens.js';

/**
 * What the browser downloads to show a screen (docs/decisions/0010-report-ranges-and-month-labels.md, "Light app"): the
 * entry chunk, then the screen's lazy chunk, each with its static imports
 * followed through the Vite manifest. Shared by `npm run check:web-budget`
 * and the benchmark.
 */

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ChunkWeight {
  file: string;
  rawBytes: number;
  gzipBytes: number;
}

export interface WebWeight {
  /** The manifest keys of the route chunks measured (besides the entry). */
  routes: string[];
  /** Every JavaScript chunk loaded, each once. */
  chunks: ChunkWeight[];
  jsGzipBytes: number;
  jsRawBytes: number;
  cssGzipBytes: number;
  /** Chart modules (visx, Recharts and what they bring, isChartModule) found in those chunks; must stay empty. */
  chartModules: string[];
  /** The label scanner's modules (its dialog, camera code and QR decoder) found in those chunks; must stay empty. */
  scanModules: string[];
  /** The areas' schemas (isAreaSchema) found in those chunks: none for /reportes. */
  areaSchemaModules: string[];
  /** zod and react-hook-form (isFormsLibrary) found in those chunks: none for the entry and home. */
  formsModules: string[];
  /** The Artisan roast curve's modules (isArtisanCurveModule) found in those chunks: none for /reportes' charts. */
  artisanCurveModules: string[];
}

/** A screen's manifest key: its module's path relative to the build's root, src/web. */
export const routeOf = (module: string): string => path.posix.relative('src/web', module);

/** The login and home screens' manifest keys: what a first visit downloads (the budget's scope). */
export const FIRST_VISIT_ROUTES = [LOGIN_MODULE, HOME_SCREEN.module].map(routeOf);

/** Login + home JavaScript, gzip: the budget of docs/decisions/0010-report-ranges-and-month-labels.md. */
export const WEB_BUDGET_GZIP_BYTES = 150 * 1024;

/**
 * The packages of the chart code: visx, with d3 (every chart, docs/decisions/0031-report-charts-with-visx.md).
 * Recharts and its store and helpers (redux, immer, es-toolkit…) drew the
 * charts before; no screen imports them now, and they stay listed so that a
 * build of an earlier commit measured here (BENCH_APP_DIR) is judged the same:
 * left out, they went into the screens' shared chunk, which every form screen
 * downloads and evaluates (vite.config.ts).
 */
const CHART_PACKAGES = [
  '@visx/[a-z-]+', 'classnames', 'd3-[a-z-]+', 'internmap',
  'recharts', 'victory-vendor', '@reduxjs/toolkit', 'react-redux', 'redux', 'redux-thunk', 'reselect', 'immer', 'use-sync-external-store',
  'es-toolkit', 'decimal.js-light', 'eventemitter3', 'tiny-invariant', 'clsx', 'react-is',
];
const chartPackagePattern = new RegExp(`node_modules[\\\\/](${CHART_PACKAGES.join('|')})[\\\\/]`);

/** Whether a module id is chart code (CHART_PACKAGES); also keeps it out of vite.config.ts's shared screen chunk. */
export const isChartModule = (id: string): boolean => chartPackagePattern.test(id);

/**
 * Whether a module id is the label scanner's code, loaded only when a scan dialog opens
 * (docs/decisions/0030-scanning-labels.md): the dialog, the camera, the ZXing decoder.
 */
export const isScanModule = (id: string): boolean =>
  /node_modules[\\/]zxing-wasm[\\/]|components[\\/]scan[\\/](scan-dialog|qr-camera|zxing-qr-decoder)\.tsx?$/.test(id);

/**
 * Whether a module id is the Artisan roast curve's code: its dialog, drawing
 * and texts, which only /cafe-tostado and /trazabilidad use
 * (docs/product-guide.md#artisan-import); vite.config.ts keeps it in their chunks,
 * and /reportes' charts must not pull it in (check-web-budget).
 */
export const isArtisanCurveModule = (id: string): boolean =>
  /[\\/](components[\\/]roast-curve[\\/][\w-]+\.(tsx|ts|css)|shared[\\/]artisan-messages\.ts|api[\\/]get-roast-curve\.ts)$/.test(id);

/**
 * Whether a module id is an area's zod schemas (src/shared/schemas/, but for
 * common.ts, which every form uses). vite.config.ts keeps them and the code
 * that imports them in the `area-schemas` chunk, out of the `screens` chunk
 * that /reportes evaluates too (docs/decisions/0019-web-chunk-groups-and-route-preloads.md, amendment of 2026-11-26).
 */
export const isAreaSchema = (id: string): boolean => /(^|[\\/])src[\\/]shared[\\/]schemas[\\/](?!common\.ts$)[\w-]+\.ts$/.test(id);

/**
 * Whether a module id is the forms code of vite.config.ts's `forms` chunk: zod,
 * react-hook-form and its resolvers, but for zod's global settings and the
 * helpers they import (zod/v4/core/core.js, util.js). The entry sets those
 * before any schema is built (src/web/lib/zod-without-eval.ts), and with them
 * in `forms` it imported all of zod and react-hook-form, evaluated before any
 * screen rendered, home's too, which uses neither (docs/decisions/0019-web-chunk-groups-and-route-preloads.md, amendment of 2026-11-26).
 */
export const isFormsLibrary = (id: string): boolean =>
  /node_modules[\\/](zod|react-hook-form|@hookform[\\/]resolvers)[\\/]/.test(id) && !/node_modules[\\/]zod[\\/]v4[\\/]core[\\/](core|util)\.js$/.test(id);

export const defaultWebRoot = path.resolve(import.meta.dirname, '..', 'dist', 'web');

/** Measures the entry plus `routes` (manifest keys, e.g. 'features/home/home-page.tsx') in a built dist/web. */
export function measureWebWeight(routes: string[] = FIRST_VISIT_ROUTES, webRoot: string = defaultWebRoot): WebWeight {
  const manifestFile = path.join(webRoot, '.vite', 'manifest.json');
  if (!fs.existsSync(manifestFile)) throw new Error(`no hay ${manifestFile}: ejecuta npm run build primero`);
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
  const modulesFile = path.join(webRoot, '.vite', 'chunk-modules.json');
  const chunkModules = fs.existsSync(modulesFile) ? (JSON.parse(fs.readFileSync(modulesFile, 'utf8')) as Record<string, string[]>) : {};

  const entryKey = Object.keys(manifest).find((key) => manifest[key]!.isEntry);
  if (!entryKey) throw new Error('el manifest de Vite no tiene entrada');
  for (const route of routes) if (!manifest[route]) throw new Error(`el manifest de Vite no tiene ${route}`);

  // Static imports only: dynamic ones are other screens, loaded when opened.
  const keys = new Set<string>();
  const visit = (key: string) => {
    if (keys.has(key)) return;
    keys.add(key);
    for (const imported of manifest[key]!.imports ?? []) visit(imported);
  };
  for (const key of [entryKey, ...routes]) visit(key);

  const chunks: ChunkWeight[] = [];
  const cssFiles = new Set<string>();
  const chartModules: string[] = [];
  const scanModules: string[] = [];
  const areaSchemaModules: string[] = [];
  const formsModules: string[] = [];
  const artisanCurveModules: string[] = [];
  for (const key of keys) {
    const chunk = manifest[key]!;
    for (const css of chunk.css ?? []) cssFiles.add(css);
    if (!chunk.file.endsWith('.js')) continue;
    chunks.push({ file: chunk.file, ...sizesOf(path.join(webRoot, chunk.file)) });
    const modules = chunkModules[chunk.file] ?? [];
    chartModules.push(...modules.filter(isChartModule));
    scanModules.push(...modules.filter(isScanModule));
    areaSchemaModules.push(...modules.filter(isAreaSchema));
    formsModules.push(...modules.filter(isFormsLibrary));
    artisanCurveModules.push(...modules.filter(isArtisanCurveModule));
    // Without the module list, Recharts still leaves its class names in the code.
    if (!chunkModules[chunk.file] && fs.readFileSync(path.join(webRoot, chunk.file), 'utf8').includes('recharts-wrapper')) chartModules.push(chunk.file);
  }
  return {
    routes,
    chunks,
    jsGzipBytes: chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    jsRawBytes: chunks.reduce((sum, chunk) => sum + chunk.rawBytes, 0),
    cssGzipBytes: [...cssFiles].reduce((sum, css) => sum + sizesOf(path.join(webRoot, css)).gzipBytes, 0),
    chartModules,
    scanModules,
    areaSchemaModules,
    formsModules,
    artisanCurveModules,
  };
}

/**
 * The manifest key of the chunk that holds `module` (its path from the project's
 * root, 'src/web/features/reports/charts.tsx'): a module the build grouped with
 * others (vite.config.ts) has no key of its own.
 */
export function chunkKeyHolding(module: string, webRoot: string = defaultWebRoot): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const chunkModules = JSON.parse(fs.readFileSync(path.join(webRoot, '.vite', 'chunk-modules.json'), 'utf8')) as Record<string, string[]>;
  const key = Object.keys(manifest).find((candidate) => chunkModules[manifest[candidate]!.file]?.includes(module));
  if (!key) throw new Error(`ningún chunk de la compilación tiene ${module}`);
  return key;
}

/** The gzip size is the .gz the build wrote (what the server sends), or computed the same way. */
function sizesOf(file: string): { rawBytes: number; gzipBytes: number } {
  const content = fs.readFileSync(file);
  const gzipFile = `${file}.gz`;
  const gzipBytes = fs.existsSync(gzipFile) ? fs.statSync(gzipFile).size : zlib.gzipSync(content, { level: 9 }).length;
  return { rawBytes: content.length, gzipBytes };
}

export const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
