import { sql } from 'kysely';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';

/**
 * A mixed write load over HTTP (green lots, roasts, recipes, blends, sales,
 * edits and deletes) whose every answer is written down, and the checks that
 * must hold afterwards on the database, read directly: every write that got a
 * 2xx is there (and every 2xx delete is gone), nothing is half done, no 5xx.
 * Used by the crash loops (a server killed -9 mid-load) and by the load with
 * faults (two PostgreSQL server processes, one killed).
 */

export interface Answer {
  status: number;
  body: unknown;
}

/** Sends a request; a dropped connection (the server was killed) rejects. */
export type Send = (method: string, path: string, body?: unknown) => Promise<Answer>;

export function httpSender(baseUrl: () => string, cookie: () => string): Send {
  const send: Send = async (method, path, body) => {
    // An edit is sent from the record as it is now (docs/decisions/0038-record-versions.md): its version read just before.
    if (method === 'PUT' && typeof body === 'object' && body !== null && !('version' in body)) {
      const current = await send('GET', path);
      body = { ...body, version: current.status === 200 ? (current.body as { version: number }).version : 1 };
    }
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: { cookie: cookie(), ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // kept as text: a 5xx page, say; the checks report it
    }
    return { status: response.status, body: parsed };
  };
  return send;
}

type Kind = 'green' | 'roasted' | 'blend' | 'recipe' | 'sale';
const TABLES: Record<Kind, string> = {
  green: 'green_coffee',
  roasted: 'roasted_coffee',
  blend: 'blended_coffee',
  recipe: 'blend_recipes',
  sale: 'sales',
};

/** Everything the load learnt from answers, kept across crash cycles. */
export class LoadLedger {
  /** Rows a 2xx created and no request (answered or not) tried to delete since. */
  readonly created = new Map<string, { kind: Kind; id: number; code?: string }>();
  /** Rows a 2xx deleted. */
  readonly deleted = new Map<string, { kind: Kind; id: number }>();
  /** Deletes sent whose answer never came (the server died): the row may or may not be there. */
  readonly maybeDeleted = new Set<string>();
  /**
   * Rows a delete was sent for and lost with the server (kill -9): if a later
   * delete of the same row answers 404, that lost delete had committed. Without
   * one, a 404 for a row a 2xx created is a row that vanished: still reported.
   */
  readonly lostDeletes = new Set<string>();
  /** Green lot edits: the quantity a 2xx set last, and quantities sent later without an answer. */
  readonly greenQuantity = new Map<number, { confirmed: number | undefined; pending: Set<number> }>();
  readonly serverErrors: string[] = [];
  readonly statuses = new Map<number, number>();
  /** 4xx answers by route and message: what the load ran into (a 400 here means a body the load built wrong). */
  readonly refusals = new Map<string, number>();
  dropped = 0;
  sent = 0;

  /** A sale names its product's lot ('El lote indicado no corresponde al producto seleccionado.'). */
  codeOf(kind: Kind, id: number): string {
    return this.created.get(key(kind, id))?.code ?? `L-${id}`;
  }

  live(kind: Kind): number[] {
    return [...this.created.values()].filter((row) => row.kind === kind).map((row) => row.id);
  }
}

const key = (kind: Kind, id: number) => `${kind}:${id}`;
const pick = <T>(items: readonly T[]): T | undefined => items[Math.floor(Math.random() * items.length)];
const between = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const kg = (grams: number) => grams / 1000;

export interface LoadWorld {
  originId: number;
  supplier: string;
  salesAvailable: boolean;
  /** Unique per run, for lot codes and names. */
  tag: string;
}

/** One random write; records its answer in `ledger`. Rejects only when the connection dropped. */
export async function randomWrite(send: Send, world: LoadWorld, ledger: LoadLedger): Promise<void> {
  const roll = Math.random();
  const greens = ledger.live('green');
  const roasts = ledger.live('roasted');
  const blends = ledger.live('blend');
  const sales = ledger.live('sale');
  const n = ++ledger.sent;

  type Op = { method: string; path: string; body?: unknown; onOk?: (body: Record<string, unknown>) => void; deletes?: [Kind, number]; greenEdit?: [number, number] };
  let op: Op;
  if (roll < 0.16 || greens.length === 0) {
    op = {
      method: 'POST', path: '/api/green-coffee',
      body: { origin_id: world.originId, supplier_finca: world.supplier, quantity_kg: 50, unit_price: 8, entry_date: '2026-11-01', batch_code: `C-${world.tag}-${n}` },
      onOk: (b) => ledger.created.set(key('green', Number(b.id)), { kind: 'green', id: Number(b.id) }),
    };
  } else if (roll < 0.24) {
    const id = pick(greens)!;
    const grams = between(40, 80) * 1000;
    op = {
      method: 'PUT', path: `/api/green-coffee/${id}`, greenEdit: [id, grams],
      body: { origin_id: world.originId, supplier_finca: world.supplier, quantity_kg: kg(grams), unit_price: 8, entry_date: '2026-11-01', batch_code: `E-${world.tag}-${n}` },
    };
  } else if (roll < 0.28) {
    const id = pick(greens)!;
    op = { method: 'DELETE', path: `/api/green-coffee/${id}`, deletes: ['green', id] };
  } else if (roll < 0.46 || roasts.length === 0) {
    const grams = between(1, 5) * 1000;
    op = {
      method: 'POST', path: '/api/roasted-coffee',
      body: { green_coffee_id: pick(greens), quantity_green_kg: kg(grams), resultant_kg: kg(Math.floor(grams * 0.84)), roast_type: 'Medio', roast_date: '2026-11-20' },
      onOk: (b) => ledger.created.set(key('roasted', Number(b.id)), { kind: 'roasted', id: Number(b.id), code: String(b.batch_code) }),
    };
  } else if (roll < 0.5) {
    const id = pick(roasts)!;
    op = { method: 'DELETE', path: `/api/roasted-coffee/${id}`, deletes: ['roasted', id] };
  } else if (roll < 0.54) {
    op = {
      method: 'POST', path: '/api/blend-recipes',
      body: { name: `Receta ${world.tag} ${n}`, components: [{ origin_id: world.originId, percentage: 100 }] },
      onOk: (b) => ledger.created.set(key('recipe', Number(b.id)), { kind: 'recipe', id: Number(b.id) }),
    };
  } else if (roll < 0.7) {
    const grams = between(100, 800);
    op = {
      method: 'POST', path: '/api/blended-coffee',
      body: {
        name: `Mezcla ${world.tag}`, total_quantity_kg: kg(grams), creation_date: '2026-11-21', recipe_id: null,
        components: [{ origin_id: world.originId, percentage: 100, selected_roasted_batches: [{ id: pick(roasts), quantity_used: kg(grams) }] }],
      },
      onOk: (b) => ledger.created.set(key('blend', Number(b.id)), { kind: 'blend', id: Number(b.id), code: String(b.batch_code) }),
    };
  } else if (roll < 0.74 && blends.length > 0) {
    const id = pick(blends)!;
    op = { method: 'DELETE', path: `/api/blended-coffee/${id}`, deletes: ['blend', id] };
  } else if (world.salesAvailable && roll < 0.9) {
    const [type, kind, id] = blends.length > 0 && Math.random() < 0.4 ? (['mezcla', 'blend', pick(blends)!] as const) : (['tostado', 'roasted', pick(roasts)!] as const);
    op = {
      method: 'POST', path: '/api/sales',
      body: { product_id: id, product_type: type, quantity_kg: kg(between(10, 300)), unit_price: 15, sale_date: '2026-11-21', batch_code_sold: ledger.codeOf(kind, id) },
      onOk: (b) => ledger.created.set(key('sale', Number(b.id)), { kind: 'sale', id: Number(b.id) }),
    };
  } else if (world.salesAvailable && sales.length > 0 && roll < 0.95) {
    const id = pick(sales)!;
    op = { method: 'DELETE', path: `/api/sales/${id}`, deletes: ['sale', id] };
  } else {
    const grams = between(1, 3) * 1000;
    op = {
      method: 'POST', path: '/api/roasted-coffee',
      body: { green_coffee_id: pick(greens), quantity_green_kg: kg(grams), resultant_kg: kg(grams), roast_type: 'Oscuro', roast_date: '2026-11-20' },
      onOk: (b) => ledger.created.set(key('roasted', Number(b.id)), { kind: 'roasted', id: Number(b.id), code: String(b.batch_code) }),
    };
  }

  // Until an answer comes, a delete may have happened and an edit may have been applied.
  if (op.deletes) ledger.maybeDeleted.add(key(...op.deletes));
  if (op.greenEdit) {
    const entry = ledger.greenQuantity.get(op.greenEdit[0]) ?? { confirmed: undefined, pending: new Set<number>() };
    entry.pending.add(op.greenEdit[1]);
    ledger.greenQuantity.set(op.greenEdit[0], entry);
  }
  let answer: Answer;
  try {
    answer = await send(op.method, op.path, op.body);
  } catch (error) {
    ledger.dropped++;
    if (op.deletes) ledger.lostDeletes.add(key(...op.deletes));
    throw error;
  }
  ledger.statuses.set(answer.status, (ledger.statuses.get(answer.status) ?? 0) + 1);
  if (answer.status >= 500) ledger.serverErrors.push(`${op.method} ${op.path} ${JSON.stringify(op.body)} → ${answer.status} ${JSON.stringify(answer.body)}`);
  const ok = answer.status >= 200 && answer.status < 300;
  if (answer.status >= 400 && answer.status < 500) {
    const reason = `${answer.status} ${op.method} ${op.path.replace(/\d+/g, ':id')}: ${(answer.body as { error?: { message?: string } } | null)?.error?.message ?? ''}`;
    ledger.refusals.set(reason, (ledger.refusals.get(reason) ?? 0) + 1);
  }
  if (op.deletes) {
    const k = key(...op.deletes);
    ledger.maybeDeleted.delete(k);
    // Ids are never reused (AUTOINCREMENT / serial), so a 404 after a lost delete of this row means that delete committed.
    if (ok || (answer.status === 404 && ledger.lostDeletes.has(k))) {
      ledger.created.delete(k);
      ledger.deleted.set(k, { kind: op.deletes[0], id: op.deletes[1] });
    }
  }
  if (op.greenEdit) {
    const entry = ledger.greenQuantity.get(op.greenEdit[0])!;
    entry.pending.delete(op.greenEdit[1]);
    if (ok) {
      entry.confirmed = op.greenEdit[1];
      entry.pending.clear();
    }
  }
  if (ok) op.onOk?.(answer.body as Record<string, unknown>);
}

/** Runs `workers` loops of random writes until `stop()` is true or their server is gone. */
export async function driveLoad(send: Send, world: LoadWorld, ledger: LoadLedger, workers: number, stop: () => boolean): Promise<void> {
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!stop()) {
        try {
          await randomWrite(send, world, ledger);
        } catch {
          return; // connection dropped: the server is dead
        }
      }
    }),
  );
}

/**
 * The promises after a crash, on the database itself: every 2xx create is
 * there, every 2xx delete is gone, each green lot's quantity is the last
 * confirmed edit (or one whose answer was lost), nothing is half done, and
 * the ledger and sales aggregates agree with the rows (what `check:stock` checks).
 */
export async function checkAfterCrash(db: Kysely<Database>, ledger: LoadLedger): Promise<string[]> {
  const problems: string[] = [];
  const exists = async (kind: Kind, id: number) =>
    (await sql<{ id: number }>`select id from ${sql.table(TABLES[kind])} where id = ${id}`.execute(db)).rows.length > 0;
  for (const [k, row] of ledger.created) {
    if (ledger.maybeDeleted.has(k)) continue;
    if (!(await exists(row.kind, row.id))) problems.push(`falta ${row.kind} #${row.id}, creado con 2xx`);
  }
  for (const row of ledger.deleted.values()) {
    if (await exists(row.kind, row.id)) problems.push(`${row.kind} #${row.id} sigue ahí tras un DELETE con 2xx`);
  }
  for (const [id, entry] of ledger.greenQuantity) {
    if (entry.confirmed === undefined || ledger.deleted.has(key('green', id)) || ledger.maybeDeleted.has(key('green', id))) continue;
    const row = await db.selectFrom('green_coffee').select('quantity_g').where('id', '=', id).executeTakeFirst();
    if (row && row.quantity_g !== entry.confirmed && !entry.pending.has(row.quantity_g)) {
      problems.push(`verde #${id}: ${row.quantity_g} g, la última edición confirmada dijo ${entry.confirmed} g`);
    }
  }
  problems.push(...(await findHalfDoneWrites(db)));
  for (const m of await findLedgerMismatches(db, ['green', 'roasted', 'blend'])) {
    problems.push(`libro: ${m.lotKind} #${m.lotId} stock ${m.stockG} g, libro ${m.ledgerG} g`);
  }
  for (const m of await findAggregateMismatches(db)) problems.push(`agregado ${m.table} ${m.period} ${m.product_type} #${m.product_id}: ${JSON.stringify(m.stored)} ≠ ${JSON.stringify(m.recount)}`);
  return problems;
}

/**
 * A write is half done when its row and its ledger rows disagree: a roast
 * without its green deduction (or its roasted entry), a blend whose draws are
 * not all in the ledger, a sale without its deduction. The ledger invariant
 * alone would not see it (stock and movements could both miss the move).
 */
export async function findHalfDoneWrites(db: Kysely<Database>): Promise<string[]> {
  const problems: string[] = [];
  const sums = async (lotKind: string, refKind: string) =>
    new Map(
      (
        await sql<{ ref_id: number; total: number | string }>`
          select ref_id, sum(delta_g) as total from stock_movements
          where lot_kind = ${lotKind} and ref_kind = ${refKind} group by ref_id`.execute(db)
      ).rows.map((r) => [Number(r.ref_id), Number(r.total)]),
    );
  const greenByRoast = await sums('green', 'roast');
  const roastedByRoast = await sums('roasted', 'roast');
  const roasts = await db.selectFrom('roasted_coffee').select(['id', 'quantity_green_g', 'resultant_g']).execute();
  const roastIds = new Set(roasts.map((r) => r.id));
  for (const roast of roasts) {
    if ((greenByRoast.get(roast.id) ?? 0) !== -roast.quantity_green_g) problems.push(`tueste #${roast.id}: el verde descontado en el libro es ${greenByRoast.get(roast.id) ?? 0} g, debía ser -${roast.quantity_green_g} g`);
    if ((roastedByRoast.get(roast.id) ?? 0) !== roast.resultant_g) problems.push(`tueste #${roast.id}: entrada tostada en el libro ${roastedByRoast.get(roast.id) ?? 0} g, producido ${roast.resultant_g} g`);
  }
  for (const [refId, total] of greenByRoast) {
    if (!roastIds.has(refId) && total !== 0) problems.push(`tueste #${refId} borrado: su verde no volvió entero (${total} g)`);
  }
  const roastedByBlend = await sums('roasted', 'blend');
  const blendByBlend = await sums('blend', 'blend');
  const blends = await db.selectFrom('blended_coffee').select(['id', 'total_quantity_g']).execute();
  const drawn = new Map(
    (
      await sql<{ blend_id: number; total: number | string }>`
        select c.blend_id, sum(d.quantity_g) as total from blended_coffee_draws d
        join blended_coffee_components c on c.id = d.component_id group by c.blend_id`.execute(db)
    ).rows.map((r) => [Number(r.blend_id), Number(r.total)]),
  );
  const blendIds = new Set(blends.map((b) => b.id));
  for (const blend of blends) {
    if ((roastedByBlend.get(blend.id) ?? 0) !== -(drawn.get(blend.id) ?? 0)) problems.push(`mezcla #${blend.id}: libro ${roastedByBlend.get(blend.id) ?? 0} g de tostado, extracciones ${drawn.get(blend.id) ?? 0} g`);
    if ((blendByBlend.get(blend.id) ?? 0) !== blend.total_quantity_g) problems.push(`mezcla #${blend.id}: entrada en el libro ${blendByBlend.get(blend.id) ?? 0} g, total ${blend.total_quantity_g} g`);
  }
  for (const [refId, total] of roastedByBlend) {
    if (!blendIds.has(refId) && total !== 0) problems.push(`mezcla #${refId} borrada: su tostado no volvió entero (${total} g)`);
  }
  const bySale = new Map<number, number>();
  for (const kind of ['roasted', 'blend']) for (const [refId, total] of await sums(kind, 'sale')) bySale.set(refId, (bySale.get(refId) ?? 0) + total);
  const sales = await db.selectFrom('sales').select(['id', 'quantity_g']).execute();
  const saleIds = new Set(sales.map((s) => s.id));
  for (const sale of sales) {
    if ((bySale.get(sale.id) ?? 0) !== -sale.quantity_g) problems.push(`venta #${sale.id}: libro ${bySale.get(sale.id) ?? 0} g, vendida ${sale.quantity_g} g`);
  }
  for (const [refId, total] of bySale) {
    if (!saleIds.has(refId) && total !== 0) problems.push(`venta #${refId} borrada: su producto no volvió entero (${total} g)`);
  }
  return problems;
}
