import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { formatKg } from '#shared/format.js';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { Product, ProductType } from '#shared/schemas/products.js';
import { Field } from '#web/components/field.js';
import { productsQueryOptions } from './api/get-products.js';

/** How long the picker waits after the last key before it asks the server (a roastery has thousands of lots). */
const SEARCH_DELAY_MS = 250;

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** "Colombia · Medio · CO-150324-1111": what the input shows once a product is chosen. */
export const productLabel = (product: Pick<Product, 'name' | 'batch_code'>) => `${product.name} · ${product.batch_code}`;

export interface ProductPickerProps {
  id: string;
  invalid: boolean | undefined;
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
 * code as you type, shows each lot's code and on-hand kg, and is used with
 * the keyboard: ↓/↑ move, Enter chooses, Escape closes.
 */
export function ProductPicker({ id, invalid, chosen, include, onChoose, inputRef }: ProductPickerProps) {
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

  const choose = (product: Product) => {
    setText(productLabel(product));
    setQuery('');
    setOpen(false);
    setActive(-1);
    onChoose(product);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) {
        setOpen(true);
        setActive(event.key === 'ArrowDown' ? 0 : items.length - 1);
        return;
      }
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (items.length === 0 ? -1 : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter' && open && items[active]) {
      // Enter chooses the highlighted product instead of submitting the form.
      event.preventDefault();
      choose(items[active]);
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
      hint="Busca por nombre o lote; ↓ y Enter para elegir. Muestra el lote y los Kg disponibles."
      describedBy={statusId}
      after={
        <>
          <span id={statusId} className="sr-only" role="status">
            {status}
          </span>
          <ul id={listId} role="listbox" aria-label="Productos" className="product-picker__list" hidden={!open || items.length === 0}>
              {open && items.map((product, index) => (
                <li
                  key={`${product.type}-${product.id}`}
                  id={`${id}-option-${index}`}
                  role="option"
                  aria-selected={index === active}
                  className="product-picker__option"
                  // Keep the focus in the input: a click chooses without blurring it first.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(product)}
                >
                  <span className="product-picker__name">{product.name}</span>
                  <span className="product-picker__meta">
                    {product.type === 'tostado' ? 'Tostado' : 'Mezcla'} · Lote {product.batch_code} · {formatKg(product.stock_kg)} disponibles
                  </span>
                </li>
              ))}
          </ul>
          {open && items.length === 0 && <p className="product-picker__empty">{products.isLoading ? m.productsLoading : m.noProducts}</p>}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && active >= 0 && items[active] ? `${id}-option-${active}` : undefined}
          autoComplete="off"
          placeholder="Busca un café tostado o una mezcla"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
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
      )}
    </Field>
  );
}
