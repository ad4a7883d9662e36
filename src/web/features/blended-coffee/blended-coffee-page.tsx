import { useMemo, useState } from 'react';
import { blendedCoffeeMessages as m } from '#shared/messages.js';
import type { BlendedCoffee } from '#shared/schemas/blended-coffee.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useDeleteBlendedCoffee } from './api/delete-blended-coffee.js';
import { useBlendedCoffee } from './api/get-blended-coffee.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { useRecipeOptions } from './api/get-recipe-options.js';
import { useRoastedInStock } from './api/get-roasted-in-stock.js';
import { BlendForm } from './blend-form.js';
import { lotOptions } from './blend-form-values.js';
import { BlendsTable } from './blends-table.js';
import { RoastedStockTable } from './roasted-stock-table.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/** /cafe-mezcla (docs/product-guide.md#cafe-mezcla): the blend form, the available roasted stock and the current blends. */
export function BlendedCoffeePage() {
  const [offset, setOffset] = useState(0);
  const blends = useBlendedCoffee({ limit: PAGE_SIZE, offset });
  const roasted = useRoastedInStock();
  const recipes = useRecipeOptions();
  const origins = useOriginOptions();
  const deleteBlend = useDeleteBlendedCoffee();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<BlendedCoffee>();
  const lots = useMemo(() => (roasted.data ? lotOptions(roasted.data, editing) : undefined), [roasted.data, editing]);
  const page = blends.data;

  const onDelete = useDeleteRow<BlendedCoffee>({
    // The blend's confirmation adds that the roasted coffee returns to the inventory (docs/product-guide.md#cafe-mezcla).
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    // 'Error al eliminar la mezcla de café. Asegúrate de que no esté asociada a ventas.' (docs/product-guide.md#interface-texts, full page).
    failedMessage: m.deleteInUse,
    remove: deleteBlend.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: page?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(blends)) return <LoadFailure message={m.loadError} error={blends.error} />;
  if (loadFailed(roasted)) return <LoadFailure message={m.roastedLoadError} error={roasted.error} />;
  if (loadFailed(recipes)) return <LoadFailure message={m.recipesLoadError} error={recipes.error} />;
  if (loadFailed(origins)) return <LoadFailure message={m.originsLoadError} error={origins.error} />;
  if (!origins.data || !recipes.data || !lots || !roasted.data || !page) return <LoadingPage title={m.title} text={m.loading} />;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <div ref={formRef}>
        <BlendForm key={formKey} origins={origins.data} recipes={recipes.data} lots={lots} {...formProps} />
      </div>
      <section className="card" aria-labelledby="blend-roasted-title">
        <h2 id="blend-roasted-title" className="card__title">
          {m.roastedStockTitle}
        </h2>
        <RoastedStockTable lots={roasted.data} />
      </section>
      <section className="card" aria-labelledby="blends-title">
        <h2 id="blends-title" className="card__title">
          {m.blendsTitle}
        </h2>
        <ExportCsvButton path="/blended-coffee/export.csv" />
        <BlendsTable blends={page.items} busy={deleteBlend.isPending} onEdit={startEditing} onDelete={onDelete} />
        <Pager total={page.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} label="Páginas de mezclas" />
      </section>
    </LoadedPage>
  );
}
