import fs from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/database.js';
import { findLedgerMismatches } from '#server/ledger/ledger.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { shooter, waitForToast } from './helpers/screen.js';

/**
 * 'Importar desde Artisan' on /cafe-tostado and the roast's curve (docs/product-guide.md#artisan-import):
 * two files dropped, their green lots preselected or picked, one confirm, the
 * curve opened from the lot's row and from its trace; at 1280 and 390 px.
 */

const shot = shooter('artisan-import');
const fixture = (name: string) => fs.readFileSync(path.resolve(import.meta.dirname, `../tests/fixtures/artisan/${name}`), 'utf8');
const FILES = [
  { name: 'tarrazu-P173.alog', text: fixture('python-literal-lb.alog') },
  { name: 'etiopia.alog', text: fixture('out-weight-zero.alog') },
];
const roastedTable = (page: Page) => page.getByRole('table', { name: 'Stock de Café Tostado' });
const importTable = (page: Page) => page.getByRole('table', { name: 'Importar tuestes desde Artisan' });

async function seed(page: Page): Promise<void> {
  const post = apiPost(page);
  const costaRica = await post('/api/coffee-origins', { name: 'Costa Rica', kilos_per_bag: 69, suppliers_fincas: ['Finca La Pastora'] });
  const etiopia = await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Yirgacheffe Coop'] });
  const lot = { unit_price: 6, entry_date: '2024-03-01' };
  await post('/api/green-coffee', { ...lot, origin_id: costaRica.id, supplier_finca: 'Finca La Pastora', quantity_kg: 30, batch_code: 'V-CR' });
  await post('/api/green-coffee', { ...lot, origin_id: etiopia.id, supplier_finca: 'Yirgacheffe Coop', quantity_kg: 20, batch_code: 'V-ET' });
  // A long name in every lot select's options: the selects must not push the table's last columns out.
  const farm = 'Asociación de Pequeños Productores Cafetaleros de la Provincia de San Ignacio';
  const longName = await post('/api/coffee-origins', { name: 'Perú Cajamarca, Cooperativa Agraria Cafetalera del Norte', kilos_per_bag: 69, suppliers_fincas: [farm] });
  await post('/api/green-coffee', { ...lot, origin_id: longName.id, supplier_finca: farm, quantity_kg: 10, batch_code: 'V-PE' });
}

/** Drops files on the drop zone as a person dragging them from a folder would. */
async function dropFiles(page: Page, files: readonly { name: string; text: string }[]): Promise<void> {
  const transfer = await page.evaluateHandle((list) => {
    const data = new DataTransfer();
    for (const file of list) data.items.add(new File([file.text], file.name, { type: 'application/octet-stream' }));
    return data;
  }, files);
  await page.locator('.file-drop').dispatchEvent('drop', { dataTransfer: transfer });
}

const openImport = async (page: Page) => {
  await page.getByRole('button', { name: 'Importar desde Artisan' }).click();
  await page.getByRole('heading', { name: 'Importar tuestes desde Artisan' }).waitFor();
};

describe('importar desde Artisan', () => {
  const env = useServerAndBrowser();

  it('drop two files → lots preselected or picked → one confirm → the curve; a file imported again is skipped', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seed(page);
    await page.goto(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await openImport(page);
    await dropFiles(page, FILES);

    const tarrazu = importTable(page).locator('tbody tr', { hasText: 'tarrazu-P173.alog' });
    const etiopia = importTable(page).locator('tbody tr', { hasText: 'etiopia.alog' });
    // The parsed batch's own cell: the file name holds 'P173' too, and is there before the preview answers.
    await tarrazu.getByRole('cell', { name: 'P173', exact: true }).waitFor();
    await etiopia.getByText('Etiopía lavado').waitFor();
    // The beans name the farm Finca La Pastora: its lot is preselected. 2.2 lb → 0.998 kg, 1.87 lb → 0.848 kg.
    await expect.poll(() => tarrazu.getByLabel('Lote de café verde de tarrazu-P173.alog').locator('option:checked').textContent()).toContain('V-CR');
    await expect.poll(() => tarrazu.locator('td').nth(4).textContent()).toBe('1.00');
    await expect.poll(() => tarrazu.locator('td').nth(5).textContent()).toBe('0.85');
    // The Ethiopian file's out-weight is 0: the Kilos Resultantes are asked for, and the confirm waits.
    await expect.poll(() => etiopia.textContent()).toContain('El archivo no tiene el peso del café tostado (0): indica los Kilos Resultantes.');
    await expect.poll(() => page.getByRole('button', { name: /^Confirmar importación/ }).isDisabled()).toBe(true);
    // Kilos that are no number are said as such (the import's message), not as kilos still missing.
    await etiopia.getByLabel('Kilos Resultantes de etiopia.alog').fill('mucho');
    await expect.poll(() => etiopia.textContent()).toContain('Los Kilos Resultantes deben ser un número (con punto decimal).');
    expect(await etiopia.textContent()).not.toContain('indica los Kilos Resultantes');
    await etiopia.getByLabel('Kilos Resultantes de etiopia.alog').fill('1.275');
    // 'Etiopía lavado' names the origin Etiopía: its lot is preselected.
    await expect.poll(() => etiopia.getByLabel('Lote de café verde de etiopia.alog').locator('option:checked').textContent()).toContain('V-ET');
    await tarrazu.getByLabel('Tipo de tueste de tarrazu-P173.alog').selectOption('Medio');
    await etiopia.getByLabel('Tipo de tueste de etiopia.alog').selectOption('Claro');
    await expect.poll(() => etiopia.locator('td').nth(6).textContent()).toBe('0.23');
    await expect.poll(() => page.getByRole('button', { name: 'Confirmar importación (2)' }).isEnabled()).toBe(true);
    // A lot's select stays within 18rem although one option is ~150 characters long (it took the
    // option's width, and the table scrolled 894 px sideways at 1280 px).
    for (const row of [tarrazu, etiopia]) {
      expect(await row.locator('select.artisan-import__lot').evaluate((select) => select.getBoundingClientRect().width)).toBeLessThanOrEqual(288);
    }
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'preview-desktop');

    await page.getByRole('button', { name: 'Confirmar importación (2)' }).click();
    await expect.poll(() => waitForToast(page, 'tuestes importados')).toBe('2 tuestes importados desde Artisan con éxito.');
    const row = roastedTable(page).locator('tbody tr', { hasText: 'Artisan P173' });
    await row.waitFor();
    const code = (await row.locator('strong').textContent())!;
    expect(code).toMatch(/^CO-150324-\d{4}$/);
    // The new lots' labels are offered under the form (docs/product-guide.md#imprimir-desde-las-tablas), in the order imported.
    await expect.poll(() => page.locator('.labels-offer p').textContent()).toMatch(new RegExp(`^Lotes nuevos: ${code}, ET-160324-\\d{4}\\.$`));

    // The curve: BT, ET and BT's rate of rise with the events; the roast's figures beside it, as tables
    // (docs/decisions/0052-roast-metrics.md; the numbers worked out in tests/unit/roast-metrics.test.ts's way).
    await row.getByRole('button', { name: `Curva del lote ${code}` }).click();
    const dialog = page.getByRole('dialog', { name: `Curva de tueste del lote ${code}` });
    await dialog.locator('.chart__line').first().waitFor();
    await expect.poll(() => dialog.locator('.chart__line').count()).toBe(3);
    const tableRows = (name: string) => dialog.getByRole('table', { name }).locator('tbody tr').allTextContents();
    await expect.poll(() => tableRows('Eventos del tueste')).toEqual([
      'Carga0:00141.8 °C', 'Punto de inflexión0:00141.8 °C', 'Fin de secado3:04257.0 °C', 'Inicio del primer crack6:14314.0 °C',
      'Fin del primer crack7:34338.0 °C', 'Inicio del segundo crackSin marcar', 'Fin del segundo crackSin marcar', 'Descarga8:44359.0 °C',
    ]);
    // 184, 190 and 150 s of 524; 2.2 lb in, 1.87 lb out (0.998 and 0.848 Kg): 15.0 %.
    await expect.poll(() => tableRows('Fases y cifras del tueste')).toEqual([
      'Secado3:04 (35.1 %)', 'Maillard3:10 (36.3 %)', 'Desarrollo2:30 (28.6 %)', 'Tiempo total8:44', 'Ratio de desarrollo28.6 %',
      'Temperatura de descarga359.0 °C', 'Pérdida de peso15.0 %',
    ]);
    await expectNoSeriousAxeViolations(page);
    // The time axis in whole minutes; pointing at the curve shows the time, both temperatures and the rate of rise.
    await expect.poll(() => dialog.locator('.chart__axis text').allTextContents()).toEqual(expect.arrayContaining(['0:00', '1:00', '5:00', '9:00']));
    const plot = (await dialog.locator('.chart svg').boundingBox())!;
    await page.mouse.move(plot.x + plot.width / 2, plot.y + plot.height / 2);
    await expect.poll(() => dialog.locator('.chart-tooltip').textContent()).toMatch(/^\d:\d{2}Temperatura del grano \(BT\) : \d+\.\d °CTemperatura del aire \(ET\) : \d+\.\d °CVelocidad de subida \(RoR\) : -?\d+\.\d °C\/min$/);
    await shot(page, 'curve-desktop');
    await dialog.getByRole('button', { name: 'Cerrar' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    // The lot's trace opens the same curve; a green lot's trace has no such button.
    await page.goto(`${env.server.url}/trazabilidad?lote=${encodeURIComponent(code)}`);
    await page.getByRole('heading', { level: 2, name: `Café Tostado · ${code}` }).waitFor();
    await page.getByRole('button', { name: `Curva del lote ${code}` }).waitFor();
    await shot(page, 'trace-desktop');
    await page.getByRole('button', { name: `Curva del lote ${code}` }).click();
    await dialog.locator('.chart__line').first().waitFor();
    await expect.poll(() => dialog.locator('.chart__line').count()).toBe(3);
    await expect.poll(() => tableRows('Eventos del tueste')).toContain('Descarga8:44359.0 °C');
    await shot(page, 'trace-curve-desktop');
    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.count()).toBe(0);
    await page.goto(`${env.server.url}/trazabilidad?lote=V-CR`);
    await page.getByRole('heading', { level: 2, name: 'Café Verde · V-CR' }).waitFor();
    await expect.poll(() => page.getByRole('button', { name: /^Curva del lote/ }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();

    // At 390 px: the same file again is marked and skipped; the curve opens on a phone too.
    const phone = await newPage(env.browser, env.server.url, PHONE);
    await signIn(phone.page, env.server.adminUsername, env.server.adminPassword);
    // Configuración › Temperatura in °F: the curve and its figures follow (docs/decisions/0052-roast-metrics.md).
    await phone.page.goto(`${env.server.url}/configuracion`);
    await phone.page.getByLabel('Unidad de temperatura').selectOption('F');
    await phone.page.getByRole('button', { name: 'Guardar Temperatura' }).click();
    await expect.poll(() => waitForToast(phone.page, 'temperatura')).toBe('Unidad de temperatura actualizada con éxito.');
    await phone.page.goto(`${env.server.url}/cafe-tostado`);
    await openImport(phone.page);
    await dropFiles(phone.page, FILES.slice(0, 1));
    await expect.poll(() => importTable(phone.page).textContent()).toContain(`Ya importado en el lote ${code}: se omitirá.`);
    await expect.poll(() => phone.page.getByRole('status').filter({ hasText: 'No hay archivos listos para importar.' }).count()).toBe(1);
    await expect.poll(() => phone.page.getByRole('button', { name: /^Confirmar importación/ }).isDisabled()).toBe(true);
    await shot(phone.page, 'already-imported-phone');
    await phone.page.getByRole('button', { name: 'Cancelar' }).click();
    await roastedTable(phone.page).getByRole('button', { name: `Curva del lote ${code}` }).click();
    await phone.page.getByRole('dialog').locator('.chart__line').first().waitFor();
    // 359.0 °C × 9 / 5 + 32 = 678.2 °F.
    await expect.poll(() => phone.page.getByRole('dialog').getByRole('table', { name: 'Eventos del tueste' }).locator('tbody tr').last().textContent()).toBe('Descarga8:44678.2 °F');
    // Opened from a stacked row, whose cells align right: the dialog reads from the left all the same (styles.css .modal).
    expect(await phone.page.getByRole('dialog').getByRole('heading', { level: 2 }).evaluate((title) => getComputedStyle(title).textAlign)).toBe('start');
    await shot(phone.page, 'curve-phone');
    expect(phone.problems).toEqual([]);
    // Back to °C for the other tests, which share this server.
    expect((await phone.page.request.put('/api/settings', { data: { temperature_unit: 'C' } })).status()).toBe(200);
    await phone.context.close();

    const check = await openDatabase({ kind: 'sqlite', file: path.resolve(env.server.databaseFile) }, { skipSqliteLock: true });
    try {
      expect(await findLedgerMismatches(check.db, ['green', 'roasted'])).toEqual([]);
      expect(await check.db.selectFrom('roast_artisan_profiles').select('roast_uuid').execute()).toHaveLength(2);
    } finally {
      await check.close();
    }
  });

  it('files past 5 MB in all are said before any confirm; a busy server (429) is said in its own words', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Honduras Marcala', kilos_per_bag: 69, suppliers_fincas: ['Finca Santa Rosa'] });
    const lot = await post('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca Santa Rosa', quantity_kg: 30, unit_price: 6, entry_date: '2024-01-01', batch_code: 'V-HN',
    });
    await page.goto(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await openImport(page);
    // Six profiles of 900 KiB (the fixture, each its own roastUUID, padded with spaces as a re-save may): 5.27 MiB in all.
    const profile = fixture('python-literal-lb.alog');
    const big = Array.from({ length: 6 }, (_, index) => ({
      name: `grande-${index + 1}.alog`,
      text: profile.replace('3f2c9a4be1d04c5f8a7b6c5d4e3f2a1b', `${index + 1}`.repeat(32)).padEnd(900 * 1024, ' '),
    }));
    await dropFiles(page, big);
    const rowOf = (name: string) => importTable(page).locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
    for (const { name } of big) await rowOf(name).getByRole('cell', { name: 'P173', exact: true }).waitFor();
    const tooLarge = page.getByText('Los archivos suman 5.3 MB y una importación puede sumar como máximo 5 MB: quita algunos e impórtalos en otra.');
    await tooLarge.waitFor();
    for (const { name } of big) {
      await rowOf(name).getByLabel(`Lote de café verde de ${name}`).selectOption(String(lot.id));
      await rowOf(name).getByLabel(`Tipo de tueste de ${name}`).selectOption('Medio');
    }
    // Every row is ready, and still nothing can be sent: the batch route would refuse it.
    expect(await page.getByRole('button', { name: 'Confirmar importación (6)' }).isDisabled()).toBe(true);
    await rowOf('grande-6.alog').getByRole('button', { name: 'Quitar' }).click();
    await tooLarge.waitFor({ state: 'detached' });

    // The file reader busy: the server's 429 is shown as it says it, not as the general error.
    const busy = 'El servidor está revisando otros archivos: espera unos segundos y vuelve a intentarlo.';
    await page.route('**/api/roasted-coffee/import-artisan-batch', (route) =>
      route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ error: { code: 'rate_limited', message: busy } }) }));
    await page.getByRole('button', { name: 'Confirmar importación (5)' }).click();
    await page.getByText(busy).waitFor();
    expect(await page.getByText('Error al importar los tuestes de Artisan.').count()).toBe(0);
    await page.unroute('**/api/roasted-coffee/import-artisan-batch');
    await page.getByRole('button', { name: 'Confirmar importación (5)' }).click();
    await expect.poll(() => waitForToast(page, 'tuestes importados')).toBe('5 tuestes importados desde Artisan con éxito.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a profile dropped twice is a problem of its second row; a file date the import refuses asks for the date', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const origin = await post('/api/coffee-origins', { name: 'Guatemala Huehuetenango', kilos_per_bag: 69, suppliers_fincas: ['Finca El Injerto'] });
    const lot = await post('/api/green-coffee', {
      origin_id: origin.id, supplier_finca: 'Finca El Injerto', quantity_kg: 30, unit_price: 6, entry_date: '2020-01-01', batch_code: 'V-GT',
    });
    await page.goto(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await openImport(page);
    const oz = fixture('epoch-date-oz.alog');
    // roastepoch 10¹² s is the year 33658, which JavaScript writes '+033658-09-…'.
    const farDate = JSON.stringify({ ...(JSON.parse(fixture('json-template.alog')) as object), roastepoch: 1_000_000_000_000 });
    await dropFiles(page, [{ name: 'uno.alog', text: oz }, { name: 'uno-copia.alog', text: oz }, { name: 'lejano.alog', text: farDate }]);

    // By the file's own cell: the copy's problem names 'uno.alog' too.
    const rowOf = (name: string) => importTable(page).locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
    const [first, copy, far] = [rowOf('uno.alog'), rowOf('uno-copia.alog'), rowOf('lejano.alog')];
    await expect.poll(() => copy.textContent()).toContain('Este perfil de Artisan ya está en esta importación (uno.alog): quita uno de los dos.');
    await expect.poll(() => far.textContent()).toContain('La fecha de tostado del archivo no es válida: «roastepoch 1000000000000».');
    expect(await first.textContent()).not.toContain('ya está en esta importación');
    expect(await importTable(page).textContent()).not.toMatch(/\+0\d{5}|NaN/);
    await shot(page, 'twice-and-bad-date-desktop');

    await far.getByLabel('Fecha de Tostado de lejano.alog').fill('2024-03-02');
    await expect.poll(() => far.textContent()).not.toContain('no es válida');
    await copy.getByRole('button', { name: 'Quitar' }).click();
    for (const [row, name] of [[first, 'uno.alog'], [far, 'lejano.alog']] as const) {
      await row.getByLabel(`Lote de café verde de ${name}`).selectOption(String(lot.id));
      await row.getByLabel(`Tipo de tueste de ${name}`).selectOption('Medio');
    }
    await page.getByRole('button', { name: 'Confirmar importación (2)' }).click();
    await expect.poll(() => waitForToast(page, 'tuestes importados')).toBe('2 tuestes importados desde Artisan con éxito.');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('a 2015 profile against a lot of this year: the row names the rule and its ways out, and updates as the lot or date change; a Kaleido template\'s events; dd/mm/aaaa in an English browser', async () => {
    const thisYear = `${new Date().getFullYear()}-01-01`;
    const thisYearText = `01/01/${new Date().getFullYear()}`;
    // An English browser: the date box still writes dd/mm/aaaa, as the rest of the app.
    const context = await env.browser.newContext({ baseURL: env.server.url, viewport: DESKTOP, locale: 'en-US' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && !message.text().startsWith('Failed to load resource')) problems.push(`console: ${message.text()}`);
    });
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    const guatemala = await post('/api/coffee-origins', { name: 'Guatemala', kilos_per_bag: 69, suppliers_fincas: ['Huehuetenango'] });
    const lot = { origin_id: guatemala.id, supplier_finca: 'Huehuetenango', unit_price: 6 };
    await post('/api/green-coffee', { ...lot, quantity_kg: 30, entry_date: thisYear, batch_code: 'V-GT-NUEVO' });
    const old = await post('/api/green-coffee', { ...lot, quantity_kg: 1.3, entry_date: '2015-01-01', batch_code: 'V-GT-2015' });
    await page.goto(`${env.server.url}/cafe-tostado`);
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Tostado' }).waitFor();
    await openImport(page);
    const noEvents = { ...(JSON.parse(fixture('kaleido-template.alog')) as object), timeindex: [-1, 30, 48, 54, 0, 0, 0, 0] };
    await dropFiles(page, [
      { name: 'guatemala-2015.alog', text: fixture('roast-2015.alog') },
      { name: 'kaleido-city.alog', text: fixture('kaleido-template.alog') },
      { name: 'sin-eventos.alog', text: JSON.stringify(noEvents) },
    ]);
    const rowOf = (name: string) => importTable(page).locator('tbody tr').filter({ has: page.getByRole('cell', { name, exact: true }) });
    const [y2015, kaleido, noMarks] = [rowOf('guatemala-2015.alog'), rowOf('kaleido-city.alog'), rowOf('sin-eventos.alog')];
    const date2015 = y2015.getByLabel('Fecha de Tostado de guatemala-2015.alog');
    await expect.poll(() => date2015.inputValue()).toBe('12/06/2015');
    expect(await date2015.evaluate((input: HTMLInputElement) => input.type)).toBe('text');
    expect(await date2015.getAttribute('placeholder')).toBe('dd/mm/aaaa');
    // The lot received this year, chosen by hand (the oldest one is preselected): its entry is after the roast.
    await y2015.getByLabel('Lote de café verde de guatemala-2015.alog').selectOption({ label: 'V-GT-NUEVO · Guatemala · Huehuetenango (30.00 Kg)' });
    await y2015.getByLabel('Tipo de tueste de guatemala-2015.alog').selectOption('Medio');
    const dateRule = `La fecha de tostado (12/06/2015) es anterior a la entrada del lote de café verde V-GT-NUEVO (${thisYearText}): elige otro lote o una Fecha de Tostado desde el ${thisYearText}.`;
    await expect.poll(() => y2015.textContent()).toContain(dateRule);
    // The events: a Kaleido template reads (no problem but its missing date); a file without CHARGE and DROP says so.
    await expect.poll(() => kaleido.textContent()).toContain('El archivo no tiene fecha de tostado: indica la Fecha de Tostado.');
    expect(await kaleido.textContent()).not.toContain('evento');
    await expect.poll(() => noMarks.textContent()).toContain('El archivo no marca el evento Carga (CHARGE): márcalo en Artisan, guarda el perfil y vuelve a añadirlo.');
    expect(await noMarks.textContent()).toContain('El archivo no marca el evento Descarga (DROP)');
    // The state column, which says what to fix, stays inside the card at 1280 px: no sideways scroll.
    expect(await page.locator('.artisan-import__rows .table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
    await shot(page, 'rules-desktop');
    await page.setViewportSize(PHONE);
    await shot(page, 'rules-phone');
    await page.setViewportSize(DESKTOP);

    // Way out 1: the lot of 2015, which holds 1.3 Kg: the row is ready. Way out 2: the lot's entry date.
    await y2015.getByLabel('Lote de café verde de guatemala-2015.alog').selectOption(String(old.id));
    await expect.poll(() => y2015.textContent()).toContain('Lista');
    await y2015.getByLabel('Lote de café verde de guatemala-2015.alog').selectOption({ label: 'V-GT-NUEVO · Guatemala · Huehuetenango (30.00 Kg)' });
    await expect.poll(() => y2015.textContent()).toContain(dateRule);
    await date2015.fill(thisYearText);
    await expect.poll(() => y2015.textContent()).toContain('Lista');
    // A date typed as no day is the form's own message, in the row.
    await date2015.fill('31/02/2025');
    await expect.poll(() => y2015.textContent()).toContain('Fecha de Tostado: 31/02/2025 no es una fecha del calendario.');
    await date2015.fill(thisYearText);

    // Two rows on the 2015 lot (1.3 Kg): the second (0.25 Kg) no longer fits once the first takes 1.2 Kg.
    await kaleido.getByLabel('Fecha de Tostado de kaleido-city.alog').fill(thisYearText);
    await kaleido.getByLabel('Lote de café verde de kaleido-city.alog').selectOption(String(old.id));
    await kaleido.getByLabel('Tipo de tueste de kaleido-city.alog').selectOption('Claro');
    await expect.poll(() => kaleido.textContent()).toContain('Lista');
    await y2015.getByLabel('Lote de café verde de guatemala-2015.alog').selectOption(String(old.id));
    await date2015.fill('12/06/2015');
    await expect.poll(() => y2015.textContent()).toContain('Lista');
    await expect.poll(() => kaleido.textContent()).toContain('No hay suficiente café verde disponible para tostar esta cantidad. Solo tienes 0.10 Kg.');
    await kaleido.getByLabel('Lote de café verde de kaleido-city.alog').selectOption({ label: 'V-GT-NUEVO · Guatemala · Huehuetenango (30.00 Kg)' });
    await expect.poll(() => kaleido.textContent()).toContain('Lista');
    await noMarks.getByRole('button', { name: 'Quitar' }).click();
    await expectNoSeriousAxeViolations(page);
    await page.setViewportSize(PHONE);
    await shot(page, 'ready-phone');
    await page.setViewportSize(DESKTOP);

    await page.getByRole('button', { name: 'Confirmar importación (2)' }).click();
    await expect.poll(() => waitForToast(page, 'tuestes importados')).toBe('2 tuestes importados desde Artisan con éxito.');
    // The Kaleido template's curve: CHARGE at 0:00 and DROP at 9:00, as its own computed times say (not from −10:00).
    const row = roastedTable(page).locator('tbody tr', { hasText: `GU-0101${thisYear.slice(2, 4)}-` });
    await row.getByRole('button', { name: /^Curva del lote/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('.chart__line').first().waitFor();
    await expect.poll(() => dialog.getByRole('table', { name: 'Eventos del tueste' }).locator('tbody tr').allTextContents()).toEqual([
      'Carga0:00110.0 °C', 'Punto de inflexión0:00110.0 °C', 'Fin de secado4:00173.7 °C', 'Inicio del primer crack7:00199.1 °C',
      'Fin del primer crack8:00206.3 °C', 'Inicio del segundo crackSin marcar', 'Fin del segundo crackSin marcar', 'Descarga9:00213.0 °C',
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});
