import { useState } from 'react';
import { csvMessages, greenCoffeeMessages as m } from '#shared/messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useDeleteGreenCoffee } from './api/delete-green-coffee.js';
import { useGreenCoffee } from './api/get-green-coffee.js';
import { GreenCoffeeForm } from './green-coffee-form.js';
import { GreenCoffeeTable } from './green-coffee-table.js';
import { ImportGreenCoffeePanel } from './import-green-coffee-panel.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/** /cafe-verde (docs/product-guide.md#cafe-verde): the add/edit form above the 'Stock Actual' table. */
export function GreenCoffeePage() {
  const [offset, setOffset] = useState(0);
  const [importing, setImporting] = useState(false);
  const lots = useGreenCoffee({ limit: PAGE_SIZE, offset });
  const origins = useOriginOptions();
  const deleteLot = useDeleteGreenCoffee();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<GreenCoffee>();
  const page = lots.data;

  const onDelete = useDeleteRow<GreenCoffee>({
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    // 'Error al eliminar el café verde. Asegúrate de que no esté asociado a café tostado.' (docs/product-guide.md#interface-texts, full page).
    failedMessage: m.deleteInUse,
    remove: deleteLot.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: page?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(lots)) return <LoadFailure message={m.loadError} error={lots.error} />;
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
      <section className="card" aria-labelledby="green-stock-title">
        <h2 id="green-stock-title" className="card__title">
          {m.stockTitle}
        </h2>
        <ExportCsvButton path="/green-coffee/export.csv" />
        <GreenCoffeeTable lots={page.items} busy={deleteLot.isPending} onEdit={startEditing} onDelete={onDelete} />
        <Pager total={page.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} label="Páginas del stock de café verde" />
      </section>
    </LoadedPage>
  );
}
