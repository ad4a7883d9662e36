import { useState } from 'react';
import { blendRecipeMessages as m, settingsMessages } from '#shared/messages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import { LoadFailure } from '#web/components/load-failure.js';
import { Deferred } from '#web/components/loading-page.js';
import { LoadingText } from '#web/components/loading-text.js';
import { Page } from '#web/components/page.js';
import { PageError } from '#web/components/page-error.js';
import { Pager } from '#web/components/pager.js';
import { useOriginOptions } from '#web/api/get-origin-options.js';
import { loadFailed } from '#web/lib/api-client.js';
import { useDeleteRow } from '#web/lib/use-delete-row.js';
import { useFormScreen } from '#web/lib/use-form-screen.js';
import { AdminOptionsCard } from './admin-options-card.js';
import { useDeleteBlendRecipe } from './api/delete-blend-recipe.js';
import { useBlendRecipes } from './api/get-blend-recipes.js';
import { useSettings } from './api/get-settings.js';
import { DefaultPricesForm } from './default-prices-form.js';
import { LowStockForm } from './low-stock-form.js';
import { RecipeForm } from './recipe-form.js';
import { RecipesTable } from './recipes-table.js';
import './settings.css';
import { ExportCsvButton } from '#web/components/export-csv-button.js';

const PAGE_SIZE = 50;

/**
 * /configuracion (docs/product-guide.md#configuracion, administrators only: the route
 * sends a tecnico to /): the recipe form, the recipes table, the default sale
 * prices and the admin-options card. A failed load replaces the whole screen
 * with its red message.
 */
export function ConfigurationPage() {
  const [offset, setOffset] = useState(0);
  const recipes = useBlendRecipes({ limit: PAGE_SIZE, offset });
  const origins = useOriginOptions();
  const settings = useSettings();
  const deleteRecipe = useDeleteBlendRecipe();
  const { editing, formKey, formProps, failure, fail, backToAddMode, startEditing, formRef } = useFormScreen<BlendRecipe>();
  const page = recipes.data;

  const onDelete = useDeleteRow<BlendRecipe>({
    confirmMessage: m.deleteConfirm,
    deletedMessage: m.deleted,
    failedMessage: m.deleteError,
    remove: deleteRecipe.mutateAsync,
    editing,
    backToAddMode,
    fail,
    paging: { rowsOnPage: page?.items.length, offset, limit: PAGE_SIZE, setOffset },
  });

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
          <section className="card" aria-labelledby="recipes-title">
            <h2 id="recipes-title" className="card__title">
              Recetas de Mezcla Registradas
            </h2>
            <ExportCsvButton path="/blend-recipes/export.csv" />
            <RecipesTable recipes={page.items} busy={deleteRecipe.isPending} onEdit={startEditing} onDelete={onDelete} />
            <Pager total={page.total} limit={PAGE_SIZE} offset={offset} onChange={setOffset} label="Páginas de recetas" />
          </section>
          <DefaultPricesForm settings={settings.data} onFailure={fail} />
          <LowStockForm settings={settings.data} onFailure={fail} />
          <AdminOptionsCard />
        </Deferred>
      ) : (
        <LoadingText text={m.loading} />
      )}
    </Page>
  );
}
