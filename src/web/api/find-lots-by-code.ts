import type { HistoryPage, LotRef } from '#shared/schemas/traceability.js';
import { ApiError, apiRequest, withQuery } from '#web/lib/api-client.js';

/**
 * The lots whose code is `code` (case, width and spaces aside, as the trace
 * finds them: a green code is unique only per origin, so there may be several),
 * or none when no lot has it. A scan asks this to tell "not one of our lots"
 * from "our lot, but not usable here" (docs/product-guide.md#scanning-labels).
 * GET /api/lots/:code/history with one line of history: the cheapest read that
 * resolves a code and answers 404 for an unknown one.
 */
export async function findLotsByCode(code: string): Promise<LotRef[]> {
  try {
    const page = await apiRequest<HistoryPage>('GET', withQuery(`/lots/${encodeURIComponent(code)}/history`, { limit: 1 }));
    return page.matches;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
