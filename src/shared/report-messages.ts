import type { Formatter } from './format.js';
// Reportes: texts only its screens show, so they stay out of messages.ts,
// which the login and home load (CONTRIBUTING.md "Adding an area", step 2,
// docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
import { EARLIEST } from './message-parts.js';

/** Reportes (docs/product-guide.md#reportes and #interface-texts). */
export const reportMessages = {
  // original
  title: 'Reportes',
  monthlySalesTitle: 'Ventas Mensuales',
  monthlySalesSeries: (f: Formatter) => `Ventas (${f.currency})`,
  /** ours: the second series beside 'Ventas ($)': revenue − grams sold × cost per kg. */
  grossMarginSeries: (f: Formatter) => `Margen bruto (${f.currency})`,
  noProductsSold: 'No hay datos de productos vendidos.',
  loading: 'Generando reportes...',
  // original
  salesLoadError: 'Error al cargar datos de ventas para reportes.',
  stockLoadError: 'Error al cargar el resumen de stock.',
  // ours: the original app had no range filter (docs/product-guide.md#report-range-and-trace-lookup).
  fromInvalid: 'La fecha "Desde" no es una fecha válida.',
  toInvalid: 'La fecha "Hasta" no es una fecha válida.',
  rangeReversed: 'La fecha "Desde" no puede ser posterior a la fecha "Hasta".',
  // ours (data rules): no business date is older, so neither is a range.
  fromTooOld: `La fecha "Desde" no puede ser anterior al ${EARLIEST}.`,
  toTooOld: `La fecha "Hasta" no puede ser anterior al ${EARLIEST}.`,
  // ours: the range's check downloads when 'Personalizado' is chosen (range-filter.tsx); without a connection it cannot run.
  rangeCheckFailed: 'No se pudo comprobar el rango de fechas. Revisa la conexión e inténtalo de nuevo.',
  topProductsTitle: 'Top 5 Productos Más Vendidos (Kg)',
  stockSummaryTitle: 'Resumen de Stock',
  noSales: 'No hay ventas en este periodo.',
  // ours (docs/product-guide.md#reportes): the period's totals, the top 5 by product, the CSV of the screen.
  periodTotalsTitle: 'Totales del Periodo',
  periodKg: 'Cantidad vendida',
  periodRevenue: 'Ventas',
  periodSaleCount: 'Número de ventas',
  periodMargin: 'Margen bruto',
  topByProductTitle: 'Top 5 por Producto (Kg)',
  topByProductNote: 'Suma los lotes de cada producto: origen y tipo de tueste, o receta de mezcla.',
  // ours (docs/product-guide.md#reportes): the top 10 customers, counter sales apart.
  salesByCustomerTitle: 'Ventas por Cliente',
  salesByCustomerNote: 'Los 10 clientes que más compraron en el periodo. Las ventas de mostrador (sin cliente) van aparte.',
  noCustomerSales: 'No hay ventas a clientes en este periodo.',
  otherCustomers: (count: number) => (count === 1 ? 'Otro cliente' : `Otros ${count} clientes`),
  counterSales: 'Venta de mostrador',
  customerColumn: 'Cliente',
} as const;
