import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textMessages } from '#shared/messages.js';
import { blendRecipeMessages } from '#shared/blend-recipe-messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { userMessages } from '#shared/user-messages.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { itOn, testDialects } from '../helpers/test-database.js';
import { roastBody } from '../helpers/bodies.js';

/**
 * Codes, usernames and names compare after NFKC and case folding ('ＧＣ-001'
 * is 'GC-001'), and a username or a lot code whose Unicode TR39 skeleton is
 * an existing one's is refused: real look-alike pairs, on both databases, and
 * two such creates at once on PostgreSQL (the unique index on the skeleton).
 */
describe.each(testDialects())('códigos y nombres que se confunden (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let originId: number;
  let otherOriginId: number;
  let greenId: number;

  const call = (method: 'POST' | 'PUT', url: string, payload: unknown) => t.call(admin, { method, url, payload: payload as object });
  const created = async (url: string, payload: unknown) => {
    const response = await call('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; batch_code?: string; username?: string }>();
  };
  const refused = async (method: 'POST' | 'PUT', url: string, payload: unknown, message: string) => {
    const response = await call(method, url, payload);
    expect(response.statusCode, response.body).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'duplicate', message });
  };
  const user = (username: string) => ({ username, password: 'tueste-medio-2024', full_name: 'Persona de prueba', role: 'tecnico' });
  const green = (batch_code: string, origin_id = originId) => ({
    origin_id, supplier_finca: 'Finca La Esperanza', quantity_kg: 50, unit_price: 5, entry_date: '2024-03-01', batch_code,
  });
  const blend = (batch_code: string, roastId: number) => ({
    name: 'Mezcla de la Casa', total_quantity_kg: 0.1, creation_date: '2024-03-16', recipe_id: null, batch_code,
    components: [{ origin_id: originId, percentage: 100, selected_roasted_batches: [{ id: roastId, quantity_used: 0.1 }] }],
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    const origin = { kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'], description: null };
    originId = (await created('/api/coffee-origins', { ...origin, name: 'Colombia' })).id;
    otherOriginId = (await created('/api/coffee-origins', { ...origin, name: 'Brasil' })).id;
    greenId = (await created('/api/green-coffee', green('BASE-1'))).id;
  });
  afterAll(() => t.close());

  describe('usuarios', () => {
    it('one account per name after NFKC and case folding; a look-alike of it is refused, naming it', async () => {
      const admin1 = await created('/api/users', user('admin'));
      expect(admin1.username).toBe('admin');
      for (const same of ['ADMIN', 'ａｄｍｉｎ', ' Admin ']) await refused('POST', '/api/users', user(same), userMessages.duplicateUsername);
      // Cyrillic а (U+0430), dotless ı (U+0131), the digit 1 for the letter l, 'rn' for 'm'.
      for (const lookAlike of ['аdmin', 'admın', 'adrnin']) {
        await refused('POST', '/api/users', user(lookAlike), textMessages.confusableUsername('admin'));
      }
      await refused('POST', '/api/users', user('аdmin'), 'El nombre de usuario se confunde a simple vista con uno que ya existe («admin»). Elige otro.');
      // An edit to a look-alike is refused too; a username that only resembles nothing is fine.
      const other = await created('/api/users', user('adminia'));
      await refused('PUT', `/api/users/${other.id}`, { ...user('аdmin'), password: '' }, textMessages.confusableUsername('admin'));
      const names = await t.db.selectFrom('users').select('username').where('username', 'not like', 'administrador%').orderBy('id').execute();
      expect(names.map((row) => row.username)).toEqual(['admin', 'adminia']);
    });

    it('signs in with the name typed in full width or capitals', async () => {
      await created('/api/users', user('lucia'));
      const response = await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'ＬＵＣＩＡ', password: 'tueste-medio-2024' } });
      expect(response.statusCode, response.body).toBe(200);
    });

    itOn(dialect, 'postgres')('of six simultaneous look-alike usernames, exactly one is saved', async () => {
      const lookAlikes = ['marta', 'rnarta', 'mаrta', 'MARTA', 'ｍａｒｔａ', 'marta '];
      const responses = await Promise.all(lookAlikes.map((name) => call('POST', '/api/users', user(name))));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
      const saved = await t.db.selectFrom('users').select('username').where('username_skeleton', '=', 'rnarta').execute();
      expect(saved).toHaveLength(1);
    });
  });

  describe('códigos de lote', () => {
    it('green lots: the same code in full width is a duplicate; a look-alike is refused in its origin only', async () => {
      await created('/api/green-coffee', green('GC-001'));
      await refused('POST', '/api/green-coffee', green('ＧＣ-００１'), greenCoffeeMessages.duplicateBatch);
      await refused('POST', '/api/green-coffee', green('gc-001 '), greenCoffeeMessages.duplicateBatch);
      // Letter O for digit 0, small L for digit 1, Cyrillic С and О.
      for (const lookAlike of ['GC-OO1', 'GC-00l', 'gc-0o1']) {
        await refused('POST', '/api/green-coffee', green(lookAlike), textMessages.confusableLotCode('GC-001'));
      }
      await created('/api/green-coffee', green('СО-777'));
      await refused('POST', '/api/green-coffee', green('CO-777'), textMessages.confusableLotCode('СО-777'));
      await refused('PUT', `/api/green-coffee/${greenId}`, green('GC-0O1'), textMessages.confusableLotCode('GC-001'));
      // Green codes are unique per origin: in another origin the look-alike is another lot.
      await created('/api/green-coffee', green('GC-OO1', otherOriginId));
    });

    it('roasted lots: full width is a duplicate, a look-alike is refused, across origins', async () => {
      const first = await created('/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'TR-101' }));
      await refused('POST', '/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'ＴＲ-１０１' }), roastedCoffeeMessages.duplicateBatch);
      await refused('POST', '/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'TR-IOI' }), textMessages.confusableLotCode('TR-101'));
      const second = await created('/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'TR-202' }));
      await refused('PUT', `/api/roasted-coffee/${second.id}`, roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'tr-lol' }), textMessages.confusableLotCode('TR-101'));
      // Keeping its own code (or its own code in other case) is no clash with itself.
      const own = await call('PUT', `/api/roasted-coffee/${first.id}`, roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: 'tr-101' }));
      expect(own.statusCode, own.body).toBe(200);
    });

    it('blends: full width is a duplicate and a look-alike is refused', async () => {
      const roast = await created('/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 5, resultant_kg: 4, batch_code: 'TR-MZ' }));
      await created('/api/blended-coffee', blend('MZ-10', roast.id));
      await refused('POST', '/api/blended-coffee', blend('ＭＺ-１０', roast.id), blendedCoffeeMessages.duplicateBatch);
      await refused('POST', '/api/blended-coffee', blend('MZ-lO', roast.id), textMessages.confusableLotCode('MZ-10'));
    });

    itOn(dialect, 'postgres')('of six simultaneous look-alike green codes in one origin, exactly one is saved', async () => {
      const lookAlikes = ['RC-010', 'RC-OlO', 'RC-0lO', 'RC-O1O', 'ＲＣ-０１０', 'rc-010'];
      const responses = await Promise.all(lookAlikes.map((code) => call('POST', '/api/green-coffee', green(code))));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });
  });

  it('recipe names compare after NFKC and case folding', async () => {
    const recipe = (name: string) => ({ name, components: [{ origin_id: originId, percentage: 100 }] });
    await created('/api/blend-recipes', recipe('Mezcla Casa'));
    for (const same of ['ＭＥＺＣＬＡ  casa', 'mézcla casa']) await refused('POST', '/api/blend-recipes', recipe(same), blendRecipeMessages.duplicateName);
  });

  describe('nombres únicos', () => {
    const origin = (name: string, suppliers_fincas = ['Finca Uno']) => ({ name, kilos_per_bag: 60, suppliers_fincas, description: null });
    const recipe = (name: string) => ({ name, components: [{ origin_id: originId, percentage: 100 }] });

    it('an origin whose name looks like another\'s is refused with the duplicate message, naming it', async () => {
      // Cyrillic о (U+043E), Cyrillic а (U+0430), and both with the other case and an accent.
      for (const lookAlike of ['Cоlombia', 'COLОMBIA', 'Cоlómbia', 'Colombiа']) {
        await refused('POST', '/api/coffee-origins', origin(lookAlike), originMessages.duplicateName('Colombia'));
      }
      await refused('POST', '/api/coffee-origins', origin('Cоlombia'), 'Ya existe un origen con ese nombre: «Colombia». Usa otro nombre o edita el origen existente.');
      const peru = await created('/api/coffee-origins', origin('Perú'));
      await refused('PUT', `/api/coffee-origins/${peru.id}`, origin('Brаsil'), originMessages.duplicateName('Brasil'));
      // Its own name in a look-alike spelling is no clash with itself.
      const own = await call('PUT', `/api/coffee-origins/${peru.id}`, origin('Реrú'));
      expect(own.statusCode, own.body).toBe(200);
    });

    it('a recipe whose name looks like another\'s is refused with the duplicate message', async () => {
      await created('/api/blend-recipes', recipe('Mezcla de la Casa'));
      for (const lookAlike of ['Mezcla de la Casа', 'MEZCLA DE LA CАSA', 'Меzcla de la Casa']) {
        await refused('POST', '/api/blend-recipes', recipe(lookAlike), blendRecipeMessages.duplicateName);
      }
      const other = await created('/api/blend-recipes', recipe('Mezcla del Tostador'));
      await refused('PUT', `/api/blend-recipes/${other.id}`, recipe('Mezcla de la Cаsa'), blendRecipeMessages.duplicateName);
    });

    it('an origin lists each supplier/farm once, whatever its case, accents or look', async () => {
      const farm = 'Finca La Esperanza';
      // Lower case, Cyrillic Е (U+0415), an accent, full width.
      for (const twin of ['finca la esperanza', 'Finca La Еsperanza', 'Finca La Espéranza', 'ＦＩＮＣＡ LA ESPERANZA']) {
        const response = await call('POST', '/api/coffee-origins', origin('Guatemala', [farm, twin]));
        expect(response.statusCode, response.body).toBe(400);
        expect(errorOf(response)).toEqual({ code: 'validation', message: originMessages.duplicateSupplier(twin, farm) });
      }
      expect(originMessages.duplicateSupplier('finca la esperanza', farm)).toBe(
        'El proveedor/finca «finca la esperanza» se confunde con «Finca La Esperanza», que ya está en la lista. Añade cada proveedor/finca una sola vez.',
      );
      const guatemala = await created('/api/coffee-origins', origin('Guatemala', [farm, 'Finca El Injerto']));
      const edit = await call('PUT', `/api/coffee-origins/${guatemala.id}`, origin('Guatemala', [farm, 'Finca El Injerto', 'Finca La Еsperanza']));
      expect(edit.statusCode, edit.body).toBe(400);
      expect(errorOf(edit).message).toBe(originMessages.duplicateSupplier('Finca La Еsperanza', farm));
      // The same farm in two origins is two farms.
      await created('/api/coffee-origins', origin('Honduras', ['finca la esperanza']));
    });

    it('look-alikes kept from before (written past the service) can stay together in an edit', async () => {
      const kept = await created('/api/coffee-origins', origin('Nicaragua', ['Finca Santa Rosa']));
      await t.db.updateTable('coffee_origins').set({ suppliers_fincas: JSON.stringify(['Finca Santa Rosa', 'finca santa rosa']) }).where('id', '=', kept.id).execute();
      const edit = await call('PUT', `/api/coffee-origins/${kept.id}`, origin('Nicaragua', ['Finca Santa Rosa', 'finca santa rosa', 'Finca Nueva']));
      expect(edit.statusCode, edit.body).toBe(200);
    });

    itOn(dialect, 'postgres')('of six simultaneous look-alike origin names, exactly one is saved', async () => {
      const lookAlikes = ['Kenia', 'Кenia', 'Kеnia', 'KENIА', 'Kenіa', 'ＫＥＮＩＡ'];
      const responses = await Promise.all(lookAlikes.map((name) => call('POST', '/api/coffee-origins', origin(name))));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    });

    itOn(dialect, 'postgres')('of four simultaneous look-alike recipe names, exactly one is saved', async () => {
      const lookAlikes = ['Mezcla Oro', 'Mezcla Оro', 'Меzcla Oro', 'MEZCLA ORО'];
      const responses = await Promise.all(lookAlikes.map((name) => call('POST', '/api/blend-recipes', recipe(name))));
      expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409, 409, 409]);
    });
  });
});
