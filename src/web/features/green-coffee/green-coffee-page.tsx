import { useState } from 'react';
import { csvMessages } from '#shared/csv-messages.js';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { ListCard } from '#web/components/list-card.js';
import { useLotListPage } from '#web/components/labels/lot-label-selection.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { deleteGreenCoffeeOptions } from './api/delete-green-coffee.js';
import { greenCoffeeQueryOptions } from './api/get-green-coffee.js';
import { GreenCoffeeForm } from './green-coffee-form.js';
import { GreenCoffeeTable } from './green-coffee-table.js';
import { ImportGreenCoffeePanel } from './import-green-coffee-panel.js';

/** /cafe-verde (docs/product-guide.md#cafe-verde): the add/edit form above the 'Stock Actual' table. */
export function GreenCoffeePage() {
  const { list, rowActions, paging, formKey, formProps, failure, formRef, selection } = useLotListPage('green', {
    pageQuery: greenCoffeeQueryOptions,
    deleteMutation: deleteGreenCoffeeOptions,
    recordPath: '/green-coffee',
    messages: {
      confirmMessage: m.deleteConfirm,
      deletedMessage: m.deleted,
      // 'Error al eliminar el café verde. Asegúrate de que no esté asociado a café tostado.' (full page, docs/product-guide.md#interface-texts).
      failedMessage: m.deleteInUse,
    },
  });
  const [importing, setImporting] = useState(false);
  const origins = useOriginOptions();
  const page = list.data;

  if (failure) return <PageError message={failure} />;
  if (loadFailed(list)) return <LoadFailure message={m.loadError} error={list.error} />;
  if (loadFailed(origins)) return <LoadFailure message={m.originsLoadError} error={origins.error} />;
  if (!origins.data || !page) return <LoadingPage title={m.title} />;
  return (
    <LoadedPage title={m.title}>
      <div ref={formRef}>
        <GreenCoffeeForm key={formKey} origins={origins.data} {...formProps} />
      </div>
      {importing ? (
        <ImportGreenCoffeePanel onClose={() => setImporting(false)} />
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
            {csvMessages.importButton}
          </button>
        </div>
      )}
      <ListCard
        id="green-stock"
        title={m.stockTitle}
        exportPath="/green-coffee/export.csv"
        pager={{ total: page.total, ...paging, label: 'Páginas del stock de café verde' }}
      >
        <GreenCoffeeTable lots={page.items} selection={selection} {...rowActions} />
      </ListCard>
    </LoadedPage>
  );
}
