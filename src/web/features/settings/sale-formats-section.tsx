import { saleFormatMessages as m } from '#shared/sale-format-messages.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { deleteSaleFormatOptions } from './api/delete-sale-format.js';
import { saleFormatsPageQueryOptions } from './api/get-sale-formats-page.js';
import { SaleFormatForm } from './sale-format-form.js';
import { SaleFormatsTable } from './sale-formats-table.js';

/**
 * 'Formatos de venta' on Configuración (docs/product-guide.md#configuracion), after the prices
 * per product, as they are laid out: the add/edit form and the table, paged, with a list state of
 * its own; a failed load or save shows its red message in place of the section.
 */
export function SaleFormatsSection() {
  const { list, rowActions, paging, formKey, formProps, failure, formRef } = useListPage({
    pageQuery: saleFormatsPageQueryOptions,
    deleteMutation: deleteSaleFormatOptions,
    recordPath: '/sale-formats',
    messages: { confirmMessage: m.deleteConfirm, deletedMessage: m.deleted, failedMessage: m.deleteError },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(list)) return <LoadFailure message={m.loadError} error={list.error} />;
  if (!list.data) return null;
  return (
    <>
      <div ref={formRef}>
        <SaleFormatForm key={formKey} {...formProps} />
      </div>
      <ListCard id="sale-formats" title="Formatos de Venta Registrados" pager={{ total: list.data.total, ...paging, label: 'Páginas de formatos de venta' }}>
        <SaleFormatsTable formats={list.data.items} {...rowActions} />
      </ListCard>
    </>
  );
}
