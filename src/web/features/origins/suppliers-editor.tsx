import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cleanSuppliers } from '#shared/schemas/origins.js';
import { Field } from '#web/components/field.js';
import './origins.css';

export interface SuppliersEditorProps {
  value: string[];
  onChange: (suppliers: string[]) => void;
  invalid: boolean;
}

/**
 * The origin's suppliers/farms: type one, add it, remove any. An added supplier
 * is trimmed, and empty ones are ignored (docs/product-guide.md#origin); a repeat is kept once.
 */
export function SuppliersEditor({ value, onChange, invalid }: SuppliersEditorProps) {
  const [draft, setDraft] = useState('');
  const id = useId();

  const add = () => {
    onChange(cleanSuppliers([...value, draft]));
    setDraft('');
  };
  // Enter adds the farm instead of submitting the whole form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };

  return (
    <Field
      id={`${id}-input`}
      label="Proveedores/Fincas"
      wide
      invalid={invalid}
      hint="Escribe un proveedor o finca y pulsa «Añadir proveedor/finca» (o Intro). Añade al menos uno."
      describedBy={`${id}-list`}
      after={<SupplierChips listId={`${id}-list`} value={value} onChange={onChange} />}
    >
      {(field) => (
        <div className="supplier-row">
          <input {...field} value={draft} onChange={(event) => setDraft(event.target.value)} onKeyDown={onKeyDown} autoComplete="off" />
          <button type="button" className="btn btn-secondary" onClick={add}>
            <Plus aria-hidden="true" size={18} />
            Añadir proveedor/finca
          </button>
        </div>
      )}
    </Field>
  );
}

/** The farms added so far, each with its remove button. */
function SupplierChips({ listId, value, onChange }: Omit<SuppliersEditorProps, 'invalid'> & { listId: string }) {
  return (
    <ul id={listId} className="chip-list" aria-label="Proveedores/Fincas añadidos">
      {value.map((supplier) => (
        <li key={supplier} className="chip">
          {supplier}
          <button
            type="button"
            className="icon-button"
            aria-label={`Quitar ${supplier}`}
            title="Quitar"
            onClick={() => onChange(value.filter((other) => other !== supplier))}
          >
            <X aria-hidden="true" size={16} />
          </button>
        </li>
      ))}
    </ul>
  );
}
