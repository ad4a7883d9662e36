import { productPriceMessages as m } from '#shared/product-price-messages.js';
import type { Origin } from '#shared/schemas/origins.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { PageError } from '#web/components/page-error.js';
import { useRecipeOptions } from '#web/api/get-recipe-options.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { deleteProductPriceOptions } from './api/delete-product-price.js';
import { productPricesQueryOptions } from './api/get-product-prices.js';
import { ProductPriceForm } from './product-price-form.js';
import { ProductPricesTable } from './product-prices-table.js';

/**
 * 'Precios por producto' on Configuración (docs/product-guide.md#configuracion), below the default
 * prices it comes before in the sale form: the add/edit form and the table, paged. Its own list
 * page state (useListPage), so the recipes above keep theirs; a failed load or save shows its red
 * message in place of the section.
 */
export function ProductPricesSection({ origins }: { origins: Origin[] }) {
  const { list, rowActions, paging, formKey, formProps, failure, formRef } = useListPage({
    pageQuery: productPricesQueryOptions,
    deleteMutation: deleteProductPriceOptions,
    recordPath: '/product-prices',
    messages: { confirmMessage: m.deleteConfirm, deletedMessage: m.deleted, failedMessage: m.deleteError },
  });
  const recipes = useRecipeOptions();

  if (failure) return <PageError message={failure} />;
  if (loadFailed(list)) return <LoadFailure message={m.loadError} error={list.error} />;
  if (loadFailed(recipes)) return <LoadFailure message={m.loadError} error={recipes.error} />;
  if (!list.data || !recipes.data) return null;
  return (
    <>
      <div ref={formRef}>
        <ProductPriceForm key={formKey} origins={origins} recipes={recipes.data} {...formProps} />
      </div>
      <ListCard id="product-prices" title="Precios por Producto Registrados" pager={{ total: list.data.total, ...paging, label: 'Páginas de precios por producto' }}>
        <ProductPricesTable prices={list.data.items} {...rowActions} />
      </ListCard>
    </>
  );
}
