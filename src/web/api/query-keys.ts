import type { QueryClient, QueryKey } from '@tanstack/react-query';

/** A page of a list (`?limit=&offset=`); a type, not an interface, so it passes as query parameters. */
export type PageParams = { limit: number; offset: number };

/**
 * Every query key of the app, declared once per area. A feature's `api/`
 * files build their query options from these keys, and each mutation
 * invalidates the keys of exactly the data it changed, which may belong to
 * other areas (a roast changes roasted lists and green stock): features cannot
 * import each other, so the keys live here, below them. An area's `all` key
 * is the prefix of every query of that area (TanStack matches keys by prefix).
 *
 * A new area adds one entry here; its mutations name what they change with
 * `invalidate(queryClient, …keys)`, never a keyless `invalidateQueries()`.
 */
export const queryKeys = {
  session: ['session'],
  users: { all: ['users'] },
  origins: {
    all: ['origins'],
    page: (page: PageParams) => ['origins', 'page', page],
    /** Every origin with its suppliers, for the forms' selects (src/web/api/get-origin-options.ts). */
    options: ['origins', 'options'],
  },
  greenCoffee: {
    all: ['green-coffee'],
    page: (page: PageParams) => ['green-coffee', 'page', page],
    /** The lots with stock (the roast screen's "available" table). */
    available: (page: PageParams) => ['green-coffee', 'available', page],
    /** The lots with stock, all of them, for the roast form's lot select. */
    roastOptions: ['green-coffee', 'roast-options'],
  },
  roastedCoffee: {
    all: ['roasted-coffee'],
    page: (page: PageParams) => ['roasted-coffee', 'page', page],
  },
  /** Blend recipes: the Configuración table; the blend form's recipe picker belongs under `all` too. */
  blendRecipes: {
    all: ['blend-recipes'],
    page: (page: PageParams) => ['blend-recipes', 'page', page],
  },
  /** The typed settings (default sale prices…): Configuración, and the sales form's prefilled prices. */
  settings: { all: ['settings'] },
  /** Café Mezcla. A blend save changes blend lists, roasted stock (roastedCoffee.all) and sellable products. */
  blendedCoffee: {
    all: ['blended-coffee'],
    page: (page: PageParams) => ['blended-coffee', 'page', page],
    /** Every roasted lot with stock (the component lots and the "available" table): under roastedCoffee.all, so roasts refresh it. */
    roastedLots: ['roasted-coffee', 'blend-lots'],
    /** Every recipe, for the recipe picker: under blendRecipes.all, so recipe saves refresh it. */
    recipeOptions: ['blend-recipes', 'blend-options'],
  },
  /** Ventas' sellable products (roasted and blended lots with stock); blends and roasts change them. */
  products: { all: ['products'] },
} as const satisfies Record<string, QueryKey | Record<string, QueryKey | ((...args: never[]) => QueryKey)>>;

/** Marks the queries under each key stale (refetching those on screen); resolves when they have refetched. */
export const invalidate = (queryClient: QueryClient, ...keys: QueryKey[]): Promise<unknown> =>
  Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
