import { QueryClient, type QueryKey } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '#web/api/query-keys.js';
import { createBlendedCoffeeOptions } from '#web/features/blended-coffee/api/create-blended-coffee.js';
import { deleteBlendedCoffeeOptions } from '#web/features/blended-coffee/api/delete-blended-coffee.js';
import { updateBlendedCoffeeOptions } from '#web/features/blended-coffee/api/update-blended-coffee.js';

const page = { limit: 10, offset: 0 };

describe('a blend save (create, edit, delete) refreshes exactly what it changed', () => {
  it('blend lists, roasted stock (its own lots, Café Tostado) and products; not origins, green lots or recipes', async () => {
    const cached: Record<string, QueryKey> = {
      blendsPage: queryKeys.blendedCoffee.page(page),
      blendLots: queryKeys.blendedCoffee.roastedLots,
      roastedPage: queryKeys.roastedCoffee.page(page),
      products: [...queryKeys.products.all, 'search'],
      recipePicker: queryKeys.blendedCoffee.recipeOptions,
      originOptions: queryKeys.origins.options,
      greenPage: queryKeys.greenCoffee.page(page),
    };
    for (const options of [createBlendedCoffeeOptions, updateBlendedCoffeeOptions, deleteBlendedCoffeeOptions]) {
      const queryClient = new QueryClient();
      for (const key of Object.values(cached)) queryClient.setQueryData(key, { cached: true });
      await (options(queryClient).onSuccess as () => Promise<unknown>)();
      const stale = Object.entries(cached).filter(([, key]) => queryClient.getQueryState(key)?.isInvalidated).map(([name]) => name);
      expect(stale.sort()).toEqual(['blendLots', 'blendsPage', 'products', 'roastedPage']);
    }
  });
});
