import { type FormEvent, useState } from 'react';
import { traceabilityMessages as m } from '#shared/messages.js';
import { Field } from '#web/components/field.js';
import { FormAlert } from '#web/components/form-alert.js';

/**
 * Type or scan a lot code (green, roasted or blend). A scanner types the code
 * and presses Enter, which submits the form like the button.
 */
export function LotSearchForm({ initialCode, onSearch }: { initialCode: string; onSearch: (code: string) => void }) {
  const [code, setCode] = useState(initialCode);
  const [alert, setAlert] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.trim();
    setAlert(trimmed === '' ? m.codeRequired : null);
    if (trimmed !== '') onSearch(trimmed);
  };
  return (
    <form className="card no-print" onSubmit={submit} noValidate aria-labelledby="lot-search-title">
      <h2 id="lot-search-title" className="card__title">
        Buscar un lote
      </h2>
      <div className="form-grid">
        <Field id="trace-code" label="Código de Lote" hint="Café verde, tostado o mezcla. También puedes escanearlo." invalid={alert !== null}>
          {(control) => (
            <input {...control} value={code} onChange={(event) => setCode(event.target.value)} autoComplete="off" spellCheck={false} />
          )}
        </Field>
      </div>
      <FormAlert message={alert} />
      <div className="form-actions">
        <button type="submit" className="btn btn-primary">
          Buscar
        </button>
      </div>
    </form>
  );
}
