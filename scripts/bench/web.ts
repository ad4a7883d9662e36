// P4: the web's weight (support/web-weight.ts, the same measure as
// `npm run check:web-budget`) and Lighthouse (support/lighthouse.ts), plus
// the bytes the running server really sends for the first visit's files.
import http from 'node:http';
import path from 'node:path';
import { runLighthouse, sessionCookie } from '#support/lighthouse.js';
import { defaultWebRoot, measureWebWeight, WEB_BUDGET_GZIP_BYTES } from '#support/web-weight.js';
import type { BenchRow } from './results.js';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** Bytes received for `urlPath` asking for brotli or gzip, as a browser does (0 when missing). */
function wireBytes(baseUrl: string, urlPath: string, cookie?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}${urlPath}`, { headers: { 'accept-encoding': 'br, gzip', ...(cookie ? { cookie } : {}) } }, (response) => {
      let bytes = 0;
      response.on('data', (chunk: Buffer) => (bytes += chunk.length));
      response.on('end', () => resolve(response.statusCode === 200 ? bytes : 0));
    });
    request.on('error', reject);
  });
}

export async function webRows(baseUrl: string, credentials: { username: string; password: string }, appDir?: string): Promise<BenchRow[]> {
  const webRoot = appDir ? path.join(appDir, 'dist', 'web') : defaultWebRoot;
  const weight = measureWebWeight(undefined, webRoot);
  let wire = await wireBytes(baseUrl, '/');
  for (const chunk of weight.chunks) wire += await wireBytes(baseUrl, `/${chunk.file}`);
  const rows: BenchRow[] = [
    {
      name: 'P4 JS de login + inicio (gzip)', baseline: kb(WEB_BUDGET_GZIP_BYTES), ours: kb(weight.jsGzipBytes),
      ratio: weight.jsGzipBytes / WEB_BUDGET_GZIP_BYTES, target: '≤ 150 KB', met: weight.jsGzipBytes <= WEB_BUDGET_GZIP_BYTES,
    },
    {
      name: 'P4 código de gráficos en login + inicio', baseline: '0 módulos', ours: `${weight.chartModules.length} módulos`,
      ratio: Number.NaN, target: 'ninguno', met: weight.chartModules.length === 0,
    },
    {
      name: 'P4 bytes enviados (HTML + JS, br/gzip)', baseline: kb(weight.jsRawBytes), ours: kb(wire),
      ratio: Number.NaN, target: '—', met: null,
    },
  ];
  const cookie = await sessionCookie(baseUrl, credentials.username, credentials.password);
  for (const screen of [
    { name: 'login', path: '/', cookie: undefined, target: 95 },
    { name: 'inicio', path: '/', cookie, target: 95 },
    { name: '/reportes', path: '/reportes', cookie, target: 95 },
  ]) {
    const name = `P4 Lighthouse ${screen.name} (móvil)`;
    try {
      const result = await runLighthouse(`${baseUrl}${screen.path}`, screen.cookie ? { cookie: screen.cookie } : {});
      rows.push({ name, baseline: '100', ours: String(result.performance), ratio: Number.NaN, target: `≥ ${screen.target}`, met: result.performance >= screen.target });
    } catch (error) {
      // One failed Chromium run (seen: its profile folder still being written at close) costs its row, not the table.
      console.log(`  ${name}: ${(error as Error).message.split('\n')[0]}`);
      rows.push({ name, baseline: '100', ours: 'error', ratio: Number.NaN, target: `≥ ${screen.target}`, met: false });
    }
  }
  return rows;
}
