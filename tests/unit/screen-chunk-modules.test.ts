import { describe, expect, it } from 'vitest';
import { isAreaSchema, isArtisanCurveModule, isFormsLibrary, isScanModule } from '#support/web-weight.js';

// support/web-weight.ts isAreaSchema: vite.config.ts keeps these out of the shared chunk that /reportes
// evaluates, and check:web-budget fails if /reportes loads one
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md, amendments of 2026-11-26).
describe('area schema modules', () => {
  it('are the schema files of the areas, as Vite names them (absolute) and as the chunk list does (relative)', () => {
    for (const id of [
      '/app/src/shared/schemas/sales.ts',
      '/app/src/shared/schemas/roasted-coffee.ts',
      'src/shared/schemas/traceability.ts',
      'C:\\app\\src\\shared\\schemas\\products.ts',
    ]) expect(isAreaSchema(id), id).toBe(true);
  });

  it('are not common.ts (every form uses it), other shared code, zod or a file that only looks alike', () => {
    for (const id of [
      '/app/src/shared/schemas/common.ts',
      'src/shared/schemas/common.ts',
      '/app/src/shared/sales-messages.ts',
      '/app/src/web/lib/use-form-screen.ts',
      '/app/node_modules/zod/v4/classic/schemas.js',
      '/app/src/shared/schemas/sales.test.ts.map',
    ]) expect(isAreaSchema(id), id).toBe(false);
  });
});

// support/web-weight.ts isFormsLibrary: vite.config.ts's `forms` chunk, which the entry and home must not load;
// zod's global settings stay out of it, because the entry sets them (src/web/lib/zod-without-eval.ts).
describe('forms library modules', () => {
  it('are zod, react-hook-form and its resolvers', () => {
    for (const id of [
      '/app/node_modules/zod/v4/classic/schemas.js',
      '/app/node_modules/zod/v4/core/schemas.js',
      '/app/node_modules/react-hook-form/dist/index.esm.mjs',
      '/app/node_modules/@hookform/resolvers/zod/dist/zod.mjs',
      'C:\\app\\node_modules\\zod\\v4\\core\\api.js',
    ]) expect(isFormsLibrary(id), id).toBe(true);
  });

  it('are not zod\'s global settings with their helpers, nor the app or other packages', () => {
    for (const id of [
      '/app/node_modules/zod/v4/core/core.js',
      '/app/node_modules/zod/v4/core/util.js',
      'C:\\app\\node_modules\\zod\\v4\\core\\core.js',
      '/app/src/web/lib/zod-without-eval.ts',
      '/app/src/web/lib/use-form-screen.ts',
      '/app/node_modules/react-dom/cjs/react-dom-client.production.js',
      '/app/node_modules/zodiac/index.js',
    ]) expect(isFormsLibrary(id), id).toBe(false);
  });
});

// support/web-weight.ts isScanModule and isArtisanCurveModule: the scanner's and the roast curve's code, which
// check:web-budget keeps out of the first visit and /reportes, and vite.config.ts out of the shared chunks
// (docs/decisions/0030-scanning-labels.md, docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
describe('scanner and roast curve modules', () => {
  it('are the files of components/scan (but its button) and components/roast-curve, where they live', () => {
    for (const id of [
      '/app/src/web/components/scan/scan-dialog.tsx',
      '/app/src/web/components/scan/qr-camera.ts',
      'src/web/components/scan/zxing-qr-decoder.ts',
      '/app/node_modules/zxing-wasm/dist/reader/index.js',
    ]) expect(isScanModule(id), id).toBe(true);
    for (const id of [
      '/app/src/web/components/roast-curve/roast-curve-dialog.tsx',
      'src/web/components/roast-curve/roast-curve-chart.tsx',
      '/app/src/web/components/roast-curve/roast-curve.css',
      '/app/src/shared/artisan-messages.ts',
      '/app/src/web/api/get-roast-curve.ts',
    ]) expect(isArtisanCurveModule(id), id).toBe(true);
  });

  it('are not the scan button every scanning screen shows, nor the charts the curve draws in', () => {
    expect(isScanModule('/app/src/web/components/scan/scan-button.tsx')).toBe(false);
    expect(isScanModule('/app/src/web/components/labels/print-labels.tsx')).toBe(false);
    expect(isArtisanCurveModule('/app/src/web/components/charts/chart-frame.tsx')).toBe(false);
    expect(isArtisanCurveModule('/app/src/web/features/reports/charts.tsx')).toBe(false);
  });
});
