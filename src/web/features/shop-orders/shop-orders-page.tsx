import { useEffect, useEffectEvent, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { csvHeaderCells } from '#shared/csv-header.js';
import { formatDate } from '#shared/format.js';
import { SHOP_FIELDS, type ShopField, type ShopPreview, type ShopPreviewOrder } from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { useRecipeOptions } from '#web/api/get-recipe-options.js';
import { useSaleFormats } from '#web/api/get-sale-formats.js';
import { useFormat } from '#web/api/use-format.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { SelectField } from '#web/components/select-field.js';
import { UploadPanel } from '#web/components/upload-panel.js';
import { loadFailed, serverRefusal } from '#web/lib/api-client.js';
import { useToast } from '#web/lib/use-toast.js';
import { useUnsavedInput } from '#web/lib/unsaved-input.js';
import { useCreateShopPreset } from './api/create-shop-preset.js';
import { useShopPresets } from './api/get-shop-presets.js';
import { useImportShopOrders, usePreviewShopOrders } from './api/import-shop-orders.js';
import { UnknownSkuForm } from './shop-sku-form.js';
import { ShopSkusSection } from './shop-skus-section.js';

const STATE_LABELS = { nuevo: m.stateNew, ya_importado: m.stateImported, cancelado: m.stateCancelled } as const;

type OrderRow = ShopPreviewOrder & { id: number };

/** A controlled select or input of this screen: its value in React state, as the orders' filters. */
const controlled = (name: string, value: string, set: (value: string) => void) => ({
  name,
  value,
  onChange: async (event: { target: unknown }) => set((event.target as HTMLInputElement).value),
});

/** Enough of the file for any shop's header line (Shopify's 79 columns take about 1.2 KB). */
const HEADER_BYTES = 64 * 1024;

/** The chosen file's header cells, read in the browser (nothing is sent); none when it cannot be read. */
async function fileHeaders(file: File): Promise<string[]> {
  try {
    return csvHeaderCells(await file.slice(0, HEADER_BYTES).text());
  } catch {
    return [];
  }
}

/**
 * /importar-pedidos, 'Importar pedidos de la tienda' (docs/product-guide.md#pedidos-de-la-tienda-online),
 * both roles: choose a shop's orders CSV (Shopify's, or another through a saved column preset) →
 * the server previews every order without writing → the unknown SKUs are mapped here, and the
 * file previewed again → 'Importar pedidos' creates the new orders, all or none.
 */
export function ShopOrdersPage() {
  const presets = useShopPresets();
  const origins = useOriginOptions();
  const recipes = useRecipeOptions();
  const formats = useSaleFormats();
  const previewFile = usePreviewShopOrders();
  const importFile = useImportShopOrders();
  const showToast = useToast();
  const navigate = useNavigate();
  const f = useFormat();
  const [preset, setPreset] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ShopPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [headers, setHeaders] = useState<{ file: File; names: string[] } | null>(null);

  // The chosen file's headers, offered in 'Nueva correspondencia de columnas'; a file chosen
  // meanwhile wins over a slower read of the one before.
  useEffect(() => {
    if (!file) return;
    let current = true;
    void fileHeaders(file).then((names) => {
      if (current) setHeaders({ file, names });
    });
    return () => {
      current = false;
    };
  }, [file]);

  // A preset gone from 'Columnas del archivo' (deleted elsewhere) is no longer in use: Shopify's is.
  const presetGone = preset !== '' && presets.data !== undefined && !presets.data.some((item) => String(item.id) === preset);
  const presetInUse = presetGone ? '' : preset;
  const presetId = presetInUse === '' ? null : Number(presetInUse);
  /** The server's preview of the file through the preset, or its refusal (not UTF-8, not Shopify's, totals only, too big…, in Spanish). */
  const read = (chosen: File, presetChosen: number | null) =>
    previewFile.mutateAsync({ file: chosen, preset: presetChosen }).then(
      (result) => {
        setProblem(null);
        setPreview(result);
      },
      (error: unknown) => {
        setPreview(null);
        setProblem(serverRefusal(error) ?? m.previewError);
      },
    );
  const check = async (chosen: File | null, presetChosen = presetId) => {
    setProblem(null);
    setPreview(null);
    if (chosen) await read(chosen, presetChosen);
  };
  // Whenever the preset in use changes (chosen, just saved, or gone), the chosen file is previewed
  // with it: the preview on screen is always the file read through 'Columnas del archivo'.
  const choosePreset = (value: string) => {
    setPreset(value);
    void check(file, value === '' ? null : Number(value));
  };
  const readAsShopify = useEffectEvent(() => {
    if (file) void read(file, null);
  });
  useEffect(() => {
    if (presetGone) readAsShopify();
  }, [presetGone]);

  for (const query of [presets, origins, recipes, formats]) if (loadFailed(query)) return <LoadFailure message={m.previewError} error={query.error} />;
  if (!presets.data || !origins.data || !recipes.data || !formats.data) {
    return (
      <Page title={m.title}>
        <LoadingText />
      </Page>
    );
  }

  const choices = { origins: origins.data, recipes: recipes.data, formats: formats.data };
  const confirm = async () => {
    if (!file) return;
    setProblem(null);
    try {
      const result = await importFile.mutateAsync({ file, preset: presetId });
      showToast(m.imported(result.created.length, result.skipped));
      await navigate('/pedidos');
    } catch (error) {
      setProblem(serverRefusal(error) ?? m.importError);
    }
  };

  const newOrders = preview?.orders.filter((order) => order.state === 'nuevo') ?? [];
  const withProblems = newOrders.filter((order) => order.problems.length > 0).length;
  const money = (amount: number | null) => (amount === null ? '—' : f.money(amount));
  const columns: Column<OrderRow>[] = [
    { label: m.columns.order, cell: (order) => order.shop_order },
    { label: m.columns.date, cell: (order) => (order.date === null ? '—' : formatDate(order.date)) },
    { label: m.columns.customer, className: 'wrap', cell: (order) => `${order.customer.name}${order.customer.customer_id === null ? ` (${m.customerNew})` : ''}` },
    {
      label: m.columns.lines,
      className: 'wrap',
      cell: (order) => (
        <ul className="shop-lines">
          {order.lines.map((line, index) => (
            <li key={index}>
              {line.quantity ?? '?'} × {line.name || line.sku} · {money(line.unit_price)}
              {line.mapping && 'ignore' in line.mapping ? ` · ${m.ignore}` : ''}
              {line.kg !== null && line.price_per_kg !== null ? ` · ${f.kgExact(line.kg)} · ${m.pricePerKg(f.money(line.price_per_kg))}` : ''}
            </li>
          ))}
        </ul>
      ),
    },
    { label: m.columns.state, cell: (order) => STATE_LABELS[order.state] },
    { label: m.columns.problems, className: 'wrap', cell: (order) => [...order.problems, ...order.warnings].join(' ') || '—' },
  ];

  return (
    <Page title={m.title}>
      <p>
        {m.intro} <Link to="/pedidos">{m.backToOrders}</Link>
      </p>
      <div className="form-grid">
        <SelectField
          id="shop-preset"
          label={m.presetLabel}
          placeholder={m.presetShopify}
          options={presets.data.map((item) => ({ value: String(item.id), label: item.name }))}
          registration={controlled('preset', presetInUse, choosePreset)}
        />
      </div>
      <UploadPanel
        title={m.title}
        picker={{
          label: m.fileLabel,
          accept: '.csv,text/csv',
          hint: m.fileHint,
          dropZone: true,
          onFiles: (files) => {
            const chosen = files?.[0] ?? null;
            setFile(chosen);
            void check(chosen);
          },
        }}
        alert={problem}
        confirm={{
          label: importFile.isPending ? m.importing : m.importButton,
          disabled: !file || !preview || withProblems > 0 || newOrders.length === 0 || importFile.isPending,
          onClick: () => void confirm(),
        }}
        cancelLabel={m.cancel}
        onCancel={() => void navigate('/pedidos')}
      >
        {file && <p className="field__hint">{m.chosenFile(file.name)}</p>}
        {previewFile.isPending && <p className="loading-text">{m.checking}</p>}
        {preview && (
          <>
            <h3>{m.previewTitle}</h3>
            <p role="status" className={withProblems > 0 ? 'form-alert' : undefined}>
              {withProblems > 0 ? m.withProblems(withProblems) : newOrders.length > 0 ? m.ready(newOrders.length) : m.nothingNew}
            </p>
            {preview.unknown_skus.length > 0 && (
              <section aria-labelledby="shop-unknown-title">
                <h4 id="shop-unknown-title">{m.unknownTitle}</h4>
                {preview.unknown_skus.map((sku, index) => (
                  <UnknownSkuForm key={sku} index={index} sku={sku} choices={choices} onSaved={() => void check(file)} />
                ))}
              </section>
            )}
            <DataTable caption={m.previewTitle} columns={columns} rows={preview.orders.map((order, index) => ({ ...order, id: index }))} empty={m.nothingNew} />
          </>
        )}
      </UploadPanel>
      <PresetForm headers={file && headers?.file === file ? { file: file.name, names: headers.names } : null} onSaved={(id) => choosePreset(String(id))} />
      {/* A mapping changed or deleted here changes the preview on screen: it is read again. Last on the
          page: its list arrives after the first paint, and growing there moves nothing below it (no layout shift). */}
      <ShopSkusSection choices={choices} onChanged={() => void check(file)} />
    </Page>
  );
}

type PresetFormValues = Record<ShopField, string> & { name: string };

/** The datalist of the chosen file's headers that every column's field offers. */
const HEADERS_LIST = 'shop-preset-headers';

const EMPTY_PRESET = { name: '', ...Object.fromEntries(SHOP_FIELDS.map((field) => [field, ''])) } as PresetFormValues;

/**
 * 'Nueva correspondencia de columnas': a name and, for each field, the header that names it in the
 * shop's file. The server checks it (its Spanish refusal shows under the fields); typed input asks
 * before the screen is left (docs/decisions/0041-field-messages-and-leave-guard.md).
 */
function PresetForm({ headers, onSaved }: {
  /** The chosen file's header cells, offered in each column's field (typing stays open: a header may be written before any file is chosen). */
  headers: { file: string; names: readonly string[] } | null;
  onSaved: (id: number) => void;
}) {
  const createPreset = useCreateShopPreset();
  const showToast = useToast();
  const { register, handleSubmit, formState, reset } = useForm<PresetFormValues>({ defaultValues: EMPTY_PRESET });
  const [problem, setProblem] = useState<string | null>(null);
  useUnsavedInput(formState.isDirty);
  const offered = headers !== null && headers.names.length > 0;
  const save = async (values: PresetFormValues) => {
    setProblem(null);
    const body = { name: values.name, columns: Object.fromEntries(SHOP_FIELDS.map((field) => [field, values[field].trim() || null])) };
    try {
      const saved = await createPreset.mutateAsync({ body: body as never, key: crypto.randomUUID() });
      showToast(m.presetSaved);
      reset(EMPTY_PRESET);
      onSaved(saved.id);
    } catch (error) {
      setProblem(serverRefusal(error) ?? m.presetSaveError);
    }
  };
  return (
    <details className="card">
      <summary className="card__title">{m.presetNew}</summary>
      <form noValidate onSubmit={(event) => void handleSubmit(save)(event)} aria-label={m.presetNew}>
        <p className="field__hint">{m.presetHint}</p>
        {offered && (
          <>
            <p id={`${HEADERS_LIST}-hint`} className="field__hint">
              {m.presetHeadersHint(headers.file, headers.names.length)}
            </p>
            <datalist id={HEADERS_LIST}>
              {headers.names.map((name) => (
                <option key={name} value={name} />
              ))}
            </datalist>
          </>
        )}
        <div className="form-grid">
          <Field id="shop-preset-name" label={m.presetName} registration={register('name')}>
            {(control) => <input {...control} type="text" autoComplete="off" />}
          </Field>
          {SHOP_FIELDS.map((field) => (
            <Field key={field} id={`shop-preset-${field}`} label={m.presetFields[field]} registration={register(field)} describedBy={offered ? `${HEADERS_LIST}-hint` : undefined}>
              {(control) => <input {...control} type="text" autoComplete="off" list={offered ? HEADERS_LIST : undefined} />}
            </Field>
          ))}
        </div>
        <FormAlert message={problem} />
        <button type="submit" className="btn btn-primary" disabled={createPreset.isPending}>
          {m.presetSave}
        </button>
      </form>
    </details>
  );
}
