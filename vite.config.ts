import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig } from 'vite';

export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  // '#shared/…' and '#web/…' (package.json "imports") resolve to src/ under the
  // "cafe-source" condition; the compiled server takes "default" (dist/).
  resolve: { conditions: ['cafe-source', ...defaultClientConditions] },
  build: { outDir: '../../dist/web', emptyOutDir: true },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
