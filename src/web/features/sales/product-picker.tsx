import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { useFormat } from '#web/api/use-format.js';
import { formatDate } from '#shared/format.js';
import { roastAgeText } from '#shared/freshness.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import { readScannedText } from '#shared/lot-label.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { Product, ProductType } from '#shared/schemas/products.js';
import { Field, type FieldInvalid } from '#web/components/field.js';
import { ScanButton } from '#web/components/scan/scan-button.js';
import { isSessionLost } from '#web/lib/api-client.js';
import { SEARCH_DELAY_MS, useDebounced } from '#web/lib/use-debounced.js';
import { scanMessages } from '#shared/scan-messages.js';
import { nameKey } from '#shared/text-keys.js';
import { comboboxAttributes, optionAttributes } from '#web/components/picker-attributes.js';
import { productsQueryOptions } from './api/get-products.js';
import { findScannedProduct } from './scan-product.js';
import '#web/components/picker.css';

/** Whether the product answers a search: part of its name (accents aside) or of its lot code, as the server searches. */
const answers = (product: Product, text: string) =>
  nameKey(product.name).includes(nameKey(text)) || lotCodeKey(product.batch_code).includes(lotCodeKey(text));

/** "Colombia · Medio · CO-150324-1111": what the input shows once a product is chosen. */
export const productLabel = (product: Pick<Product, 'name' | 'batch_code'>) => `${product.name} · ${product.batch_code}`;

export interface ProductPickerProps {
  id: string;
  invalid: FieldInvalid;
  /** The product in the form (its label fills the input), or null. */
  chosen: Pick<Product, 'name' | 'batch_code'> | null;
  /** On an edit, the sale's own product: listed even when its lot is now empty. */
  include: { type: ProductType; id: number } | undefined;
  onChoose: (product: Product | null) => void;
  /** Receives the input, so a failed save can focus it (react-hook-form's field ref). */
  inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * The sale form's product picker (docs/product-guide.md#ventas: choosing a product fills in the
 * product type, the lot and the unit price): a combobox (WAI-ARIA 1.2
 * pattern, list autocomplete) that searches GET /api/products by name or lot
 * code as you type, oldest lot first (what should sell first) with its roast or
 * blend date, shows each lot's code and on-hand kg, and is used with
 * the keyboard: ↓/↑ move, Enter chooses, Escape closes. A lot label's address
 * or a whole lot code typed by a scanner (with its Enter) chooses that lot,
 * and 'Escanear' reads a label with the camera (docs/product-guide.md#scanning-labels).
 */
export function ProductPicker({ id, invalid, chosen, include, onChoose, inputRef }: ProductPickerProps) {
  const f = useFormat();
  const listId = `${id}-list`;
  const statusId = useId();
  const [text, setText] = useState(chosen ? productLabel(chosen) : '');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(query, SEARCH_DELAY_MS);
  const search = include ? { q, include_type: include.type, include_id: include.id } : { q };
  const products = useQuery({ ...productsQueryOptions(search), enabled: open });
  const items = products.data?.items ?? [];
  /** Whether ↓/↑ picked the highlighted option since the last keystroke: Enter then takes it, whatever list it is in. */
  const [navigated, setNavigated] = useState(false);
  /** Why a scanned or typed lot cannot be sold ('no tiene stock', 'café verde', not a lot of ours). */
  const [problem, setProblem] = useState<string | null>(null);
  const includeSearch = include ? { include_type: include.type, include_id: include.id } : {};

  const choose = (product: Product) => {
    setText(productLabel(product));
    setQuery('');
    setOpen(false);
    setActive(-1);
    setProblem(null);
    onChoose(product);
  };

  /** The camera dialog's code: chosen if it is a product with stock, else the reason, shown in the dialog. */
  const onScan = async (code: string) => {
    const found = await findScannedProduct(code, includeSearch);
    if ('message' in found) return found.message;
    choose(found.product);
    return null;
  };

  /**
   * Enter on a label's address, or on a code typed faster than the list
   * follows (a scanner types a whole code and Enter within the search delay,
   * when the list still shows the previous search): the lot with that code, not
   * whatever the old list had highlighted. Without such a lot, the highlighted
   * product still counts if it answers what was typed (a person who typed part
   * of a name and Enter at once).
   */
  const chooseTyped = async (code: string, fromLabel: boolean, highlighted: Product | undefined) => {
    setOpen(false);
    setActive(-1);
    try {
      const found = await findScannedProduct(code, includeSearch);
      if ('product' in found) choose(found.product);
      // A few letters of a name, typed quickly: the list answers them.
      else if (!fromLabel && !found.isLot && highlighted && answers(highlighted, code)) choose(highlighted);
      else if (!fromLabel && !found.isLot) setOpen(true);
      else setProblem(found.message);
    } catch (error) {
      if (!isSessionLost(error)) setProblem(scanMessages.lookupError);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setNavigated(true);
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (items.length === 0 ? -1 : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter') {
      const reading = readScannedText(text);
      const listIsCurrent = open && q === query && products.isSuccess && !products.isPlaceholderData;
      if (reading.kind === 'label' || (reading.kind === 'code' && !listIsCurrent && !navigated && query !== '')) {
        event.preventDefault();
        if (reading.kind === 'label') {
          setText(reading.code);
          setQuery(reading.code);
        }
        void chooseTyped(reading.code, reading.kind === 'label', open ? items[active] : undefined);
        return;
      }
      if (!open || !items[active]) return;
      // Enter chooses the lot whose code was typed whole, else the highlighted product, instead of submitting the form.
      event.preventDefault();
      const key = reading.kind === 'code' ? lotCodeKey(reading.code) : undefined;
      choose(items.find((item) => lotCodeKey(item.batch_code) === key) ?? items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    }
  };

  const status = !open ? '' : products.isLoading ? m.productsLoading : products.isError ? m.productsLoadError : items.length === 0 ? m.noProducts : `${items.length} productos`;

  return (
    <Field
      id={id}
      label="Producto"
      invalid={invalid}
      wide
      hint="Busca por nombre o lote; ↓ y Enter para elegir. El lote listo más antiguo primero (los que están en reposo, al final), con su fecha, su edad, el lote y los Kg disponibles."
      describedBy={statusId}
      error={problem ?? undefined}
      after={
        <>
          <span id={statusId} className="sr-only" role="status">
            {status}
          </span>
          <ul id={listId} role="listbox" aria-label="Productos" className="product-picker__list" hidden={!open || items.length === 0}>
              {open && items.map((product, index) => (
                <li key={`${product.type}-${product.id}`} {...optionAttributes(id, index, active, () => choose(product))}>
                  <span className="product-picker__name">{product.name}</span>
                  <span className="product-picker__meta">
                    {/* Every gram: '1.00 Kg disponibles' for 0.999 Kg offered a kilo the sale is then refused (docs/decisions/0039-stock-never-above-entry.md). */}
                    {product.type === 'tostado' ? `Tostado el ${formatDate(product.made_on)}` : `Mezclado el ${formatDate(product.made_on)}`} · Lote {product.batch_code} · {f.kgExact(product.stock_kg)} disponibles
                  </span>
                  {/* Its age and state; past freshness in red (docs/decisions/0049-roast-age-and-public-page.md). */}
                  <span className="product-picker__meta">
                    <span className={`roast-age--${product.freshness}`}>{roastAgeText(product)}</span>
                  </span>
                </li>
              ))}
          </ul>
          {open && items.length === 0 && <p className="product-picker__empty">{products.isLoading ? m.productsLoading : m.noProducts}</p>}
        </>
      }
    >
      {(control) => (
        <div className="scan-row">
        <input
          {...control}
          ref={inputRef}
          {...comboboxAttributes(id, open, active, items[active] !== undefined)}
          placeholder="Busca un café tostado o una mezcla"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
            setNavigated(false);
            setProblem(null);
            // Typing starts a new search: the product chosen before no longer applies.
            if (chosen) onChoose(null);
          }}
          onClick={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
        />
        <ScanButton onCode={onScan} />
        </div>
      )}
    </Field>
  );
}
