import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { customerMessages as m } from '#shared/customer-messages.js';
import { isAdmin } from '#shared/roles.js';
import type { Customer } from '#shared/schemas/customers.js';
import { useCurrentUser } from '#web/api/get-session.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadMore } from '#web/components/load-more.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { SEARCH_DELAY_MS, useDebounced } from '#web/lib/use-debounced.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { deleteCustomerOptions } from './api/delete-customer.js';
import { useCustomers } from './api/get-customers.js';
import { CustomerForm } from './customer-form.js';
import { CustomersTable } from './customers-table.js';
import './customers.css';

/**
 * /clientes, 'Clientes' (docs/product-guide.md#clientes): the form above the customers by name,
 * with a search and 'Cargar más'. Both roles add and edit; only an administrator deletes, and a
 * customer that sales name is refused with its reason under the table (deactivate it instead).
 */
export function CustomersPage() {
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), SEARCH_DELAY_MS);
  const customers = useCustomers(q ? { q } : {});
  const remove = useMutation(deleteCustomerOptions(useQueryClient()));
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<Customer>('/customers');
  const [tableAlert, setTableAlert] = useState<string | null>(null);
  const admin = isAdmin(useCurrentUser().role);
  const deleteRow = useDeleteRow<Customer>({
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    failedMessage: m.deleteError,
    remove: remove.mutateAsync,
    editing,
    backToAddMode,
    fail,
    // 'No se puede eliminar el cliente: tiene ventas registradas. Desactívalo en su lugar.' stays on the screen.
    onRefused: setTableAlert,
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(customers)) return <LoadFailure message={m.loadError} error={customers.error} />;
  const items = customers.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Page title={m.title}>
      <div ref={formRef}>
        <CustomerForm key={formKey} {...formProps} />
      </div>
      <ListCard id="customers" title="Clientes Registrados" exportPath="/customers/export.csv" exportQuery={q ? { q } : undefined}>
        <div className="customer-search">
          <Field
            id="customer-search"
            label="Buscar cliente"
            hint="Por nombre, NIF/CIF, correo o teléfono."
            registration={{ name: 'q', value: text, onChange: async (event) => setText((event.target as HTMLInputElement).value) }}
          >
            {(field) => <input {...field} type="search" autoComplete="off" />}
          </Field>
        </div>
        {customers.data ? (
          <>
            <CustomersTable
              customers={items}
              searching={q !== ''}
              busy={remove.isPending}
              onEdit={(customer) => {
                setTableAlert(null);
                startEditing(customer);
              }}
              onDelete={
                admin
                  ? (customer) => {
                    setTableAlert(null);
                    deleteRow(customer);
                  }
                  : undefined
              }
            />
            <FormAlert message={tableAlert} />
            {items.length > 0 && (
              <LoadMore list={customers} count={items.length} texts={m} />
            )}
          </>
        ) : (
          <LoadingText />
        )}
      </ListCard>
    </Page>
  );
}
