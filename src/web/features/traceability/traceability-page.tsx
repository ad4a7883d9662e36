import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { useFormat } from '#web/api/use-format.js';
import { LABEL_PARAM, lotTracePath } from '#shared/lot-label.js';
import { scanMessages } from '#shared/scan-messages.js';
import { formatDate } from '#shared/format.js';
import { traceabilityMessages as m } from '#shared/traceability-messages.js';
import { TRACE_LOT_KINDS, type Trace, type TraceLotKind } from '#shared/schemas/traceability.js';
import { findLotsByCode } from '#web/api/find-lots-by-code.js';
import type { TraceParams } from '#web/api/query-keys.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { Pager } from '#web/components/pager.js';
import { ApiError, loadFailed } from '#web/lib/api-client.js';
import { useBringIntoView } from '#web/lib/use-bring-into-view.js';
import { useLotHistory } from './api/get-lot-history.js';
import { useTrace } from './api/get-trace.js';
import { BackwardTrace } from './backward-trace.js';
import { ForwardTree, RoastTasting } from './forward-tree.js';
import { LotHistoryTable } from './lot-history-table.js';
import { LOT_KIND_LABELS, PRODUCT_TYPE_LABELS } from './lot-kind-labels.js';
import { LotMatches } from './lot-matches.js';
import { LotSearchForm } from './lot-search-form.js';
import { TraceSalesTable } from './trace-sales-table.js';
import { TraceActions } from './trace-actions.js';
import './traceability.css';

const SALES_PAGE = 20;
const HISTORY_PAGE = 20;

/**
 * What the URL asks for: ?venta=ID, ?tipo=green|roasted|blend&id=ID, or ?lote=CODE (shareable,
 * printable, and a label's QR code: src/shared/lot-label.ts).
 */
function traceParamsOf(search: URLSearchParams): Omit<TraceParams, 'limit' | 'offset'> | undefined {
  const positive = (text: string | null) => (text !== null && /^\d{1,10}$/.test(text) && Number(text) > 0 ? Number(text) : undefined);
  const sale = positive(search.get('venta'));
  if (sale !== undefined) return { sale_id: sale };
  const kind = search.get('tipo');
  const id = positive(search.get('id'));
  if (id !== undefined && (TRACE_LOT_KINDS as readonly string[]).includes(kind ?? '')) return { kind: kind as TraceLotKind, id };
  const code = search.get(LABEL_PARAM)?.trim();
  return code ? { code } : undefined;
}

function SaleSummary({ sale }: { sale: NonNullable<Trace['sale']> }) {
  const f = useFormat();
  return (
    <section className="card" aria-labelledby="sale-title">
      <h2 id="sale-title" className="card__title">
        Venta del {formatDate(sale.sale_date)}
      </h2>
      <dl className="trace-facts">
        <dt>Producto</dt>
        <dd>
          {PRODUCT_TYPE_LABELS[sale.product_type]} · {sale.batch_code_sold}
        </dd>
        <dt>Cantidad</dt>
        <dd>{f.kg(sale.quantity_kg)}</dd>
        <dt>Precio Unitario</dt>
        <dd>{f.money(sale.unit_price)}/Kg</dd>
        <dt>Total</dt>
        <dd>{f.money(sale.total)}</dd>
        <dt>Coste</dt>
        <dd>{sale.cost === null ? '—' : f.money(sale.cost)}</dd>
        <dt>Margen bruto</dt>
        <dd>
          {sale.margin === null ? '—' : f.money(sale.margin)}
          {sale.margin_percent !== null && ` (${f.twoDecimals(sale.margin_percent)} %)`}
        </dd>
      </dl>
    </section>
  );
}

/**
 * One lot's (or sale's) trace and history; keyed by the URL, so following a
 * link to another lot starts its pages from the first.
 */
function TraceResult({ selector }: { selector: Omit<TraceParams, 'limit' | 'offset'> }) {
  const f = useFormat();
  const [salesOffset, setSalesOffset] = useState(0);
  const [historyOffset, setHistoryOffset] = useState(0);
  const trace = useTrace({ ...selector, limit: SALES_PAGE, offset: salesOffset });
  const root = trace.data?.root;
  const lotRoot = root && root.kind !== 'sale' ? { kind: root.kind, id: root.id } : undefined;
  const history = useLotHistory(lotRoot && { ...lotRoot, limit: HISTORY_PAGE, offset: historyOffset });
  // A code scanned, typed or opened from a label's address: the answer comes into view (a lot's trace or
  // the lots that share the code), not a screen below the search. A link from a table or a sale does not move.
  const heading = useBringIntoView<HTMLHeadingElement>(selector.code !== undefined && trace.data !== undefined);

  // An unknown code is an answer to show next to the search, not a failed load.
  if (trace.error instanceof ApiError && trace.error.status === 404) {
    return (
      <p className="form-alert" role="alert">
        {trace.error.message}
      </p>
    );
  }
  if (loadFailed(trace)) return <LoadFailure message={m.loadError} error={trace.error} />;
  if (loadFailed(history)) return <LoadFailure message={m.historyLoadError} error={history.error} />;
  const data = trace.data;
  if (!data) return <LoadingText />;
  if (data.root === null) return <LotMatches code={selector.code ?? ''} matches={data.matches} headingRef={heading} />;
  return (
    <div className="trace-result">
      <div className="trace-heading">
        <h2 ref={heading} tabIndex={-1} className="trace-heading__title">
          {data.root.kind === 'sale' ? 'Venta' : LOT_KIND_LABELS[data.root.kind]} · {data.root.batch_code}
        </h2>
        <TraceActions trace={data} selector={selector} />
      </div>
      {data.sale && <SaleSummary sale={data.sale} />}
      {data.forward && <ForwardTree forward={data.forward} />}
      {data.backward && (
        <BackwardTrace backward={data.backward} subject={data.sale ? 'Kilos vendidos' : data.root.kind === 'green' ? 'Kilos recibidos' : 'Kilos producidos'} />
      )}
      {data.root.kind !== 'sale' && (
        <section className="card" aria-labelledby="trace-sales-title">
          <h2 id="trace-sales-title" className="card__title">
            Ventas
          </h2>
          <p>
            {data.sales.total} {data.sales.total === 1 ? 'venta' : 'ventas'} · {f.kg(data.sales.total_kg)} · {f.money(data.sales.total_amount)}
          </p>
          <TraceSalesTable sales={data.sales.items} />
          <Pager total={data.sales.total} limit={SALES_PAGE} offset={salesOffset} onChange={setSalesOffset} label="Páginas de ventas del lote" />
        </section>
      )}
      {lotRoot && (
        <section className="card" aria-labelledby="history-title">
          <h2 id="history-title" className="card__title">
            Historial del lote
          </h2>
          {history.data ? (
            <>
              {history.data.lot && <RoastTasting notes={history.data.lot.notes} score={history.data.lot.cupping_score} />}
              <LotHistoryTable items={history.data.items} />
              <Pager total={history.data.total} limit={HISTORY_PAGE} offset={historyOffset} onChange={setHistoryOffset} label="Páginas del historial del lote" />
            </>
          ) : (
            <LoadingText />
          )}
        </section>
      )}
    </div>
  );
}

/**
 * /trazabilidad (docs/product-guide.md#trazabilidad): type or scan a lot code, or open it from a lot
 * table or a sale, and see the lot both ways: forwards to its roasts, blends
 * and sales, backwards to its green lots, origins and farms; below, the lot's
 * history from the ledger. Printable (print CSS) and exportable as CSV.
 */
export function TraceabilityPage() {
  const [search, setSearch] = useSearchParams();
  const navigate = useNavigate();
  // Addresses shared before labels named the code ?codigo=: the same trace, under today's address.
  const legacyCode = search.get('codigo');
  if (legacyCode !== null && !search.has(LABEL_PARAM)) return <Navigate replace to={lotTracePath(legacyCode)} />;
  const selector = traceParamsOf(search);
  const code = search.get(LABEL_PARAM) ?? '';
  /** A scanned label: its trace, if the code is one of our lots (docs/product-guide.md#scanning-labels). */
  const onScan = async (scanned: string) => {
    if ((await findLotsByCode(scanned)).length === 0) return scanMessages.notOurLot;
    return () => void navigate(lotTracePath(scanned));
  };
  return (
    <Page title={m.title}>
      <LotSearchForm key={code} initialCode={code} onSearch={(typed) => setSearch({ [LABEL_PARAM]: typed })} onScan={onScan} />
      {selector ? (
        <TraceResult key={search.toString()} selector={selector} />
      ) : (
        <p className="empty-text">Escribe o escanea el código de un lote de café verde, tostado o mezcla para ver de dónde viene y a dónde fue.</p>
      )}
    </Page>
  );
}
