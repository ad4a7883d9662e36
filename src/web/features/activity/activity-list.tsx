import { activitySummary, AREA_NAMES, changeLines } from '#shared/activity-sentence.js';
import { useFormat } from '#web/api/use-format.js';
import { formatDateTime } from '#shared/format.js';
import type { ActivityEntry } from '#shared/schemas/activity.js';

/**
 * The log's entries, newest first (docs/product-guide.md#actividad): when (dd/mm/aaaa, hh:mm) and
 * where, the Spanish sentence, and for an edit each changed field on a line of its own,
 * before → after. A list, not a table: a sentence reads the same at 390 px and on a desktop.
 */
export function ActivityList({ entries }: { entries: readonly ActivityEntry[] }) {
  const f = useFormat();
  return (
    <ol className="activity-list" aria-label="Entradas del registro">
      {entries.map((entry) => {
        const changes = changeLines(entry.changes, f);
        return (
          <li key={entry.id} className="activity-entry">
            <p className="activity-entry__meta">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {AREA_NAMES[entry.area]}
            </p>
            <p className="activity-entry__sentence">
              {activitySummary(entry)}
              {changes.length > 0 && ':'}
            </p>
            {changes.length > 0 && (
              <ul className="activity-entry__changes" aria-label="Cambios">
                {changes.map((line, index) => (
                  // The lines of one entry never change order: their place is their key.
                  <li key={index}>{line}</li>
                ))}
              </ul>
            )}
          </li>
        );
      })}
    </ol>
  );
}
