import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { customerMessages } from '#shared/customer-messages.js';
import { commonMessages } from '#shared/messages.js';
import { resetDatabase } from '../helpers/reset-database.js';
import { createTestApp, errorOf, type TestApp } from '../helpers/test-app.js';
import { testDialects } from '../helpers/test-database.js';
import { buildChain } from '../helpers/trace-chain.js';

/** Clientes (docs/product-guide.md#clientes): /api/customers, its rules and its roles. */

const validCustomer = {
  name: 'Cafetería Sol',
  kind: 'cafeteria',
  tax_id: 'B12345678',
  email: 'pedidos@cafeteriasol.es',
  phone: '+34 600 12 34 56',
  address: 'Calle Mayor 1, Madrid',
  notes: 'Reparto los martes',
};

type Page = { items: { id: number; name: string; active: boolean }[]; next_cursor: string | null };

describe.each(testDialects())('clientes (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let tecnico: string;

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    tecnico = await t.signIn('tecnico');
  });
  afterAll(() => t.close());
  beforeEach(() => resetDatabase(t.db));

  const post = (payload: unknown, cookie = tecnico) => t.call(cookie, { method: 'POST', url: '/api/customers', payload: payload as object });
  const put = (id: number, payload: unknown, cookie = tecnico) => t.call(cookie, { method: 'PUT', url: `/api/customers/${id}`, payload: payload as object });
  const del = (id: number | string, cookie = admin) => t.call(cookie, { method: 'DELETE', url: `/api/customers/${id}` });
  const list = async (query = '', cookie = tecnico) => {
    const response = await t.call(cookie, { method: 'GET', url: `/api/customers${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page>();
  };
  const names = (page: Page) => page.items.map((item) => item.name);
  const countCustomers = async () => (await t.db.selectFrom('customers').select('id').execute()).length;

  it('answers 401 to every route without a session, and writes nothing', async () => {
    const calls = [
      t.call(undefined, { method: 'GET', url: '/api/customers' }),
      t.call(undefined, { method: 'GET', url: '/api/customers/1' }),
      t.call(undefined, { method: 'GET', url: '/api/customers/export.csv' }),
      t.call(undefined, { method: 'POST', url: '/api/customers', payload: validCustomer }),
      t.call(undefined, { method: 'PUT', url: '/api/customers/1', payload: { ...validCustomer, version: 1 } }),
      t.call(undefined, { method: 'DELETE', url: '/api/customers/1' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode).toBe(401);
      expect(errorOf(response).code).toBe('unauthenticated');
    }
    expect(await countCustomers()).toBe(0);
  });

  it('lets a tecnico list, read, create, edit and export, but only an administrator delete (403, nothing deleted)', async () => {
    const created = await post(validCustomer);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    expect((await t.call(tecnico, { method: 'GET', url: `/api/customers/${id}` })).statusCode).toBe(200);
    expect((await put(id, { ...validCustomer, notes: 'Reparto los jueves' })).statusCode).toBe(200);
    expect((await t.call(tecnico, { method: 'GET', url: '/api/customers/export.csv' })).statusCode).toBe(200);
    const refused = await del(id, tecnico);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'forbidden', message: commonMessages.forbidden });
    expect(await countCustomers()).toBe(1);
    expect((await del(id, admin)).statusCode).toBe(204);
    expect(await countCustomers()).toBe(0);
  });

  it('creates a customer, active, with every field as sent (blank optional fields as none)', async () => {
    const response = await post(validCustomer);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ id: expect.any(Number), version: 1, active: true, ...validCustomer });
    const bare = await post({ name: 'Ana Pérez', kind: 'particular', email: '  ', phone: '', notes: null });
    expect(bare.json()).toEqual({ id: expect.any(Number), version: 1, name: 'Ana Pérez', kind: 'particular', tax_id: null, email: null, phone: null, address: null, notes: null, active: true });
    expect((await t.call(tecnico, { method: 'GET', url: `/api/customers/${bare.json<{ id: number }>().id}` })).json()).toEqual(bare.json());
  });

  it.each([
    ['no name', { ...validCustomer, name: undefined }],
    ['a blank name', { ...validCustomer, name: '   ' }],
    ['no kind', { ...validCustomer, kind: undefined }],
    ['an empty kind', { ...validCustomer, kind: '' }],
    ['an empty body', {}],
    ['a JSON array as body', [validCustomer]],
  ])('refuses %s with the required-fields message, writing nothing', async (_case, payload) => {
    const response = await post(payload);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message: customerMessages.required });
    expect(await countCustomers()).toBe(0);
  });

  it('uses the Spanish text word for word', async () => {
    expect(errorOf(await post({ kind: 'tienda' })).message).toBe('Por favor, completa el nombre y el tipo de cliente.');
  });

  it.each([
    ['a kind not in the list', { kind: 'mayorista' }, customerMessages.invalidKind],
    ['a kind in its Spanish label', { kind: 'Cafetería' }, customerMessages.invalidKind],
    ['a 121-character name', { name: 'x'.repeat(121) }, customerMessages.nameTooLong],
    ['a 31-character tax id', { tax_id: '1'.repeat(31) }, customerMessages.taxIdTooLong],
    ['an email without @', { email: 'pedidos.cafeteriasol.es' }, customerMessages.emailInvalid],
    ['an email without a domain dot', { email: 'pedidos@cafeteriasol' }, customerMessages.emailInvalid],
    ['a 255-character email', { email: `${'a'.repeat(245)}@correo.es` }, customerMessages.emailTooLong],
    ['a phone with letters', { phone: '600 CAFE' }, customerMessages.phoneInvalid],
    ['a 31-character phone', { phone: '6'.repeat(31) }, customerMessages.phoneTooLong],
    ['a 301-character address', { address: 'x'.repeat(301) }, customerMessages.addressTooLong],
    ['1001 characters of notes', { notes: 'x'.repeat(1001) }, customerMessages.notesTooLong],
    ['notes that are not text', { notes: 42 }, customerMessages.textInvalid],
    ['active that is not yes or no', { active: 'sí' }, customerMessages.activeInvalid],
  ])('refuses %s with a Spanish 400, writing nothing', async (_case, change, message) => {
    const response = await post({ ...validCustomer, ...change });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
    expect(await countCustomers()).toBe(0);
  });

  it('accepts every field at its limit', async () => {
    const response = await post({
      name: 'n'.repeat(120),
      kind: 'otro',
      tax_id: 't'.repeat(30),
      email: `${'a'.repeat(244)}@correo.es`,
      phone: '6'.repeat(30),
      address: 'd'.repeat(300),
      notes: 'x'.repeat(1000),
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it.each([
    ['the same name in other case, accents and spaces', '  CAFETERIA sol '],
    ['a look-alike with a Cyrillic е', 'Cafеtería Sol'],
    ['a look-alike with full-width letters', 'Ｃafetería Sol'],
  ])('refuses (409) %s, naming the customer that has it', async (_case, name) => {
    expect((await post(validCustomer)).statusCode).toBe(201);
    const response = await post({ ...validCustomer, name });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'duplicate', message: customerMessages.duplicateName('Cafetería Sol') });
    expect(errorOf(response).message).toBe('Ya existe un cliente con ese nombre: «Cafetería Sol». Usa otro nombre o edita el cliente existente.');
    expect(await countCustomers()).toBe(1);
  });

  it('refuses an edit to another customer\'s name (or look-alike) but keeps a customer\'s own name', async () => {
    expect((await post(validCustomer)).statusCode).toBe(201);
    const { id } = (await post({ name: 'Tienda Luna', kind: 'tienda' })).json<{ id: number }>();
    const taken = await put(id, { name: 'Cafеtería Sol', kind: 'tienda' });
    expect(taken.statusCode).toBe(409);
    expect(errorOf(taken).message).toBe(customerMessages.duplicateName('Cafetería Sol'));
    const own = await put(id, { name: 'TIENDA LUNA', kind: 'online' });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id, version: 2, name: 'TIENDA LUNA', kind: 'online' });
  });

  it('lists by name, accents and case aside, a page at a time through next_cursor', async () => {
    for (const name of ['Zoco Café', 'ámbar tostadores', 'Bar Central', 'Cafetería Sol', 'barra norte']) {
      expect((await post({ name, kind: 'cafeteria' })).statusCode).toBe(201);
    }
    const all = await list();
    expect(names(all)).toEqual(['ámbar tostadores', 'Bar Central', 'barra norte', 'Cafetería Sol', 'Zoco Café']);
    expect(all.next_cursor).toBeNull();

    const first = await list('?limit=2');
    expect(names(first)).toEqual(['ámbar tostadores', 'Bar Central']);
    const second = await list(`?limit=2&cursor=${first.next_cursor}`);
    expect(names(second)).toEqual(['barra norte', 'Cafetería Sol']);
    // A customer added before the cursor does not shift the next page (keyset, not offset).
    expect((await post({ name: 'Aaa Primero', kind: 'otro' })).statusCode).toBe(201);
    const third = await list(`?limit=2&cursor=${second.next_cursor}`);
    expect(names(third)).toEqual(['Zoco Café']);
    expect(third.next_cursor).toBeNull();
  });

  it('searches name, tax id, email and phone, case and accents aside; % and _ are plain characters', async () => {
    expect((await post(validCustomer)).statusCode).toBe(201);
    expect((await post({ name: 'Tienda Café_50%', kind: 'tienda', email: 'hola@luna.es' })).statusCode).toBe(201);
    expect((await post({ name: 'Bar Central', kind: 'cafeteria', phone: '91 555 12 34' })).statusCode).toBe(201);
    expect(names(await list('?q=CAFE'))).toEqual(['Cafetería Sol', 'Tienda Café_50%']);
    expect(names(await list('?q=b1234'))).toEqual(['Cafetería Sol']);
    expect(names(await list('?q=LUNA.ES'))).toEqual(['Tienda Café_50%']);
    expect(names(await list('?q=555 12'))).toEqual(['Bar Central']);
    expect(names(await list('?q=_50%25'))).toEqual(['Tienda Café_50%']);
    expect(names(await list('?q=%25'))).toEqual(['Tienda Café_50%']);
    expect(names(await list('?q=nadie'))).toEqual([]);
    expect(names(await list('?q=%20%20'))).toHaveLength(3);
  });

  it('filters active or inactive customers; an edit without `active` keeps it, with it changes it', async () => {
    const { id } = (await post(validCustomer)).json<{ id: number }>();
    expect((await post({ name: 'Tienda Luna', kind: 'tienda' })).statusCode).toBe(201);
    const off = await put(id, { ...validCustomer, active: false });
    expect(off.json()).toMatchObject({ active: false, version: 2 });
    const kept = await put(id, { ...validCustomer, notes: 'Cerrado por obras' });
    expect(kept.json()).toMatchObject({ active: false, version: 3, notes: 'Cerrado por obras' });
    expect(names(await list('?active=true'))).toEqual(['Tienda Luna']);
    expect(names(await list('?active=false'))).toEqual(['Cafetería Sol']);
    expect(names(await list())).toEqual(['Cafetería Sol', 'Tienda Luna']);
  });

  it.each([
    ['a cursor that is not base64url', '?cursor=no%20vale', customerMessages.invalidCursor],
    ['a cursor this API did not write', `?cursor=${Buffer.from('[1,2]').toString('base64url')}`, customerMessages.invalidCursor],
    ['a cursor that is not JSON', `?cursor=${Buffer.from('hola').toString('base64url')}`, customerMessages.invalidCursor],
    ['a search of 121 characters', `?q=${'x'.repeat(121)}`, customerMessages.searchTooLong],
    ['a limit of 0', '?limit=0', commonMessages.invalidRequest],
    ['active that is not true or false', '?active=si', commonMessages.invalidRequest],
  ])('answers %s with a Spanish 400', async (_case, query, message) => {
    const response = await t.call(tecnico, { method: 'GET', url: `/api/customers${query}` });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
  });

  it('answers 404 for a customer that does not exist, and 400 (not 500) for an impossible id', async () => {
    const missing = await put(987654, { ...validCustomer, version: 1 });
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toEqual({ code: 'not_found', message: customerMessages.notFound });
    expect((await del(987654)).statusCode).toBe(404);
    for (const id of ['abc', '0', '-1', '99999999999']) expect((await del(id)).statusCode).toBe(400);
  });

  it('refuses (409) to delete a customer that a sale names: deactivate instead', async () => {
    const chain = await buildChain(t, admin);
    const { id } = (await post(validCustomer)).json<{ id: number }>();
    await t.db.updateTable('sales').set({ customer_id: id }).where('id', '=', chain.s1.id).execute();
    const response = await del(id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({ code: 'in_use', message: customerMessages.deleteInUse });
    expect(errorOf(response).message).toBe('No se puede eliminar el cliente: tiene ventas registradas. Desactívalo en su lugar.');
    expect(await countCustomers()).toBe(1);
    expect((await put(id, { ...validCustomer, active: false })).statusCode).toBe(200);
  });

  it('exports the list\'s filter as CSV, kinds in Spanish, in both dialects', async () => {
    expect((await post(validCustomer)).statusCode).toBe(201);
    expect((await post({ name: 'Tienda Luna', kind: 'online', active: false })).statusCode).toBe(201);
    const es = await t.call(tecnico, { method: 'GET', url: '/api/customers/export.csv' });
    expect(es.headers['content-disposition']).toMatch(/^attachment; filename="clientes-\d{4}-\d{2}-\d{2}\.csv"$/);
    const rows = parse(es.body, { delimiter: ';', bom: true }) as string[][];
    expect(rows).toEqual([
      ['Nombre', 'Tipo', 'NIF/CIF', 'Correo Electrónico', 'Teléfono', 'Dirección', 'Notas', 'Activo'],
      // The formula guard writes a phone's leading '+' with an apostrophe, as every export does.
      ['Cafetería Sol', 'Cafetería', 'B12345678', 'pedidos@cafeteriasol.es', "'+34 600 12 34 56", 'Calle Mayor 1, Madrid', 'Reparto los martes', 'Sí'],
      ['Tienda Luna', 'Tienda online', '', '', '', '', '', 'No'],
    ]);
    const filtered = await t.call(tecnico, { method: 'GET', url: '/api/customers/export.csv?dialect=standard&q=luna&limit=1' });
    expect(parse(filtered.body, { delimiter: ',' })).toEqual([rows[0], rows[2]]);
  });

  it('writes an activity entry for each create, edit and delete, named by the customer', async () => {
    const { id } = (await post(validCustomer)).json<{ id: number }>();
    await put(id, { ...validCustomer, phone: '600 00 00 00', active: false });
    await del(id);
    const entries = await t.db.selectFrom('activity_log').selectAll().where('area', '=', 'customers').orderBy('id').execute();
    expect(entries.map((entry) => [entry.action, entry.record_id, entry.record_label])).toEqual([
      ['create', id, 'Cafetería Sol'],
      ['update', id, 'Cafetería Sol'],
      ['delete', id, 'Cafetería Sol'],
    ]);
    expect(JSON.parse(entries[1]!.changes!)).toEqual({
      phone: { before: '+34 600 12 34 56', after: '600 00 00 00' },
      active: { before: true, after: false },
    });
  });
});
