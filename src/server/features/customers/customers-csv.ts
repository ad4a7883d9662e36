import type { Kysely } from 'kysely';
import { type Customer, CUSTOMER_KIND_LABELS, type CustomerFilters } from '#shared/schemas/customers.js';
import type { Database } from '#server/db/schema.js';
import type { CsvColumn } from '#server/http/csv-export.js';
import type { CsvExport } from '#server/http/csv-export-route.js';
import { allCustomers } from './service.js';

/** The table's columns, and the contact details it leaves to the form. */
const columns: CsvColumn<Customer>[] = [
  { header: 'Nombre', cell: (c) => c.name },
  { header: 'Tipo', cell: (c) => CUSTOMER_KIND_LABELS[c.kind] },
  { header: 'NIF/CIF', cell: (c) => c.tax_id ?? '' },
  { header: 'Correo Electrónico', cell: (c) => c.email ?? '' },
  { header: 'Teléfono', cell: (c) => c.phone ?? '' },
  { header: 'Dirección', cell: (c) => c.address ?? '' },
  { header: 'Notas', cell: (c) => c.notes ?? '' },
  { header: 'Activo', cell: (c) => (c.active ? 'Sí' : 'No') },
];

/** GET /api/customers/export.csv: every customer of the list's filters, in its order. */
export const exportCustomers = (db: Kysely<Database>, filters: CustomerFilters): CsvExport<Customer> => ({
  fileBase: 'clientes',
  columns,
  rows: allCustomers(db, filters),
});
