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

/** Source modules of the first screens (issue 16/17): signed out sees the login, signed in the home. */
const firstScreens = { login: 'src/web/features/auth/login-page.tsx', home: 'src/web/features/home/home-page.tsx' };

/**
 * Lighthouse (issue 17) found a waterfall: index.html → entry → /api/auth/me →
 * the lazy login/home chunk. After the build this writes index.html with
 * <link rel="modulepreload"> for the login chunk and its imports, and app.html
 * (the same page) with those of the home chunk; the server sends app.html to a
 * browser that has a session cookie (src/server/http/web-app.ts), so the screen
 * downloads together with the entry instead of after it.
 */
function firstScreenPreloads(): Plugin {
  return {
    name: 'cafe-first-screen-preloads',
    apply: 'build',
    enforce: 'post',
    writeBundle(options, bundle) {
      const outDir = options.dir!;
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const entry = chunks.find((chunk) => chunk.isEntry);
      const alreadyLoaded = new Set([entry?.fileName, ...(entry?.imports ?? [])]);
      const preloadsOf = (source: string) => {
        const chunk = chunks.find((candidate) => candidate.facadeModuleId && path.relative(process.cwd(), candidate.facadeModuleId) === source);
        if (!chunk) throw new Error(`cafe-first-screen-preloads: no chunk for ${source}`);
        const files = new Set<string>();
        const visit = (fileName: string) => {
          if (files.has(fileName) || alreadyLoaded.has(fileName)) return;
          files.add(fileName);
          for (const imported of chunks.find((candidate) => candidate.fileName === fileName)?.imports ?? []) visit(imported);
        };
        visit(chunk.fileName);
        return [...files].map((file) => `    <link rel="modulepreload" crossorigin href="/${file}">`).join('\n');
      };
      const html = fs.readFileSync(path.join(outDir, 'index.html'), 'utf8');
      const withPreloads = (links: string) => html.replace('  </head>', `${links}\n  </head>`);
      fs.writeFileSync(path.join(outDir, 'app.html'), withPreloads(preloadsOf(firstScreens.home)));
      fs.writeFileSync(path.join(outDir, 'index.html'), withPreloads(preloadsOf(firstScreens.login)));
    },
  };
}

export default defineConfig({
  root: 'src/web',
  plugins: [react(), chunkModulesFile(), firstScreenPreloads()],
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
