import { useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useFormat } from '#web/api/use-format.js';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import type { CountSheetLot } from '#shared/schemas/stock-counts.js';
import { ApiError, isSessionLost } from '#web/lib/api-client.js';
import { confirmAction } from '#web/lib/confirm.js';
import { useToast } from '#web/lib/use-toast.js';
import { useCreateStockCount } from './api/create-stock-count.js';
import { countBody, type CountValues, emptyValues, largeDifferences, sheetKey } from './count-sheet-values.js';

/**
 * 'Confirmar recuento' (docs/product-guide.md#recuento-de-inventario): the body checked with the
 * server's schema, the browser's question (and a second one before a large difference), the request, the toast and a clean sheet. Only the lots
 * with something typed are counted. A 409 (some lots' stock moved meanwhile) reloads the sheet, clears
 * what was typed for those lots and marks them (`recount`) until counted again.
 */
export function useCountSubmit({ lots, form, lines, adjusted, onReload, onFailure }: {
  lots: readonly CountSheetLot[];
  form: Pick<UseFormReturn<CountValues>, 'handleSubmit' | 'setValue' | 'reset'>;
  /** The sheet's totals (sheetTotals), which the question names. */
  lines: number;
  adjusted: number;
  /** Refetches the sheet; resolves with the new lots. */
  onReload: () => Promise<CountSheetLot[]>;
  onFailure: (message: string, error: unknown) => void;
}) {
  const f = useFormat();
  const create = useCreateStockCount();
  const showToast = useToast();
  const [alert, setAlert] = useState<string | undefined>();
  /** Lots whose stock moved while they were being counted (a 409): marked until counted again. */
  const [recount, setRecount] = useState<ReadonlySet<string>>(new Set());

  const onSubmit = form.handleSubmit(async (values) => {
    const checked = countBody(lots, values);
    if (checked.error !== undefined) {
      setAlert(checked.error);
      return;
    }
    if (!confirmAction(m.confirm(lines, adjusted))) return;
    const large = largeDifferences(lots, checked.body);
    if (large.length > 0 && !confirmAction(m.confirmLarge(large, f))) return;
    try {
      await create.mutateAsync(checked.body);
    } catch (error) {
      if (isSessionLost(error)) return;
      if (!(error instanceof ApiError && error.isUserError)) {
        onFailure(m.saveError, error);
        return;
      }
      if (error.status !== 409) {
        setAlert(error.message);
        return;
      }
      // Some lots moved meanwhile: reload the sheet, mark them and clear what was typed for them.
      const fresh = new Map((await onReload()).map((lot) => [sheetKey(lot), lot.stock_kg]));
      const moved = checked.body.lines.map((line) => sheetKey({ kind: line.lot_kind, id: line.lot_id })).filter((key, index) => fresh.get(key) !== checked.body.lines[index]!.expected_kg);
      for (const key of moved) form.setValue(`counted.${key}`, '');
      setRecount(new Set(moved));
      setAlert(`${error.message} ${m.recountHint}`);
      return;
    }
    showToast(m.saved);
    setRecount(new Set());
    setAlert(undefined);
    form.reset(emptyValues([...lots, ...(await onReload())]));
  });

  return { onSubmit, alert, recount, saving: create.isPending };
}
