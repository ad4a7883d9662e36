import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';
import { artisanMessages } from '#shared/artisan-messages.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';
import { kgToGrams } from '#shared/units.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { ListCard } from '#web/components/list-card.js';
import { useLotListPage } from '#web/components/labels/lot-label-selection.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { NewLotsLabelOffer, offeringNewLotLabel } from '#web/components/labels/print-labels.js';
import { loadFailed } from '#web/lib/api-client.js';
import type { PrintableLot } from '#web/components/labels/labels-url.js';
import { PAGE_SIZE } from '#web/lib/page-size.js';
import { readRoastPrefill } from '#web/lib/roast-prefill.js';
import { deleteRoastedCoffeeOptions } from './api/delete-roasted-coffee.js';
import { useAvailableGreen } from './api/get-available-green.js';
import { useGreenLotOptions } from './api/get-green-lot-options.js';
import { roastedCoffeeQueryOptions } from './api/get-roasted-coffee.js';
import { ArtisanImportPanel } from './artisan/artisan-import-panel.js';
import { useComparedRoasts } from './compare-curves/compare-selection.js';
import { GREEN_STOCK_TITLE, GreenStockTable } from './green-stock-table.js';
import { RoastForm } from './roast-form.js';
import { type GreenLotOption, prefilledRoastValues } from './roast-form-values.js';
import { ROASTED_STOCK_TITLE, RoastedStockTable } from './roasted-stock-table.js';

/**
 * What the form may roast from: every lot with stock and, when editing, the
 * roast's own lot (even if it is now empty) with the kg the edit gives back to
 * it first (docs/product-guide.md#stock-moves: "first returns the old green quantity… then re-checks").
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
  const f = useFormat();
  const { list: roasts, rowActions, paging, editing, formKey, formProps, cancel, failure, formRef, selection } = useLotListPage('roasted', {
    pageQuery: roastedCoffeeQueryOptions,
    deleteMutation: deleteRoastedCoffeeOptions,
    recordPath: '/roasted-coffee',
    messages: {
      confirmMessage: m.deleteConfirm,
      deletedMessage: m.deleted,
      // 'Error al eliminar el café tostado. Asegúrate de que no esté asociado a mezclas o ventas.' (full page, docs/product-guide.md#interface-texts).
      failedMessage: m.deleteInUse,
    },
  });
  const compared = useComparedRoasts();
  const [greenOffset, setGreenOffset] = useState(0);
  const [importing, setImporting] = useState(false);
  // The lots just roasted or imported, whose labels are offered (docs/product-guide.md#imprimir-desde-las-tablas).
  const [newLots, setNewLots] = useState<readonly PrintableLot[]>([]);
  const availableGreen = useAvailableGreen({ limit: PAGE_SIZE, offset: greenOffset });
  const greenOptions = useGreenLotOptions();
  const origins = useOriginOptions();
  const lots = useMemo(() => (greenOptions.data ? lotOptions(greenOptions.data, editing) : undefined), [greenOptions.data, editing]);
  // 'Tostar' on the roast plan opens this screen with a proposal in the address (src/web/lib/roast-prefill.ts).
  const [params, setParams] = useSearchParams();
  const proposal = params.toString();
  const prefill = useMemo(() => readRoastPrefill(new URLSearchParams(proposal)), [proposal]);
  const initialValues = useMemo(() => (prefill && lots ? prefilledRoastValues(prefill, lots, f) : undefined), [prefill, lots, f]);
  // Once saved or cancelled the proposal is done: the next new roast starts empty.
  const endProposal = () => {
    if (prefill) setParams({}, { replace: true });
  };
  const roastFormProps = {
    ...formProps,
    onSaved: (message: string, saved?: RoastedCoffee) => {
      endProposal();
      formProps.onSaved(message, saved);
    },
    onCancel: () => {
      if (cancel()) endProposal();
    },
  };
  const roastPage = roasts.data;
  const greenPage = availableGreen.data;

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
        <RoastForm
          key={prefill && !editing ? `${formKey}?${proposal}` : formKey}
          origins={origins.data}
          lots={lots}
          initialValues={initialValues}
          {...offeringNewLotLabel(roastFormProps, 'roasted', setNewLots)}
        />
      </div>
      <NewLotsLabelOffer lots={newLots} onDismiss={() => setNewLots([])} />
      {importing ? (
        <ArtisanImportPanel
          lots={greenOptions.data ?? []}
          onClose={() => setImporting(false)}
          onImported={(roasts) => setNewLots(roasts.map((roast) => ({ kind: 'roasted', id: roast.id, batch_code: roast.batch_code })))}
        />
      ) : (
        <div className="form-actions">
          <button type="button" className="btn btn-secondary" onClick={() => setImporting(true)}>
            {artisanMessages.importButton}
          </button>
        </div>
      )}
      <ListCard
        id="green-stock"
        title={GREEN_STOCK_TITLE}
        pager={{ total: greenPage.total, limit: PAGE_SIZE, offset: greenOffset, onChange: setGreenOffset, label: 'Páginas del café verde disponible' }}
      >
        <GreenStockTable lots={greenPage.items} />
      </ListCard>
      <ListCard
        id="roasted-stock"
        title={ROASTED_STOCK_TITLE}
        exportPath="/roasted-coffee/export.csv"
        pager={{ total: roastPage.total, ...paging, label: 'Páginas del café tostado' }}
      >
        <RoastedStockTable roasts={roastPage.items} selection={selection} compared={compared} {...rowActions} />
      </ListCard>
    </LoadedPage>
  );
}
