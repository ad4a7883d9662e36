import { salesMessages as m } from '#shared/sales-messages.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { useSaleFormats } from '#web/api/get-sale-formats.js';
import { useSettings } from '#web/api/get-settings.js';
import { deleteSaleOptions } from './api/delete-sale.js';
import { salesQueryOptions } from './api/get-sales.js';
import { PendingSaleBanner } from './pending-sale-banner.js';
import { SaleForm } from './sale-form.js';
import { SalesTable } from './sales-table.js';

/** /ventas (docs/product-guide.md#ventas): 'Registro de Ventas', the sale form above 'Historial de Ventas'. */
export function SalesPage() {
  const { list: sales, rowActions, paging, formKey, formProps, failure, formRef } = useListPage({
    pageQuery: salesQueryOptions,
    deleteMutation: deleteSaleOptions,
    recordPath: '/sales',
    messages: { confirmMessage: m.deleteConfirm, deletedMessage: m.deleted, failedMessage: m.deleteError },
  });
  const prices = useSettings();
  const formats = useSaleFormats();
  const page = sales.data;

  if (failure) return <PageError message={failure} />;
  if (loadFailed(sales)) return <LoadFailure message={m.loadError} error={sales.error} />;
  if (loadFailed(prices)) return <LoadFailure message={m.settingsLoadError} error={prices.error} />;
  if (loadFailed(formats)) return <LoadFailure message={m.formatsLoadError} error={formats.error} />;
  if (!prices.data || !formats.data || !page) return <LoadingPage title={m.title} text={m.loading} />;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <PendingSaleBanner />
      <div ref={formRef}>
        <SaleForm key={formKey} prices={prices.data} formats={formats.data} {...formProps} />
      </div>
      <ListCard id="sales-history" title={m.historyTitle} exportPath="/sales/export.csv" pager={{ total: page.total, ...paging, label: 'Páginas de ventas' }}>
        <SalesTable sales={page.items} {...rowActions} />
      </ListCard>
    </LoadedPage>
  );
}
