import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client.js';

/**
 * Failures are shown, not retried in a loop: a 4xx will not change on retry,
 * and a failed load shows its red message (docs/product-guide.md#screens).
 */
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => !(error instanceof ApiError && error.status >= 400 && error.status < 500) && failures < 1,
        refetchOnWindowFocus: false,
        staleTime: 10_000,
      },
      // Writes retry in sendWrite (src/web/lib/write-request.ts), with 'Sin conexión: reintentando…' and then
      // 'No se pudo confirmar…'. 'always': TanStack's default pauses a write while the browser says it is
      // offline, so a sale sent without wifi waited with no message, and was lost if the tab was closed.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
