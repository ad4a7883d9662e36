import { Plus, X } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { cleanSuppliers } from '../../../shared/schemas/origins.js';
import './origins.css';

export interface SuppliersEditorProps {
  value: string[];
  onChange: (suppliers: string[]) => void;
  invalid: boolean;
}

/**
 * The origin's suppliers/farms: type one, add it, remove any. "An added supplier
 * is trimmed, and empty ones are ignored" (spec 5 "Origin"); a repeat is kept once.
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
    <div className="field field--wide">
      <label htmlFor={`${id}-input`}>Proveedores/Fincas</label>
      <div className="supplier-row">
        <input
          id={`${id}-input`}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          aria-invalid={invalid || undefined}
          aria-describedby={`${id}-hint ${id}-list`}
        />
        <button type="button" className="btn btn-secondary" onClick={add}>
          <Plus aria-hidden="true" size={18} />
          Añadir proveedor/finca
        </button>
      </div>
      <span id={`${id}-hint`} className="field__hint">
        Escribe un proveedor o finca y pulsa «Añadir proveedor/finca» (o Intro). Añade al menos uno.
      </span>
      <ul id={`${id}-list`} className="chip-list" aria-label="Proveedores/Fincas añadidos">
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
    </div>
  );
}
