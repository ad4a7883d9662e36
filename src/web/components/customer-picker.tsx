import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { customerMessages as m } from '#shared/customer-messages.js';
import type { Customer } from '#shared/schemas/customers.js';
import { activeCustomersQueryOptions } from '#web/api/get-active-customers.js';
import { SEARCH_DELAY_MS, useDebounced } from '#web/lib/use-debounced.js';
import { Field, type FieldInvalid } from './field.js';
import { comboboxAttributes, optionAttributes } from './picker-attributes.js';
import './picker.css';

export interface CustomerPickerProps {
  id: string;
  invalid: FieldInvalid;
  /** The name of the customer in the form, or null for none yet (a sale's counter sale). */
  chosen: string | null;
  /** Its label, 'Cliente' unless the screen has another box of customers (a list's filter). */
  label?: string;
  /** What the field says under it: whether a customer is required, and what to search by. */
  hint: string;
  /** What the empty box says ('Venta de mostrador' on a sale). */
  placeholder?: string;
  onChoose: (customer: Pick<Customer, 'id' | 'name'>) => void;
  /** Typing: no customer is chosen any more, and the text is what the form checks (text left unchosen is refused, not dropped). */
  onType: (text: string) => void;
  /** Receives the input, so a failed save can focus it (react-hook-form's field ref). */
  inputRef: (element: HTMLInputElement | null) => void;
}

/**
 * 'Cliente' of the sale form (docs/product-guide.md#ventas: optional, empty is a counter sale) and
 * of the order form (#pedidos: required). A combobox like 'Producto' (WAI-ARIA 1.2, list
 * autocomplete) over the active customers, searched by name, NIF/CIF, email or phone as you type:
 * ↓/↑ move, Enter chooses, Escape closes; typing again drops the customer chosen before.
 */
export function CustomerPicker({ id, label = m.pickerLabel, invalid, chosen, hint, placeholder, onChoose, onType, inputRef }: CustomerPickerProps) {
  const listId = `${id}-list`;
  const statusId = useId();
  const [text, setText] = useState(chosen ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const q = useDebounced(text === chosen ? '' : text, SEARCH_DELAY_MS);
  const customers = useQuery({ ...activeCustomersQueryOptions(q), enabled: open });
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

  const status = !open ? '' : customers.isLoading ? m.pickerLoading : customers.isError ? m.loadError : items.length === 0 ? m.noActiveMatches : `${items.length} clientes`;

  return (
    <Field
      id={id}
      label={label}
      invalid={invalid}
      wide
      hint={hint}
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
          {open && items.length === 0 && <p className="product-picker__empty">{customers.isLoading ? m.pickerLoading : customers.isError ? m.loadError : m.noActiveMatches}</p>}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          {...comboboxAttributes(id, open, active, items[active] !== undefined)}
          placeholder={placeholder}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setOpen(event.target.value.trim() !== '');
            setActive(0);
            // Typing starts a new search (on a sale, emptying the box makes it a counter sale): the customer chosen before no longer applies.
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
