import { useMemo, useState } from 'react';
import { blendedCoffeeMessages as m } from '#shared/blended-coffee-messages.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { ListCard } from '#web/components/list-card.js';
import { useLotListPage } from '#web/components/labels/lot-label-selection.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { NewLotsLabelOffer, offeringNewLotLabel } from '#web/components/labels/print-labels.js';
import { loadFailed } from '#web/lib/api-client.js';
import type { PrintableLot } from '#web/components/labels/labels-url.js';
import { useRecipeOptions } from '#web/api/get-recipe-options.js';
import { deleteBlendedCoffeeOptions } from './api/delete-blended-coffee.js';
import { blendedCoffeeQueryOptions } from './api/get-blended-coffee.js';
import { useRoastedInStock } from './api/get-roasted-in-stock.js';
import { BlendForm } from './blend-form.js';
import { lotOptions } from './blend-form-values.js';
import { BlendsTable } from './blends-table.js';
import { RoastedStockTable } from './roasted-stock-table.js';

/** /cafe-mezcla (docs/product-guide.md#cafe-mezcla): the blend form, the available roasted stock and the current blends. */
export function BlendedCoffeePage() {
  const { list: blends, rowActions, paging, editing, formKey, formProps, failure, formRef, selection } = useLotListPage('blend', {
    pageQuery: blendedCoffeeQueryOptions,
    deleteMutation: deleteBlendedCoffeeOptions,
    recordPath: '/blended-coffee',
    messages: {
      // The question adds that the roasted coffee goes back to stock (docs/product-guide.md#interface-texts).
      confirmMessage: m.deleteConfirm,
      deletedMessage: m.deleted,
      // 'Error al eliminar la mezcla de café. Asegúrate de que no esté asociada a ventas.' (full page, docs/product-guide.md#interface-texts).
      failedMessage: m.deleteInUse,
    },
  });
  // The blend just made, whose label is offered (docs/product-guide.md#imprimir-desde-las-tablas).
  const [newLots, setNewLots] = useState<readonly PrintableLot[]>([]);
  const roasted = useRoastedInStock();
  const recipes = useRecipeOptions();
  const origins = useOriginOptions();
  const lots = useMemo(() => (roasted.data ? lotOptions(roasted.data, editing) : undefined), [roasted.data, editing]);
  const page = blends.data;

  if (failure) return <PageError message={failure} />;
  if (loadFailed(blends)) return <LoadFailure message={m.loadError} error={blends.error} />;
  if (loadFailed(roasted)) return <LoadFailure message={m.roastedLoadError} error={roasted.error} />;
  if (loadFailed(recipes)) return <LoadFailure message={m.recipesLoadError} error={recipes.error} />;
  if (loadFailed(origins)) return <LoadFailure message={m.originsLoadError} error={origins.error} />;
  if (!origins.data || !recipes.data || !lots || !roasted.data || !page) return <LoadingPage title={m.title} text={m.loading} />;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <div ref={formRef}>
        <BlendForm key={formKey} origins={origins.data} recipes={recipes.data} lots={lots} {...offeringNewLotLabel(formProps, 'blend', setNewLots)} />
      </div>
      <NewLotsLabelOffer lots={newLots} onDismiss={() => setNewLots([])} />
      <ListCard id="blend-roasted" title={m.roastedStockTitle}>
        <RoastedStockTable lots={roasted.data} />
      </ListCard>
      <ListCard id="blends" title={m.blendsTitle} exportPath="/blended-coffee/export.csv" pager={{ total: page.total, ...paging, label: 'Páginas de mezclas' }}>
        <BlendsTable blends={page.items} selection={selection} {...rowActions} />
      </ListCard>
    </LoadedPage>
  );
}
