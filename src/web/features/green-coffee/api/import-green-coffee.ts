import { mutationOptions, type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ImportResult } from '#shared/schemas/green-import.js';
import { invalidate, queryKeys } from '#web/api/query-keys.js';
import { ApiError } from '#web/lib/api-client.js';

const NETWORK_MESSAGE = 'No se pudo conectar con el servidor. Revisa tu conexión.';

/**
 * POST /api/green-coffee/import: the file itself as the body (`text/csv`), not
 * JSON, so the server reads its bytes (UTF-8 or not) as they are. Errors become
 * the same ApiError as apiRequest's, with the server's Spanish message.
 */
export async function importGreenCoffee({ file, dryRun }: { file: Blob; dryRun: boolean }): Promise<ImportResult> {
  let response: Response;
  try {
    response = await fetch(`/api/green-coffee/import?dry_run=${dryRun}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'content-type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'network', NETWORK_MESSAGE);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | undefined)?.error;
    throw new ApiError(response.status, error?.code ?? 'unknown', error?.message ?? NETWORK_MESSAGE);
  }
  return data as ImportResult;
}

// A confirmed import adds lots: the same lists as one new lot (green lists, available stock, roast lot options).
export const importGreenCoffeeOptions = (queryClient: QueryClient) =>
  mutationOptions({
    mutationFn: importGreenCoffee,
    onSuccess: (_result: ImportResult, variables: { dryRun: boolean }) =>
      variables.dryRun ? undefined : invalidate(queryClient, queryKeys.greenCoffee.all),
  });

export const useImportGreenCoffee = () => useMutation(importGreenCoffeeOptions(useQueryClient()));
