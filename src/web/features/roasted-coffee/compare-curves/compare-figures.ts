import { artisanMessages } from '#shared/artisan-messages.js';
import { compareCurvesMessages as m } from '#shared/compare-curves-messages.js';
import type { Formatter } from '#shared/format.js';
import type { RoastCurve, RoastEventFigure, RoastMetrics, RoastPhase } from '#shared/schemas/artisan.js';
import { clockTime } from '#web/components/roast-curve/roast-curve-format.js';
import type { ComparedRoast } from './compare-selection.js';

/** One roast of a comparison: its curve once it has arrived, or why it has not. */
export type CurveColumn =
  | { roast: ComparedRoast; state: 'pending' }
  | { roast: ComparedRoast; state: 'error' }
  | { roast: ComparedRoast; state: 'ready'; curve: RoastCurve };

/** A row of the figures' table: its name and one text per column, null in a column whose curve is not there. */
export interface FigureRow {
  key: string;
  label: string;
  values: (string | null)[];
}

type EventKey = 'charge' | 'tp' | 'dry_end' | 'fc_start' | 'fc_end' | 'sc_start' | 'sc_end' | 'drop';
type PhaseKey = keyof RoastMetrics['phases'];

/** The events a roaster reads first; the second crack's two only when a compared roast reached it. */
const EVENTS: readonly EventKey[] = ['charge', 'tp', 'dry_end', 'fc_start', 'fc_end', 'drop'];
const SECOND_CRACK: readonly EventKey[] = ['sc_start', 'sc_end'];
const PHASES: readonly PhaseKey[] = ['drying', 'maillard', 'development'];

/** Between an event's time and its temperature. */
export const EVENT_SEPARATOR = ' · ';

/** '4:32 · 201.3 °C': the time from CHARGE and the bean temperature there (the time alone when the file has no reading). */
const eventText = (event: RoastEventFigure | null, unit: string, f: Formatter): string =>
  event === null ? m.missing : event.bt === null ? clockTime(event.t) : `${clockTime(event.t)}${EVENT_SEPARATOR}${f.oneDecimal(event.bt)} °${unit}`;

const phaseText = (phase: RoastPhase | null, f: Formatter): string => (phase === null ? m.missing : `${clockTime(phase.s)} (${f.oneDecimal(phase.pct)} %)`);

const percentText = (value: number | null, f: Formatter): string => (value === null ? m.missing : `${f.oneDecimal(value)} %`);

/**
 * The comparison's table, a row per figure and a column per roast
 * (docs/product-guide.md#comparar-curvas): each event's time from CHARGE and
 * BT, the total time, the three phases with their share, the development time
 * ratio and the weight loss. An em-dash where a roast lacks the event, numbers
 * in the shop's regional format, temperatures in the unit the curve came in
 * (the 'Temperatura' setting). A column whose curve is loading or failed has
 * null in every row: the table says why once, in its column.
 */
export function figureRows(columns: readonly CurveColumn[], f: Formatter): FigureRow[] {
  const metricsOf = (column: CurveColumn) => (column.state === 'ready' ? column.curve.metrics : null);
  const each = (text: (metrics: RoastMetrics, unit: string) => string) =>
    columns.map((column) => (column.state === 'ready' ? text(column.curve.metrics, column.curve.unit) : null));
  const reachedSecondCrack = columns.some((column) => SECOND_CRACK.some((event) => metricsOf(column)?.[event]));
  const events = reachedSecondCrack ? [...EVENTS.slice(0, -1), ...SECOND_CRACK, 'drop' as const] : EVENTS;
  // The single curve's names for them (its figures' tables), so the two read alike.
  const names = artisanMessages.figures;
  return [
    ...events.map((event) => ({ key: event, label: names.events[event], values: each((metrics, unit) => eventText(metrics[event], unit, f)) })),
    { key: 'total', label: names.totalTime, values: each((metrics) => (metrics.total_time_s === null ? m.missing : clockTime(metrics.total_time_s))) },
    ...PHASES.map((phase) => ({ key: phase, label: names.phases[phase], values: each((metrics) => phaseText(metrics.phases[phase], f)) })),
    { key: 'dtr', label: names.dtr, values: each((metrics) => percentText(metrics.dtr_pct, f)) },
    { key: 'weight_loss', label: names.weightLoss, values: each((metrics) => percentText(metrics.weight_loss_pct, f)) },
  ];
}
