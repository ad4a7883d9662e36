import { scanMessages } from '#shared/scan-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { originSelectOptions } from '#web/api/get-origin-options.js';
import { type ControlledField, Field } from '#web/components/field.js';
import { ScanButton } from '#web/components/scan/scan-button.js';
import { SelectField } from '#web/components/select-field.js';
import { KIND_LABELS } from './count-sheet-values.js';
import type { SheetSearch } from './use-sheet-search.js';

const KIND_OPTIONS = Object.entries(KIND_LABELS).map(([value, label]) => ({ value, label }));

/** A filter's select whose choice lives in the sheet's state (useSheetSearch), not in the count's form. */
const controlled = (name: string, value: string, set: (value: string) => void): ControlledField => ({
  name,
  value,
  onChange: async (event: { target: { value: string } }) => set(event.target.value),
});

/** The count sheet's filter bar: 'Tipo de lote', 'Origen' and 'Buscar lote' with its 'Escanear' (useSheetSearch). */
export function CountSheetFilters({ search, origins }: { search: SheetSearch; origins: readonly Origin[] }) {
  return (
    <div className="form-grid">
      <SelectField id="count-kind" label="Tipo de lote" placeholder="Todos" options={KIND_OPTIONS} registration={controlled('kind', search.kind, search.setKind)} />
      <SelectField
        id="count-origin"
        label="Origen"
        placeholder="Todos"
        options={originSelectOptions(origins)}
        registration={controlled('origin', search.origin, search.setOrigin)}
      />
      <Field id="count-search" label={scanMessages.sheetSearch} hint={scanMessages.sheetSearchHint} error={search.searchProblem}>
        {(field) => (
          <div className="scan-row">
            <input
              {...field}
              type="search"
              value={search.search}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => search.changeSearch(event.target.value)}
              onKeyDown={(event) => {
                // Enter here finds a lot; it must not confirm the count.
                if (event.key !== 'Enter') return;
                event.preventDefault();
                void search.searchEntered();
              }}
            />
            <ScanButton onCode={search.onScan} />
          </div>
        )}
      </Field>
    </div>
  );
}
