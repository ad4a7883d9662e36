import { GRIND_LABELS } from '#shared/order-messages.js';
import type { ShopSku } from '#shared/schemas/shop-orders.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { actionsColumn, type Column, DataTable } from '#web/components/data-table.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { PageError } from '#web/components/page-error.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { deleteShopSkuOptions } from './api/delete-shop-sku.js';
import { shopSkusPageQueryOptions } from './api/get-shop-skus-page.js';
import { type SkuChoices, ShopSkuForm } from './shop-sku-form.js';

const COLUMNS: Column<ShopSku>[] = [
  { label: m.skuColumn, className: 'wrap', cell: (sku) => <strong>{sku.sku}</strong> },
  { label: m.skuProduct, className: 'wrap', cell: (sku) => (sku.ignore ? m.ignore : (sku.product_name ?? '—')) },
  { label: m.skuFormat, cell: (sku) => (sku.ignore ? '—' : (sku.format_name ?? m.bulk)) },
  { label: m.skuGrind, cell: (sku) => (sku.grind ? GRIND_LABELS[sku.grind] : '—') },
];

/**
 * 'Correspondencias de productos guardadas' on the import screen (docs/product-guide.md#pedidos-de-la-tienda-online):
 * the add/edit form and the saved SKU mappings, paged, each editable (with its version) and
 * deletable; both roles, as /api/shop-skus. A failed load or save shows its red message in place of the section.
 */
export function ShopSkusSection({ choices, onChanged }: { choices: SkuChoices; onChanged: () => void }) {
  const { list, rowActions, paging, formKey, formProps, failure, formRef } = useListPage({
    pageQuery: shopSkusPageQueryOptions,
    deleteMutation: deleteShopSkuOptions,
    recordPath: '/shop-skus',
    messages: { confirmMessage: m.skuDeleteConfirm, deletedMessage: m.skuDeleted, failedMessage: m.skuDeleteError },
    onDeleted: onChanged,
  });

  if (failure) return <PageError message={failure} />;
  if (loadFailed(list)) return <LoadFailure message={m.skuLoadError} error={list.error} />;
  if (!list.data) return null;
  const actions = actionsColumn(rowActions, (sku: ShopSku) => `la correspondencia ${sku.sku}`);
  return (
    <>
      <div ref={formRef}>
        <ShopSkuForm
          key={formKey}
          {...formProps}
          onSaved={(message, saved) => {
            formProps.onSaved(message, saved);
            onChanged();
          }}
          choices={choices}
        />
      </div>
      <ListCard id="shop-skus" title={m.skuListTitle} pager={{ total: list.data.total, ...paging, label: m.skuPages }}>
        <DataTable caption={m.skuListTitle} columns={[...COLUMNS, actions]} rows={list.data.items} empty={m.skuListEmpty} />
      </ListCard>
    </>
  );
}
