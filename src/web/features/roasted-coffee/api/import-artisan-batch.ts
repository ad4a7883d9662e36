import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ArtisanBatchBody, ArtisanBatchResult } from '#shared/schemas/artisan.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiWrite } from '#web/lib/write-request.js';

/**
 * POST /api/roasted-coffee/import-artisan-batch: every accepted file of one confirm, all recorded
 * or none; one Idempotency-Key per confirm, kept through apiWrite's retries (and a file sent twice
 * is refused by its Artisan UUID anyway).
 */
export const importArtisanBatch = (body: ArtisanBatchBody) => apiWrite<ArtisanBatchResult>('POST', '/roasted-coffee/import-artisan-batch', body);

// Imported roasts are roasts: the same lists as a roast created in the form (roasted, green, sellable products).
export const importArtisanBatchOptions = (queryClient: QueryClient) =>
  mutationOptions({ mutationFn: importArtisanBatch, onSuccess: () => invalidate(queryClient, queryKeys.roastedCoffee.all, queryKeys.greenCoffee.all, queryKeys.products.all) });

export const useImportArtisanBatch = () => useMutation(importArtisanBatchOptions(useQueryClient()));
