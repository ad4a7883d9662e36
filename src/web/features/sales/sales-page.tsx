import { useState } from 'react';
import { salesMessages as m } from '#shared/messages.js';
import type { Sale } from '#shared/schemas/sales.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useDeleteSale } from './api/delete-sale.js';
import { useSalePrices } from './api/get-sale-prices.js';
import { useSales } from './api/get-sales.js';
import { SaleForm } from './sale-form.js';
import { SalesTable } from './sales-table.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/** /ventas (docs/product-guide.md#ventas): 'Registro de Ventas', the sale form above 'Historial de Ventas'. */
export function SalesPage() {
  const [offset, setOffset] = useState(0);
  const sales = useSales({ limit: PAGE_SIZE, offset });
  const prices = useSalePrices();
  const deleteSale = useDeleteSale();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<Sale>();
  const page = sales.data;

  const onDelete = useDeleteRow<Sale>({
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    failedMessage: m.deleteError,
    remove: deleteSale.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: page?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(sales)) return <LoadFailure message={m.loadError} error={sales.error} />;
  if (loadFailed(prices)) return <LoadFailure message={m.settingsLoadError} error={prices.error} />;
  if (!prices.data || !page) return <LoadingPage title={m.title} text={m.loading} />;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <div ref={formRef}>
        <SaleForm key={formKey} prices={prices.data} {...formProps} />
      </div>
      <section className="card" aria-labelledby="sales-history-title">
        <h2 id="sales-history-title" className="card__title">
          {m.historyTitle}
        </h2>
        <ExportCsvButton path="/sales/export.csv" />
        <SalesTable sales={page.items} busy={deleteSale.isPending} onEdit={startEditing} onDelete={onDelete} />
        <Pager total={page.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} label="Páginas de ventas" />
      </section>
    </LoadedPage>
  );
}
