import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { stockCountMessages as m } from '#shared/stock-count-messages.js';
import { TRACE_LOT_KINDS } from '#shared/schemas/traceability.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { LoadedPage, LoadingPage } from '#web/components/loading-page.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { PAGE_SIZE } from '#web/lib/page-size.js';
import { useCountSheet } from './api/get-count-sheet.js';
import { stockCountsQueryOptions } from './api/get-stock-counts.js';
import { CountSheetForm } from './count-sheet-form.js';
import { StockCountsTable } from './stock-counts-table.js';
import './stock-counts.css';

/** The lot a row's 'Ajustar' opened: /inventario?tipo=green|roasted|blend&id=ID (docs/product-guide.md#recuento-de-inventario). */
function singleLotOf(search: URLSearchParams): { kind: string; id: number } | undefined {
  const kind = search.get('tipo') ?? '';
  const id = search.get('id') ?? '';
  return (TRACE_LOT_KINDS as readonly string[]).includes(kind) && /^\d{1,10}$/.test(id) && Number(id) > 0 ? { kind, id: Number(id) } : undefined;
}

/** /inventario 'Recuento de Inventario': the count sheet above the counts made so far. */
export function StockCountPage() {
  const [params, setParams] = useSearchParams();
  const single = singleLotOf(params);
  const sheet = useCountSheet();
  const origins = useOriginOptions();
  const [offset, setOffset] = useState(0);
  const counts = useQuery(stockCountsQueryOptions({ limit: PAGE_SIZE, offset }));
  const [failure, setFailure] = useState<string | undefined>();

  if (failure) return <PageError message={failure} />;
  if (loadFailed(sheet)) return <LoadFailure message={m.loadError} error={sheet.error} />;
  if (loadFailed(origins)) return <LoadFailure message={m.loadError} error={origins.error} />;
  if (loadFailed(counts)) return <LoadFailure message={m.historyLoadError} error={counts.error} />;
  if (!sheet.data || !origins.data || !counts.data) return <LoadingPage title={m.title} text={m.loading} />;
  return (
    <LoadedPage title={m.title} text={m.loading}>
      <CountSheetForm
        lots={sheet.data.items}
        origins={origins.data}
        single={single}
        onShowAll={() => setParams({})}
        onReload={async () => (await sheet.refetch()).data?.items ?? []}
        onFailure={(message, error) => {
          console.error(message, error);
          setFailure(message);
        }}
      />
      <ListCard id="stock-counts-history" title={m.historyTitle} pager={{ total: counts.data.total, limit: PAGE_SIZE, offset, onChange: setOffset, label: 'Páginas de recuentos' }}>
        <StockCountsTable counts={counts.data.items} />
      </ListCard>
    </LoadedPage>
  );
}
