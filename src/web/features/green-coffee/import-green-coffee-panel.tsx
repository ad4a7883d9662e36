import { useState } from 'react';
import { csvMessages as m } from '#shared/csv-messages.js';
import type { ImportResult, ImportRow } from '#shared/schemas/green-import.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { UploadPanel } from '#web/components/upload-panel.js';
import { useToast } from '#web/lib/use-toast.js';
import { serverRefusal } from '#web/lib/api-client.js';
import { useImportGreenCoffee } from './api/import-green-coffee.js';

/** Rows the preview shows: a big file's first ones, or the ones to fix. */
const PREVIEW_ROWS = 100;

type PreviewRow = ImportRow & { id: number };

const COLUMNS: Column<PreviewRow>[] = [
  { label: 'Fila', className: 'num', cell: (row) => row.line },
  { label: 'Lote', cell: (row) => row.batch_code },
  { label: 'Origen', className: 'wrap', cell: (row) => row.origin },
  { label: 'Proveedor/Finca', className: 'wrap', cell: (row) => row.supplier_finca },
  { label: 'Recibido (Kg)', className: 'num', cell: (row) => row.quantity_kg },
  { label: 'Precio ($/Kg)', className: 'num', cell: (row) => row.unit_price },
  { label: 'Fecha Entrada', cell: (row) => row.entry_date },
  {
    label: 'Problemas',
    className: 'wrap',
    cell: (row) => (row.problems.length === 0 ? 'Correcta' : row.problems.join(' ')),
  },
];

/**
 * 'Importar CSV' on /cafe-verde (docs/product-guide.md#csv): choose a file → the server checks
 * every row without saving (dry run) → a preview with each row's problems →
 * 'Confirmar importación' writes all the lots in one transaction, or none.
 */
export function ImportGreenCoffeePanel({ onClose }: { onClose: () => void }) {
  const showToast = useToast();
  const importLots = useImportGreenCoffee();
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportResult | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const run = async (chosen: File, dryRun: boolean) => {
    setProblem(null);
    try {
      const result = await importLots.mutateAsync({ file: chosen, dryRun });
      if (dryRun) {
        setPreview(result);
        return;
      }
      showToast(m.imported(result.imported));
      onClose();
    } catch (error) {
      // The file's own problems (not UTF-8, too big, missing columns…) and a busy reader (429) are the server's Spanish text.
      setProblem(serverRefusal(error) ?? m.importError);
      if (!dryRun) setPreview(null);
    }
  };

  const rows: PreviewRow[] = (preview?.with_problems ? preview.rows.filter((row) => row.problems.length > 0) : (preview?.rows ?? []))
    .slice(0, PREVIEW_ROWS)
    .map((row) => ({ ...row, id: row.line }));

  return (
    <UploadPanel
      title={m.importTitle}
      picker={{
        label: m.importFileLabel,
        accept: '.csv,text/csv',
        hint: (
          <>
            Columnas: Lote, Origen, Proveedor/Finca, Recibido (Kg), Precio ($/Kg), Fecha Entrada (dd/mm/aaaa o aaaa-mm-dd).{' '}
            <a href="/api/green-coffee/import-template.csv" download>
              {m.importTemplate}
            </a>
          </>
        ),
        onFiles: (files) => {
          const chosen = files?.[0] ?? null;
          setFile(chosen);
          setPreview(null);
          if (chosen) void run(chosen, true);
        },
      }}
      alert={problem}
      confirm={{
        label: m.importConfirm,
        disabled: !file || !preview || preview.with_problems > 0 || importLots.isPending,
        onClick: () => file && void run(file, false),
      }}
      cancelLabel={m.importCancel}
      onCancel={onClose}
    >
      {importLots.isPending && <p className="loading-text">{importLots.variables?.dryRun ? m.importChecking : m.importSaving}</p>}
      {preview && (
        <>
          <h3>{m.importPreviewTitle}</h3>
          <p role="status" className={preview.with_problems ? 'form-alert' : undefined}>
            {preview.with_problems ? m.importRowsWithProblems(preview.with_problems, preview.total) : m.importReady(preview.total)}
          </p>
          <DataTable caption={m.importPreviewTitle} columns={COLUMNS} rows={rows} empty="" />
          {preview.total > rows.length && !preview.with_problems && (
            <p className="field__hint">Se muestran las primeras {rows.length} filas de {preview.total}.</p>
          )}
        </>
      )}
    </UploadPanel>
  );
}
