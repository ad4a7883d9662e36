import { describe, expect, it } from 'vitest';
import { isChartModule } from '#support/web-weight.js';

// support/web-weight.ts CHART_PACKAGES: kept out of login + home and of the screens' shared chunk (vite.config.ts, docs/decisions/0031).
describe('chart modules', () => {
  it('are visx, d3 and Recharts with its store and helpers, also nested under another package', () => {
    for (const id of [
      '/app/node_modules/@visx/shape/esm/shapes/Pie.js',
      '/app/node_modules/@visx/vendor/node_modules/d3-scale/src/band.js',
      '/app/node_modules/recharts/es6/chart/BarChart.js',
      '/app/node_modules/redux/dist/redux.mjs',
      '/app/node_modules/@reduxjs/toolkit/dist/redux-toolkit.modern.mjs',
      '/app/node_modules/immer/dist/immer.mjs',
      '/app/node_modules/es-toolkit/dist/compat/object/get.mjs',
      'C:\\app\\node_modules\\reselect\\dist\\reselect.mjs',
    ]) expect(isChartModule(id), id).toBe(true);
  });

  it('are not the app, React, the router, TanStack Query or the forms code', () => {
    for (const id of [
      '/app/src/web/features/reports/charts.tsx',
      '/app/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/app/node_modules/react-router/dist/index.mjs',
      '/app/node_modules/@tanstack/query-core/build/modern/index.js',
      '/app/node_modules/zod/v4/classic/schemas.js',
      '/app/node_modules/react-hook-form/dist/index.esm.mjs',
      '/app/node_modules/reduxish/index.js',
    ]) expect(isChartModule(id), id).toBe(false);
  });
});
