import { useState } from 'react';
import { useFormat } from '#web/api/use-format.js';
import { formatDate, type Formatter } from '#shared/format.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { ArtisanBatchFile, ArtisanPreview, ArtisanRoast } from '#shared/schemas/artisan.js';
import type { GreenCoffee } from '#shared/schemas/green-coffee.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import { gramsToKg, kgToGrams, parseDecimalText } from '#shared/units.js';
import { type ArtisanRowChoices, checkArtisanRow } from '#shared/artisan-row-rules.js';
import { type Column, DataTable } from '#web/components/data-table.js';
import { DateInput } from '#web/components/date-field.js';
import { DECIMAL_INPUT } from '#web/components/decimal-field.js';
import { isoDateOrAsTyped } from '#web/lib/form-values.js';
import { UploadPanel } from '#web/components/upload-panel.js';
import { useToast } from '#web/lib/use-toast.js';
import { isSessionLost, serverRefusal } from '#web/lib/api-client.js';
import './artisan-import.css';
import { useImportArtisanBatch } from '../api/import-artisan-batch.js';
import { previewArtisan } from '../api/preview-artisan.js';
import { batchRefusal } from './batch-limits.js';
import { suggestGreenLot } from './match-green-lot.js';

/** One dropped file: its preview (or why it cannot be read) and the person's choices. */
interface FileRow {
  id: number;
  file: File;
  preview?: ArtisanPreview;
  /** The server's refusal of the file itself (not UTF-8, not a profile, no weight…). */
  unreadable?: string;
  greenId: string;
  roastType: string;
  /** Typed only when the file lacks it (out-weight 0). */
  resultantKg: string;
  /** dd/mm/aaaa as typed, prefilled with the file's date: the person may change it (a 2015 file, a lot received this year). */
  roastDate: string;
}

const isSkipped = (row: FileRow) => row.preview?.existing_roast_id != null;

/** The row's date box starts with the file's date when the import takes it as it is. */
const fileDateText = (preview: ArtisanPreview): string => (preview.roast_date !== null && preview.roast_date_problem === null ? formatDate(preview.roast_date) : '');

/** The row's choices as the import's rules read them (#shared/artisan-row-rules). */
function rowChoices(row: FileRow): ArtisanRowChoices {
  return {
    green_coffee_id: row.greenId === '' ? undefined : Number(row.greenId),
    roast_type: row.roastType === '' ? undefined : row.roastType,
    resultant_kg: parseDecimalText(row.resultantKg),
    roast_date: row.roastDate.trim() === '' ? undefined : isoDateOrAsTyped(row.roastDate),
  };
}

/**
 * What keeps this row from being recorded, in Spanish; empty when it can go. The import's own
 * rules (checkArtisanRow), run again whenever the row's lot, date or kilos change, with the
 * chosen lot as the list has it, less what the earlier rows take from it (`takenBeforeG`): one
 * confirm records the rows in order. `firstWithProfile` is the earlier row with the same profile
 * (roast_uuid), if any: one confirm records a profile once, so the second is a problem of its
 * own row rather than a refusal of the whole batch.
 */
function rowProblems(row: FileRow, context: { lot: GreenCoffee | undefined; takenBeforeG: number; firstWithProfile: FileRow | undefined; formatter: Formatter }): string[] {
  if (row.unreadable) return [row.unreadable];
  const preview = row.preview;
  if (!preview || isSkipped(row)) return [];
  const typed = rowChoices(row);
  // Kilos typed that are no number: the import's own message for them, in place of 'indica los Kilos Resultantes'.
  const unreadableKg = Number.isNaN(typed.resultant_kg);
  const choices = unreadableKg ? { ...typed, resultant_kg: undefined } : typed;
  const green = choices.green_coffee_id === undefined ? undefined : context.lot ? { ...context.lot, stock_g: kgToGrams(context.lot.stock_kg) } : null;
  const problems = checkArtisanRow(preview, choices, { green, takenBeforeG: context.takenBeforeG, formatter: context.formatter }).problems.map((problem) =>
    unreadableKg && problem.message === m.resultantMissing ? m.invalidResultant : problem.message,
  );
  if (context.firstWithProfile && context.firstWithProfile !== row) problems.push(m.alreadyInBatch(context.firstWithProfile.file.name));
  if (row.greenId === '') problems.push(m.chooseGreenLot);
  if (row.roastType === '') problems.push(m.chooseRoastType);
  return problems;
}

/** Each profile's first row (by roast_uuid), among the rows to record. */
function firstRowsByProfile(rows: readonly FileRow[]): Map<string, FileRow> {
  const first = new Map<string, FileRow>();
  for (const row of rows) {
    if (row.preview && !isSkipped(row) && !first.has(row.preview.roast_uuid)) first.set(row.preview.roast_uuid, row);
  }
  return first;
}

/** Reads a file as base64 for the batch's JSON body, in slices (a spread of a 1 MB array would overflow the stack). */
async function base64Of(file: Blob): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let at = 0; at < bytes.length; at += 0x8000) binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
  return btoa(binary);
}

let nextRowId = 1;

/**
 * 'Importar desde Artisan' on /cafe-tostado (docs/product-guide.md#artisan-import): drop or
 * choose .alog files → each is previewed by the server (nothing written) →
 * one row per file with its date, Artisan batch, beans, kg in/out, shrinkage,
 * the green lot (preselected when the beans or title name its farm or
 * origin) and the roast type, and its problems → one confirm records every
 * accepted file in one transaction, or none. Files already imported are
 * marked and skipped. The roasts recorded go to `onImported` (their labels are
 * offered, docs/product-guide.md#imprimir-desde-las-tablas).
 */
export function ArtisanImportPanel({ lots, onClose, onImported }: { lots: GreenCoffee[]; onClose: () => void; onImported: (roasts: ArtisanRoast[]) => void }) {
  const f = useFormat();
  const showToast = useToast();
  const importBatch = useImportArtisanBatch();
  const [rows, setRows] = useState<FileRow[]>([]);
  const [checking, setChecking] = useState(0);
  const [alert, setAlert] = useState<string | null>(null);

  const update = (id: number, change: Partial<FileRow>) => setRows((current) => current.map((row) => (row.id === id ? { ...row, ...change } : row)));

  const addFiles = (files: FileList | null) => {
    if (!files) return;
    setAlert(null);
    for (const file of Array.from(files)) {
      const id = nextRowId++;
      setRows((current) => [...current, { id, file, greenId: '', roastType: '', resultantKg: '', roastDate: '' }]);
      setChecking((count) => count + 1);
      previewArtisan(file)
        .then((preview) => {
          const suggested = suggestGreenLot(preview, lots);
          update(id, { preview, greenId: suggested === undefined ? '' : String(suggested), roastDate: fileDateText(preview) });
        })
        .catch((error: unknown) => {
          if (isSessionLost(error)) return;
          update(id, { unreadable: serverRefusal(error) ?? m.importError });
        })
        .finally(() => setChecking((count) => count - 1));
    }
  };

  const firstRows = firstRowsByProfile(rows);
  const accepted = rows.filter((row) => row.preview && !isSkipped(row));
  const problemsByRow = new Map(rows.map((row) => {
    const earlier = accepted.slice(0, Math.max(0, accepted.indexOf(row))).filter((other) => other.greenId !== '' && other.greenId === row.greenId);
    return [row.id, rowProblems(row, {
      lot: lots.find((lot) => String(lot.id) === row.greenId),
      takenBeforeG: earlier.reduce((grams, other) => grams + kgToGrams(other.preview?.green_kg ?? 0), 0),
      firstWithProfile: row.preview ? firstRows.get(row.preview.roast_uuid) : undefined,
      formatter: f,
    })];
  }));
  const problemsOf = (row: FileRow) => problemsByRow.get(row.id) ?? [];
  const withProblems = rows.filter((row) => problemsOf(row).length > 0).length;
  // More files, or more MB, than one confirm may record: said before anything is sent.
  const tooMuch = batchRefusal(accepted.map((row) => row.file.size), f);
  const canConfirm = checking === 0 && accepted.length > 0 && withProblems === 0 && tooMuch === undefined && !importBatch.isPending;

  const confirm = async () => {
    setAlert(null);
    try {
      const files: ArtisanBatchFile[] = await Promise.all(
        accepted.map(async (row) => {
          const { resultant_kg, roast_date } = rowChoices(row);
          return {
            name: row.file.name,
            content_base64: await base64Of(row.file),
            green_coffee_id: Number(row.greenId),
            roast_type: row.roastType,
            ...(resultant_kg === undefined ? {} : { resultant_kg }),
            ...(roast_date === undefined ? {} : { roast_date }),
          };
        }),
      );
      const { imported } = await importBatch.mutateAsync({ files });
      showToast(m.imported(imported.length));
      onImported(imported);
      onClose();
    } catch (error) {
      if (isSessionLost(error)) return;
      setAlert(serverRefusal(error) ?? m.importError);
    }
  };

  const lotOptions = lots
    .filter((lot) => lot.stock_kg > 0)
    .map((lot) => ({ value: String(lot.id), label: `${lot.batch_code} · ${lot.origin_name} · ${lot.supplier_finca} (${f.twoDecimals(lot.stock_kg)} Kg)` }));

  /** 'Lista', the row's problems one under another, or why it is skipped or still being read. */
  const rowState = (row: FileRow) => {
    if (!row.preview && !row.unreadable) return m.importChecking;
    if (isSkipped(row)) return m.alreadyImportedRow(row.preview?.existing_batch_code ?? '');
    const problems = problemsOf(row);
    if (problems.length === 0) return 'Lista';
    return (
      <ul className="artisan-import__problems artisan-import__problem">
        {problems.map((problem) => (
          <li key={problem}>{problem}</li>
        ))}
      </ul>
    );
  };

  const columns: Column<FileRow>[] = [
    { label: 'Archivo', className: 'wrap', cell: (row) => row.file.name },
    {
      label: 'Fecha',
      cell: (row) =>
        row.preview && !isSkipped(row) ? (
          <DateInput kind="business" className="artisan-import__date" aria-label={`Fecha de Tostado de ${row.file.name}`} value={row.roastDate} onChange={(event) => update(row.id, { roastDate: event.target.value })} />
        ) : row.preview?.roast_date ? formatDate(row.preview.roast_date) : '',
    },
    { label: 'Lote Artisan', cell: (row) => row.preview?.artisan_batch ?? '' },
    { label: 'Café', className: 'wrap', cell: (row) => row.preview?.beans ?? row.preview?.title ?? '' },
    { label: 'Verde (Kg)', className: 'num', cell: (row) => (row.preview ? f.twoDecimals(row.preview.green_kg) : '') },
    {
      label: 'Tostado (Kg)',
      className: 'num',
      cell: (row) => (row.preview?.resultant_kg != null ? f.twoDecimals(row.preview.resultant_kg) : row.preview ? (
        <input {...DECIMAL_INPUT} size={6} aria-label={`Kilos Resultantes de ${row.file.name}`} value={row.resultantKg} onChange={(event) => update(row.id, { resultantKg: event.target.value })} />
      ) : ''),
    },
    {
      label: 'Merma (Kg)',
      className: 'num',
      cell: (row) => {
        const out = row.preview?.resultant_kg ?? parseDecimalText(row.resultantKg) ?? null;
        return row.preview && out !== null && Number.isFinite(out) ? f.twoDecimals(gramsToKg(kgToGrams(row.preview.green_kg) - Math.round(out * 1000))) : '';
      },
    },
    {
      label: 'Lote de café verde',
      className: 'wrap',
      cell: (row) =>
        row.preview && !isSkipped(row) ? (
          <select className="artisan-import__lot" aria-label={`Lote de café verde de ${row.file.name}`} value={row.greenId} onChange={(event) => update(row.id, { greenId: event.target.value })}>
            <option value="">Selecciona un lote</option>
            {lotOptions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        ) : '',
    },
    {
      label: 'Tipo de Tueste',
      cell: (row) =>
        row.preview && !isSkipped(row) ? (
          <select aria-label={`Tipo de tueste de ${row.file.name}`} value={row.roastType} onChange={(event) => update(row.id, { roastType: event.target.value })}>
            <option value="">Selecciona</option>
            {ROAST_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        ) : '',
    },
    {
      label: 'Estado',
      className: 'wrap',
      // 'Quitar' under the state, not in a column of its own: the eleven columns scrolled the state,
      // the column that says what to fix, out of the card at 1280 px.
      cell: (row) => (
        <div className="artisan-import__state">
          {rowState(row)}
          <button type="button" className="btn btn-secondary btn-small" onClick={() => setRows((current) => current.filter((other) => other.id !== row.id))}>
            {m.remove}
          </button>
        </div>
      ),
    },
  ];

  return (
    <UploadPanel
      title={m.importTitle}
      picker={{ label: m.importPick, hint: m.importHint, accept: '.alog', multiple: true, onFiles: addFiles, dropZone: true }}
      alert={alert}
      confirm={{
        label: (
          <>
            {m.importConfirm}
            {accepted.length > 0 ? ` (${accepted.length})` : ''}
          </>
        ),
        disabled: !canConfirm,
        onClick: () => void confirm(),
      }}
      cancelLabel={m.importCancel}
      onCancel={onClose}
    >
      {checking > 0 && <p className="loading-text">{m.importChecking}</p>}
      {importBatch.isPending && <p className="loading-text">{m.importSaving}</p>}
      {rows.length > 0 && (
        <>
          {withProblems > 0 && (
            <p role="status" className="form-alert">
              {m.rowsWithProblems(withProblems)}
            </p>
          )}
          {tooMuch !== undefined && (
            <p role="status" className="form-alert">
              {tooMuch}
            </p>
          )}
          <div className="artisan-import__rows">
            <DataTable caption={m.importTitle} columns={columns} rows={rows} empty="" />
          </div>
        </>
      )}
      {rows.length > 0 && checking === 0 && accepted.length === 0 && <p role="status">{m.importNothing}</p>}
    </UploadPanel>
  );
}
