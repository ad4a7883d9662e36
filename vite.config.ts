import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { HOME_SCREEN, LOGIN_MODULE, pageFileOf, SCREENS } from './src/web/lib/screens.js';
import { SIGNED_OUT_META } from './src/web/lib/signed-out-page.js';
import { isArtisanCurveModule, isAreaSchema, isChartModule, isFormsLibrary } from './support/web-weight.js';

/**
 * Writes .vite/chunk-modules.json (chunk file → the modules bundled in it) so
 * scripts/check-web-budget.ts can prove Recharts/d3 stay out of the login and
 * home chunks (docs/decisions/0019-web-chunk-groups-and-route-preloads.md); the manifest only names chunks, not their modules.
 */
function chunkModulesFile(): Plugin {
  return {
    name: 'cafe-chunk-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const modules: Record<string, string[]> = {};
      for (const output of Object.values(bundle)) {
        if (output.type === 'chunk') modules[output.fileName] = output.moduleIds.map((id) => path.relative(process.cwd(), id));
      }
      this.emitFile({ type: 'asset', fileName: '.vite/chunk-modules.json', source: JSON.stringify(modules, null, 1) });
    },
  };
}

/**
 * The screens (src/web/lib/screens.ts): each one's HTML page preloads its
 * chunk and the API requests it makes when it opens. Every page first asks
 * /api/auth/me. The answers then arrive while the JavaScript downloads instead
 * of after it has run (the session, then the screen's queries, each a round
 * trip).
 */
const sessionRequest = '/api/auth/me';

/**
 * Lighthouse (docs/decisions/0019-web-chunk-groups-and-route-preloads.md) found a waterfall: index.html → entry → /api/auth/me →
 * the lazy screen chunk, one after the other. After the build this rewrites
 * index.html with <link rel="modulepreload"> for the login chunk and its
 * imports, and writes app.html (home) and app.<route>.html (every other screen)
 * with those of that screen's chunk. The server sends the app.* page of the
 * route to a browser with a session cookie (src/server/http/web-app.ts), so the
 * screen's code downloads together with the entry instead of after it.
 * fetchpriority="low": at the default (high) priority Lighthouse counts them as
 * blocking the first paint, and the entry script must still arrive first.
 */
function screenPreloads(): Plugin {
  return {
    name: 'cafe-screen-preloads',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const preloadsOf = (source: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId && path.relative(process.cwd(), candidate.facadeModuleId) === source);
        if (!chunk) throw new Error(`cafe-screen-preloads: no chunk for ${source}`);
        const files = new Set<string>();
        const styles = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
          files.add(fileName);
          const visited = chunks.find((candidate) => candidate.fileName === fileName);
          for (const css of visited?.viteMetadata?.importedCss ?? []) styles.add(css);
          for (const imported of visited?.imports ?? []) visit(imported);
        };
        visit(chunk.fileName);
        // The screen's stylesheets as the page's own (Lighthouse, 25-11-2026, in `git log -p docs/performance.md`): Vite's loader adds
        // them only when it imports the screen's chunk, after the entry has run, and holds the screen until
        // they arrive, one more round trip before the screen's first paint. It adds none already on the page.
        return [
          ...[...styles].map((file) => `    <link rel="stylesheet" crossorigin href="/${file}">`),
          ...[...files].map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`),
        ];
      };
      // `crossorigin` (anonymous): the credentials mode of the app's fetch (same-origin), which Chromium
      // must match to hand the preloaded answer to it.
      const apiPreloads = (requests: readonly string[]) =>
        [sessionRequest, ...requests].map((url) => `    <link rel="preload" as="fetch" crossorigin href="${url.replaceAll('&', '&amp;')}">`);
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const write = (file: string, source: string, head: string[]) =>
        fs.writeFileSync(path.join(outDir, file), html.replace('  </head>', `${[...head, ...preloadsOf(source)].join('\n')}\n  </head>`));
      for (const screen of SCREENS) write(pageFileOf(screen.path), screen.module, apiPreloads(screen.requests));
      // The server sends index.html only to a browser without a session cookie: the login, and no /api/auth/me to ask.
      write('index.html', LOGIN_MODULE, [`    <meta name="${SIGNED_OUT_META}" content="">`]);
    },
  };
}

/**
 * docs/decisions/0019-web-chunk-groups-and-route-preloads.md (Lighthouse, LCP of the form-and-table screens): automatic
 * splitting cut the modules the screens share into ~20 chunks of 0.2–2 KB
 * gzip, each its own request (on a mobile connection a round trip each, six at
 * a time), after the entry. Five groups bring a screen down to its own chunk
 * and at most one chunk of each group:
 * - `charts`: the charts' code (isChartCode: visx with d3, the frame every chart
 *   shares, the reports' bars and pie), one chunk that /reportes loads when it
 *   draws. Left to itself the bundler put what the reports and the Artisan roast
 *   curve share in a chunk apart, one more request before /reportes draws, which
 *   Lighthouse's simulated phone counted in the largest paint (27-11-2026). The
 *   curve's own drawing (components/roast-curve/roast-curve-chart.tsx) stays out of it: it
 *   imports the dialog's chunk, which /reportes must not load;
 * - `forms`: zod, react-hook-form and its resolvers, which the login and every
 *   form load together anyway (isFormsLibrary: not zod's global settings, which the entry sets);
 * - `area-schemas`: the areas' schemas and the shared code that imports them,
 *   which the form and list screens need and /reportes (like other screens
 *   without an area's form or list) does not: a chunk evaluates all its modules;
 * - `screens`: what two or more screens share and needs zod or react-hook-form
 *   (its static imports reach them), except the code of the first
 *   visit (entry, login and home, followed through their static imports, found
 *   in buildEnd), which keeps its automatic chunks so the login + home budget
 *   (scripts/check-web-budget.ts) does not grow, and except the charts, which
 *   only /reportes loads when it draws one;
 * - `screen-basics`: the rest of what they share (fields, tables, pager, dates,
 *   units), so /reportes, whose one form loads no form library
 *   (features/reports/range-filter.tsx), evaluates neither zod nor react-hook-form:
 *   with the shared schemas' building, about a tenth of its load's busy time
 *   (docs/performance.md, Lighthouse).
 */
const firstVisitSources = ['src/web/main.tsx', LOGIN_MODULE, HOME_SCREEN.module];
const firstVisitModules = new Set<string>();
/**
 * The `charts` group: components/charts/ (the frame and ticks every chart shares), and chart-layout.ts
 * too, which only charts.tsx imports, or it would be a second chunk of its own.
 */
const isChartCode = (id: string) =>
  isChartModule(id) || /[\\/](reports[\\/]chart(s\.tsx|-layout\.ts)|components[\\/]charts[\\/][\w-]+\.tsx?)$/.test(id);

/** The area schemas and every module whose static imports reach one (found in buildEnd). */
const areaSchemaUsers = new Set<string>();
/** zod and react-hook-form (isFormsLibrary) and every module whose static imports reach them (found in buildEnd). */
const formsLibraryUsers = new Set<string>();

function firstVisitGraph(): Plugin {
  return {
    name: 'cafe-first-visit-graph',
    apply: 'build',
    buildEnd() {
      firstVisitModules.clear();
      const visit = (id: string) => {
        if (firstVisitModules.has(id)) return;
        firstVisitModules.add(id);
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported);
      };
      for (const source of firstVisitSources) visit(path.resolve(source));
      const markWithImporters = (users: Set<string>, id: string) => {
        if (users.has(id)) return;
        users.add(id);
        for (const importer of this.getModuleInfo(id)?.importers ?? []) markWithImporters(users, importer);
      };
      areaSchemaUsers.clear();
      formsLibraryUsers.clear();
      for (const id of this.getModuleIds()) {
        if (isAreaSchema(id)) markWithImporters(areaSchemaUsers, id);
        if (isFormsLibrary(id)) markWithImporters(formsLibraryUsers, id);
      }
    },
  };
}

/**
 * Code two or more screens may share, outside the first visit, the charts and the Artisan curve's dialog and
 * texts (isArtisanCurveModule: only /cafe-tostado and /trazabilidad use them, so they stay in a chunk of those two
 * instead of the one every screen loads).
 */
const isSharedScreenCode = (id: string) => !firstVisitModules.has(id) && !isChartCode(id) && !isArtisanCurveModule(id);

const screenChunkGroups = [
  { name: 'charts', test: isChartCode, priority: 3, includeDependenciesRecursively: false },
  { name: 'forms', test: isFormsLibrary, priority: 2, includeDependenciesRecursively: false },
  { name: 'area-schemas', test: (id: string) => !firstVisitModules.has(id) && areaSchemaUsers.has(id) && !isChartCode(id) && !isArtisanCurveModule(id), minShareCount: 2, priority: 1.5, includeDependenciesRecursively: false },
  { name: 'screens', test: (id: string) => isSharedScreenCode(id) && formsLibraryUsers.has(id), minShareCount: 2, priority: 1, includeDependenciesRecursively: false },
  { name: 'screen-basics', test: isSharedScreenCode, minShareCount: 2, priority: 0.5, includeDependenciesRecursively: false },
];

export default defineConfig({
  root: 'src/web',
  plugins: [react(), firstVisitGraph(), chunkModulesFile(), screenPreloads()],
  // The manifest maps each route chunk to its imports: scripts/check-web-budget.ts reads it.
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: { output: { codeSplitting: { groups: screenChunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
