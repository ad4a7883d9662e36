import { apiRequest, withQuery } from './api-client.js';
import { LARGEST_PAGE_SIZE } from './page-size.js';

/** Every row of a paginated list (`{items,total}`), following its pages to the end (a form's select, the users list). */
export async function fetchAllPages<T>(path: string, query: Record<string, string | number | undefined> = {}): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const page = await apiRequest<{ items: T[]; total: number }>('GET', withQuery(path, { ...query, limit: LARGEST_PAGE_SIZE, offset: rows.length }));
    rows.push(...page.items);
    if (page.items.length === 0 || rows.length >= page.total) return rows;
  }
}
