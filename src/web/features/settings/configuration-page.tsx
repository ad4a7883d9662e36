import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { settingsMessages } from '#shared/settings-messages.js';
import { ListCard } from '#web/components/list-card.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { Deferred } from '#web/components/loading-page.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useListPage } from '#web/lib/use-list-page.js';
import { useSettings } from '#web/api/get-settings.js';
import { AdminOptionsCard } from './admin-options-card.js';
import { deleteBlendRecipeOptions } from './api/delete-blend-recipe.js';
import { blendRecipesQueryOptions } from './api/get-blend-recipes.js';
import { ProductPricesSection } from './product-prices-section.js';
import { RecipeForm } from './recipe-form.js';
import { RegionalFormatForm } from './regional-format-form.js';
import { RecipesTable } from './recipes-table.js';
import { SaleFormatsSection } from './sale-formats-section.js';
import { SettingsForm } from './settings-form.js';
import { DEFAULT_PRICES, FRESHNESS, LOW_STOCK, ROASTER, SHOP_ORDERS, TOLERANCES } from './settings-sections.js';
import { PublicTraceForm } from './public-trace-form.js';
import { TemperatureUnitForm } from './temperature-unit-form.js';
import { BAG_LABELS, BUSINESS, TextSettingsForm } from './text-settings-form.js';
import './settings.css';

/**
 * /configuracion (docs/product-guide.md#configuracion, administrators only: the route
 * sends a tecnico to /): the recipe form, the recipes table, the default sale
 * prices, the prices per product, the sale formats, Datos del negocio, Etiquetas de bolsa and the admin-options card. A failed load replaces the whole screen
 * with its red message.
 */
export function ConfigurationPage() {
  const { list: recipes, rowActions, paging, formKey, formProps, failure, fail, formRef } = useListPage({
    pageQuery: blendRecipesQueryOptions,
    deleteMutation: deleteBlendRecipeOptions,
    recordPath: '/blend-recipes',
    messages: { confirmMessage: m.deleteConfirm, deletedMessage: m.deleted, failedMessage: m.deleteError },
  });
  const origins = useOriginOptions();
  const settings = useSettings();
  const page = recipes.data;

  if (failure) return <PageError message={failure} />;
  if (loadFailed(recipes)) return <LoadFailure message={m.loadError} error={recipes.error} />;
  if (loadFailed(origins)) return <LoadFailure message={m.originsLoadError} error={origins.error} />;
  if (loadFailed(settings)) return <LoadFailure message={settingsMessages.loadError} error={settings.error} />;
  return (
    <Page title={m.title}>
      {page && origins.data && settings.data ? (
        <Deferred fallback={<LoadingText text={m.loading} />}>
          <div ref={formRef}>
            <RecipeForm key={formKey} origins={origins.data} {...formProps} />
          </div>
          <ListCard
            id="recipes"
            title="Recetas de Mezcla Registradas"
            exportPath="/blend-recipes/export.csv"
            pager={{ total: page.total, ...paging, label: 'Páginas de recetas' }}
          >
            <RecipesTable recipes={page.items} {...rowActions} />
          </ListCard>
          <SettingsForm section={DEFAULT_PRICES} settings={settings.data} onFailure={fail} />
          <ProductPricesSection origins={origins.data} />
          <SaleFormatsSection />
          <SettingsForm section={LOW_STOCK} settings={settings.data} onFailure={fail} />
          <SettingsForm section={ROASTER} settings={settings.data} onFailure={fail} />
          <SettingsForm section={TOLERANCES} settings={settings.data} onFailure={fail} />
          <SettingsForm section={SHOP_ORDERS} settings={settings.data} onFailure={fail} />
          <SettingsForm section={FRESHNESS} settings={settings.data} onFailure={fail} />
          <PublicTraceForm settings={settings.data} onFailure={fail} />
          <TextSettingsForm section={BUSINESS} settings={settings.data} onFailure={fail} />
          <TextSettingsForm section={BAG_LABELS} settings={settings.data} onFailure={fail} />
          <RegionalFormatForm settings={settings.data} onFailure={fail} />
          <TemperatureUnitForm settings={settings.data} onFailure={fail} />
          <AdminOptionsCard />
        </Deferred>
      ) : (
        <LoadingText text={m.loading} />
      )}
    </Page>
  );
}
