import type { Kysely } from 'kysely';
import type { User } from '#shared/schemas/auth.js';
import type { Database } from '#server/db/schema.js';
import { type CsvColumn, pagedItems } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { getUserPage } from './service.js';

/** Never the password hash: the users list returns the public fields only. */
const columns: CsvColumn<User>[] = [
  { header: 'Usuario', cell: (u) => u.username },
  { header: 'Nombre completo', cell: (u) => u.full_name },
  { header: 'Rol', cell: (u) => u.role },
];

/** GET /api/users/export.csv (administrators only, like every users route): read through the list itself in pages. */
export const exportUsers = (db: Kysely<Database>): CsvExport<User> => ({
  fileBase: 'usuarios',
  columns,
  rows: pagedItems((page) => getUserPage(db, page)),
});
