import { scanMessages } from '#shared/scan-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { Field } from '#web/components/field.js';
import { ScanButton } from '#web/components/scan/scan-button.js';
import { KIND_LABELS } from './count-sheet-values.js';
import type { SheetSearch } from './use-sheet-search.js';

/** The count sheet's filter bar: 'Tipo de lote', 'Origen' and 'Buscar lote' with its 'Escanear' (useSheetSearch). */
export function CountSheetFilters({ search, origins }: { search: SheetSearch; origins: readonly Origin[] }) {
  return (
    <div className="form-grid">
      <Field id="count-kind" label="Tipo de lote">
        {(field) => (
          <select {...field} value={search.kind} onChange={(event) => search.setKind(event.target.value)}>
            <option value="">Todos</option>
            {Object.entries(KIND_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id="count-origin" label="Origen">
        {(field) => (
          <select {...field} value={search.origin} onChange={(event) => search.setOrigin(event.target.value)}>
            <option value="">Todos</option>
            {origins.map((item) => (
              <option key={item.id} value={String(item.id)}>
                {item.name}
              </option>
            ))}
          </select>
        )}
      </Field>
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
