// An area's texts beyond the original app live in their own module, not in
// messages.ts: messages.ts is in the chunk every screen loads (login and home
// included), an area's own module only in that area's chunk
// (docs/decisions/0019-web-chunk-groups-and-route-preloads.md). Home's one text
// of the plan is in planning-alert-messages.ts, for the same reason.
import { PLANNING_HORIZON_MAX, PLANNING_HORIZON_MIN } from '#shared/schemas/planning-limits.js';
import { formatDate, type Formatter } from './format.js';
import { daysText as days, runOutPhrase } from './planning-alert-messages.js';

/** A roasted unit's name, as the plan and home's alerts write it: 'Huila · Medio'. */
export const roastedUnitName = (origin: string, roastType: string): string => `${origin} · ${roastType}`;

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** Plan de Tueste (docs/product-guide.md#roast-plan, docs/decisions/0028-roast-plan.md). All ours: the original app had no plan. */
export const planningMessages = {
  horizonInvalid: `El horizonte debe ser un número entero de días entre ${PLANNING_HORIZON_MIN} y ${PLANNING_HORIZON_MAX}.`,
  neverRoasted: 'Este origen nunca se ha tostado: no hay rendimiento medido para calcular el café verde necesario.',
  title: 'Plan de Tueste',
  loading: 'Calculando el plan de tueste...',
  loadError: 'Error al cargar el plan de tueste.',
  empty: 'Todavía no hay café tostado ni mezclas que planificar. Registra un tueste en Café Tostado para empezar.',
  horizon: 'Horizonte',
  horizonOption: (count: number) => days(count),
  print: 'Imprimir',
  summary: (today: string, horizon: number, window: number) =>
    `Calculado el ${formatDate(today)} para cubrir los próximos ${days(horizon)}, al ritmo de salida de los últimos ${days(window)}.`,
  riskTitle: 'Cafés en riesgo',
  riskLegend: (horizon: number) =>
    `Urgente: se agota en los próximos ${days(horizon)}, o su stock no cubre un pedido antes de agotarse. Pronto: se agota en los próximos ${days(2 * horizon)}.`,
  riskEmpty: (horizon: number) => `Ningún café se agota en los próximos ${days(2 * horizon)}.`,
  urgent: 'Urgente',
  soon: 'Pronto',
  runOut: (isoDate: string, daysLeft: number) => capitalized(runOutPhrase(isoDate, daysLeft)),
  blendName: (recipe: string) => `Mezcla ${recipe}`,
  /** A unit urgent by an order (docs/decisions/0045-plan-from-orders.md): the first order its stock does not cover. */
  uncoveredOrder: (customer: string, isoDate: string, kg: number, f: Formatter) =>
    `El stock no cubre el pedido de ${customer} del ${formatDate(isoDate)} (${f.kg(kg)})`,
  uncoveredOrderShort: (isoDate: string) => `Pedido del ${formatDate(isoDate)} sin cubrir`,
  ordersTitle: 'Pedidos del horizonte',
  ordersNote: (horizon: number) =>
    `Pedidos pendientes con entrega en los próximos ${days(horizon)}, y los atrasados: sus kilos se suman a la necesidad de cada café, y las ventas de pedidos ya preparados no cuentan en su ritmo de salida.`,
  ordersEmpty: (horizon: number) => `No hay pedidos pendientes para los próximos ${days(horizon)}.`,
  orderColumns: { unit: 'Café', customer: 'Cliente', due: 'Fecha de entrega', kg: 'Kg', covered: 'Stock' },
  orderCovered: 'Cubierto',
  orderUncovered: 'Sin cubrir',
  blendOrdered: (kg: number, f: Formatter) => ` · Pedidos: ${f.kg(kg)}`,
  chartLabel: (unit: string, stockKg: number, isoDate: string, f: Formatter) =>
    `Stock previsto de ${unit}: ${f.kg(stockKg)} hoy, bajando a un ritmo constante hasta 0 Kg el ${formatDate(isoDate)}.`,
  chartToday: 'Hoy',
  chartThreshold: 'Umbral',
  sheetTitle: 'Hoja de tueste',
  sheetEmpty: (horizon: number) => `No hace falta tostar café para cubrir los próximos ${days(horizon)}.`,
  columns: {
    origin: 'Origen',
    roastType: 'Tueste',
    stock: 'Stock (Kg)',
    kgPerDay: 'Kg/día',
    daysLeft: 'Días',
    runOut: 'Se agota',
    ordered: 'Pedidos (Kg)',
    need: 'Necesidad (Kg)',
    yield: 'Rendimiento (%)',
    green: 'Café verde (Kg)',
    greenLots: 'Lotes de verde a usar',
    shortfall: 'Falta verde (Kg)',
  },
  roast: 'Tostar',
  roastLabel: (kg: number, batchCode: string, f: Formatter) => `Tostar ${f.kg(kg)} del lote ${batchCode}`,
  noGreenStock: 'No queda café verde de este origen.',
  batches: (count: number, capacityKg: number, f: Formatter) => `${count} ${count === 1 ? 'tueste' : 'tuestes'} de ${f.kg(capacityKg)}`,
  idleTitle: (idleDays: number) => `Sin movimiento en ${days(idleDays)}`,
  idleNote: (idleDays: number) =>
    `Ni tuestes, ni ventas, ni mezclas en los últimos ${days(idleDays)}: el plan no los repone ni los lleva a la hoja de tueste.`,
  idleStock: (stockKg: number, f: Formatter) => `Stock: ${f.kg(stockKg)}`,
  blendsTitle: 'Mezclas',
  blendsEmpty: (horizon: number) => `Ninguna mezcla necesita más café para los próximos ${days(horizon)}.`,
  blendFacts: (stockKg: number, kgPerDay: number, needKg: number, f: Formatter) =>
    `Stock: ${f.kg(stockKg)} · Kg/día: ${f.twoDecimals(kgPerDay)} · Necesidad: ${f.kg(needKg)}`,
  componentColumns: {
    origin: 'Origen',
    kg: 'Kg para la mezcla',
    available: 'Tostado disponible (Kg)',
    shortfall: 'Falta tostar (Kg)',
  },
} as const;
