import { useMemo, useState } from 'react';
import { roastedCoffeeMessages as m } from '#shared/messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { kgToGrams } from '#shared/units.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { useDeleteRoastedCoffee } from './api/delete-roasted-coffee.js';
import { useAvailableGreen } from './api/get-available-green.js';
import { useGreenLotOptions } from './api/get-green-lot-options.js';
import { useRoastedCoffee } from './api/get-roasted-coffee.js';
import { GREEN_STOCK_TITLE, GreenStockTable } from './green-stock-table.js';
import { RoastForm } from './roast-form.js';
import type { GreenLotOption } from './roast-form-values.js';
import { ROASTED_STOCK_TITLE, RoastedStockTable } from './roasted-stock-table.js';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/**
 * What the form may roast from: every lot with stock and, when editing, the
 * roast's own lot (even if it is now empty) with the kg the edit gives back to
 * it first (docs/product-guide.md#stock-moves: an edit returns the old green kilos, then takes the new).
 */
function lotOptions(lots: GreenCoffee[], editing: RoastedCoffee | null): GreenLotOption[] {
  const options = lots.map((lot) => ({
    id: lot.id,
    origin_id: lot.origin_id,
    origin_name: lot.origin_name,
    batch_code: lot.batch_code,
    availableG: kgToGrams(lot.stock_kg) + (editing?.green_coffee_id === lot.id ? kgToGrams(editing.quantity_green_kg) : 0),
  }));
  if (editing && !options.some((lot) => lot.id === editing.green_coffee_id)) {
    options.push({
      id: editing.green_coffee_id,
      origin_id: editing.origin_id,
      origin_name: editing.origin_name,
      batch_code: editing.green_batch_code,
      availableG: kgToGrams(editing.quantity_green_kg),
    });
  }
  return options;
}

/** /cafe-tostado (docs/product-guide.md#cafe-tostado): the roast form, the available green stock and the roasted stock. */
export function RoastedCoffeePage() {
  const [roastOffset, setRoastOffset] = useState(0);
  const [greenOffset, setGreenOffset] = useState(0);
  const roasts = useRoastedCoffee({ limit: PAGE_SIZE, offset: roastOffset });
  const availableGreen = useAvailableGreen({ limit: PAGE_SIZE, offset: greenOffset });
  const greenOptions = useGreenLotOptions();
  const origins = useOriginOptions();
  const deleteRoast = useDeleteRoastedCoffee();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<RoastedCoffee>();
  const lots = useMemo(() => (greenOptions.data ? lotOptions(greenOptions.data, editing) : undefined), [greenOptions.data, editing]);
  const roastPage = roasts.data;
  const greenPage = availableGreen.data;

  const onDelete = useDeleteRow<RoastedCoffee>({
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    // 'Error al eliminar el café tostado. Asegúrate de que no esté asociado a mezclas o ventas.' (docs/product-guide.md#interface-texts, full page).
    failedMessage: m.deleteInUse,
    remove: deleteRoast.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: roastPage?.items.length, offset: roastOffset, limit: PAGE_SIZE, setOffset: setRoastOffset },
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(roasts)) return <LoadFailure message={m.loadError} error={roasts.error} />;
  for (const query of [availableGreen, greenOptions]) {
    if (loadFailed(query)) return <LoadFailure message={m.greenLoadError} error={query.error} />;
  }
  if (loadFailed(origins)) return <LoadFailure message={m.originsLoadError} error={origins.error} />;
  if (!origins.data || !lots || !greenPage || !roastPage) return <LoadingPage title={m.title} />;
  return (
    <LoadedPage title={m.title}>
      <div ref={formRef}>
        <RoastForm key={formKey} origins={origins.data} lots={lots} {...formProps} />
      </div>
      <section className="card" aria-labelledby="green-stock-title">
        <h2 id="green-stock-title" className="card__title">
          {GREEN_STOCK_TITLE}
        </h2>
        <GreenStockTable lots={greenPage.items} />
        <Pager total={greenPage.total} limit={PAGE_SIZE} offset={greenOffset} onChange={setGreenOffset} label="Páginas del café verde disponible" />
      </section>
      <section className="card" aria-labelledby="roasted-stock-title">
        <h2 id="roasted-stock-title" className="card__title">
          {ROASTED_STOCK_TITLE}
        </h2>
        <ExportCsvButton path="/roasted-coffee/export.csv" />
        <RoastedStockTable roasts={roastPage.items} busy={deleteRoast.isPending} onEdit={startEditing} onDelete={onDelete} />
        <Pager total={roastPage.total} limit={PAGE_SIZE} offset={roastOffset} onChange={setRoastOffset} label="Páginas del café tostado" />
      </section>
    </LoadedPage>
  );
}
