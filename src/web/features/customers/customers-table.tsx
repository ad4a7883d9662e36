import { customerMessages } from '#shared/customer-messages.js';
import { type Customer, CUSTOMER_KIND_LABELS } from '#shared/schemas/customers.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import type { RowActionHandlers } from '#web/lib/use-list-page.js';

export interface CustomersTableProps extends Omit<RowActionHandlers<Customer>, 'onDelete'> {
  customers: readonly Customer[];
  /** Only an administrator deletes a customer: a tecnico's rows have no delete button. */
  onDelete: RowActionHandlers<Customer>['onDelete'] | undefined;
  /** A search that found nothing says so, rather than that there are no customers. */
  searching: boolean;
}

/** How to reach the customer: the email and phone it has. */
const contact = (customer: Customer) => [customer.email, customer.phone].filter(Boolean).join(' · ') || '—';

const COLUMNS: Column<Customer>[] = [
  { label: 'Nombre', cell: (customer) => <strong>{customer.name}</strong> },
  { label: 'Tipo', cell: (customer) => CUSTOMER_KIND_LABELS[customer.kind] },
  { label: 'NIF/CIF', cell: (customer) => customer.tax_id ?? '—' },
  { label: 'Contacto', className: 'wrap', cell: contact },
  { label: 'Estado', cell: (customer) => (customer.active ? 'Activo' : 'Inactivo') },
];

/** The customers with edit and delete (docs/product-guide.md#clientes); rows stack into cards on phones. */
export function CustomersTable({ customers, searching, ...rowActions }: CustomersTableProps) {
  const actions = actionsColumn(rowActions, (customer: Customer) => customer.name);
  return (
    <DataTable
      caption="Clientes registrados"
      columns={[...COLUMNS, actions]}
      rows={[...customers]}
      empty={searching ? customerMessages.noMatches : customerMessages.empty}
    />
  );
}
