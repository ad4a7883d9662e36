// Clientes' list at 1,000 customers and at 100,000 (docs/product-guide.md#clientes): a page is a
// walk of the (name_sort, id) index from its keyset, so it must not grow with the table. Two
// scratch copies of the small set, one with each number of customers, served side by side and
// asked alternately (pairedMedianMs), as P6 does for the activity log.
import { sql } from 'kysely';
import { openDatabase } from '#server/db/database.js';
import type { DatasetTarget } from '#support/bench/generate.js';
import { type Endpoint, pairedMedianMs } from './measure.js';
import { type BenchRow, ms } from './results.js';

/** A cursor in the middle of the list: 'cliente 0000500' (base64url of [name_sort, id], as the API writes it). */
const middleCursor = Buffer.from(JSON.stringify(['cliente 0000500', 500])).toString('base64url');

/** The screen's first request (src/web/lib/screens.ts), and a later page from its cursor. */
export const CUSTOMER_PATHS = {
  'primera página': '/api/customers?limit=50',
  'página siguiente (cursor)': `/api/customers?limit=50&cursor=${middleCursor}`,
} as const;

/**
 * No target: a search reads the list's index walk and keeps the customers that contain the
 * text, so a text many customers have stops after a page, and one nobody has reads them all.
 */
export const INFORMATIVE_CUSTOMER_PATHS = {
  'búsqueda frecuente («cliente 00001»)': '/api/customers?limit=50&q=cliente%2000001',
  'búsqueda sin resultados («nadie»)': '/api/customers?limit=50&q=nadie',
} as const;

/** Fills a set up to `count` customers in one statement: 'Cliente 0000001', … (keys computed as the repository does for such names). */
export async function fillCustomers(target: DatasetTarget, count: number): Promise<void> {
  const handle = await openDatabase(target.kind === 'sqlite' ? { kind: 'sqlite', file: target.file } : { kind: 'postgres', url: target.url });
  try {
    const padded = target.kind === 'sqlite' ? sql`printf('%07d', i)` : sql`lpad(cast(i as text), 7, '0')`;
    const key = sql`'cliente ' || ${padded}`;
    const columns = sql`'Cliente ' || ${padded}, ${key}, ${key}, ${key}, ${key}, 'cafeteria'`;
    // The set's own customers that sales name stay (their sales need them); the rest make up `count`.
    await sql`delete from customers where id not in (select customer_id from sales where customer_id is not null)`.execute(handle.db);
    const { rows } = await sql<{ kept: number | string }>`select count(*) as kept from customers`.execute(handle.db);
    const filler = count - Number(rows[0]!.kept);
    if (target.kind === 'sqlite') {
      await sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${filler})
        insert into customers (name, name_sort, name_key, name_skeleton, search_key, kind) select ${columns} from n`.execute(handle.db);
    } else {
      await sql`insert into customers (name, name_sort, name_key, name_skeleton, search_key, kind)
        select ${columns} from generate_series(1, ${filler}) as i`.execute(handle.db);
      await sql`analyze customers`.execute(handle.db);
    }
  } finally {
    await handle.close();
  }
}

/** One row per path: the big table against the small one, target ≤ 2× (the search informative). */
export async function customerRows(small: Endpoint, big: Endpoint, smallCount: number, bigCount: number): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [name, path, targeted] of [
    ...Object.entries(CUSTOMER_PATHS).map(([n, p]) => [n, p, true] as const),
    ...Object.entries(INFORMATIVE_CUSTOMER_PATHS).map(([n, p]) => [n, p, false] as const),
  ]) {
    const [atBig, atSmall] = await pairedMedianMs([big, small], path);
    const ratio = atBig! / atSmall!;
    rows.push({
      name: `P11 clientes, ${name}${targeted ? '' : ' (informativo)'}: ${bigCount} vs ${smallCount} clientes`,
      baseline: ms(atSmall!),
      ours: ms(atBig!),
      ratio,
      target: targeted ? '≤ 2×' : '—',
      met: targeted ? ratio <= 2 : null,
    });
  }
  return rows;
}
