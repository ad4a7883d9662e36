// The activity log's first page at 1,000 entries and at 1,000,000 (docs/decisions/0024-activity-log.md):
// the keyset read must not grow with the log. Two scratch copies of the small set, one
// with each log size, served side by side and asked alternately (pairedMedianMs).
import { type RawBuilder, sql } from 'kysely';
import { openDatabase } from '#server/db/database.js';
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS } from '#shared/schemas/activity.js';
import type { DatasetTarget } from '#support/bench/generate.js';
import { type Endpoint, pairedMedianMs } from './measure.js';
import { type BenchRow, ms } from './results.js';

/** The screen's first request, and the same with each filter the indexes serve. */
export const ACTIVITY_PATHS = {
  'sin filtros': '/api/activity?limit=50',
  'por área': '/api/activity?limit=50&area=sales',
  'por usuario': '/api/activity?limit=50&user=1',
  'por acción': '/api/activity?limit=50&action=update',
} as const;

/**
 * Fills a set's log with `entries` rows in one statement: one a second going back from now, cycling
 * through every area and action and three users, as a busy shop's log would look.
 */
export async function fillActivityLog(target: DatasetTarget, entries: number): Promise<void> {
  const handle = await openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url });
  try {
    const i = sql.ref('i');
    const pick = (list: readonly string[], index: RawBuilder<unknown>) =>
      sql`(case ${index} % ${list.length} ${sql.join(list.map((value, n) => sql`when ${n} then ${value}`), sql` `)} end)`;
    const columns = sql`cast(${Date.now()} as bigint) - ${i} * 1000, 1 + ${i} % 3, ${'usuario'}, ${pick(ACTIVITY_ACTIONS, sql`${i}`)},
      ${pick(ACTIVITY_AREAS, sql`(${i} / 7)`)}, ${i}, ${'Registro '} || cast(${i} as text), null`;
    await sql`delete from activity_log`.execute(handle.db);
    if (target.kind === 'sqlite') {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${entries})
        insert into activity_log (at, user_id, username, action, area, record_id, record_label, changes) select ${columns} from n`.execute(handle.db);
    } else {
      await sql`insert into activity_log (at, user_id, username, action, area, record_id, record_label, changes)
        select ${columns} from generate_series(1, ${entries}) as i`.execute(handle.db);
      await sql`analyze activity_log`.execute(handle.db);
    }
  } finally {
    await handle.close();
  }
}

/** One row per path: the first page at the big log against the small one, target ≤ 2×. */
export async function activityRows(small: Endpoint, big: Endpoint, smallEntries: number, bigEntries: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, path] of Object.entries(ACTIVITY_PATHS)) {
    const [atBig, atSmall] = await pairedMedianMs([big, small], path);
    const ratio = atBig! / atSmall!;
    rows.push({
      name: `P6 registro de actividad, primera página ${name}: ${bigEntries} vs ${smallEntries} entradas`,
      baseline: ms(atSmall!),
      ours: ms(atBig!),
      ratio,
      target: '≤ 2×',
      met: ratio <= 2,
    });
  }
  return rows;
}
