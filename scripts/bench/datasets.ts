// Where each data set of the bench lives, and reusing one already generated
// (the 1,000,000-sale set takes minutes): a SQLite file under /tmp with a
// marker beside it, or a PostgreSQL schema whose comment is the marker.
import fs from 'node:fs';
import path from 'node:path';
import { type DatasetTarget, generateDataset, searchPathOf } from '#support/bench/generate.js';
import { withPgClient } from '#support/pg-client.js';
import { DATA_DIR } from './data-dir.js';

/**
 * Change it when plan.ts, tables.ts or the schema they fill changes: older
 * generated sets are then rebuilt (plan-2: migration 0008's sales totals; plan-3: customers and their sales, migration 0023).
 */
const PLAN_VERSION = 'plan-3';


/** `name` is the set's size, or a scratch name like 'escrituras' for a set the bench writes into. */
export function datasetTarget(dialect: 'sqlite' | 'postgres', name: string, postgresUrl?: string): DatasetTarget {
  if (dialect === 'sqlite') return { kind: 'sqlite', file: path.join(DATA_DIR, `ventas-${name}.sqlite`) };
  const url = new URL(postgresUrl!);
  url.searchParams.set('options', `-c search_path=bench_${name}`);
  return { kind: 'postgres', url: url.toString() };
}

/** The server's DATABASE_URL for a target. */
export const databaseUrlOf = (target: DatasetTarget): string => (target.kind === 'sqlite' ? `sqlite:${target.file}` : target.url);

/** Generates the set unless one of this size and plan version is there (or `fresh`). */
export async function ensureDataset(target: DatasetTarget, sales: number, catalogueOf = sales): Promise<void> {
  const marker = `${PLAN_VERSION} ${sales}${catalogueOf === sales ? '' : ` catálogo ${catalogueOf}`}`;
  if ((await markerOf(target)) === marker) return;
  const summary = await generateDataset(sales, target, catalogueOf);
  console.log(`  datos: ${sales} ventas, ${summary.products} productos, ${summary.greenLots} lotes verdes en ${summary.seconds.toFixed(1)} s`);
  await setMarker(target, marker);
}

async function markerOf(target: DatasetTarget): Promise<string | undefined> {
  if (target.kind === 'sqlite') {
    return fs.existsSync(target.file) && fs.existsSync(`${target.file}.plan`) ? fs.readFileSync(`${target.file}.plan`, 'utf8') : undefined;
  }
  return withPgClient(target.url, async (client) => {
    const { rows } = await client.query<{ comment: string | null }>(
      'select obj_description(oid) as comment from pg_namespace where nspname = $1', [searchPathOf(target.url)]);
    return rows[0]?.comment ?? undefined;
  });
}

async function setMarker(target: DatasetTarget, marker: string): Promise<void> {
  if (target.kind === 'sqlite') return fs.writeFileSync(`${target.file}.plan`, marker);
  await withPgClient(target.url, (client) => client.query(`comment on schema ${client.escapeIdentifier(searchPathOf(target.url)!)} is ${client.escapeLiteral(marker)}`));
}

/** A scratch copy of a SQLite set (writes must not change the cached one); PostgreSQL regenerates it. */
export async function scratchDataset(source: DatasetTarget, scratch: DatasetTarget, sales: number): Promise<void> {
  if (source.kind === 'sqlite' && scratch.kind === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) {
      fs.rmSync(`${scratch.file}${suffix}`, { force: true });
      if (suffix !== '-shm' && fs.existsSync(`${source.file}${suffix}`)) fs.copyFileSync(`${source.file}${suffix}`, `${scratch.file}${suffix}`);
    }
    return;
  }
  await generateDataset(sales, scratch);
}
