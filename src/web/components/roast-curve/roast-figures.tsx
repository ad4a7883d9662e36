import { artisanMessages } from '#shared/artisan-messages.js';
import type { RoastMetrics, RoastPhase } from '#shared/schemas/artisan.js';
import type { TemperatureUnit } from '#shared/temperature.js';
import { useFormat } from '#web/api/use-format.js';
import { clockTime } from './roast-curve-format.js';

const m = artisanMessages.figures;

/** The events in the order they happen, the turning point after CHARGE. */
const EVENT_ROWS = ['charge', 'tp', 'dry_end', 'fc_start', 'fc_end', 'sc_start', 'sc_end', 'drop'] as const;
const PHASE_ROWS = ['drying', 'maillard', 'development'] as const;

/**
 * A roast's figures beside its curve (docs/decisions/0052-roast-metrics.md), as two real
 * tables a screen reader walks cell by cell: each event's time from CHARGE and BT; the
 * phases with their time and share of the roast, the total, the development ratio, the drop
 * temperature and the weight loss. Numbers through the regional formatter
 * (docs/decisions/0042-one-regional-formatter.md); what the file did not mark reads 'Sin marcar'.
 */
export function RoastFigures({ metrics, unit }: { metrics: RoastMetrics; unit: TemperatureUnit }) {
  const f = useFormat();
  const degrees = `°${unit}`;
  const temperature = (value: number | null | undefined) => (value === null || value === undefined ? m.notMarked : `${f.oneDecimal(value)} ${degrees}`);
  const percent = (value: number | null) => (value === null ? m.notMarked : `${f.oneDecimal(value)} %`);
  const phase = (value: RoastPhase | null) => (value === null ? m.notMarked : `${clockTime(value.s)} (${f.oneDecimal(value.pct)} %)`);
  const summary: [string, string][] = [
    ...PHASE_ROWS.map((name): [string, string] => [m.phases[name], phase(metrics.phases[name])]),
    [m.totalTime, metrics.total_time_s === null ? m.notMarked : clockTime(metrics.total_time_s)],
    [m.dtr, percent(metrics.dtr_pct)],
    [m.dropTemperature, temperature(metrics.drop?.bt)],
    [m.weightLoss, percent(metrics.weight_loss_pct)],
  ];
  return (
    <div className="roast-figures">
      <table className="roast-figures__table">
        <caption>{m.eventsCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.event}</th>
            <th scope="col">{m.time}</th>
            <th scope="col">BT ({degrees})</th>
          </tr>
        </thead>
        <tbody>
          {EVENT_ROWS.map((name) => {
            const event = metrics[name];
            return (
              <tr key={name}>
                <th scope="row">{m.events[name]}</th>
                {event === null ? (
                  <td colSpan={2} className="roast-figures__missing">
                    {m.notMarked}
                  </td>
                ) : (
                  <>
                    <td>{clockTime(event.t)}</td>
                    <td>{temperature(event.bt)}</td>
                  </>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
      <table className="roast-figures__table">
        <caption>{m.summaryCaption}</caption>
        <thead>
          <tr>
            <th scope="col">{m.figure}</th>
            <th scope="col">{m.value}</th>
          </tr>
        </thead>
        <tbody>
          {summary.map(([label, value]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td className={value === m.notMarked ? 'roast-figures__missing' : undefined}>{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
