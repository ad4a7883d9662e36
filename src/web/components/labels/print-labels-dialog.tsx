import { useEffect, useId, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TraceLotKind } from '#shared/schemas/traceability.js';
import { queryKeys } from '#web/api/query-keys.js';
import { apiRequest, isSessionLost, withQuery } from '#web/lib/api-client.js';
import { LABELS_MAX } from '#shared/limits.js';
import { labelMessages } from '#shared/label-messages.js';
import { kgToGrams } from '#shared/units.js';
import { useFormat } from '#web/api/use-format.js';
import { BAG_LABEL_FORMATS, LABEL_FORMATS, type LabelFormat, type LabelKind, LABEL_KINDS } from '#shared/schemas/labels.js';
import { GRINDS, type Grind } from '#shared/schemas/orders.js';
import { saleFormatsQueryOptions } from '#web/api/get-sale-formats.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadingText } from '#web/components/loading-text.js';
import { RadioGroupField } from '#web/components/radio-group-field.js';
import { parseCopies, readLabelChoice, saveLabelChoice } from './label-choice.js';
import { labelTexts as t } from './label-texts.js';
import { bagLabelsUrl, type LabelRequest, labelsUrl, type LabelTable, LOT_TABLE_PATHS, lotsThatFit, lotsWithStock, maxCopiesFor, parseStart } from './labels-url.js';

/**
 * Each lot table's list route and the key its first lots are cached under: below the area's
 * `all` key, so the saves that refresh the table refresh them too. Built here rather than
 * declared in query-keys.ts, which login and home load, and whose budget is nearly spent
 * (docs/decisions/0019-web-chunk-groups-and-route-preloads.md).
 */
const TABLE_LISTS: Record<TraceLotKind, { path: string; key: readonly unknown[] }> = {
  green: { path: LOT_TABLE_PATHS.green, key: [...queryKeys.greenCoffee.all, 'label-lots'] },
  roasted: { path: LOT_TABLE_PATHS.roasted, key: [...queryKeys.roastedCoffee.all, 'label-lots'] },
  blend: { path: LOT_TABLE_PATHS.blend, key: [...queryKeys.blendedCoffee.all, 'label-lots'] },
};

/**
 * The first LABELS_MAX lots of a table, in its order (one page of the API's
 * largest size), and how many it has: more could never go in one PDF.
 */
function useTableLots(table: LabelTable | undefined) {
  const list = TABLE_LISTS[table?.kind ?? 'green'];
  return useQuery({
    queryKey: list.key,
    queryFn: async () => {
      const page = await apiRequest<{ items: { id: number; batch_code: string; stock_kg: number }[]; total: number }>(
        'GET',
        withQuery(list.path, { limit: LABELS_MAX, offset: 0 }),
      );
      return { lots: lotsWithStock(table?.kind ?? 'green', page.items), listed: page.items.length, total: page.total };
    },
    enabled: table !== undefined,
    // Asked again at every opening: the table may have changed since.
    staleTime: 0,
    gcTime: 0,
  });
}

/**
 * 'Imprimir etiqueta(s)' (docs/product-guide.md#imprimir-desde-las-tablas): the format and the copies
 * (remembered in this browser), how many labels that makes, and 'Imprimir', which opens
 * GET /api/labels.pdf in a new tab. A browser that blocks the tab gets a link to it instead. A
 * native modal <dialog>: focus moves in and stays, Escape closes it and focus goes back to the
 * button that opened it.
 */
export function PrintLabelsDialog({ request, onClose }: { request: LabelRequest; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const id = useId();
  const [remembered] = useState(readLabelChoice);
  const [format, setFormat] = useState<LabelFormat>(remembered.format);
  const [copiesText, setCopiesText] = useState(String(remembered.copies));
  const [blockedUrl, setBlockedUrl] = useState<string | null>(null);
  const [startText, setStartText] = useState('1');
  const f = useFormat();
  const table = 'table' in request ? request.table : undefined;
  const tableLots = useTableLots(table);
  // One roasted lot or blend may also print its bags' retail labels (docs/product-guide.md#etiquetas-de-bolsa).
  const bagLot = 'lots' in request && request.lots.length === 1 && request.lots[0]!.kind !== 'green' ? request.lots[0] : undefined;
  const [kind, setKind] = useState<LabelKind>('lote');
  const [formatIdText, setFormatIdText] = useState('');
  const [grind, setGrind] = useState<Grind>('grano');
  const bag = bagLot !== undefined && kind === 'bolsa';
  const saleFormats = useQuery({ ...saleFormatsQueryOptions, enabled: bag });
  const activeFormats = saleFormats.data?.filter((saleFormat) => saleFormat.active) ?? [];
  const formatId = Number(formatIdText) || activeFormats[0]?.id;
  const start = format === 'a4' ? parseStart(startText) : 1;
  const startError = start === null ? t.startInvalid : undefined;

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const copies = parseCopies(copiesText);
  // A table prints as many of its first lots as fit; a choice of lots prints all of them or asks for fewer.
  const available = table ? tableLots.data?.lots : 'lots' in request ? request.lots : undefined;
  const maxCopies = table || bag ? LABELS_MAX : maxCopiesFor(available?.length ?? 1);
  const saleFormat = activeFormats.find((option) => option.id === formatId);
  // No more bags than the lot's stock fills, said here when its table knew the stock (the server refuses them too).
  const bagsMax = bag && bagLot?.stock_kg !== undefined && saleFormat ? Math.floor(kgToGrams(bagLot.stock_kg) / saleFormat.grams) : undefined;
  let copiesError: string | undefined;
  if (copies === null || copies > maxCopies) copiesError = t.copiesInvalid(Math.max(1, maxCopies));
  else if (bagsMax !== undefined && copies > bagsMax) copiesError = labelMessages.tooManyBags(bagLot!.batch_code, f.kgExact(bagLot!.stock_kg!), saleFormat!.name, bagsMax, copies);
  const lots = available && copies !== null && !copiesError ? (table ? available.slice(0, lotsThatFit(copies)) : available) : undefined;

  let title: string;
  if (table) title = t.titleAll(table.title);
  else if (available?.length === 1) title = t.titleOne(available[0]!.batch_code);
  else title = t.titleMany(available?.length ?? 0);

  let summary: string | null = null;
  let problem: string | null = null;
  if (table && tableLots.isError && !isSessionLost(tableLots.error)) problem = t.lotsLoadError;
  else if (table && tableLots.data) {
    const { total, listed, lots: withStock } = tableLots.data;
    const empty = listed - withStock.length;
    if (total === 0) problem = t.tableEmpty;
    else if (withStock.length === 0) problem = t.tableAllEmpty;
    else if (lots && (lots.length < withStock.length || listed < total)) summary = t.tableTooMany(total, lots.length);
    else summary = empty > 0 ? t.tableCountWithStock(withStock.length, empty) : t.tableCount(total);
  } else if (!table && maxCopies === 0) problem = t.tooManySelected(available?.length ?? 0);
  else if (bag && saleFormats.isError && !isSessionLost(saleFormats.error)) problem = t.saleFormatsError;
  else if (bag && saleFormats.data && activeFormats.length === 0) problem = t.noSaleFormats;

  const canPrint = lots !== undefined && lots.length > 0 && problem === null && start !== null && (!bag || formatId !== undefined);

  const print = () => {
    if (!canPrint || copies === null || start === null) return;
    let url: string;
    if (bag && bagLot && formatId !== undefined) url = bagLabelsUrl(bagLot, { format, copies, formatId, grind }, start);
    else {
      url = labelsUrl(lots, { format, copies }, start);
      saveLabelChoice({ format, copies });
    }
    const tab = window.open(url, '_blank');
    if (tab) dialog.current?.close();
    else setBlockedUrl(url);
  };

  return (
    <dialog ref={dialog} className="modal labels-dialog" aria-labelledby={`${id}-title`} onClose={onClose}>
      <h2 id={`${id}-title`} className="modal__title labels-dialog__title">
        {title}
      </h2>
      {table && tableLots.isPending ? <LoadingText text={t.loadingLots} /> : null}
      {summary ? <p className="labels-dialog__summary">{summary}</p> : null}
      <FormAlert message={problem} />
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          print();
        }}
      >
        {bagLot ? (
          <RadioGroupField
            legend={t.kind}
            name={`${id}-kind`}
            options={LABEL_KINDS.map((option) => ({ value: option, label: t.kinds[option] }))}
            value={kind}
            onChange={(option) => {
              setKind(option);
              // The 50 × 80 mm label is for bags only.
              if (option === 'lote' && !(LABEL_FORMATS as readonly string[]).includes(format)) setFormat(remembered.format);
              setBlockedUrl(null);
            }}
            classes={{ group: 'labels-dialog__formats', option: 'labels-dialog__format' }}
          />
        ) : null}
        {bag ? (
          <>
            {saleFormats.isPending ? <LoadingText text={t.saleFormatsLoading} /> : null}
            {activeFormats.length > 0 ? (
              <Field id={`${id}-sale-format`} label={t.saleFormat}>
                {(control) => (
                  <select
                    {...control}
                    value={String(formatId)}
                    onChange={(event) => {
                      setFormatIdText(event.target.value);
                      setBlockedUrl(null);
                    }}
                  >
                    {activeFormats.map((saleFormat) => (
                      <option key={saleFormat.id} value={saleFormat.id}>
                        {saleFormat.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            ) : null}
            <RadioGroupField
              legend={t.grind}
              name={`${id}-grind`}
              options={GRINDS.map((option) => ({ value: option, label: t.grinds[option] }))}
              value={grind}
              onChange={(option) => {
                setGrind(option);
                setBlockedUrl(null);
              }}
              classes={{ group: 'labels-dialog__formats', option: 'labels-dialog__format' }}
            />
          </>
        ) : null}
        <RadioGroupField
          legend={t.format}
          name={`${id}-format`}
          options={(bag ? BAG_LABEL_FORMATS : LABEL_FORMATS).map((option) => ({ value: option, label: t.formats[option] }))}
          value={format}
          onChange={(option) => {
            setFormat(option);
            setBlockedUrl(null);
          }}
          classes={{ group: 'labels-dialog__formats', option: 'labels-dialog__format' }}
        />
        {format === 'a4' ? (
          <WholeNumberField
            id={`${id}-start`}
            label={t.start}
            error={startError}
            hint={t.startHint}
            text={startText}
            onText={(text) => {
              setStartText(text);
              setBlockedUrl(null);
            }}
          />
        ) : null}
        <WholeNumberField
          id={`${id}-copies`}
          label={bag ? t.bags : t.copies}
          error={copiesError}
          hint={lots && copies !== null ? (bag ? `${t.bagsHint} ${t.total(copies)}` : t.total(lots.length * copies)) : undefined}
          text={copiesText}
          onText={(text) => {
            setCopiesText(text);
            setBlockedUrl(null);
          }}
        />
        {blockedUrl ? (
          <p className="labels-dialog__blocked" role="status">
            {t.popupBlocked}{' '}
            <a href={blockedUrl} target="_blank" rel="noopener">
              {t.openPdf}
            </a>
          </p>
        ) : null}
        <div className="form-actions">
          <button type="submit" className="btn btn-primary" disabled={!canPrint}>
            {t.print}
          </button>
          <button type="button" className="btn btn-secondary" onClick={() => dialog.current?.close()}>
            {t.cancel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/**
 * A whole number typed as text, as the decimal inputs (DECIMAL_INPUT): a number input turned '2,5'
 * into 25 copies; parseCopies and parseStart refuse it.
 */
function WholeNumberField({ id, label, error, hint, text, onText }: { id: string; label: string; error: string | undefined; hint: string | undefined; text: string; onText: (text: string) => void }) {
  return (
    <Field id={id} label={label} error={error} hint={hint}>
      {(control) => <input {...control} type="text" inputMode="numeric" autoComplete="off" value={text} onChange={(event) => onText(event.target.value)} />}
    </Field>
  );
}
