import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEFAULT_REGIONAL_FORMAT } from '#shared/format.js';
import { commonMessages } from '#shared/messages.js';
import { blendRecipeMessages as m } from '#shared/blend-recipe-messages.js';
import { percentageMessages } from '#shared/percentage-messages.js';
import { settingsMessages } from '#shared/settings-messages.js';
import { DEFAULT_STORAGE_TEXT, LOW_STOCK_DEFAULTS, TOLERANCE_LABELS } from '#shared/schemas/settings.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { alertText, expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';
import { addUserToDatabase } from './helpers/users.js';

const shot = shooter('configuracion');
const recipesTable = (page: Page) => page.getByRole('table', { name: 'Recetas de mezcla registradas' });
const recipeCells = (page: Page, name: string) =>
  recipesTable(page).locator('tbody tr', { has: page.getByRole('cell', { name, exact: true }) }).locator('td').allTextContents();
const chips = (page: Page) => page.getByRole('list', { name: 'Componentes añadidos' }).locator('li').allTextContents();
const totalText = (page: Page) => page.locator('#recipe-components-total').textContent();
const totalClass = (page: Page) => page.locator('#recipe-components-total').getAttribute('class');
const formTitle = (page: Page) => page.locator('#recipe-form-title').textContent();

async function addComponent(page: Page, origin: string, percentage: string): Promise<void> {
  await page.getByLabel('Origen del café').selectOption({ label: origin });
  await page.getByLabel('Porcentaje (%)').fill(percentage);
  await page.getByRole('button', { name: 'Añadir componente' }).click();
}

/** The origins a recipe needs, created through the API with the page's session (the test does not depend on the origins screen). */
async function seedOrigins(page: Page): Promise<void> {
  const post = apiPost(page);
  for (const name of ['Colombia', 'Etiopía', 'Brasil']) await post('/api/coffee-origins', { name, kilos_per_bag: 70, suppliers_fincas: [`Finca ${name}`] });
}

/** Datos del negocio and the bag labels' settings as they start. */
const BAG_LABEL_DEFAULTS = { business_name: null, business_address: null, sanitary_registration: null, best_before_months: 12, storage_text: DEFAULT_STORAGE_TEXT };
/** The reference profile's tolerances (docs/decisions/0053-reference-profile.md): none checked. */
const TOLERANCE_DEFAULTS = Object.fromEntries(Object.keys(TOLERANCE_LABELS).map((name) => [name, null]));

describe('configuración', () => {
  const env = useServerAndBrowser();

  it('an administrator creates a recipe of two origins, edits it, deletes it, and changes a default price', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await seedOrigins(page);

    await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: 'Configuración', exact: true }).click();
    await page.waitForURL(`${env.server.url}/configuracion`);
    await page.getByRole('heading', { level: 1, name: m.title, exact: true }).waitFor();
    await page.getByRole('link', { name: 'Inicio' }).first().waitFor();
    await expect.poll(() => page.locator('section[aria-labelledby="recipes-title"] .empty-text').textContent()).toBe('No hay recetas de mezcla registradas. ¡Es hora de crear algunas!');
    await shot(page, 'empty-desktop');

    // docs/product-guide.md#blend-recipe: the save rule and the add-component rule, answered in the form before any request.
    await page.getByRole('button', { name: 'Crear Receta' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, completa el nombre de la receta y añade al menos un componente.');
    await page.getByRole('button', { name: 'Añadir componente' }).click();
    await expect.poll(() => alertText(page)).toBe('Por favor, selecciona un origen de café y un porcentaje válido para el componente.');
    await page.getByLabel('Origen del café').selectOption({ label: 'Colombia' });
    await page.getByRole('button', { name: 'Añadir componente' }).click();
    await expect.poll(() => alertText(page)).toBe(m.componentInvalid);

    // Two origins; the running total is visibly wrong until it reaches 100.
    await page.getByLabel('Nombre de la Receta').fill('Mezcla de la Casa');
    await addComponent(page, 'Colombia', '60');
    await expect.poll(() => chips(page)).toEqual(['Colombia 60%']);
    // After the refused save the form re-checks as the recipe changes: now only the total is wrong.
    await expect.poll(() => alertText(page)).toBe(percentageMessages.mustTotal100('60'));
    await addComponent(page, 'Etiopía', '30');
    await expect.poll(() => totalText(page)).toBe('Porcentaje total: 90% (debe sumar 100%)');
    await expect.poll(() => totalClass(page)).toContain('recipe-total--wrong');
    // An origin already in the recipe leaves the select.
    await expect.poll(() => page.getByLabel('Origen del café').locator('option').allTextContents()).toEqual(['Selecciona un origen', 'Brasil']);
    await page.getByRole('button', { name: 'Crear Receta' }).click();
    await expect.poll(() => alertText(page)).toBe(percentageMessages.mustTotal100('90'));
    await page.getByRole('button', { name: 'Quitar Etiopía' }).click();
    await addComponent(page, 'Etiopía', '40');
    await expect.poll(() => totalText(page)).toBe('Porcentaje total: 100%');
    await expect.poll(() => totalClass(page)).toContain('recipe-total--ok');
    await shot(page, 'form-desktop');
    await page.getByRole('button', { name: 'Crear Receta' }).click();
    await expect.poll(() => waitForToast(page, 'Receta agregada')).toBe('Receta agregada con éxito.');
    await expect.poll(() => recipeCells(page, 'Mezcla de la Casa')).toEqual(['Mezcla de la Casa', 'Colombia 60%, Etiopía 40%', '']);
    // The form is clean again.
    await expect.poll(() => page.getByLabel('Nombre de la Receta').inputValue()).toBe('');
    await expect.poll(() => chips(page)).toEqual([]);

    // Edit loads the name and the components; after the update the form returns to create mode (docs/product-guide.md#configuracion).
    await page.getByRole('button', { name: 'Editar Mezcla de la Casa' }).click();
    await expect.poll(() => formTitle(page)).toBe('Editar Receta de Mezcla');
    await expect.poll(() => page.getByLabel('Nombre de la Receta').inputValue()).toBe('Mezcla de la Casa');
    await expect.poll(() => chips(page)).toEqual(['Colombia 60%', 'Etiopía 40%']);
    await page.getByLabel('Nombre de la Receta').fill('Mezcla Especial');
    await page.getByRole('button', { name: 'Quitar Colombia' }).click();
    await addComponent(page, 'Brasil', '60');
    await shot(page, 'edit-desktop');
    await page.getByRole('button', { name: 'Actualizar Receta' }).click();
    await expect.poll(() => waitForToast(page, 'Receta actualizada')).toBe('Receta actualizada con éxito.');
    await expect.poll(() => formTitle(page)).toBe('Crear Nueva Receta de Mezcla');
    await expect.poll(() => recipeCells(page, 'Mezcla Especial')).toEqual(['Mezcla Especial', 'Etiopía 40%, Brasil 60%', '']);
    await expect.poll(() => recipesTable(page).locator('tbody tr').count()).toBe(1);

    // The same name in other letters is taken: the server's 409 shows in the form.
    await page.getByLabel('Nombre de la Receta').fill('mezcla especial');
    await addComponent(page, 'Colombia', '100');
    await page.getByRole('button', { name: 'Crear Receta' }).click();
    await expect.poll(() => alertText(page)).toBe(m.duplicateName);

    // Delete asks with the browser dialog; dismissing keeps the recipe.
    const dismissed = nextDialog(page, false);
    await page.getByRole('button', { name: 'Eliminar Mezcla Especial' }).click();
    await expect.poll(() => recipesTable(page).locator('tbody tr').count()).toBe(1);
    const accepted = nextDialog(page, true);
    await page.getByRole('button', { name: 'Eliminar Mezcla Especial' }).click();
    await expect.poll(() => waitForToast(page, 'Receta eliminada')).toBe('Receta eliminada con éxito.');
    await expect.poll(() => page.locator('section[aria-labelledby="recipes-title"] .empty-text').textContent()).toBe(m.empty);
    expect([await dismissed, await accepted]).toEqual([
      '¿Estás seguro de que quieres eliminar esta receta?',
      '¿Estás seguro de que quieres eliminar esta receta?',
    ]);

    // Default sale prices: 15 and 25 until changed (docs/product-guide.md#business-constants).
    await expect.poll(() => page.getByLabel('Café Tostado ($/Kg)').inputValue()).toBe('15');
    await expect.poll(() => page.getByLabel('Café Mezcla ($/Kg)').inputValue()).toBe('25');
    await page.getByLabel('Café Tostado ($/Kg)').fill('');
    await page.getByRole('button', { name: 'Guardar Precios' }).click();
    const pricesForm = page.locator('form', { has: page.getByRole('heading', { name: 'Precios de Venta por Defecto' }) });
    await expect.poll(() => pricesForm.locator('.form-alert').textContent()).toBe(settingsMessages.priceRequired);
    // The original's price step of 0.01: cents and no finer, typed with a comma or a point (docs/decisions/0035-decimal-inputs-as-text.md).
    await page.getByLabel('Café Tostado ($/Kg)').fill('16,505');
    await page.getByRole('button', { name: 'Guardar Precios' }).click();
    await expect.poll(() => pricesForm.locator('.form-alert').textContent()).toBe(commonMessages.tooManyDecimals(2));
    // Filled but not a number: the field is named, beside it and in the alert (docs/product-guide.md#validation-rules).
    await page.getByLabel('Café Tostado ($/Kg)').fill('quince');
    await page.getByRole('button', { name: 'Guardar Precios' }).click();
    await expect.poll(() => pricesForm.locator('.form-alert').textContent()).toBe('Café Tostado: escribe un número, con coma o punto decimal.');
    await expect.poll(() => page.locator('#price-roasted-error').textContent()).toBe('Café Tostado: escribe un número, con coma o punto decimal.');
    await page.getByLabel('Café Tostado ($/Kg)').fill('');
    await page.getByLabel('Café Tostado ($/Kg)').pressSequentially('16,50');
    await expect.poll(() => page.getByLabel('Café Tostado ($/Kg)').inputValue()).toBe('16,50');
    await page.getByRole('button', { name: 'Guardar Precios' }).click();
    await expect.poll(() => waitForToast(page, settingsMessages.pricesSaved)).toBe(settingsMessages.pricesSaved);
    const saved = await page.request.get('/api/settings');
    // Plus the low-stock thresholds, the regional format and the days to prepare an online order (docs/product-guide.md#configuracion), untouched by this form.
    expect(await saved.json()).toEqual({ default_price_roasted: 16.5, default_price_blend: 25, ...LOW_STOCK_DEFAULTS, roaster_capacity_kg: null, ...DEFAULT_REGIONAL_FORMAT, shop_order_prep_days: 2, rest_days: 0, freshness_days: 30, public_trace: false, ...BAG_LABEL_DEFAULTS, temperature_unit: 'C', ...TOLERANCE_DEFAULTS });
    await page.reload();
    await expect.poll(() => page.getByLabel('Café Tostado ($/Kg)').inputValue()).toBe('16.5');

    // A recipe in the table for the resting screenshots: 33.33 + 33.33 + 33.34 is exactly 100.
    await page.getByLabel('Nombre de la Receta').fill('Tres Orígenes');
    await addComponent(page, 'Colombia', '33.33');
    await addComponent(page, 'Etiopía', '33.33');
    await addComponent(page, 'Brasil', '33.34');
    await expect.poll(() => totalText(page)).toBe('Porcentaje total: 100%');
    await page.getByRole('button', { name: 'Crear Receta' }).click();
    await expect.poll(() => recipeCells(page, 'Tres Orígenes')).toEqual(['Tres Orígenes', 'Colombia 33.33%, Etiopía 33.33%, Brasil 33.34%', '']);

    await page.waitForTimeout(3200); // the toast is gone: screenshots and axe see the resting screen
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'list-desktop');
    await page.setViewportSize(PHONE);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousAxeViolations(page);
    await shot(page, 'list-phone');

    // Datos del negocio on the phone (docs/product-guide.md#configuracion): the address keeps its lines; a blank registration is none.
    const business = page.getByRole('form', { name: 'Datos del negocio' });
    await business.getByLabel('Nombre comercial').fill('Tostadores del Sur');
    await business.getByLabel('Dirección').fill('Calle Mayor 1\n28013 Madrid');
    await business.getByRole('button', { name: 'Guardar Datos' }).click();
    await expect.poll(() => waitForToast(page, settingsMessages.businessSaved)).toBe(settingsMessages.businessSaved);
    expect(await (await page.request.get('/api/settings')).json()).toMatchObject({ business_name: 'Tostadores del Sur', business_address: 'Calle Mayor 1\n28013 Madrid', sanitary_registration: null });
    const bagLabels = page.getByRole('form', { name: 'Etiquetas de bolsa' });
    await bagLabels.getByLabel('Consumo preferente (meses desde el tueste)').fill('61');
    await bagLabels.getByRole('button', { name: 'Guardar Etiquetas' }).click();
    await expect.poll(() => bagLabels.locator('.form-alert').textContent()).toBe(settingsMessages.bestBeforeInvalid(60));
    await expectNoSidewaysScroll(page);
    await shot(page, 'business-phone');
    // Back to what was saved: nothing left unsaved to ask about on leaving.
    await bagLabels.getByLabel('Consumo preferente (meses desde el tueste)').fill('12');

    // The admin-options card leads to user management.
    await page.getByRole('link', { name: 'Gestión de Usuarios' }).click();
    await page.waitForURL(`${env.server.url}/gestion-usuarios`);
    await page.getByRole('heading', { level: 1, name: 'Gestión de Usuarios' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('shows the loading text, then the Spanish texts for an empty list on a phone', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    // Hold the recipes answer so the loading text can be seen.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/blend-recipes?*', async (route) => {
      await held;
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ items: [], total: 0, limit: 50, offset: 0 }) });
    });
    await page.goto('/configuracion');
    await expect.poll(() => page.locator('.loading-text').textContent()).toBe('Cargando configuración...');
    await shot(page, 'loading-phone');
    release();
    await expect.poll(() => page.locator('section[aria-labelledby="recipes-title"] .empty-text').textContent()).toBe(m.empty);
    await expectNoSidewaysScroll(page);
    await shot(page, 'empty-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it.each([
    ['**/api/blend-recipes?*', 'Error al cargar las recetas.'],
    ['**/api/coffee-origins?*', 'Error al cargar los orígenes de café.'],
  ])('a failed load of %s replaces the screen with the red message and logs it', async (url, message) => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    await page.route(url, (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'x' } }) }));
    await page.goto('/configuracion');
    await expect.poll(() => page.locator('.page-error__message').textContent()).toBe(message);
    expect(await page.getByRole('heading', { level: 1, name: m.title }).count()).toBe(0);
    expect(problems.some((problem) => problem.includes(message))).toBe(true);
    await context.close();
  });

  it('a tecnico sees the Configuración entry but opening /configuracion lands on /', async () => {
    const tecnico = { username: 'tecnico.config', password: 'granos-de-altura-77', fullName: 'Técnico de Configuración', role: 'tecnico' as const };
    await addUserToDatabase(env.server.databaseFile, tecnico);
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, tecnico.username, tecnico.password);
    const nav = page.getByRole('navigation', { name: 'Navegación principal' });
    await expect.poll(() => nav.getByRole('link').count()).toBe(8);
    await nav.getByRole('link', { name: 'Configuración', exact: true }).click();
    await page.waitForURL(`${env.server.url}/`);
    await page.goto('/configuracion');
    await page.waitForURL(`${env.server.url}/`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe('Sistema de Gestión de Café');
    // The server refuses the tecnico's writes whatever the screen does.
    const refused = await page.request.put('/api/settings', { data: { default_price_roasted: 1 } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe('No tienes permisos para realizar esta acción.');
    expect(problems).toEqual([]);
    await context.close();
  });
});
