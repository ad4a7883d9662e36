import { useId, useState } from 'react';
import { csvMessages as m } from '#shared/csv-messages.js';
import './export-csv-button.css';

export interface ExportCsvButtonProps {
  /** The API route under /api, e.g. '/green-coffee/export.csv'. */
  path: string;
  /** The list's current filters: the file has every row of the filter, not just the page on screen. */
  query?: Record<string, string | number | boolean | undefined>;
}

/**
 * 'Exportar CSV' (docs/product-guide.md#csv): a plain download link to the export route, so the
 * browser streams the file to disk however long the table is, with the session
 * cookie and no JavaScript copy of the rows. The picker chooses the dialect:
 * Spanish spreadsheet (default) or standard CSV (docs/decisions/0012).
 */
export function ExportCsvButton({ path, query = {} }: ExportCsvButtonProps) {
  const [dialect, setDialect] = useState<'es' | 'standard'>('es');
  const selectId = useId();
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params.set(key, String(value));
  if (dialect === 'standard') params.set('dialect', 'standard');
  const search = params.toString();
  return (
    <div className="export-csv">
      <label className="sr-only" htmlFor={selectId}>
        Formato del CSV
      </label>
      <select id={selectId} value={dialect} onChange={(event) => setDialect(event.target.value === 'standard' ? 'standard' : 'es')}>
        <option value="es">{m.exportSpanish}</option>
        <option value="standard">{m.exportStandard}</option>
      </select>
      <a className="btn btn-secondary btn-small" href={`/api${path}${search ? `?${search}` : ''}`} download>
        {m.exportButton}
      </a>
    </div>
  );
}
