import { orderScreenMessages as m } from '#shared/order-screen-messages.js';
import type { BlendRecipe } from '#shared/schemas/blend-recipes.js';
import type { OrderProduct } from '#shared/schemas/orders.js';
import type { Origin } from '#shared/schemas/origins.js';
import { ROAST_TYPES, type RoastType } from '#shared/schemas/roasted-coffee.js';

/**
 * A line's product as one select value, the plan's units (docs/product-guide.md#roast-plan): a
 * roasted product is an origin and a roast type ('tostado:12:Medio'), a blend product its recipe
 * ('mezcla:3'), as Configuración's 'Precios por producto' names them.
 */
export const productValue = (product: OrderProduct): string =>
  product.kind === 'tostado' ? `tostado:${product.origin_id}:${product.roast_type}` : `mezcla:${product.recipe_id}`;

/** The select value back as the API's product; undefined for none chosen (the form's "required" message). */
export function productOf(value: string): OrderProduct | undefined {
  const [kind, id, roastType] = value.split(':');
  if (kind === 'tostado') return { kind, origin_id: Number(id), roast_type: roastType as RoastType };
  if (kind === 'mezcla') return { kind, recipe_id: Number(id) };
  return undefined;
}

/** The product select's two groups: every origin in each roast type, then every recipe. */
export const productGroups = (origins: readonly Origin[], recipes: readonly BlendRecipe[]) => [
  {
    label: m.roastedGroup,
    options: origins.flatMap((origin) =>
      ROAST_TYPES.map((roastType) => ({ value: productValue({ kind: 'tostado', origin_id: origin.id, roast_type: roastType }), label: `${origin.name} · ${roastType}` })),
    ),
  },
  { label: m.blendGroup, options: recipes.map((recipe) => ({ value: productValue({ kind: 'mezcla', recipe_id: recipe.id }), label: recipe.name })) },
];
