import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { reportMessages as m } from '#shared/report-messages.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { Deferred } from '#web/components/loading-page.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useMonthlyMargin } from './api/get-monthly-margin.js';
import { useMonthlySales } from './api/get-monthly-sales.js';
import { usePeriodTotals } from './api/get-period-totals.js';
import { useStockByAge } from './api/get-stock-by-age.js';
import { useStockSummary } from './api/get-stock-summary.js';
import { useSalesByCustomer } from './api/get-sales-by-customer.js';
import { useTopByProduct } from './api/get-top-by-product.js';
import { useTopProducts } from './api/get-top-products.js';
import { withMargins } from './chart-data.js';
import { MonthlySalesChart } from './monthly-sales-chart.js';
import { PeriodTotals } from './period-totals.js';
import { RangeFilter } from './range-filter.js';
import { SalesByCustomerCard } from './sales-by-customer-card.js';
import { rangeOf, rangeSearchParams, readRangeChoice } from './report-range.js';
import { StockTiles } from './stock-tiles.js';
import { TopByProductCard } from './top-by-product-card.js';
import { TopProductsChart } from './top-products-chart.js';
import './reports.css';

/**
 * /reportes (docs/product-guide.md#reportes): the period filter (in the URL), the period's
 * totals with 'Exportar CSV', 'Ventas Mensuales', the top 5 pie by lot beside the top 5 by
 * product, the top 10 customers, and the stock tiles. A failed load replaces the content with its red message.
 */
export function ReportsPage() {
  const [params, setParams] = useSearchParams();
  const choice = readRangeChoice(params);
  const { period, from, to } = choice;
  const range = useMemo(() => rangeOf({ period, from, to }), [period, from, to]);
  const monthly = useMonthlySales(range);
  const margin = useMonthlyMargin(range);
  const top = useTopProducts(range);
  const totals = usePeriodTotals(range);
  const byProduct = useTopByProduct(range);
  const byCustomer = useSalesByCustomer(range);
  const stock = useStockSummary();
  const byAge = useStockByAge();

  if (loadFailed(monthly)) return <LoadFailure message={m.salesLoadError} error={monthly.error} />;
  if (loadFailed(margin)) return <LoadFailure message={m.salesLoadError} error={margin.error} />;
  if (loadFailed(top)) return <LoadFailure message={m.salesLoadError} error={top.error} />;
  if (loadFailed(totals)) return <LoadFailure message={m.salesLoadError} error={totals.error} />;
  if (loadFailed(byProduct)) return <LoadFailure message={m.salesLoadError} error={byProduct.error} />;
  if (loadFailed(byCustomer)) return <LoadFailure message={m.salesLoadError} error={byCustomer.error} />;
  if (loadFailed(stock)) return <LoadFailure message={m.stockLoadError} error={stock.error} />;
  if (loadFailed(byAge)) return <LoadFailure message={m.stockLoadError} error={byAge.error} />;
  return (
    <Page title={m.title}>
      <RangeFilter choice={choice} onChange={(next) => setParams(rangeSearchParams(next))} />
      {monthly.data && margin.data && top.data && totals.data && byProduct.data && byCustomer.data && stock.data && byAge.data ? (
        <Deferred fallback={<LoadingText text={m.loading} />}>
          <PeriodTotals totals={totals.data} range={range} />
          <div className="report-charts">
            <MonthlySalesChart months={withMargins(monthly.data.items, margin.data.items)} />
            <TopProductsChart products={top.data.items} />
            <TopByProductCard products={byProduct.data.items} />
            <SalesByCustomerCard report={byCustomer.data} />
          </div>
          <StockTiles stock={stock.data} byAge={byAge.data.items} />
        </Deferred>
      ) : (
        <LoadingText text={m.loading} />
      )}
    </Page>
  );
}
