import { useEffect, useMemo, useState } from 'react';
import type { UseFormSetFocus } from 'react-hook-form';
import { lotCodeKey } from '#shared/lot-codes.js';
import { readScannedText } from '#shared/lot-label.js';
import { scanMessages } from '#shared/scan-messages.js';
import type { CountSheetLot } from '#shared/schemas/stock-counts.js';
import { nameKey } from '#shared/text-keys.js';
import { findLotsByCode } from '#web/api/find-lots-by-code.js';
import { isSessionLost } from '#web/lib/api-client.js';
import { type CountValues, sheetKey } from './count-sheet-values.js';

/**
 * Whether a lot answers the sheet's search: a label's address or a code read
 * whole matches by code (case and width aside, as codes compare); typed text
 * matches part of the code or of the name (accents aside).
 */
function matchesSearch(lot: CountSheetLot, search: string): boolean {
  const reading = readScannedText(search);
  if (reading.kind === 'empty') return true;
  if (reading.kind === 'foreign') return false;
  if (reading.kind === 'label') return lotCodeKey(lot.batch_code) === lotCodeKey(reading.code);
  return lotCodeKey(lot.batch_code).includes(lotCodeKey(reading.code)) || nameKey(lot.name).includes(nameKey(reading.code));
}

/**
 * Which lines the count sheet shows (docs/product-guide.md#recuento-de-inventario): the lot a row's
 * 'Ajustar' opened alone, or every lot filtered by kind, origin and 'Buscar lote'. Enter in
 * 'Buscar lote' (typed, or a scanner's code or label address) and 'Escanear' go to a lot's line
 * and put the cursor in its 'Contado (Kg)' (docs/product-guide.md#scanning-labels).
 */
export function useSheetSearch({ lots, single, setFocus }: {
  lots: readonly CountSheetLot[];
  single: { kind: string; id: number } | undefined;
  /** The form's setFocus: the cursor goes to a lot's 'Contado (Kg)'. */
  setFocus: UseFormSetFocus<CountValues>;
}) {
  const [kind, setKind] = useState('');
  const [origin, setOrigin] = useState('');
  const [search, setSearch] = useState('');
  /** Why the lot searched for is not on the sheet (no stock, or no such lot). */
  const [searchProblem, setSearchProblem] = useState<string | undefined>();
  /** The lot whose input takes the focus once it is on screen (after a search cleared the filters); a new object for each request. */
  const [focusRequest, setFocusRequest] = useState<{ key: string } | undefined>();

  const shown = useMemo(
    () =>
      single
        ? lots.filter((lot) => lot.kind === single.kind && lot.id === single.id)
        : lots.filter(
            (lot) => (kind === '' || lot.kind === kind) && (origin === '' || lot.origin_ids.includes(Number(origin))) && matchesSearch(lot, search),
          ),
    [lots, single, kind, origin, search],
  );

  useEffect(() => {
    if (single && shown.length === 1) setFocus(`counted.${sheetKey(shown[0]!)}`);
  }, [single, shown, setFocus]);

  useEffect(() => {
    if (focusRequest) setFocus(`counted.${focusRequest.key}`);
  }, [focusRequest, setFocus]);

  /**
   * The line of the lot with this code (the first, if a green code is shared
   * by several origins' lots), or why it is not on the sheet.
   */
  const sheetLotOf = async (code: string): Promise<{ lot: CountSheetLot } | { problem: string }> => {
    const key = lotCodeKey(code);
    const lot = lots.find((candidate) => lotCodeKey(candidate.batch_code) === key);
    if (lot) return { lot };
    const known = await findLotsByCode(code);
    return { problem: known.length === 0 ? scanMessages.notOurLot : scanMessages.noStockToCount(known[0]!.batch_code) };
  };

  /** Shows the lot's line, the filters stepping aside, with the cursor in its 'Contado (Kg)'. */
  const goToLot = (lot: CountSheetLot) => {
    setKind('');
    setOrigin('');
    setSearch(lot.batch_code);
    setSearchProblem(undefined);
    setFocusRequest({ key: sheetKey(lot) });
  };

  /** The camera dialog's code: the lot's line once the dialog has closed, else why not, shown in the dialog. */
  const onScan = async (code: string) => {
    const found = await sheetLotOf(code);
    return 'problem' in found ? found.problem : () => goToLot(found.lot);
  };

  /** Enter in 'Buscar lote' (a scanner ends with it): go to the lot typed whole, or to the only one the search shows. */
  const searchEntered = async () => {
    const reading = readScannedText(search);
    if (reading.kind === 'empty') return;
    if (reading.kind === 'foreign') {
      setSearchProblem(scanMessages.notOurLot);
      return;
    }
    const key = lotCodeKey(reading.code);
    if (reading.kind === 'code' && !lots.some((lot) => lotCodeKey(lot.batch_code) === key)) {
      // Part of a code or a name, typed by hand: the one lot it shows, or the filtered lines to choose from.
      if (shown.length === 1) setFocusRequest({ key: sheetKey(shown[0]!) });
      if (shown.length > 0) return;
    }
    try {
      const found = await sheetLotOf(reading.code);
      if ('problem' in found) setSearchProblem(found.problem);
      else goToLot(found.lot);
    } catch (error) {
      if (!isSessionLost(error)) setSearchProblem(scanMessages.lookupError);
    }
  };

  /** 'Buscar lote' typed: the search changes and its last problem goes. */
  const changeSearch = (text: string) => {
    setSearch(text);
    setSearchProblem(undefined);
  };

  return { shown, kind, setKind, origin, setOrigin, search, changeSearch, searchProblem, searchEntered, onScan };
}

/** What the filter bar shows and changes (useSheetSearch). */
export type SheetSearch = ReturnType<typeof useSheetSearch>;
