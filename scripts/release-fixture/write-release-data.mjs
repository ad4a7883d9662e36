// Run by scripts/make-release-fixture.ts with plain `node`, from the earlier
// release's own package.json, so that every module comes from that release's own build:
// `node write-release-data.mjs <build folder> <accounts.json> sqlite:<file> | postgres://…`.
// That release migrates the empty database, creates its first administrator
// from ADMIN_PASSWORD as its server would, and everything else goes through
// its own API (app.inject), so the data obeys that release's rules and its
// ledger is complete.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const [buildDir, accountsFile, target] = process.argv.slice(2);
if (!buildDir || !accountsFile || !target) throw new Error('uso: node write-release-data.mjs <carpeta compilada> <accounts.json> <sqlite:archivo | postgres://…>');
const release = (file) => import(pathToFileURL(path.join(buildDir, 'dist/server', file)).href);
const { openDatabase } = await release('db/database.js');
const { buildApp } = await release('app.js');
const { bootstrapAdmin } = await release('auth/bootstrap-admin.js');
const { admin, tecnico } = JSON.parse(fs.readFileSync(accountsFile, 'utf8'));

const config = target.startsWith('sqlite:') ? { kind: 'sqlite', file: target.slice('sqlite:'.length) } : { kind: 'postgres', url: target };
const database = await openDatabase(config, { skipSqliteLock: true });
try {
  // What that release's main.ts did on its first start with ADMIN_USERNAME and ADMIN_PASSWORD.
  await bootstrapAdmin(database.db, { username: admin.username, password: admin.password });
  const app = await buildApp({ db: database.db });
  const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { username: admin.username, password: admin.password } });
  if (login.statusCode !== 200) throw new Error(`login: ${login.statusCode} ${login.body}`);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  const send = async (method, url, payload) => {
    const response = await app.inject({ method, url, payload, headers: { cookie } });
    if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
    return response.body === '' ? null : response.json();
  };

  await send('POST', '/api/users', { username: tecnico.username, password: tecnico.password, full_name: tecnico.full_name, role: 'tecnico' });
  const colombia = await send('POST', '/api/coffee-origins', { name: 'Colombia', kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza', 'Finca El Paraíso'], description: 'Huila, 1.700 m.' });
  const etiopia = await send('POST', '/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Cooperativa Yirgacheffe'] });
  const brasil = await send('POST', '/api/coffee-origins', { name: 'Brasil', kilos_per_bag: 60, suppliers_fincas: ['Fazenda Santa Inês'], description: 'Natural.' });
  const green = async (origin, supplier_finca, quantity_kg, unit_price, entry_date, batch_code) =>
    send('POST', '/api/green-coffee', { origin_id: origin.id, supplier_finca, quantity_kg, unit_price, entry_date, batch_code });
  const g1 = await green(colombia, 'Finca La Esperanza', 350, 7.85, '2026-09-14', '14-09-26');
  const g2 = await green(colombia, 'Finca El Paraíso', 140.5, 9.4, '2026-10-20', '20-10-26');
  const g3 = await green(etiopia, 'Cooperativa Yirgacheffe', 120, 10.25, '2026-10-02', '02-10-26');
  const g4 = await green(brasil, 'Fazenda Santa Inês', 420, 6.1, '2026-08-30', '30-08-26');
  const roast = async (lot, quantity_green_kg, resultant_kg, roast_type, roast_date) =>
    send('POST', '/api/roasted-coffee', { green_coffee_id: lot.id, quantity_green_kg, resultant_kg, roast_type, roast_date });
  const r1 = await roast(g1, 60, 50.4, 'Medio', '2026-10-01');
  const r2 = await roast(g2, 30, 24.65, 'Oscuro', '2026-10-25');
  const r3 = await roast(g3, 25, 21.25, 'Claro', '2026-10-20');
  const r4 = await roast(g4, 90, 74.7, 'Medio', '2026-11-02');
  const recipe = await send('POST', '/api/blend-recipes', { name: 'Casa', components: [{ origin_id: colombia.id, percentage: 60 }, { origin_id: brasil.id, percentage: 40 }] });
  const blend = await send('POST', '/api/blended-coffee', {
    name: 'Mezcla de la Casa',
    total_quantity_kg: 10,
    creation_date: '2026-11-10',
    recipe_id: recipe.id,
    components: [
      { origin_id: colombia.id, percentage: 60, selected_roasted_batches: [{ id: r1.id, quantity_used: 6 }] },
      { origin_id: brasil.id, percentage: 40, selected_roasted_batches: [{ id: r4.id, quantity_used: 4 }] },
    ],
  });
  await send('PUT', '/api/settings', { default_price_roasted: 16.5 });
  const sale = (lot, product_type, quantity_kg, unit_price, sale_date) =>
    send('POST', '/api/sales', { product_id: lot.id, product_type, quantity_kg, unit_price, sale_date, batch_code_sold: lot.batch_code });
  await sale(r1, 'tostado', 2.5, 15, '2026-11-03');
  await sale(r1, 'tostado', 1.25, 15.5, '2026-11-12');
  await sale(r2, 'tostado', 3, 16, '2026-11-15');
  await sale(r3, 'tostado', 0.75, 18.9, '2026-11-18');
  await sale(r4, 'tostado', 10, 14.2, '2026-11-20');
  await sale(blend, 'mezcla', 1.5, 25, '2026-11-21');
  await sale(blend, 'mezcla', 2, 24, '2026-11-23');
  // An edit and a delete, so the data has more than first versions.
  await send('PUT', `/api/coffee-origins/${etiopia.id}`, { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Cooperativa Yirgacheffe', 'Cooperativa Sidamo'], description: 'Lavado, floral.' });
  const extra = await sale(r3, 'tostado', 1, 18, '2026-11-22');
  await send('DELETE', `/api/sales/${extra.id}`);
  await app.close();
} finally {
  await database.close();
}
