import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { authMessages } from '#shared/messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, screenshot, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { addUserToDatabase } from './helpers/users.js';

const BAR = [
  { label: 'Inicio', path: '/', title: 'Sistema de Gestión de Café' },
  { label: 'Orígenes', path: '/cafe-origen', title: 'Gestión de Orígenes de Café' },
  { label: 'Café Verde', path: '/cafe-verde', title: 'Inventario de Café Verde' },
  { label: 'Café Tostado', path: '/cafe-tostado', title: 'Inventario de Café Tostado' },
  { label: 'Café Mezcla', path: '/cafe-mezcla', title: 'Inventario de Café Mezcla' },
  { label: 'Ventas', path: '/ventas', title: 'Registro de Ventas' },
  { label: 'Reportes', path: '/reportes', title: 'Reportes' },
  { label: 'Configuración', path: '/configuracion', title: 'Configuración del Sistema' },
];

describe('app shell', () => {
  const env = useServerAndBrowser();

  it('login: the Spanish title, the wrong-password message, no serious axe findings', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url);
    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Bienvenido al Sistema de Control de Inventario');
    await expectNoSeriousAxeViolations(page);
    await page.getByLabel('Usuario').fill('admin');
    await page.getByLabel('Contraseña').fill('no-es-la-clave');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!');
    expect(authMessages.wrongCredentials).toBe('Usuario o contraseña incorrectos. ¡Intenta de nuevo, campeón!');
    await screenshot(page, 'login-desktop');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('signs in, greets, navigates every bar entry, keeps the session on reload and signs out for good', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url);
    await signIn(page, 'ADMIN', env.server.adminPassword);
    await expect.poll(() => page.locator('.app-header__greeting').textContent()).toBe('¡Hola, Administrador! (administrador)');
    await expect.poll(() => page.locator('.home-card').count()).toBe(7);
    await page.waitForTimeout(900); // let the staggered entrance finish before axe checks contrast
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'home-desktop');
    // On a desktop the header's buttons show their names (a phone shows their icons only).
    for (const name of ['Mi cuenta', 'Cerrar Sesión']) {
      const label = page.locator('.app-header').getByRole('button', { name, exact: true }).getByText(name);
      expect((await label.boundingBox())!.width, name).toBeGreaterThan(50);
    }

    for (const entry of BAR) {
      await page.getByRole('navigation', { name: 'Navegación principal' }).getByRole('link', { name: entry.label, exact: true }).click();
      await page.waitForURL(`${env.server.url}${entry.path}`);
      const current = page.locator('.bottom-nav__link[aria-current="page"]');
      await expect.poll(() => current.textContent()).toBe(entry.label);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).first().textContent()).toBe(entry.title);
      if (entry.path !== '/') await page.locator('main').getByRole('link', { name: 'Inicio' }).waitFor();
    }

    await page.goto('/cafe-verde');
    await page.reload();
    // Still signed in after a reload: the session lives on the server, not in the page.
    await page.getByRole('button', { name: 'Cerrar Sesión' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Inventario de Café Verde' }).waitFor();

    const cookies = await context.cookies();
    const session = cookies.find((c) => c.name === 'cafe_sesion');
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Strict' });

    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    const replay = await fetch(`${env.server.url}/api/auth/me`, { headers: { cookie: `cafe_sesion=${session!.value}` } });
    expect(replay.status).toBe(401);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('on a phone the bar hides its labels but keeps them for screen readers', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, 'admin', env.server.adminPassword);
    await page.waitForTimeout(900);
    const label = page.locator('.bottom-nav__label').first();
    const box = await label.boundingBox();
    expect(box === null || box.width <= 1).toBe(true);
    await expect.poll(() => page.getByRole('link', { name: 'Café Verde', exact: true }).count()).toBeGreaterThan(0);
    const nav = await page.locator('.bottom-nav').boundingBox();
    expect(nav!.x).toBeGreaterThanOrEqual(0);
    expect(nav!.x + nav!.width).toBeLessThanOrEqual(PHONE.width);

    // The compact header (docs/product-guide.md#screens): the app's name, the greeting and the two buttons in one
    // band of at most 72 px (it was 132), the buttons 44 px round icons that keep their names.
    const header = page.locator('.app-header');
    expect((await header.boundingBox())!.height).toBeLessThanOrEqual(72);
    expect(await header.getByText('Sistema de Gestión de Café').isVisible()).toBe(true);
    expect(await header.locator('.app-header__greeting').textContent()).toBe('¡Hola, Administrador! (administrador)');
    for (const name of ['Mi cuenta', 'Cerrar Sesión']) {
      const button = (await header.getByRole('button', { name, exact: true }).boundingBox())!;
      expect([button.width, button.height], name).toEqual([44, 44]);
    }

    // Home's first screen, above the bar: all 7 cards whole, each with its icon, name and description, the row of
    // tools and the stock alerts' title (docs/product-guide.md#home); one card a row put the tools four screens down.
    const inFirstScreen = (elements: Locator) =>
      elements.evaluateAll((all, barTop) => all.map((element) => {
        const box = element.getBoundingClientRect();
        return box.height > 0 && box.top >= 0 && box.bottom <= barTop;
      }), nav!.y);
    for (const part of ['.home-card', '.home-card__icon', '.home-card__name', '.home-card__description']) {
      expect(await inFirstScreen(page.locator(part)), part).toEqual(Array(7).fill(true));
    }
    expect(await inFirstScreen(page.getByRole('navigation', { name: 'Herramientas' }).getByRole('link'))).toEqual(Array(6).fill(true));
    expect(await inFirstScreen(page.getByRole('heading', { level: 2, name: 'Alertas de stock' }))).toEqual([true]);
    await expectNoSeriousAxeViolations(page);
    await screenshot(page, 'home-phone');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('home cards come in 0.1 s apart, and stay still for someone who asks for reduced motion', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url);
    await signIn(page, 'admin', env.server.adminPassword);
    const animations = () => page.locator('.home-card').evaluateAll((cards) =>
      cards.map((card) => ({ name: getComputedStyle(card).animationName, delay: getComputedStyle(card).animationDelay })));
    await expect.poll(() => page.locator('.home-card').count()).toBe(7);
    expect(await animations()).toEqual(['0s', '0.1s', '0.2s', '0.3s', '0.4s', '0.5s', '0.6s'].map((delay) => ({ name: 'card-in', delay })));
    await page.emulateMedia({ reducedMotion: 'reduce' });
    expect((await animations()).map((a) => a.name)).toEqual(Array(7).fill('none'));
    expect(problems).toEqual([]);
    await context.close();
  });

  it('the green toast shows at the bottom centre for 3 seconds', async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, PHONE);
    await signIn(page, 'admin', env.server.adminPassword);
    await page.goto('/cafe-origen');
    await page.getByLabel('Nombre del Origen').fill('Guatemala');
    await page.getByLabel('Kilos por Saco').fill('69');
    await page.getByLabel('Proveedores/Fincas', { exact: true }).fill('Finca Santa Ana');
    await page.getByLabel('Proveedores/Fincas', { exact: true }).press('Enter');
    await page.getByRole('button', { name: 'Agregar Origen' }).click();
    const toast = page.locator('.toast', { hasText: 'Origen agregado con éxito.' });
    await toast.waitFor();
    const shownAt = Date.now();
    const box = (await toast.boundingBox())!;
    const nav = (await page.locator('.bottom-nav').boundingBox())!;
    // Centred (within a pixel), in the lower part of the screen, above the bottom bar.
    expect(Math.abs(box.x + box.width / 2 - PHONE.width / 2)).toBeLessThanOrEqual(1);
    expect(box.y).toBeGreaterThan(PHONE.height / 2);
    expect(box.y + box.height).toBeLessThanOrEqual(nav.y);
    // Green: the green channel clearly leads.
    const [red, green, blue] = (await toast.evaluate((el) => getComputedStyle(el).backgroundColor)).match(/\d+/g)!.map(Number);
    expect(green! - Math.max(red!, blue!)).toBeGreaterThan(40);
    await toast.waitFor({ state: 'detached', timeout: 6000 });
    const shownFor = Date.now() - shownAt;
    expect(shownFor).toBeGreaterThan(2500);
    expect(shownFor).toBeLessThan(4000);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('sends a tecnico away from /configuracion and /gestion-usuarios', async () => {
    await addUserToDatabase(env.server.databaseFile, { username: 'tecnico1', password: 'clave-tecnico-123', fullName: 'Tomás Técnico', role: 'tecnico' });
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, 'tecnico1', 'clave-tecnico-123');
    await expect.poll(() => page.locator('.app-header__greeting').textContent()).toBe('¡Hola, Tomás Técnico! (tecnico)');
    for (const path of ['/configuracion', '/gestion-usuarios']) {
      await page.goto(path);
      await page.waitForURL(`${env.server.url}/`);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Sistema de Gestión de Café');
    }
    expect(problems).toEqual([]);
    await context.close();
  });
});
