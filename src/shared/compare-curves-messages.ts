// 'Comparar curvas' on Café Tostado (docs/product-guide.md#comparar-curvas): texts only that
// screen shows, so they stay out of messages.ts, which the login and home load
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { formatDate } from './format.js';

/** How many roasts one comparison overlays: more lines than this no longer read apart on a phone. */
export const COMPARE_CURVES_MAX = 4;

export const compareCurvesMessages = {
  // The table's column and bar
  pick: 'Comparar',
  pickLabel: (batchCode: string) => `Comparar la curva del lote ${batchCode}`,
  barLabel: 'Comparar curvas de tueste',
  chosen: (count: number) => `Curvas elegidas: ${count} de ${COMPARE_CURVES_MAX}.`,
  hint: `Marca «Comparar» en la columna Curva de 2 a ${COMPARE_CURVES_MAX} tuestes para ver sus curvas juntas.`,
  tooMany: (batchCode: string) => `Como máximo ${COMPARE_CURVES_MAX} curvas a la vez: quita una para añadir el lote ${batchCode}.`,
  compare: 'Comparar curvas',
  clear: 'Quitar la selección',
  // The dialog
  title: 'Comparar curvas de tueste',
  chartLabel: (codes: readonly string[]) => `Curvas de temperatura del grano (BT) superpuestas desde la carga: lotes ${codes.join(', ')}`,
  legend: 'Tuestes comparados',
  /** A legend entry: the lot, its coffee, its roast type and date. */
  legendEntry: (roast: { batch_code: string; origin_name: string; roast_type: string; roast_date: string }) =>
    `${roast.batch_code} · ${roast.origin_name} · ${roast.roast_type} · ${formatDate(roast.roast_date)}`,
  showEt: 'Mostrar ET (temperatura del aire)',
  showRor: 'Mostrar RoR (velocidad de subida)',
  rorAxis: (unit: string) => `°${unit}/min`,
  loadError: 'Error al cargar la curva de tueste.',
  noneLoaded: 'No se ha podido cargar ninguna de las curvas.',
  close: 'Cerrar',
  // The figures' table
  figuresCaption: 'Cifras de los tuestes comparados',
  /** A missing event or figure. */
  missing: '—',
  missingLabel: 'sin dato',
} as const;
