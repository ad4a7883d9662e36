import { z } from 'zod';
import { activityMessages } from '#shared/activity-messages.js';
import { isRealIsoDate, MAX_ROW_ID } from './common.js';

/** What an activity-log entry says happened (docs/product-guide.md#activity-log). */
export const ACTIVITY_ACTIONS = ['create', 'update', 'delete', 'count', 'import', 'sign_in', 'sign_out', 'sign_in_refused'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

/** Where it happened: the resource's URL name under /api. */
export const ACTIVITY_AREAS = [
  'coffee-origins',
  'green-coffee',
  'roasted-coffee',
  'blend-recipes',
  'blended-coffee',
  'sales',
  'settings',
  'users',
  'stock-counts',
  'auth',
  'customers',
  'product-prices',
  'orders',
  'sale-formats',
  'shop-skus',
  'shop-import-presets',
] as const;
export type ActivityArea = (typeof ACTIVITY_AREAS)[number];

/**
 * A field's value as the API showed it: text, a number, yes/no, nothing, or a
 * list of texts or numbers. A value with records inside (a blend's components)
 * is given as its JSON text (write-pipeline/activity-log.ts).
 */
// null sits in the text branch: OpenAPI 3.0 writes it as `nullable` beside a `type`.
const activityValueSchema = z.union([z.string().nullable(), z.number(), z.boolean(), z.array(z.union([z.string(), z.number()]))]);
export type ActivityValue = z.infer<typeof activityValueSchema>;

/** An edit's changed fields, each with its value before and after (the API's names and units). */
export const activityChangesSchema = z.record(z.string(), z.object({ before: activityValueSchema, after: activityValueSchema }));
export type ActivityChanges = z.infer<typeof activityChangesSchema>;

export const activityEntrySchema = z.object({
  id: z.number().int(),
  /** ISO 8601 instant. */
  at: z.string(),
  user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  action: z.enum(ACTIVITY_ACTIONS),
  area: z.enum(ACTIVITY_AREAS),
  record_id: z.number().int().nullable(),
  record_label: z.string(),
  changes: activityChangesSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof activityEntrySchema>;

export const activityPageSchema = z.object({
  items: z.array(activityEntrySchema),
  /** Pass it as `cursor` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** A page's last entry, `<epoch ms>_<id>`: the next page starts strictly before it. */
const CURSOR = /^(\d{1,15})_(\d{1,10})$/;

export const parseActivityCursor = (cursor: string): { at: number; id: number } => {
  const [, at, id] = CURSOR.exec(cursor) ?? [];
  return { at: Number(at), id: Number(id) };
};

const invalid = { error: activityMessages.invalidFilter };
const dateFilter = z.string(invalid).refine(isRealIsoDate, activityMessages.invalidDate);

/** GET /api/activity's filters; `from` and `to` are days (YYYY-MM-DD, server time zone), both included. */
export const activityQuerySchema = z
  .object({
    user: z.coerce.number(invalid).int(activityMessages.invalidFilter).positive(activityMessages.invalidFilter).max(MAX_ROW_ID, activityMessages.invalidFilter).optional(),
    area: z.enum(ACTIVITY_AREAS, invalid).optional(),
    action: z.enum(ACTIVITY_ACTIONS, invalid).optional(),
    from: dateFilter.optional(),
    to: dateFilter.optional(),
    limit: z.coerce.number(invalid).int(activityMessages.invalidFilter).min(1, activityMessages.invalidFilter).max(200, activityMessages.invalidFilter).default(50),
    cursor: z.string(invalid).regex(CURSOR, activityMessages.invalidCursor).optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { message: activityMessages.fromAfterTo, path: ['to'] });
export type ActivityQuery = z.infer<typeof activityQuerySchema>;
