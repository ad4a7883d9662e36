import { originMessages } from '#shared/origin-messages.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { deleteOriginOptions } from './api/delete-origin.js';
import { originsQueryOptions } from './api/get-origins.js';
import { OriginForm } from './origin-form.js';
import { OriginsTable } from './origins-table.js';

/** /cafe-origen (docs/product-guide.md#origenes): the form above the table of registered origins. */
export function OriginsPage() {
  const { list, rowActions, paging, formKey, formProps, failure, formRef } = useListPage({
    pageQuery: originsQueryOptions,
    deleteMutation: deleteOriginOptions,
    recordPath: '/coffee-origins',
    messages: {
      confirmMessage: originMessages.deleteConfirm,
      deletedMessage: originMessages.deleted,
      // 'Error al eliminar el origen. Asegúrate de que no haya café verde asociado.' (full page, docs/product-guide.md#interface-texts).
      failedMessage: originMessages.deleteInUse,
    },
  });
  const page = list.data;

  if (failure) return <PageError message={failure} />;
  if (loadFailed(list)) return <LoadFailure message={originMessages.loadError} error={list.error} />;
  return (
    <Page title={originMessages.title}>
      <div ref={formRef}>
        <OriginForm key={formKey} {...formProps} />
      </div>
      <ListCard
        id="origins"
        title="Orígenes Registrados"
        exportPath="/coffee-origins/export.csv"
        pager={page && { total: page.total, ...paging, label: 'Páginas de orígenes' }}
      >
        {page ? <OriginsTable origins={page.items} {...rowActions} /> : <LoadingText />}
      </ListCard>
    </Page>
  );
}
