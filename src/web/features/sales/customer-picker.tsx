import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { salesMessages as m } from '#shared/sales-messages.js';
import type { Customer } from '#shared/schemas/customers.js';
import { Field, type FieldInvalid } from '#web/components/field.js';
import { useDebounced } from '#web/lib/use-debounced.js';
import { saleCustomersQueryOptions } from './api/get-sale-customers.js';
import { SEARCH_DELAY_MS } from './product-picker.js';
import { comboboxAttributes, optionAttributes } from './picker-attributes.js';

export interface CustomerPickerProps {
  id: string;
  invalid: FieldInvalid;
  /** The name of the customer in the form, or null for a counter sale. */
  chosen: string | null;
  onChoose: (customer: Pick<Customer, 'id' | 'name'>) => void;
  /** Typing: no customer is chosen any more, and the text is what the form checks (text left unchosen is refused, not dropped). */
  onType: (text: string) => void;
  /** Receives the input, so a failed save can focus it (react-hook-form's field ref). */
  inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * The sale form's 'Cliente' (docs/product-guide.md#ventas): optional, empty is a counter sale.
 * A combobox like 'Producto' (WAI-ARIA 1.2, list autocomplete) over the active customers, searched
 * by name, NIF/CIF, email or phone as you type: ↓/↑ move, Enter chooses, Escape closes; emptying
 * the box makes the sale a counter sale again.
 */
export function CustomerPicker({ id, invalid, chosen, onChoose, onType, inputRef }: CustomerPickerProps) {
  const listId = `${id}-list`;
  const statusId = useId();
  const [text, setText] = useState(chosen ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text === chosen ? '' : text, SEARCH_DELAY_MS);
  const customers = useQuery({ ...saleCustomersQueryOptions(q), enabled: open });
  const items = customers.data?.items ?? [];

  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const choose = (customer: Customer) => {
    setText(customer.name);
    close();
    onChoose(customer);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setOpen(true);
      setActive((current) => (items.length === 0 ? -1 : (current + step + items.length) % items.length));
    } else if (event.key === 'Enter' && open && items[active]) {
      // Enter chooses the highlighted customer instead of submitting the form.
      event.preventDefault();
      choose(items[active]);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      close();
    }
  };

  const status = !open ? '' : customers.isLoading ? m.customersLoading : customers.isError ? m.customersLoadError : items.length === 0 ? m.noCustomers : `${items.length} clientes`;

  return (
    <Field
      id={id}
      label={m.labels.customer}
      invalid={invalid}
      wide
      hint="Opcional: vacío es una venta de mostrador. Busca por nombre, NIF/CIF, correo o teléfono."
      describedBy={statusId}
      after={
        <>
          <span id={statusId} className="sr-only" role="status">
            {status}
          </span>
          <ul id={listId} role="listbox" aria-label="Clientes" className="product-picker__list" hidden={!open || items.length === 0}>
            {open &&
              items.map((customer, index) => (
                <li key={customer.id} {...optionAttributes(id, index, active, () => choose(customer))}>
                  <span className="product-picker__name">{customer.name}</span>
                  {customer.tax_id && <span className="product-picker__meta">{customer.tax_id}</span>}
                </li>
              ))}
          </ul>
          {open && items.length === 0 && <p className="product-picker__empty">{customers.isLoading ? m.customersLoading : customers.isError ? m.customersLoadError : m.noCustomers}</p>}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          {...comboboxAttributes(id, open, active, items[active] !== undefined)}
          placeholder={m.counterSale}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(event.target.value.trim() !== '');
            setActive(0);
            // Typing starts a new search, emptying the box a counter sale: the customer chosen before no longer applies.
            onType(event.target.value);
          }}
          onClick={() => setOpen(true)}
          onBlur={close}
          onKeyDown={onKeyDown}
        />
      )}
    </Field>
  );
}
