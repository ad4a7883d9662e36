import { Download, FileText, Printer } from 'lucide-react';
import { recallMessages } from '#shared/recall-messages.js';
import type { Trace } from '#shared/schemas/traceability.js';
import type { TraceParams } from '#web/api/query-keys.js';
import { PrintLabelButton } from '#web/components/labels/print-labels.js';
import { RoastCurveButton } from '#web/components/roast-curve/roast-curve-dialog.js';
import { withQuery } from '#web/lib/api-client.js';

/**
 * 'Imprimir' (the print CSS keeps only the tree and tables), 'Exportar CSV' (GET /api/trace/export, the same trace as rows),
 * for a lot 'Imprimir etiqueta': its label, as from its row (docs/product-guide.md#imprimir-desde-las-tablas)
 * and, for a roasted lot imported from Artisan, 'Curva': the same dialog as its row on /cafe-tostado (docs/product-guide.md#artisan-import).
 * For a lot, 'Lista de retirada' opens its two downloads: who received the lot, as CSV and as a printable PDF
 * (docs/product-guide.md#lista-de-retirada).
 */
export function TraceActions({ trace, selector }: { trace: Trace; selector: Omit<TraceParams, 'limit' | 'offset'> }) {
  const root = trace.root!;
  const exportQuery = root.kind === 'sale' ? { sale_id: root.id } : { kind: selector.kind ?? root.kind, id: selector.id ?? root.id };
  const roast = root.kind === 'roasted' ? trace.forward?.roast : null;
  return (
    <div className="form-actions no-print">
      {roast?.has_curve ? <RoastCurveButton roastId={roast.id} batchCode={roast.batch_code} labelled /> : null}
      <button type="button" className="btn btn-secondary btn-small" onClick={() => window.print()}>
        <Printer aria-hidden="true" size={16} /> Imprimir
      </button>
      <a className="btn btn-secondary btn-small" href={withQuery('/api/trace/export.csv', exportQuery)} download>
        <Download aria-hidden="true" size={16} /> Exportar CSV
      </a>
      {root.kind === 'sale' ? null : <PrintLabelButton lot={{ kind: root.kind, id: root.id, batch_code: root.batch_code }} labelled />}
      {root.kind === 'sale' ? null : <RecallDownloads lot={{ kind: selector.kind ?? root.kind, id: selector.id ?? root.id }} />}
    </div>
  );
}

/** 'Lista de retirada': a disclosure with the recall list's CSV and PDF of the lot shown. */
function RecallDownloads({ lot }: { lot: { kind: string; id: number } }) {
  return (
    <details className="trace-recall">
      <summary className="btn btn-secondary btn-small">
        <FileText aria-hidden="true" size={16} /> {recallMessages.action}
      </summary>
      <div className="trace-recall__links">
        <a className="btn btn-secondary btn-small" href={withQuery('/api/recall.csv', lot)} download>
          <Download aria-hidden="true" size={16} /> {recallMessages.downloadCsv}
        </a>
        <a className="btn btn-secondary btn-small" href={withQuery('/api/recall.pdf', lot)} target="_blank" rel="noopener">
          <FileText aria-hidden="true" size={16} /> {recallMessages.downloadPdf}
        </a>
      </div>
    </details>
  );
}
