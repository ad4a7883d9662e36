import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/schemas/green-import.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { apiUpload } from '#web/lib/write-request.js';

/**
 * POST /api/green-coffee/import: the file itself as the body (`text/csv`), not
 * JSON, so the server reads its bytes (UTF-8 or not) as they are.
 */
export const importGreenCoffee = ({ file, dryRun }: { file: Blob; dryRun: boolean }): Promise<ImportResult> =>
  apiUpload<ImportResult>(`/green-coffee/import?dry_run=${dryRun}`, file, 'text/csv');

// A confirmed import adds lots: the same lists as one new lot (green lists, available stock, roast lot options).
export const importGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: importGreenCoffee,
    onSuccess: (_result: ImportResult, variables: { dryRun: boolean }) =>
      variables.dryRun ? undefined : invalidate(queryClient, queryKeys.greenCoffee.all),
  });

export const useImportGreenCoffee = () => useMutation(importGreenCoffeeOptions(useQueryClient()));
