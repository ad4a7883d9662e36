import type { Kysely } from 'kysely';
import type { Selectable } from 'kysely';
import { type ActivityQuery, parseActivityCursor } from '#shared/schemas/activity.js';
import type { ActivityLogTable, Database } from '#server/db/schema.js';

export type ActivityRow = Selectable<ActivityLogTable>;

/** Epoch ms of a day's start in the server's time zone (TZ): the filters name days as people do. */
const startOfDay = (isoDate: string): number => new Date(`${isoDate}T00:00:00`).getTime();
const DAY_MS = 24 * 60 * 60 * 1000;

export type ActivityFilters = Omit<ActivityQuery, 'limit' | 'cursor'>;

/**
 * One page, newest first, strictly older than `cursor` (at, id): a keyset
 * read that each (filter, at, id) index answers by walking from the newest,
 * so the first page costs the same at a thousand entries or a million
 * (migration 0011).
 */
export async function listActivity(db: Kysely<Database>, filters: ActivityFilters, limit: number, cursor?: string): Promise<ActivityRow[]> {
  let query = db.selectFrom('activity_log').selectAll();
  if (filters.user !== undefined) query = query.where('user_id', '=', filters.user);
  if (filters.area !== undefined) query = query.where('area', '=', filters.area);
  if (filters.action !== undefined) query = query.where('action', '=', filters.action);
  if (filters.from !== undefined) query = query.where('at', '>=', startOfDay(filters.from));
  // `to` is included: everything before the next day's start (a DST day is 23 or 25 hours: start of to + 1 day at noon).
  if (filters.to !== undefined) query = query.where('at', '<', startOfDay(nextDay(filters.to)));
  if (cursor !== undefined) {
    const { at, id } = parseActivityCursor(cursor);
    query = query.where((eb) => eb.or([eb('at', '<', at), eb.and([eb('at', '=', at), eb('id', '<', id)])]));
  }
  return query.orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

/** The day after an ISO date, as ISO (calendar arithmetic in UTC, where no day is skipped). */
function nextDay(isoDate: string): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
}
