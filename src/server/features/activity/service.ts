import type { Kysely } from 'kysely';
import type { ActivityEntry, ActivityPage, ActivityQuery } from '#shared/schemas/activity.js';
import type { Database } from '#server/db/schema.js';
import * as repository from './repository.js';

const toEntry = (row: repository.ActivityRow): ActivityEntry => ({
  id: row.id,
  at: new Date(Number(row.at)).toISOString(),
  user_id: row.user_id,
  username: row.username,
  action: row.action,
  area: row.area,
  record_id: row.record_id,
  record_label: row.record_label,
  changes: row.changes === null ? null : (JSON.parse(row.changes) as ActivityEntry['changes']),
});

const cursorOf = (row: repository.ActivityRow): string => `${Number(row.at)}_${row.id}`;

/** GET /api/activity: a page and the cursor of the next one (one row more is read to know whether there is one). */
export async function activityPage(db: Kysely<Database>, query: ActivityQuery): Promise<ActivityPage> {
  const { limit, cursor, ...filters } = query;
  const rows = await repository.listActivity(db, filters, limit + 1, cursor);
  const page = rows.slice(0, limit);
  return { items: page.map(toEntry), next_cursor: rows.length > limit ? cursorOf(page[page.length - 1]!) : null };
}

/** Every entry of the filters, newest first, page after page (the CSV export). */
export async function* allActivity(db: Kysely<Database>, filters: repository.ActivityFilters): AsyncGenerator<ActivityEntry> {
  let cursor: string | undefined;
  do {
    const page = await activityPage(db, { ...filters, limit: 200, cursor });
    yield* page.items;
    cursor = page.next_cursor ?? undefined;
  } while (cursor !== undefined);
}
