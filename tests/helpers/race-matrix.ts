import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema.js';
import { findAggregateMismatches } from '#server/features/sales/aggregates.js';
import { findLedgerMismatches, findStockAboveEntry } from '#server/ledger/ledger.js';
import { commonMessages } from '#shared/messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { csvMessages } from '#shared/csv-messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { stockCountMessages } from '#shared/stock-count-messages.js';
import { userMessages } from '#shared/user-messages.js';

/**
 * The race matrix (docs/decisions/0005-lock-order-and-write-transactions.md): every pair of write operations that can touch the
 * same lot, run concurrently round after round, on SQLite (one process) and on
 * PostgreSQL (two servers on one database). After each round: no 5xx, every
 * answer is one the operation may give (with its Spanish message), every 2xx's
 * effect is in the database, and the ledger is clean (on-hand = sum of
 * movements, never negative, never above what entered the lot: what `npm run check:stock` checks).
 *
 * To add an operation (Café Mezcla, Ventas…): add a RaceOp below (what it sends,
 * the answers it may give, the effect a 2xx must leave) and one line per pair to
 * RACE_MATRIX.
 */

export interface RaceResponse {
  status: number;
  body: unknown;
}

/** Sends one request as `cookie` through server number `server` (0 or 1; one-server runs ignore it). */
export type RaceSend = (
  server: number,
  cookie: string,
  method: string,
  url: string,
  body?: unknown,
  /** Sends `body` (a string) as it is under this type instead of as JSON: the CSV import. */
  contentType?: string,
) => Promise<RaceResponse>;

/** The lots and users one round works on: made fresh for each round. */
export interface RaceWorld {
  adminCookie: string;
  /** An origin with green lots (Finca A, Finca B). */
  originA: number;
  /** An origin without lots, free to be deleted (Finca Z). */
  originB: number;
  /** 100 kg, roastA took 10 kg of it. */
  greenA: GreenLot;
  /** 100 kg, roastB took 10 kg of it. */
  greenB: GreenLot;
  /** 100 kg, never roasted: deletable. */
  greenC: GreenLot;
  roastA: number;
  roastB: number;
  /** A second administrator with their own session (only for pairs that need it). */
  admin2?: { id: number; cookie: string };
  /** Unique per round, for codes and names. */
  tag: string;
  /** A 1 kg blend drawn from roastB, made by the first blend edit/delete op of the round (ensureBlend). */
  blend?: number;
  /** A 1 kg sale of roastA, made by the first sale edit/delete op of the round (ensureSale). */
  sale?: number;
  /** The products' lot codes ('tostado:12' → code), read before the round fires (a sale must name its lot). */
  codes?: Map<string, string>;
  /** The kg each counted lot ('roasted:12') held on the count sheet, read before the round fires (a count sends it as expected_kg). */
  countSheet?: Map<string, number>;
  /**
   * The version each edited record had when the round's forms were "opened"
   * (by URL), read before the round fires: every edit and versioned delete of
   * the round sends it (docs/decisions/0038-record-versions.md).
   */
  versions?: Map<string, number>;
  /** The round's customer for orders (ensureOrder). */
  customer?: number;
  /** Each fulfil op's order (by the op's name): its id, its line and the stock each lot of roastA/roastB showed. */
  orders?: Map<string, { id: number; lineId: number; stockKg: Map<number, number> }>;
}

interface GreenLot {
  id: number;
  body: Record<string, unknown>;
}

/** The database after a round, read directly. */
export interface RaceSnapshot {
  green: Map<number, { quantity_g: number; origin_id: number; supplier_finca: string }>;
  roasts: Map<number, { green_coffee_id: number; quantity_green_g: number }>;
  origins: Map<number, { name: string; suppliers_fincas: string }>;
  users: Map<number, { username: string; role: string }>;
  sales: Map<number, { product_type: string; product_id: number; quantity_g: number }>;
  movements: { lot_kind: string; lot_id: number; delta_g: number; reason: string; ref_kind: string | null; ref_id: number | null }[];
}

type Refusal = string | ((message: string) => boolean);

export interface RaceOp {
  name: string;
  needsAdmin2?: boolean;
  /** Builds what the op needs beyond the world (a blend), before the round fires. */
  prepare?(world: RaceWorld, send: RaceSend): Promise<void>;
  send(world: RaceWorld, send: RaceSend, server: number): Promise<RaceResponse>;
  /** Each non-2xx status this operation may answer in a race, with the message(s) it must carry ('*': any). */
  refusals: Record<number, readonly Refusal[]>;
  /** What a 2xx must have left in the database; returns the problem, if any. */
  effect(world: RaceWorld, response: RaceResponse, after: RaceSnapshot): string | undefined;
  /**
   * The record an edit or versioned delete sends the version of (its URL): of
   * the round's ops with the same record, read at the same version, at most
   * one may succeed; two 2xx would be a lost update.
   */
  versionOf?(world: RaceWorld): string;
}

/** Reads the record's version once per round, before it fires: what the form it is sent from was opened at. */
async function readVersion(w: RaceWorld, send: RaceSend, url: string): Promise<void> {
  w.versions ??= new Map();
  if (w.versions.has(url)) return;
  const response = await expectStatus(await send(0, w.adminCookie, 'GET', url), 200, `GET ${url}`);
  w.versions.set(url, (response.body as { version: number }).version);
}

/** An edit's body with the version its record was read at. */
const atVersion = (w: RaceWorld, url: string, body: object) => ({ ...body, version: w.versions!.get(url)! });
/** A delete's URL with the version its record was read at. */
const deleteAtVersion = (w: RaceWorld, url: string) => `${url}?version=${w.versions!.get(url)!}`;

const ROAST_DATE = '2026-11-20';
const idOf = (response: RaceResponse) => (response.body as { id: number }).id;
const roastBody = (greenId: number, quantityKg = 10) => ({
  green_coffee_id: greenId,
  quantity_green_kg: quantityKg,
  resultant_kg: quantityKg * 0.84,
  roast_type: 'Medio',
  roast_date: ROAST_DATE,
});

const g = greenCoffeeMessages;
const r = roastedCoffeeMessages;

/**
 * The received quantities a green lot went through, replayed from its ledger
 * (receipt, then each edit's 'adjustment'): an edit's effect is there even when
 * a later edit or a delete of the same round followed it.
 */
const receivedHistory = (after: RaceSnapshot, lotId: number): number[] => {
  const history: number[] = [];
  for (const m of after.movements) {
    if (m.lot_kind !== 'green' || m.lot_id !== lotId || m.ref_kind !== 'green_coffee') continue;
    history.push((history.at(-1) ?? 0) + m.delta_g);
  }
  return history;
};

const editGreen = (lot: 'greenA' | 'greenC', kg: number): RaceOp => ({
  name: `editar ${lot} a ${kg} kg`,
  prepare: (w, send) => readVersion(w, send, `/api/green-coffee/${w[lot].id}`),
  versionOf: (w) => `/api/green-coffee/${w[lot].id}`,
  send: (w, send, server) => {
    const url = `/api/green-coffee/${w[lot].id}`;
    return send(server, w.adminCookie, 'PUT', url, atVersion(w, url, { ...w[lot].body, quantity_kg: kg }));
  },
  refusals: {
    404: [g.notFound],
    // Only below what roasts already took (greenA: 10 kg, plus a concurrent 40 kg roast); or another edit of the lot came first.
    409: [g.stockBelowZero('10'), g.stockBelowZero('50'), g.editedByOther],
  },
  effect: (w, _res, after) => {
    const history = receivedHistory(after, w[lot].id);
    if (!history.slice(1).includes(kg * 1000)) return `el libro no pasa por ${kg} kg (${history.join(' → ')} g)`;
    const row = after.green.get(w[lot].id);
    if (row && row.quantity_g !== history.at(-1)) return `cantidad ${row.quantity_g} g, libro ${history.at(-1)} g`;
    return undefined;
  },
});

const deleteGreen = (lot: 'greenA' | 'greenB' | 'greenC'): RaceOp => ({
  name: `eliminar ${lot}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/green-coffee/${w[lot].id}`),
  refusals: { 404: [g.notFound], 409: [g.deleteInUse] },
  effect: (w, _res, after) => (after.green.has(w[lot].id) ? 'el lote sigue existiendo' : undefined),
});

/** A delete from the green lot's edit form: with the version the lot was read at. */
const deleteGreenAtVersion = (lot: 'greenC'): RaceOp => ({
  name: `eliminar ${lot} (con versión)`,
  prepare: (w, send) => readVersion(w, send, `/api/green-coffee/${w[lot].id}`),
  versionOf: (w) => `/api/green-coffee/${w[lot].id}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', deleteAtVersion(w, `/api/green-coffee/${w[lot].id}`)),
  refusals: { 404: [g.notFound], 409: [g.deleteInUse, g.editedByOther] },
  effect: (w, _res, after) => (after.green.has(w[lot].id) ? 'el lote sigue existiendo' : undefined),
});

const createGreen = (origin: 'originA' | 'originB', finca: string): RaceOp => ({
  name: `crear verde en ${origin}`,
  send: (w, send, server) =>
    send(server, w.adminCookie, 'POST', '/api/green-coffee', {
      origin_id: w[origin],
      supplier_finca: finca,
      quantity_kg: 50,
      unit_price: 8,
      entry_date: '2026-11-02',
      batch_code: `N-${w.tag}-${server}`,
    }),
  refusals: { 400: [g.originNotFound, g.supplierNotInOrigin] },
  effect: (w, res, after) => {
    const row = after.green.get(idOf(res));
    if (!row) return 'el lote creado no existe';
    if (row.origin_id !== w[origin]) return 'origen equivocado';
    if (!after.origins.has(row.origin_id)) return 'el lote quedó sin origen';
    // Its supplier still belongs to its origin ('El proveedor/finca seleccionado no pertenece al origen elegido.').
    const suppliers = JSON.parse(after.origins.get(row.origin_id)!.suppliers_fincas) as string[];
    if (!suppliers.includes(row.supplier_finca)) return `su finca ${row.supplier_finca} ya no está en el origen`;
    return undefined;
  },
});

const createRoast = (lot: 'greenA' | 'greenC', kg = 10): RaceOp => ({
  name: `tostar ${kg} kg de ${lot}`,
  send: (w, send, server) => send(server, w.adminCookie, 'POST', '/api/roasted-coffee', roastBody(w[lot].id, kg)),
  // The lot deleted first: 'El lote de café verde seleccionado no es válido.' (docs/product-guide.md#roasted-lot), never a 500.
  refusals: { 400: [r.invalidGreenLot], 409: [notEnoughGreen] },
  effect: (w, res, after) => {
    const roast = after.roasts.get(idOf(res));
    if (!roast) return 'el tueste creado no existe';
    if (roast.green_coffee_id !== w[lot].id) return 'tueste sobre otro lote';
    const took = after.movements.some((m) => m.lot_kind === 'green' && m.ref_kind === 'roast' && m.ref_id === idOf(res) && m.delta_g === -kg * 1000);
    return took ? undefined : 'el verde no se descontó en el libro';
  },
});

/**
 * A roast from an Artisan file (docs/product-guide.md#artisan-import): the roast form's create
 * with the file's weights and date, so the same answers and effect as
 * createRoast. Each send is its own file (a roastUUID of its own), so two of
 * them in a round are two roasts, not a duplicate.
 */
let artisanFiles = 0;
const importArtisan = (lot: 'greenA' | 'greenC', kg = 10): RaceOp => ({
  ...createRoast(lot, kg),
  name: `importar de Artisan ${kg} kg de ${lot}`,
  send: (w, send, server) =>
    send(
      server,
      w.adminCookie,
      'POST',
      `/api/roasted-coffee/import-artisan?green_coffee_id=${w[lot].id}&roast_type=Medio`,
      `{'weight': [${kg * 1000}.0, ${kg * 850}.0, 'g'], 'roastisodate': '${ROAST_DATE}', 'roastUUID': '${createHash('md5').update(`${w.tag}:${server}:${lot}:${++artisanFiles}`).digest('hex')}', 'timex': [0.0, 2.0], 'temp1': [-1, 180.5], 'temp2': [150.0, 151.25], 'timeindex': [0, 0, 0, 0, 0, 0, 1, 0]}`,
      'application/octet-stream',
    ),
});

/** A roast already in a blend or sold keeps its green lot (docs/product-guide.md#data-rules). */
const notEnoughGreen = (message: string) => message.startsWith('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes ');
const greenLotFixed = (message: string) => message.startsWith('No se puede cambiar el lote de café verde: el tueste ya se usó en ');

const editRoast = (roast: 'roastA' | 'roastB', to: 'greenA' | 'greenB' | 'greenC', kg: number): RaceOp => ({
  name: `editar ${roast} a ${kg} kg de ${to}`,
  prepare: (w, send) => readVersion(w, send, `/api/roasted-coffee/${w[roast]}`),
  versionOf: (w) => `/api/roasted-coffee/${w[roast]}`,
  send: (w, send, server) => {
    const url = `/api/roasted-coffee/${w[roast]}`;
    return send(server, w.adminCookie, 'PUT', url, atVersion(w, url, roastBody(w[to].id, kg)));
  },
  // 409 greenLotFixed: a blend or sale of the roast committed first and the edit moves it to another green lot.
  refusals: { 400: [r.invalidGreenLot], 404: [r.notFound], 409: [notEnoughGreen, greenLotFixed, r.editedByOther] },
  effect: (w, _res, after) => {
    const row = after.roasts.get(w[roast]);
    // Deleted afterwards in the same round: its edit returned and re-took green in the ledger.
    if (!row) {
      const moved = after.movements.some((m) => m.lot_kind === 'green' && m.lot_id === w[to].id && m.ref_kind === 'roast' && m.ref_id === w[roast] && m.delta_g === -kg * 1000);
      return moved ? undefined : 'ni el tueste ni su movimiento de la edición';
    }
    if (row.green_coffee_id !== w[to].id || row.quantity_green_g !== kg * 1000) return `tueste en ${row.green_coffee_id} con ${row.quantity_green_g} g`;
    return undefined;
  },
});

const deleteRoast = (roast: 'roastA' | 'roastB'): RaceOp => ({
  name: `eliminar ${roast}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/roasted-coffee/${w[roast]}`),
  // 409: a blend drew from it ('… asociado a mezclas o ventas.').
  refusals: { 404: [r.notFound], 409: [r.deleteInUse] },
  effect: (w, _res, after) => (after.roasts.has(w[roast]) ? 'el tueste sigue existiendo' : undefined),
});

const editOrigin = (origin: 'originA' | 'originB', suppliers: string[]): RaceOp => ({
  name: `editar ${origin} (fincas ${suppliers.join(', ')})`,
  prepare: (w, send) => readVersion(w, send, `/api/coffee-origins/${w[origin]}`),
  versionOf: (w) => `/api/coffee-origins/${w[origin]}`,
  send: (w, send, server) =>
    send(server, w.adminCookie, 'PUT', `/api/coffee-origins/${w[origin]}`, atVersion(w, `/api/coffee-origins/${w[origin]}`, {
      name: `Origen ${w.tag} editado`,
      kilos_per_bag: 70,
      suppliers_fincas: suppliers,
      description: null,
    })),
  // 409: a finca still used by a green lot cannot disappear (docs/product-guide.md#origin), in whatever words it gives.
  refusals: { 404: [originMessages.notFound], 409: ['*'] },
  effect: (w, _res, after) => {
    const row = after.origins.get(w[origin]);
    if (!row) return undefined; // deleted afterwards in the same round
    return row.name === `Origen ${w.tag} editado` ? undefined : `nombre ${row.name}`;
  },
});

const deleteOrigin = (origin: 'originA' | 'originB'): RaceOp => ({
  name: `eliminar ${origin}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/coffee-origins/${w[origin]}`),
  refusals: { 404: [originMessages.notFound], 409: [originMessages.deleteInUse] },
  effect: (w, _res, after) => (after.origins.has(w[origin]) ? 'el origen sigue existiendo' : undefined),
});

/**
 * The CSV import of green lots (docs/product-guide.md#csv): one row for `origin`, found by its
 * name, written in one transaction like a green lot create. Against an origin
 * edit or delete it either lands whole (its origin and finca still there) or is
 * refused whole: 'El archivo tiene filas con problemas…' when the preview
 * already saw the change, 'Fila 2: …' (the green form's message) when the
 * change came between the preview and the write.
 */
/** A delete from the origin's edit form: with the version the origin was read at. */
const deleteOriginAtVersion = (origin: 'originB'): RaceOp => ({
  name: `eliminar ${origin} (con versión)`,
  prepare: (w, send) => readVersion(w, send, `/api/coffee-origins/${w[origin]}`),
  versionOf: (w) => `/api/coffee-origins/${w[origin]}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', deleteAtVersion(w, `/api/coffee-origins/${w[origin]}`)),
  refusals: { 404: [originMessages.notFound], 409: [originMessages.deleteInUse, originMessages.editedByOther] },
  effect: (w, _res, after) => (after.origins.has(w[origin]) ? 'el origen sigue existiendo' : undefined),
});

const importGreen = (origin: 'originA' | 'originB', finca: string): RaceOp => ({
  name: `importar verde en ${origin}`,
  send: (w, send, server) =>
    send(
      server,
      w.adminCookie,
      'POST',
      '/api/green-coffee/import?dry_run=false',
      [
        'Código de Lote;Origen;Proveedor/Finca;Cantidad (Kg);Precio Unitario ($/Kg);Fecha de Entrada',
        `I-${w.tag}-${server};Origen ${w.tag} ${origin === 'originA' ? 'A' : 'B'};${finca};25,5;7,25;02/11/2026`,
      ].join('\n'),
      'text/csv; charset=utf-8',
    ),
  refusals: { 400: [csvMessages.notSaved, (message) => message.startsWith('Fila 2: ')] },
  effect: (w, res, after) => {
    const imported = (res.body as { imported: number }).imported;
    if (imported !== 1) return `importadas ${imported} filas`;
    const rows = [...after.green.values()].filter((row) => row.origin_id === w[origin] && row.supplier_finca === finca && row.quantity_g === 25_500);
    if (rows.length === 0) return 'el lote importado no existe';
    const originRow = after.origins.get(w[origin]);
    if (!originRow) return 'el lote importado quedó sin origen';
    const suppliers = JSON.parse(originRow.suppliers_fincas) as string[];
    return suppliers.includes(finca) ? undefined : `la finca ${finca} ya no es del origen`;
  },
});

/** The other administrator loses the role (by the round's first administrator). */
const demoteAdmin2: RaceOp = {
  name: 'quitar el rol de administrador a admin2',
  needsAdmin2: true,
  prepare: (w, send) => readVersion(w, send, `/api/users/${w.admin2!.id}`),
  versionOf: (w) => `/api/users/${w.admin2!.id}`,
  send: (w, send, server) =>
    send(server, w.adminCookie, 'PUT', `/api/users/${w.admin2!.id}`, atVersion(w, `/api/users/${w.admin2!.id}`, { full_name: 'Admin Dos', role: 'tecnico' })),
  refusals: { 409: [userMessages.editedByOther] },
  effect: (w, _res, after) => (after.users.get(w.admin2!.id)?.role === 'tecnico' ? undefined : 'sigue siendo administrador'),
};

const deleteAdmin2: RaceOp = {
  name: 'eliminar a admin2',
  needsAdmin2: true,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/users/${w.admin2!.id}`),
  refusals: {},
  effect: (w, _res, after) => (after.users.has(w.admin2!.id) ? 'admin2 sigue existiendo' : undefined),
};

/** An administrator-only write by admin2: refused once admin2 is no longer one (checked in the write transaction). */
const admin2CreatesUser: RaceOp = {
  name: 'admin2 crea un usuario',
  needsAdmin2: true,
  send: (w, send, server) =>
    send(server, w.admin2!.cookie, 'POST', '/api/users', {
      username: `nuevo-${w.tag}`,
      password: 'tueste-lento-2026',
      full_name: 'Persona Nueva',
      role: 'tecnico',
    }),
  // 401: the demotion or deletion ended admin2's sessions before the request arrived.
  refusals: { 401: ['*'], 403: [commonMessages.forbidden] },
  effect: (w, res, after) => {
    const created = after.users.get(idOf(res));
    if (!created || created.username !== `nuevo-${w.tag}`) return 'el usuario creado no existe';
    return undefined;
  },
};

const b = blendedCoffeeMessages;
const blendBody = (w: RaceWorld, roast: 'roastA' | 'roastB', kg: number) => ({
  name: `Mezcla ${w.tag}`,
  total_quantity_kg: kg,
  creation_date: ROAST_DATE,
  recipe_id: null,
  components: [{ origin_id: w.originA, percentage: 100, selected_roasted_batches: [{ id: w[roast], quantity_used: kg }] }],
});
const notEnoughRoasted = (message: string) => message.startsWith('No hay suficiente stock en el lote ');
/** The blend's ledger took `kg` from the roasted lot (reason 'blend'). */
const blendTook = (after: RaceSnapshot, blendId: number, lotId: number, kg: number) =>
  after.movements.some((m) => m.lot_kind === 'roasted' && m.lot_id === lotId && m.reason === 'blend' && m.ref_kind === 'blend' && m.ref_id === blendId && m.delta_g === -kg * 1000);

async function ensureBlend(w: RaceWorld, send: RaceSend): Promise<void> {
  if (w.blend !== undefined) return;
  w.blend = idOf(await expectStatus(await send(0, w.adminCookie, 'POST', '/api/blended-coffee', blendBody(w, 'roastB', 1)), 201, 'POST /api/blended-coffee'));
}

const createBlend = (roast: 'roastA' | 'roastB', kg: number): RaceOp => ({
  name: `mezclar ${kg} kg de ${roast}`,
  send: (w, send, server) => send(server, w.adminCookie, 'POST', '/api/blended-coffee', blendBody(w, roast, kg)),
  // The roast deleted first: 'El lote de café tostado seleccionado no es válido.'; or its stock taken.
  refusals: { 400: [b.invalidRoastedLot], 409: [notEnoughRoasted] },
  effect: (w, res, after) => (blendTook(after, idOf(res), w[roast], kg) ? undefined : 'el tostado no se descontó en el libro'),
});

/** A sold blend keeps the roasted lots it draws (docs/product-guide.md#data-rules). */
const compositionFixed = (message: string) => /^La mezcla ya tiene \d+ ventas?: no se pueden cambiar su receta/.test(message);

/** Edits the round's blend to draw `kg` (≠ 1) from `roast`. */
const editBlend = (roast: 'roastA' | 'roastB', kg: number): RaceOp => ({
  name: `editar la mezcla a ${kg} kg de ${roast}`,
  prepare: async (w, send) => {
    await ensureBlend(w, send);
    await readVersion(w, send, `/api/blended-coffee/${w.blend!}`);
  },
  versionOf: (w) => `/api/blended-coffee/${w.blend!}`,
  send: (w, send, server) => send(server, w.adminCookie, 'PUT', `/api/blended-coffee/${w.blend!}`, atVersion(w, `/api/blended-coffee/${w.blend!}`, blendBody(w, roast, kg))),
  // 409 compositionFixed: a sale of the blend committed first and the edit draws from another roasted lot.
  refusals: { 400: [b.invalidRoastedLot], 404: [b.notFound], 409: [notEnoughRoasted, compositionFixed, b.editedByOther] },
  effect: (w, _res, after) => (blendTook(after, w.blend!, w[roast], kg) ? undefined : 'la edición no tomó el tostado en el libro'),
});

const deleteBlend: RaceOp = {
  name: 'eliminar la mezcla',
  prepare: ensureBlend,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/blended-coffee/${w.blend!}`),
  // 409: a sale of the blend ('… asegúrate de que no esté asociada a ventas.').
  refusals: { 404: [b.notFound], 409: [b.deleteInUse] },
  effect: (w, _res, after) =>
    after.movements.some((m) => m.lot_kind === 'blend' && m.lot_id === w.blend && m.ref_kind === 'lot_deleted')
      ? undefined
      : 'la mezcla no salió del libro',
};

const s = salesMessages;
type SaleTarget = 'roastA' | 'roastB' | 'blend';
const productOf = (w: RaceWorld, target: SaleTarget) =>
  target === 'blend' ? { type: 'mezcla' as const, id: w.blend!, lotKind: 'blend' } : { type: 'tostado' as const, id: w[target], lotKind: 'roasted' };
const saleBody = (w: RaceWorld, target: SaleTarget, kg: number) => {
  const product = productOf(w, target);
  return {
    product_id: product.id,
    product_type: product.type,
    quantity_kg: kg,
    unit_price: 15.5,
    sale_date: ROAST_DATE,
    batch_code_sold: w.codes?.get(`${product.type}:${product.id}`) ?? '?',
  };
};
const notEnoughProduct = (message: string) => /^No hay suficiente café (tostado|mezcla) disponible\. Solo tienes \d+(\.\d{1,3})? Kg\.$/.test(message);

/** The round's products and their lot codes (their names carry the round's tag), read before it fires. */
async function ensureCodes(w: RaceWorld, send: RaceSend, target: SaleTarget): Promise<void> {
  if (target === 'blend') await ensureBlend(w, send);
  const product = productOf(w, target);
  if (w.codes?.has(`${product.type}:${product.id}`)) return;
  const response = await expectStatus(await send(0, w.adminCookie, 'GET', `/api/products?q=${encodeURIComponent(w.tag)}&limit=100`), 200, 'GET /api/products');
  const items = (response.body as { items: { id: number; type: string; batch_code: string }[] }).items;
  w.codes = new Map(items.map((item) => [`${item.type}:${item.id}`, item.batch_code]));
}

async function ensureSale(w: RaceWorld, send: RaceSend): Promise<void> {
  await ensureCodes(w, send, 'roastA');
  if (w.sale !== undefined) return;
  w.sale = idOf(await expectStatus(await send(0, w.adminCookie, 'POST', '/api/sales', saleBody(w, 'roastA', 1)), 201, 'POST /api/sales'));
}

/** The sale's ledger took `grams` from the target's lot (reason 'sale'). */
const saleTook = (after: RaceSnapshot, w: RaceWorld, saleId: number, target: SaleTarget, grams: readonly number[]) => {
  const product = productOf(w, target);
  return after.movements.some(
    (m) => m.lot_kind === product.lotKind && m.lot_id === product.id && m.reason === 'sale' && m.ref_kind === 'sale' && m.ref_id === saleId && grams.includes(-m.delta_g),
  );
};

const createSale = (target: SaleTarget, kg: number): RaceOp => ({
  name: `vender ${kg} kg de ${target}`,
  prepare: (w, send) => ensureCodes(w, send, target),
  send: (w, send, server) => send(server, w.adminCookie, 'POST', '/api/sales', saleBody(w, target, kg)),
  // The lot deleted first: 'Producto seleccionado no válido.'; or its stock taken.
  refusals: { 400: [s.invalidProduct], 409: [notEnoughProduct] },
  effect: (w, res, after) => {
    if (!after.sales.has(idOf(res))) return 'la venta creada no existe';
    return saleTook(after, w, idOf(res), target, [kg * 1000]) ? undefined : 'el producto no se descontó en el libro';
  },
});

/** Edits the round's sale (1 kg of roastA) to `kg` (≠ 1) of `target`. */
const editSale = (target: SaleTarget, kg: number): RaceOp => ({
  name: `editar la venta a ${kg} kg de ${target}`,
  prepare: async (w, send) => {
    await ensureSale(w, send);
    await ensureCodes(w, send, target);
    await readVersion(w, send, `/api/sales/${w.sale!}`);
  },
  versionOf: (w) => `/api/sales/${w.sale!}`,
  send: (w, send, server) => send(server, w.adminCookie, 'PUT', `/api/sales/${w.sale!}`, atVersion(w, `/api/sales/${w.sale!}`, saleBody(w, target, kg))),
  refusals: { 400: [s.invalidProduct], 404: [s.notFound], 409: [notEnoughProduct, s.editedByOther] },
  // Same lot: the difference; another lot: all of it (the old one got its kg back).
  effect: (w, _res, after) =>
    saleTook(after, w, w.sale!, target, [kg * 1000, (kg - 1) * 1000]) ? undefined : 'la edición no tomó el producto en el libro',
});

const deleteSale: RaceOp = {
  name: 'eliminar la venta',
  prepare: ensureSale,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', `/api/sales/${w.sale!}`),
  refusals: { 404: [s.notFound] },
  effect: (w, _res, after) => (after.sales.has(w.sale!) ? 'la venta sigue existiendo' : undefined),
};

/** A delete from the sale's edit form: with the version the sale was read at. */
const deleteSaleAtVersion: RaceOp = {
  name: 'eliminar la venta (con versión)',
  prepare: async (w, send) => {
    await ensureSale(w, send);
    await readVersion(w, send, `/api/sales/${w.sale!}`);
  },
  versionOf: (w) => `/api/sales/${w.sale!}`,
  send: (w, send, server) => send(server, w.adminCookie, 'DELETE', deleteAtVersion(w, `/api/sales/${w.sale!}`)),
  refusals: { 404: [s.notFound], 409: [s.editedByOther] },
  effect: (w, _res, after) => (after.sales.has(w.sale!) ? 'la venta sigue existiendo' : undefined),
};

type CountTarget = 'greenA' | 'roastA' | 'blend';
const countedLot = (w: RaceWorld, target: CountTarget) =>
  target === 'greenA' ? { kind: 'green', id: w.greenA.id } : target === 'blend' ? { kind: 'blend', id: w.blend! } : { kind: 'roasted', id: w[target] };

/** The sheet as the person loaded it before counting: every lot's stock, read before the round fires. */
async function loadCountSheet(w: RaceWorld, send: RaceSend, target: CountTarget): Promise<void> {
  if (target === 'blend') await ensureBlend(w, send);
  const response = await expectStatus(await send(0, w.adminCookie, 'GET', '/api/stock-counts/sheet'), 200, 'GET /api/stock-counts/sheet');
  const items = (response.body as { items: { kind: string; id: number; stock_kg: number }[] }).items;
  w.countSheet = new Map(items.map((item) => [`${item.kind}:${item.id}`, item.stock_kg]));
}

/** 'El stock del lote … cambió mientras contabas …': a sale, roast, blend or count moved the lot after the sheet was read. */
const lotMovedMeanwhile = (message: string) => message.startsWith('El stock del lote ') && message.endsWith('Vuelve a contarlo: no se ha guardado nada.');

/**
 * A stock count of one lot (docs/product-guide.md#recuento-de-inventario): `differenceKg` from what the
 * sheet showed. It lands whole (one 'count' movement of the difference) or, when the
 * lot moved after the sheet was read, is refused whole (409); a lot deleted first: 400.
 */
const countLot = (target: CountTarget, differenceKg: number): RaceOp => ({
  name: `contar ${target} (${differenceKg > 0 ? '+' : ''}${differenceKg} kg)`,
  prepare: (w, send) => loadCountSheet(w, send, target),
  send: (w, send, server) => {
    const lot = countedLot(w, target);
    const expected = w.countSheet!.get(`${lot.kind}:${lot.id}`)!;
    return send(server, w.adminCookie, 'POST', '/api/stock-counts', {
      reason: 'merma',
      lines: [{ lot_kind: lot.kind, lot_id: lot.id, expected_kg: expected, counted_kg: Number((expected + differenceKg).toFixed(3)) }],
    });
  },
  refusals: { 400: [stockCountMessages.invalidLot], 409: [lotMovedMeanwhile] },
  effect: (w, res, after) => {
    const lot = countedLot(w, target);
    const moves = after.movements.filter((m) => m.lot_kind === lot.kind && m.lot_id === lot.id);
    const index = moves.findIndex((m) => m.reason === 'count' && m.ref_kind === 'stock_count' && m.ref_id === idOf(res));
    if (index === -1 || moves[index]!.delta_g !== Math.round(differenceKg * 1000)) return 'el recuento no movió el stock en el libro';
    // The count corrected the stock the sheet showed: nothing moved the lot between the sheet and the count.
    const before = moves.slice(0, index).reduce((sum, m) => sum + m.delta_g, 0);
    const expected = Math.round(w.countSheet!.get(`${lot.kind}:${lot.id}`)! * 1000);
    return before === expected ? undefined : `el lote tenía ${before} g al contarlo, la hoja decía ${expected} g`;
  },
});

/** 'El stock del lote … cambió mientras preparabas el pedido. …': the lot moved after the allocation was read. */
const lotChangedWhilePreparing = (message: string) => message.startsWith('El stock del lote ') && message.endsWith('no se registró nada.');

/**
 * Preparing an order (docs/decisions/0043-orders.md): the op's own order of
 * originA Medio, made with the round's customer before it fires, whose line is
 * fulfilled from `lots` (roastA and roastB are both originA Medio) with the
 * stock each showed in the allocation read before the round. All its sales or
 * none: a lot moved first answers 409 and nothing is written.
 */
const fulfilOrder = (key: string, lots: readonly { target: 'roastA' | 'roastB'; kg: number }[]): RaceOp => ({
  name: `preparar el pedido ${key} (${lots.map((lot) => `${lot.kg} kg de ${lot.target}`).join(' + ')})`,
  prepare: async (w, send) => {
    w.customer ??= idOf(await expectStatus(await send(0, w.adminCookie, 'POST', '/api/customers', { name: `Cliente ${w.tag}`, kind: 'cafeteria' }), 201, 'POST /api/customers'));
    const kg = lots.reduce((sum, lot) => sum + lot.kg * 1000, 0) / 1000;
    const dueDate = new Date(Date.now() + 86_400_000 * 2).toISOString().slice(0, 10);
    const created = await expectStatus(
      await send(0, w.adminCookie, 'POST', '/api/orders', {
        customer_id: w.customer,
        due_date: dueDate,
        repeat_weeks: null,
        lines: [{ product: { kind: 'tostado', origin_id: w.originA, roast_type: 'Medio' }, format_id: null, quantity: kg, unit_price: 20, grind: 'grano' }],
      }),
      201,
      'POST /api/orders',
    );
    const order = created.body as { id: number; lines: { id: number }[] };
    const allocation = await expectStatus(await send(0, w.adminCookie, 'GET', `/api/orders/${order.id}/allocation`), 200, 'GET allocation');
    const shown = (allocation.body as { lines: { lots: { lot_id: number; stock_kg: number }[] }[] }).lines[0]!.lots;
    w.orders ??= new Map();
    w.orders.set(key, { id: order.id, lineId: order.lines[0]!.id, stockKg: new Map(shown.map((lot) => [lot.lot_id, lot.stock_kg])) });
  },
  send: (w, send, server) => {
    const order = w.orders!.get(key)!;
    const chosen = lots.map((lot) => ({ lot_kind: 'tostado', lot_id: w[lot.target], kg: lot.kg, expected_stock_kg: order.stockKg.get(w[lot.target])! }));
    return send(server, w.adminCookie, 'POST', `/api/orders/${order.id}/fulfil`, { lines: [{ line_id: order.lineId, lots: chosen }] });
  },
  refusals: { 409: [lotChangedWhilePreparing] },
  effect: (w, res, after) => {
    const saleIds = (res.body as { sale_ids: number[]; status: string }).sale_ids;
    if ((res.body as { status: string }).status !== 'preparado') return 'el pedido no quedó preparado';
    if (saleIds.length !== lots.length) return `${saleIds.length} ventas para ${lots.length} lotes`;
    for (const [index, lot] of lots.entries()) {
      const sale = after.sales.get(saleIds[index]!);
      if (!sale || sale.product_id !== w[lot.target] || sale.quantity_g !== lot.kg * 1000) return `la venta de ${lot.target} no está como se pidió`;
      const moved = after.movements.some((m) => m.lot_kind === 'roasted' && m.lot_id === w[lot.target] && m.reason === 'sale' && m.ref_id === saleIds[index] && m.delta_g === -lot.kg * 1000);
      if (!moved) return `${lot.target} no se descontó en el libro`;
    }
    return undefined;
  },
});

/**
 * 'Deshacer preparación' (docs/decisions/0043-orders.md): the op's own order of
 * originA Medio, prepared from `target` before the round fires; undoing it
 * deletes its sales and gives their kilos back to the lot ('sale_reversal'),
 * all in one transaction, while another write takes or counts the same lot.
 */
const undoFulfil = (key: string, target: 'roastA' | 'roastB', kg: number): RaceOp => {
  const fulfil = fulfilOrder(key, [{ target, kg }]);
  const saleIds = new Map<RaceWorld, number[]>();
  return {
    name: `deshacer la preparación del pedido ${key} (${kg} kg de ${target})`,
    prepare: async (w, send) => {
      await fulfil.prepare!(w, send);
      const prepared = await expectStatus(await fulfil.send(w, send, 0), 200, 'POST fulfil');
      saleIds.set(w, (prepared.body as { sale_ids: number[] }).sale_ids);
    },
    send: (w, send, server) => send(server, w.adminCookie, 'POST', `/api/orders/${w.orders!.get(key)!.id}/undo-fulfil`),
    refusals: {},
    effect: (w, res, after) => {
      if ((res.body as { status: string }).status !== 'pendiente') return 'el pedido no volvió a pendiente';
      for (const id of saleIds.get(w) ?? []) {
        if (after.sales.has(id)) return `la venta ${id} del pedido sigue registrada`;
        const back = after.movements.some((m) => m.lot_kind === 'roasted' && m.lot_id === w[target] && m.reason === 'sale_reversal' && m.ref_id === id && m.delta_g === kg * 1000);
        if (!back) return `${target} no recuperó los ${kg} kg en el libro`;
      }
      return undefined;
    },
  };
};

/** Each line is one pair (or group) of operations raced on the same lots; add a line to add a race. */
export const RACE_MATRIX: readonly (readonly RaceOp[])[] = [
  [deleteGreen('greenC'), editGreen('greenC', 150)],
  [deleteGreen('greenC'), editGreen('greenC', 60)],
  [deleteGreen('greenC'), createRoast('greenC'), createRoast('greenC')],
  [deleteGreen('greenA'), deleteRoast('roastA')],
  [editGreen('greenA', 150), createRoast('greenA', 40)],
  [editGreen('greenA', 20), createRoast('greenA', 40)],
  [editGreen('greenC', 150), editGreen('greenC', 60)],
  [deleteGreen('greenC'), importArtisan('greenC'), importArtisan('greenC')],
  [editGreen('greenA', 20), importArtisan('greenA', 40)],
  [editGreen('greenC', 150), importArtisan('greenC'), createRoast('greenC')],
  [createGreen('originB', 'Finca Z'), deleteOrigin('originB')],
  [createGreen('originB', 'Finca Z'), editOrigin('originB', ['Finca Y'])],
  [editOrigin('originB', ['Finca Y']), deleteOrigin('originB')],
  [importGreen('originB', 'Finca Z'), deleteOrigin('originB')],
  [importGreen('originB', 'Finca Z'), editOrigin('originB', ['Finca Y'])],
  [importGreen('originB', 'Finca Z'), createGreen('originB', 'Finca Z')],
  [createRoast('greenA'), deleteRoast('roastA')],
  [editRoast('roastA', 'greenA', 20), deleteRoast('roastA')],
  [editRoast('roastA', 'greenC', 20), deleteGreen('greenC')],
  [editRoast('roastA', 'greenB', 20), editRoast('roastB', 'greenA', 20)],
  [demoteAdmin2, admin2CreatesUser],
  [deleteAdmin2, admin2CreatesUser],
  // A mixed run: nine operations at once on three green lots and two roasts.
  [
    deleteGreen('greenC'), editGreen('greenC', 150), createRoast('greenC'), createRoast('greenC'),
    editRoast('roastA', 'greenC', 20), deleteRoast('roastB'), deleteGreen('greenB'), editGreen('greenA', 150), createRoast('greenA'),
  ],
  // Café Mezcla: blends against roasts and each other on the same roasted lots (roastA 8.4 kg).
  [createBlend('roastA', 5), createBlend('roastA', 5)],
  [createBlend('roastA', 2), deleteRoast('roastA')],
  [createBlend('roastA', 2), editRoast('roastA', 'greenC', 20)],
  [editBlend('roastA', 3), deleteRoast('roastA')],
  // The round's blend draws roastB before the race, so the roast edit keeps its green lot (it may not move a
  // roast a blend uses) and changes its quantity: both writes still move roastB and greenB.
  [editBlend('roastB', 3), editRoast('roastB', 'greenB', 20)],
  [editBlend('roastA', 3), createBlend('roastA', 6)],
  [editBlend('roastA', 3), editBlend('roastB', 4)],
  [editBlend('roastA', 3), deleteBlend],
  [deleteBlend, deleteRoast('roastB')],
  // Ventas: sales against each other and against roasts, blends and green lots on the same lots.
  [createSale('roastA', 5), createSale('roastA', 5)],
  [createSale('roastA', 2), deleteRoast('roastA')],
  [createSale('roastA', 2), editRoast('roastA', 'greenC', 20)],
  [createSale('roastA', 3), createBlend('roastA', 6)],
  [createSale('roastA', 2), editGreen('greenA', 20)],
  [createSale('blend', 1), deleteBlend],
  [createSale('blend', 0.5), editBlend('roastA', 3)],
  [editSale('roastA', 4), deleteRoast('roastA')],
  [editSale('roastB', 3), editRoast('roastB', 'greenA', 20)],
  [editSale('roastB', 3), createBlend('roastB', 6)],
  [editSale('blend', 0.5), deleteBlend],
  [editSale('roastB', 2), editSale('roastA', 4)],
  [editSale('roastA', 4), deleteSale],
  [deleteSale, deleteRoast('roastA')],
  [deleteSale, createSale('roastA', 8.4)],
  // Recuento de Inventario: a count read its sheet before the round, so a sale, roast or other count
  // landing first makes it a 409 (nothing written); landing after, they act on the counted stock.
  [countLot('roastA', -0.4), createSale('roastA', 2)],
  [countLot('roastA', -0.4), createSale('roastA', 8.4)],
  [countLot('greenA', -5), createRoast('greenA', 40)],
  [countLot('roastA', -0.4), countLot('roastA', -0.6)],
  [countLot('roastA', -1), deleteRoast('roastA')],
  [countLot('blend', -0.5), createSale('blend', 0.5), editBlend('roastA', 3)],
  // No lost update (docs/decisions/0038-record-versions.md): two forms opened at the same version, edit × edit and
  // edit × delete: one wins, the other answers 409 'Otro usuario modificó …' (or 404 after the delete), never both.
  [editSale('roastA', 4), editSale('roastA', 3)],
  [editSale('roastA', 4), deleteSaleAtVersion],
  [editOrigin('originB', ['Finca Y']), editOrigin('originB', ['Finca X'])],
  [editOrigin('originB', ['Finca Y']), deleteOriginAtVersion('originB')],
  [editGreen('greenC', 150), deleteGreenAtVersion('greenC')],
  [editRoast('roastA', 'greenA', 20), editRoast('roastA', 'greenA', 30)],
  // Pedidos (docs/decisions/0043-orders.md): a fulfil read its lots' stock in the allocation before the round, so a
  // sale, a count or another fulfil of the same lots landing first makes it a 409 with nothing written; landing
  // after, they see its sales. The two fulfils name the same lots in opposite orders (the global lock order decides).
  [fulfilOrder('1', [{ target: 'roastA', kg: 5 }]), createSale('roastA', 5)],
  [fulfilOrder('1', [{ target: 'roastA', kg: 2 }]), countLot('roastA', -0.4)],
  [fulfilOrder('1', [{ target: 'roastA', kg: 3 }, { target: 'roastB', kg: 1 }]), fulfilOrder('2', [{ target: 'roastB', kg: 3 }, { target: 'roastA', kg: 1 }])],
  // Undoing a preparation gives its kilos back while a sale takes and a count corrects the same lot.
  [undoFulfil('3', 'roastA', 2), createSale('roastA', 5)],
  [undoFulfil('3', 'roastA', 2), countLot('roastA', -0.4)],
];

export const raceName = (ops: readonly RaceOp[]) => ops.map((op) => op.name).join(' ∥ ');

/** How many rounds each line runs: small by default, RACE_ROUNDS=200 for a long run. */
export const raceRounds = (fallback: number) => {
  const fromEnv = Number.parseInt(process.env.RACE_ROUNDS ?? '', 10);
  return Number.isSafeInteger(fromEnv) && fromEnv > 0 ? fromEnv : fallback;
};

/** A line's time limit: a long run (RACE_ROUNDS) needs more than the default 30 s on a busy machine. */
export const raceTimeout = (rounds: number) => Math.max(30_000, rounds * 2_000);

async function expectStatus(response: RaceResponse, wanted: number, what: string): Promise<RaceResponse> {
  if (response.status !== wanted) throw new Error(`${what}: ${response.status} ${JSON.stringify(response.body)}`);
  return response;
}

let roundCounter = 0;

/** Builds a round's lots (and admin2 when a pair needs it) through the API. */
export async function buildWorld(
  send: RaceSend,
  adminCookie: string,
  options: { admin2?: () => Promise<{ id: number; cookie: string }> },
): Promise<RaceWorld> {
  const tag = `${process.pid}-${++roundCounter}-${Math.floor(Math.random() * 1e6)}`;
  const post = async (url: string, body: unknown) =>
    idOf(await expectStatus(await send(0, adminCookie, 'POST', url, body), 201, `POST ${url}`));
  const originA = await post('/api/coffee-origins', { name: `Origen ${tag} A`, kilos_per_bag: 70, suppliers_fincas: ['Finca A', 'Finca B'] });
  const originB = await post('/api/coffee-origins', { name: `Origen ${tag} B`, kilos_per_bag: 60, suppliers_fincas: ['Finca Z'] });
  const green = async (suffix: string): Promise<GreenLot> => {
    const body = { origin_id: originA, supplier_finca: 'Finca A', quantity_kg: 100, unit_price: 8, entry_date: '2026-11-01', batch_code: `${suffix}-${tag}` };
    return { id: await post('/api/green-coffee', body), body };
  };
  const greenA = await green('A');
  const greenB = await green('B');
  const greenC = await green('C');
  const roastA = await post('/api/roasted-coffee', roastBody(greenA.id));
  const roastB = await post('/api/roasted-coffee', roastBody(greenB.id));
  const world: RaceWorld = { adminCookie, originA, originB, greenA, greenB, greenC, roastA, roastB, tag };
  if (options.admin2) world.admin2 = await options.admin2();
  return world;
}

export async function snapshot(db: Kysely<Database>): Promise<RaceSnapshot> {
  const [green, roasts, origins, users, sales, movements] = await Promise.all([
    db.selectFrom('green_coffee').select(['id', 'quantity_g', 'origin_id', 'supplier_finca']).execute(),
    db.selectFrom('roasted_coffee').select(['id', 'green_coffee_id', 'quantity_green_g']).execute(),
    db.selectFrom('coffee_origins').select(['id', 'name', 'suppliers_fincas']).execute(),
    db.selectFrom('users').select(['id', 'username', 'role']).execute(),
    db.selectFrom('sales').select(['id', 'product_type', 'product_id', 'quantity_g']).execute(),
    db.selectFrom('stock_movements').select(['lot_kind', 'lot_id', 'delta_g', 'reason', 'ref_kind', 'ref_id']).orderBy('id').execute(),
  ]);
  return {
    green: new Map(green.map((row) => [row.id, row])),
    roasts: new Map(roasts.map((row) => [row.id, row])),
    origins: new Map(origins.map((row) => [row.id, row])),
    users: new Map(users.map((row) => [row.id, row])),
    sales: new Map(sales.map((row) => [row.id, row])),
    movements: movements.map((m) => ({ ...m, delta_g: Number(m.delta_g) })),
  };
}

export interface RoundReport {
  statuses: number[];
  problems: string[];
}

/**
 * One round of one line: fire every operation at once (alternating servers,
 * with a random 0–3 ms head start so both orders happen), then check.
 */
export async function runRound(
  ops: readonly RaceOp[],
  world: RaceWorld,
  send: RaceSend,
  db: Kysely<Database>,
): Promise<RoundReport> {
  for (const op of ops) await op.prepare?.(world, send);
  const responses = await Promise.all(
    ops.map(async (op, index) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 3));
      return op.send(world, send, index % 2);
    }),
  );
  const after = await snapshot(db);
  const problems: string[] = [];
  // Two writes from forms read at the same version of one record: at most one may succeed.
  const winners = new Map<string, string[]>();
  responses.forEach((response, index) => {
    const record = ops[index]!.versionOf?.(world);
    if (record === undefined || response.status < 200 || response.status >= 300) return;
    winners.set(record, [...(winners.get(record) ?? []), ops[index]!.name]);
  });
  for (const [record, names] of winners) if (names.length > 1) problems.push(`actualización perdida en ${record}: ${names.join(' y ')} respondieron 2xx`);
  responses.forEach((response, index) => {
    const op = ops[index]!;
    if (response.status >= 200 && response.status < 300) {
      const problem = op.effect(world, response, after);
      if (problem) problems.push(`${op.name} → ${response.status} pero ${problem}`);
      return;
    }
    const message = (response.body as { error?: { message?: string } } | null)?.error?.message ?? '';
    const allowed = op.refusals[response.status];
    const matches = (refusal: Refusal) => (typeof refusal === 'string' ? refusal === '*' || refusal === message : refusal(message));
    if (!allowed?.some(matches)) {
      problems.push(`${op.name} → ${response.status} «${message}»`);
    }
  });
  const mismatches = await findLedgerMismatches(db, ['green', 'roasted', 'blend']);
  for (const m of mismatches) problems.push(`${m.lotKind} #${m.lotId}: stock ${m.stockG} g, libro ${m.ledgerG} g`);
  for (const a of await findStockAboveEntry(db, ['green', 'roasted', 'blend'])) problems.push(`${a.lotKind} #${a.lotId}: stock ${a.stockG} g, entró ${a.entryG} g`);
  // The sales aggregates equal a recount of the sales after every round (docs/decisions/0009).
  for (const a of await findAggregateMismatches(db)) problems.push(`${a.table} ${a.period} ${a.product_type} #${a.product_id}: ${JSON.stringify(a.stored)} ≠ ${JSON.stringify(a.recount)}`);
  return { statuses: responses.map((response) => response.status), problems };
}

export interface LineReport {
  /** Every 5xx answered in any round (must be none). */
  serverErrors: number[];
  /** Every broken expectation, prefixed with its round. */
  problems: string[];
}

/** Runs one line of RACE_MATRIX for `rounds` rounds, each on a fresh world. */
export async function runLine(
  ops: readonly RaceOp[],
  rounds: number,
  context: {
    send: RaceSend;
    db: Kysely<Database>;
    adminCookie: string;
    /** Makes a second administrator with a session, for the lines that need one. */
    makeAdmin2: () => Promise<{ id: number; cookie: string }>;
  },
): Promise<LineReport> {
  const report: LineReport = { serverErrors: [], problems: [] };
  const needsAdmin2 = ops.some((op) => op.needsAdmin2);
  for (let round = 0; round < rounds; round++) {
    const world = await buildWorld(context.send, context.adminCookie, needsAdmin2 ? { admin2: context.makeAdmin2 } : {});
    const { statuses, problems } = await runRound(ops, world, context.send, context.db);
    report.serverErrors.push(...statuses.filter((status) => status >= 500));
    report.problems.push(...problems.map((problem) => `ronda ${round + 1}: ${problem}`));
  }
  return report;
}
