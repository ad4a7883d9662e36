import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { sessionMessages as m } from '#shared/messages.js';
import { DESKTOP, expectNoSeriousAxeViolations, newPage, PHONE, signIn } from './helpers/browser.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { addUserToDatabase } from './helpers/users.js';
import { expectNoSidewaysScroll, nextDialog, shooter, waitForToast } from './helpers/screen.js';

const shot = shooter('sessions');
const TECNICO = { username: 'turno.tarde', password: 'molienda-gruesa-31', fullName: 'Turno de Tarde', role: 'tecnico' as const };

/** «Mi cuenta» → «Mis sesiones», by keyboard: the menu button, Enter, the first item, Enter. */
async function openSessionsByKeyboard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Mi cuenta' }).focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Mis sesiones');
  await page.keyboard.press('Enter');
  await page.getByRole('dialog', { name: 'Mis sesiones' }).waitFor();
}

const sessionItems = (page: Page) => page.locator('.sessions-list__item');

describe('mis sesiones y cerrar sesiones', () => {
  const env = useServerAndBrowser();

  it('a user sees their sessions, this one marked, and ends the others; an administrator ends all of a user\'s', async () => {
    const { server } = env;
    await addUserToDatabase(server.databaseFile, TECNICO);
    // The same administrator on a laptop and a phone.
    const laptop = await newPage(env.browser, server.url, DESKTOP);
    await signIn(laptop.page, server.adminUsername, server.adminPassword);
    const phone = await newPage(env.browser, server.url, PHONE);
    await signIn(phone.page, server.adminUsername, server.adminPassword);

    await openSessionsByKeyboard(phone.page);
    await expect.poll(() => sessionItems(phone.page).count()).toBe(2);
    await expect.poll(() => phone.page.locator('.sessions-list__item--current .sessions-list__badge').textContent()).toBe('Esta sesión');
    await expect.poll(() => sessionItems(phone.page).first().textContent()).toContain(m.current);
    expect(await phone.page.locator('.sessions-list__device strong').allTextContents()).toEqual(['Chrome en Linux', 'Chrome en Linux']);
    await expectNoSeriousAxeViolations(phone.page);
    await expectNoSidewaysScroll(phone.page);
    await shot(phone.page, 'mis-sesiones-phone');

    // Dismissing the confirmation ends nothing; accepting ends the laptop's session.
    const dismissed = nextDialog(phone.page, false);
    await phone.page.getByRole('button', { name: m.endOthers }).click();
    expect(await dismissed).toBe(m.confirmEndOthers);
    await expect.poll(() => sessionItems(phone.page).count()).toBe(2);
    const accepted = nextDialog(phone.page, true);
    await phone.page.getByRole('button', { name: 'Cerrar las demás sesiones' }).click();
    expect(await accepted).toBe('¿Estás seguro de que quieres cerrar todas tus demás sesiones? Esos dispositivos tendrán que iniciar sesión de nuevo.');
    await expect.poll(() => waitForToast(phone.page, 'Se cerró')).toBe('Se cerró 1 sesión.');
    await expect.poll(() => sessionItems(phone.page).count()).toBe(1);
    await phone.page.getByText(m.noOthers).waitFor();
    await shot(phone.page, 'mis-sesiones-sola-phone');

    // Escape closes the dialog and gives the focus back to the menu button.
    await phone.page.keyboard.press('Escape');
    await phone.page.getByRole('dialog', { name: 'Mis sesiones' }).waitFor({ state: 'detached' });
    await expect.poll(() => phone.page.evaluate(() => document.activeElement?.textContent)).toBe('Mi cuenta');

    // The laptop's next request finds no session: back to the login screen.
    await laptop.page.goto('/gestion-usuarios');
    await laptop.page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();

    // Gestión de usuarios: the administrator ends the tecnico's sessions.
    const tecnico = await newPage(env.browser, server.url, DESKTOP);
    await signIn(tecnico.page, TECNICO.username, TECNICO.password);
    await phone.page.goto('/gestion-usuarios');
    const endButton = phone.page.getByRole('button', { name: m.endUserSessions(TECNICO.username) });
    await endButton.waitFor();
    const confirmed = nextDialog(phone.page, true);
    await endButton.click();
    expect(await confirmed).toBe(m.confirmEndUserSessions);
    await expect.poll(() => waitForToast(phone.page, 'sesión del usuario')).toBe('Se cerró 1 sesión del usuario.');
    await shot(phone.page, 'cerrar-sesiones-usuario-phone');
    await tecnico.page.goto('/cafe-verde');
    await tecnico.page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();

    expect([...laptop.problems, ...phone.problems, ...tecnico.problems]).toEqual([]);
    await Promise.all([laptop.context.close(), phone.context.close(), tecnico.context.close()]);
  });
});
