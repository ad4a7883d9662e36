import type { RoastType } from '#shared/schemas/roasted-coffee.js';

/** A recipe component's origin as lists and the CSV name it: 'Huila', or 'Huila (Oscuro)' when it names a roast type (docs/product-guide.md#blend-recipe). */
export const recipeComponentOrigin = (component: { origin_name: string; roast_type: RoastType | null }): string =>
  component.roast_type ? `${component.origin_name} (${component.roast_type})` : component.origin_name;
