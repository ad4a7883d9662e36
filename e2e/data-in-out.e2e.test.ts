import fs from 'node:fs';
import { parse } from 'csv-parse/sync';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { csvMessages } from '#shared/csv-messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { expectNoSidewaysScroll, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('data-in-out');
const HEADER = 'Lote;Origen;Proveedor/Finca;Recibido (Kg);Precio ($/Kg);Fecha Entrada';
const csvFile = (name: string, lines: string[]) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(`\uFEFF${[HEADER, ...lines].join('\r\n')}\r\n`) });
const rowWith = (page: Page, text: string) => page.locator('table.data-table tbody tr', { hasText: text });

describe('datos: importar y exportar CSV', () => {
  const env = useServerAndBrowser();

  it('importa lotes verdes (vista previa con errores, luego correcta) y descarga el CSV exportado', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { context, page, problems } = await newPage(env.browser, env.server.url, viewport);
      await signIn(page, env.server.adminUsername, env.server.adminPassword);
      const suffix = viewport === PHONE ? 'phone' : 'desktop';
      const origin = viewport === PHONE ? 'Kenia' : 'Colombia';
      const created = await page.request.post('/api/coffee-origins', {
        data: { name: origin, kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'] },
        headers: { origin: env.server.url },
      });
      expect(created.status()).toBe(201);

      await page.goto('/cafe-verde');
      await page.getByRole('heading', { level: 1, name: 'Inventario de Café Verde' }).waitFor();
      await page.getByRole('button', { name: 'Importar CSV' }).click();
      await page.getByRole('heading', { level: 2, name: csvMessages.importTitle }).waitFor();

      // A file with problems: the preview names them per row and nothing can be confirmed.
      await page.getByLabel('Archivo CSV').setInputFiles(csvFile('lotes-mal.csv', [
        `${suffix}-1;${origin};Finca La Esperanza;10,5;5,50;10/01/2024`,
        `${suffix}-2;Narnia;Finca La Esperanza;1;1;2024-01-11`,
        `${suffix}-3;${origin};Finca Inventada;1;1;2024-01-12`,
      ]));
      await page.getByRole('heading', { level: 3, name: csvMessages.importPreviewTitle }).waitFor();
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe(csvMessages.importRowsWithProblems(2, 3));
      await expect.poll(() => rowWith(page, 'Narnia').textContent()).toContain('El origen «Narnia» no existe. Créalo antes en Orígenes.');
      await expect.poll(() => rowWith(page, 'Finca Inventada').textContent()).toContain('El proveedor/finca seleccionado no pertenece al origen elegido.');
      expect(await page.getByRole('button', { name: 'Confirmar importación' }).isDisabled()).toBe(true);
      await expectNoSeriousAxeViolations(page);
      if (viewport === PHONE) await expectNoSidewaysScroll(page);
      await shot(page, `import-preview-errors-${suffix}`);

      // The corrected file: preview clean, confirm, toast, the lots in 'Stock Actual'.
      await page.getByLabel('Archivo CSV').setInputFiles(csvFile('lotes.csv', [
        `${suffix}-1;${origin};Finca La Esperanza;10,5;5,50;10/01/2024`,
        `${suffix}-2;${origin};Finca La Esperanza;2.25;7;2024-01-11`,
      ]));
      await expect.poll(() => page.getByRole('status').first().textContent()).toBe(csvMessages.importReady(2));
      await shot(page, `import-preview-ok-${suffix}`);
      await page.getByRole('button', { name: 'Confirmar importación' }).click();
      await expect.poll(() => waitForToast(page, 'importados')).toBe('2 lotes de café verde importados con éxito.');
      await rowWith(page, `${suffix}-2`).waitFor();
      await rowWith(page, `${suffix}-1`).waitFor();

      // Exportar CSV: a real download, read as a Spanish spreadsheet would.
      const downloading = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Exportar CSV' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^cafe-verde-\d{4}-\d{2}-\d{2}\.csv$/);
      const text = fs.readFileSync((await download.path())!, 'utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const rows = parse(text, { delimiter: ';', bom: true }) as string[][];
      expect(rows[0]).toEqual(['Lote', 'Origen', 'Proveedor/Finca', 'Stock Actual (Kg)', 'Recibido (Kg)', 'Precio ($/Kg)', 'Fecha Entrada']);
      expect(rows).toContainEqual([`${suffix}-1`, origin, 'Finca La Esperanza', '10,500', '10,500', '5,50', '10/01/2024']);

      // The standard dialect from the picker.
      await page.getByLabel('Formato del CSV').selectOption('standard');
      const downloadingStandard = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Exportar CSV' }).click();
      const standard = fs.readFileSync((await (await downloadingStandard).path())!, 'utf8');
      expect(parse(standard, { delimiter: ',' })).toContainEqual([`${suffix}-2`, origin, 'Finca La Esperanza', '2.250', '2.250', '7.00', '2024-01-11']);
      await expectNoSeriousAxeViolations(page);
      await shot(page, `green-with-export-${suffix}`);
      expect(problems).toEqual([]);
      await context.close();
    }
  });

  it("cada pantalla con tabla tiene 'Exportar CSV' hacia su ruta, y el archivo se descarga", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const screens: [string, string, string][] = [
      ['/cafe-origen', '/api/coffee-origins/export.csv', 'origenes'],
      ['/cafe-tostado', '/api/roasted-coffee/export.csv', 'cafe-tostado'],
      ['/cafe-mezcla', '/api/blended-coffee/export.csv', 'cafe-mezcla'],
      ['/ventas', '/api/sales/export.csv', 'ventas'],
      ['/configuracion', '/api/blend-recipes/export.csv', 'recetas'],
      ['/gestion-usuarios', '/api/users/export.csv', 'usuarios'],
      ['/reportes', '/api/reports/export.csv', 'reportes'],
    ];
    for (const [screen, href, fileBase] of screens) {
      await page.goto(screen);
      const link = page.getByRole('link', { name: 'Exportar CSV' });
      await link.waitFor();
      expect(await link.getAttribute('href'), screen).toBe(href);
      const downloading = page.waitForEvent('download');
      await link.click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(new RegExp(`^${fileBase}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
      expect(fs.readFileSync((await download.path())!, 'utf8').startsWith('\uFEFF"')).toBe(true);
    }
    await page.setViewportSize(PHONE);
    await page.goto('/gestion-usuarios');
    await page.getByRole('link', { name: 'Exportar CSV' }).waitFor();
    await expectNoSidewaysScroll(page);
    await shot(page, 'users-export-phone');
    expect(problems).toEqual([]);
    await context.close();
  });
});
