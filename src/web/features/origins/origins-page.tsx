import { useState } from 'react';
import { originMessages } from '#shared/messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useDeleteOrigin } from './api/delete-origin.js';
import { useOrigins } from './api/get-origins.js';
import { OriginForm } from './origin-form.js';
import { OriginsTable } from './origins-table.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/** /cafe-origen (docs/product-guide.md#origenes): the form above the table of registered origins. */
export function OriginsPage() {
  const [offset, setOffset] = useState(0);
  const origins = useOrigins({ limit: PAGE_SIZE, offset });
  const deleteOrigin = useDeleteOrigin();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<Origin>();
  const page = origins.data;

  const onDelete = useDeleteRow<Origin>({
    confirmMessage: originMessages.deleteConfirm,
    deletedMessage: originMessages.deleted,
    // 'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.' (docs/product-guide.md#interface-texts, full page).
    failedMessage: originMessages.deleteInUse,
    remove: deleteOrigin.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: page?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(origins)) return <LoadFailure message={originMessages.loadError} error={origins.error} />;
  return (
    <Page title={originMessages.title}>
      <div ref={formRef}>
        <OriginForm key={formKey} {...formProps} />
      </div>
      <section className="card" aria-labelledby="origins-title">
        <h2 id="origins-title" className="card__title">
          Orígenes Registrados
        </h2>
        <ExportCsvButton path="/coffee-origins/export.csv" />
        {page ? (
          <>
            <OriginsTable origins={page.items} busy={deleteOrigin.isPending} onEdit={startEditing} onDelete={onDelete} />
            <Pager total={page.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} label="Páginas de orígenes" />
          </>
        ) : (
          <LoadingText />
        )}
      </section>
    </Page>
  );
}
