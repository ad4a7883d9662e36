import type { Kysely } from 'kysely';
import { ACTION_NAMES, activitySentence, AREA_NAMES, changesText } from '#shared/activity-sentence.js';
import { type Formatter, formatDateTime } from '#shared/format.js';
import type { ActivityEntry } from '#shared/schemas/activity.js';
import type { Database } from '#server/db/schema.js';
import type { CsvColumn } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { readFormatter } from '#server/features/settings/service.js';
import type { ActivityFilters } from './repository.js';
import { allActivity } from './service.js';

/** The screen's columns: when (server time zone), who, what, where, the record and the sentence. */
// Numbers inside the sentences are text, in the shop's decimal separator as on /actividad.
const columnsFor = (f: Formatter): CsvColumn<ActivityEntry>[] => [
  { header: 'Fecha y Hora', cell: (e) => formatDateTime(e.at) },
  { header: 'Usuario', cell: (e) => e.username ?? '' },
  { header: 'Acción', cell: (e) => ACTION_NAMES[e.action] },
  { header: 'Área', cell: (e) => AREA_NAMES[e.area] },
  { header: 'Registro', cell: (e) => e.record_label },
  { header: 'Cambios', cell: (e) => changesText(e.changes, f) },
  { header: 'Descripción', cell: (e) => activitySentence(e, f) },
];

/** GET /api/activity/export.csv: every entry of the filters, newest first. */
export const exportActivity = (db: Kysely<Database>, filters: ActivityFilters): CsvExport<ActivityEntry> => ({
  fileBase: 'actividad',
  columns: readFormatter(db).then(columnsFor),
  rows: allActivity(db, filters),
});
