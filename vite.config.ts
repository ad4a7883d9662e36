import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/**
 * Writes .vite/chunk-modules.json (chunk file → the modules bundled in it) so
 * scripts/check-web-budget.ts can prove Recharts/d3 stay out of the login and
 * home chunks (issue 16); the manifest only names chunks, not their modules.
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
 * The screen each client route opens (src/web/app/routes.tsx; '' is home), and
 * the login, which a signed-out browser gets on any route.
 */
const loginScreen = 'src/web/features/auth/login-page.tsx';
const routeScreens: Record<string, string> = {
  '': 'src/web/features/home/home-page.tsx',
  'cafe-origen': 'src/web/features/origins/origins-page.tsx',
  'cafe-verde': 'src/web/features/green-coffee/green-coffee-page.tsx',
  'cafe-tostado': 'src/web/features/roasted-coffee/roasted-coffee-page.tsx',
  'cafe-mezcla': 'src/web/features/blended-coffee/blended-coffee-page.tsx',
  ventas: 'src/web/features/sales/sales-page.tsx',
  trazabilidad: 'src/web/features/traceability/traceability-page.tsx',
  reportes: 'src/web/features/reports/reports-page.tsx',
  configuracion: 'src/web/features/settings/configuration-page.tsx',
  'gestion-usuarios': 'src/web/features/users/users-page.tsx',
};

/**
 * Lighthouse (issue 17) found a waterfall: index.html → entry → /api/auth/me →
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
        const visit = (fileName: string) => {
          if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((candidate) => candidate.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(chunk.fileName);
        return [...files].map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">`).join('\n');
      };
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const write = (file: string, source: string) =>
        fs.writeFileSync(path.join(outDir, file), html.replace('  </head>', `${preloadsOf(source)}\n  </head>`));
      for (const [route, source] of Object.entries(routeScreens)) write(route ? `app.${route}.html` : 'app.html', source);
      write('index.html', loginScreen);
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), chunkModulesFile(), screenPreloads()],
  // '#shared/…' and '#web/…' (package.json "imports") resolve to src/ under the
  // "cafe-source" condition; the compiled server takes "default" (dist/).
  resolve: { conditions: ['cafe-source', ...defaultClientConditions] },
  // The manifest maps each route chunk to its imports: scripts/check-web-budget.ts reads it.
  build: { outDir: '../../dist/web', emptyOutDir: true, manifest: true },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
