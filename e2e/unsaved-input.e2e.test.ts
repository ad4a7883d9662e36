import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { commonMessages } from '#shared/messages.js';
import { DESKTOP, newPage, signIn } from './helpers/browser.js';
import { apiPost } from './helpers/api.js';
import { useServerAndBrowser } from './helpers/fixture.js';
import { nextDialog } from './helpers/screen.js';

/**
 * docs/product-guide.md#leaving-a-form: besides links, Back and a tab close, 'Cerrar Sesión', a
 * form's 'Cancelar' and another row's 'Editar' would drop typed input, so they ask the same
 * question first (docs/decisions/0041-field-messages-and-leave-guard.md); staying keeps the input.
 */
describe('unsaved input', () => {
  const env = useServerAndBrowser();

  const nameField = (page: Page) => page.getByLabel('Nombre del Origen');

  it("'Cancelar', another row's 'Editar' and 'Cerrar Sesión' ask before dropping typed input; an untouched form does not ask", async () => {
    const { context, page, problems } = await newPage(env.browser, env.server.url, DESKTOP);
    await signIn(page, env.server.adminUsername, env.server.adminPassword);
    const post = apiPost(page);
    await post('/api/coffee-origins', { name: 'Etiopía', kilos_per_bag: 60, suppliers_fincas: ['Finca Sidamo'] });
    await post('/api/coffee-origins', { name: 'Kenia', kilos_per_bag: 60, suppliers_fincas: ['Finca Nyeri'] });
    await page.goto('/cafe-origen');
    await page.getByRole('button', { name: 'Editar Etiopía' }).click();
    await expect.poll(() => nameField(page).inputValue()).toBe('Etiopía');
    await nameField(page).fill('Etiopía Yirgacheffe');

    for (const drop of [
      () => page.getByRole('button', { name: 'Cancelar' }).click(),
      () => page.getByRole('button', { name: 'Editar Kenia' }).click(),
      () => page.getByRole('button', { name: 'Cerrar Sesión' }).click(),
    ]) {
      const question = nextDialog(page, false);
      await drop();
      await expect(question).resolves.toBe(commonMessages.leaveUnsaved);
      // Staying keeps what was typed, still editing the same row, still signed in.
      await expect.poll(() => nameField(page).inputValue()).toBe('Etiopía Yirgacheffe');
      expect(await page.getByRole('button', { name: 'Actualizar Origen' }).count()).toBe(1);
    }

    // Leaving: another row's 'Editar' answered yes takes that row.
    const leaving = nextDialog(page, true);
    await page.getByRole('button', { name: 'Editar Kenia' }).click();
    await expect(leaving).resolves.toBe(commonMessages.leaveUnsaved);
    await expect.poll(() => nameField(page).inputValue()).toBe('Kenia');

    // Untouched: 'Cancelar' goes back to add mode without a question (an unexpected dialog would fail below).
    const unexpected: string[] = [];
    const record = (dialog: { message: () => string; dismiss: () => Promise<void> }) => {
      unexpected.push(dialog.message());
      void dialog.dismiss();
    };
    page.on('dialog', record);
    await page.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('button', { name: 'Agregar Origen' }).waitFor();
    expect(unexpected).toEqual([]);
    page.off('dialog', record);

    // Typed input in add mode, then 'Cerrar Sesión' answered yes: signed out.
    await nameField(page).fill('Ruanda');
    const signingOut = nextDialog(page, true);
    await page.getByRole('button', { name: 'Cerrar Sesión' }).click();
    await expect(signingOut).resolves.toBe(commonMessages.leaveUnsaved);
    await page.getByRole('button', { name: 'Iniciar Sesión' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});
