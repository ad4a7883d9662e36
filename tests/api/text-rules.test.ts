import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestMessages, textMessages } from '#shared/messages.js';
import { createTestApp, errorOf, TEST_PASSWORD, type TestApp } from '../helpers/test-app.js';
import { countRows, testDialects } from '../helpers/test-database.js';
import { roastBody } from '../helpers/bodies.js';

/**
 * Text that means what it shows (docs/product-guide.md#data-rules): every
 * text field refuses control characters and invisible or bidirectional ones,
 * naming the field; notes and descriptions take line breaks (CRLF stored as
 * LF); a body that is not UTF-8 is refused instead of stored with '�'.
 */
const CONTROL = { TAB: '\t', CR: '\r', LF: '\n', BEL: '\u0007', ESC: '\u001b', DEL: '\u007f', NEL: '\u0085', LS: '\u2028' };
const INVISIBLE = {
  'zero width space': '\u200b',
  'zero width joiner': '\u200d',
  'right-to-left override': '\u202e',
  'left-to-right isolate': '\u2066',
  'right-to-left mark': '\u200f',
  BOM: '\ufeff',
  'soft hyphen': '\u00ad',
  'Hangul filler': '\u3164',
};

describe.each(testDialects())('reglas del texto (%s)', (dialect) => {
  let t: TestApp;
  let admin: string;
  let counter = 0;
  const unique = (stem: string) => `${stem}${++counter}`;
  let originId: number;
  let greenId: number;
  let roastId: number;
  let roastCode: string;

  const call = (method: 'POST' | 'PUT' | 'GET', url: string, payload?: unknown) =>
    t.call(admin, { method, url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const counts = async () => {
    const tables = ['users', 'coffee_origins', 'green_coffee', 'roasted_coffee', 'blend_recipes', 'blended_coffee', 'sales', 'stock_movements'] as const;
    return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(t.db, table)])));
  };
  const created = async (url: string, payload: unknown) => {
    const response = await call('POST', url, payload);
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ id: number; batch_code?: string }>();
  };

  const origin = (change: Record<string, unknown> = {}) => ({
    name: unique('Origen '), kilos_per_bag: 70, suppliers_fincas: ['Finca La Esperanza'], description: null, ...change,
  });
  const green = (change: Record<string, unknown> = {}) => ({
    origin_id: originId, supplier_finca: 'Finca La Esperanza', quantity_kg: 20, unit_price: 5, entry_date: '2024-03-01', batch_code: unique('V-'), ...change,
  });
  const blend = (change: Record<string, unknown> = {}) => ({
    name: unique('Mezcla '), total_quantity_kg: 0.1, creation_date: '2024-03-16', recipe_id: null, batch_code: unique('MZ-'),
    components: [{ origin_id: originId, percentage: 100, selected_roasted_batches: [{ id: roastId, quantity_used: 0.1 }] }],
    ...change,
  });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    admin = await t.signIn('administrador');
    originId = (await created('/api/coffee-origins', origin())).id;
    greenId = (await created('/api/green-coffee', green())).id;
    const roast = await created('/api/roasted-coffee', roastBody(greenId, { quantity_green_kg: 15, resultant_kg: 12, batch_code: unique('T-') }));
    roastId = roast.id;
    roastCode = roast.batch_code!;
  });
  afterAll(() => t.close());

  /** Each single-line field of each write, as a body with `text` in that field. */
  const singleLineFields: { label: string; field: string; url: string; body: (text: string) => unknown }[] = [
    { label: 'Nombre', field: 'origin name', url: '/api/coffee-origins', body: (text) => origin({ name: `Col${text}ombia` }) },
    { label: 'Proveedores/Fincas', field: 'origin supplier', url: '/api/coffee-origins', body: (text) => origin({ suppliers_fincas: [`Finca${text}Uno`] }) },
    { label: 'Lote', field: 'green lot code', url: '/api/green-coffee', body: (text) => green({ batch_code: `GC${text}001` }) },
    { label: 'Proveedor/Finca', field: 'green lot supplier', url: '/api/green-coffee', body: (text) => green({ supplier_finca: `Finca La${text}Esperanza` }) },
    { label: 'Lote', field: 'roasted lot code', url: '/api/roasted-coffee', body: (text) => roastBody(greenId, { quantity_green_kg: 1, resultant_kg: 0.8, batch_code: `T${text}1` }) },
    { label: 'Nombre', field: 'recipe name', url: '/api/blend-recipes', body: (text) => ({ name: `Receta${text}Casa`, components: [{ origin_id: originId, percentage: 100 }] }) },
    { label: 'Nombre', field: 'blend name', url: '/api/blended-coffee', body: (text) => blend({ name: `Mezcla${text}Casa` }) },
    { label: 'Lote', field: 'blend code', url: '/api/blended-coffee', body: (text) => blend({ batch_code: `MZ${text}1` }) },
    {
      label: 'Lote vendido', field: 'sale lot code', url: '/api/sales',
      body: (text) => ({ product_id: roastId, product_type: 'tostado', quantity_kg: 0.1, unit_price: 15, sale_date: '2024-03-20', batch_code_sold: `${roastCode}${text}` }),
    },
    { label: 'Usuario', field: 'username', url: '/api/users', body: (text) => ({ username: `ana${text}gil`, password: 'tueste-medio-2024', full_name: 'Ana Gil', role: 'tecnico' }) },
    { label: 'Nombre completo', field: 'full name', url: '/api/users', body: (text) => ({ username: unique('ana'), password: 'tueste-medio-2024', full_name: `Ana${text}Gil`, role: 'tecnico' }) },
  ];

  const expectRefused = (response: LightMyRequestResponse, message: string) => {
    expect(response.statusCode, response.body).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'validation', message });
  };

  it('has the Spanish messages word for word', () => {
    expect(textMessages.controlCharacters('Lote')).toBe('El campo «Lote» no puede contener tabuladores, saltos de línea ni otros caracteres de control.');
    expect(textMessages.controlCharactersMultiline('Descripción')).toBe(
      'El campo «Descripción» solo admite saltos de línea: no puede contener tabuladores ni otros caracteres de control.',
    );
    expect(textMessages.invisibleCharacters('Usuario')).toBe(
      'El campo «Usuario» no puede contener caracteres invisibles ni marcas que cambian la dirección del texto.',
    );
    expect(requestMessages.invalidUtf8).toBe('El cuerpo de la solicitud no está codificado en UTF-8 válido.');
  });

  describe.each(singleLineFields)('$field', ({ label, url, body }) => {
    it('accepts the plain text (the bodies are valid)', async () => {
      // Proves that each refusal below is about the character, not about the rest of the body.
      await created(url, body(' '));
    });

    it.each(Object.entries(CONTROL))('refuses %s, naming the field, writing nothing', async (_name, character) => {
      const before = await counts();
      expectRefused(await call('POST', url, body(character)), textMessages.controlCharacters(label));
      expect(await counts()).toEqual(before);
    });

    it.each(Object.entries(INVISIBLE))('refuses a %s, naming the field, writing nothing', async (_name, character) => {
      const before = await counts();
      expectRefused(await call('POST', url, body(character)), textMessages.invisibleCharacters(label));
      expect(await counts()).toEqual(before);
    });
  });

  it('refuses a name, code or farm that starts with a combining mark (an accent on nothing), naming the field', async () => {
    expect(textMessages.leadingMark('Nombre')).toBe(
      'El campo «Nombre» no puede empezar con un acento u otra marca suelta: escribe primero la letra que la lleva.',
    );
    const before = await counts();
    const users = { password: 'tueste-medio-2024', role: 'tecnico' };
    const refusals: [string, unknown, string][] = [
      ['/api/coffee-origins', origin({ name: '\u0301Colombia' }), 'Nombre'],
      ['/api/coffee-origins', origin({ name: '  \u0303Ñuñoa' }), 'Nombre'],
      ['/api/coffee-origins', origin({ suppliers_fincas: ['Finca Uno', '\u0301Finca Dos'] }), 'Proveedores/Fincas'],
      ['/api/green-coffee', green({ supplier_finca: '\u0301Finca La Esperanza' }), 'Proveedor/Finca'],
      ['/api/green-coffee', green({ batch_code: '\u0308GC-001' }), 'Lote'],
      ['/api/blend-recipes', { name: '\u0301Receta Casa', components: [{ origin_id: originId, percentage: 100 }] }, 'Nombre'],
      ['/api/blended-coffee', blend({ name: '\u093fMezcla' }), 'Nombre'],
      ['/api/users', { ...users, username: '\u0301ana', full_name: 'Ana Gil' }, 'Usuario'],
      ['/api/users', { ...users, username: unique('ana'), full_name: '\u0301Ana Gil' }, 'Nombre completo'],
    ];
    for (const [url, body, label] of refusals) expectRefused(await call('POST', url, body), textMessages.leadingMark(label));
    expect(await counts()).toEqual(before);
    // The same accent after its letter is an ordinary 'é' (stored composed).
    const accent = await created('/api/coffee-origins', origin({ name: 'Etiope\u0301 Sidamo' }));
    expect((await t.db.selectFrom('coffee_origins').select('name').where('id', '=', accent.id).executeTakeFirstOrThrow()).name).toBe('Etiopé Sidamo');
  });

  it('refuses them in an edit too, and leaves the row as it was', async () => {
    const { id } = await created('/api/coffee-origins', origin({ name: 'Brasil Sul' }));
    const response = await call('PUT', `/api/coffee-origins/${id}`, origin({ name: 'Brasil\u200bSul' }));
    expectRefused(response, textMessages.invisibleCharacters('Nombre'));
    expect(errorOf(response).message).toBe('El campo «Nombre» no puede contener caracteres invisibles ni marcas que cambian la dirección del texto.');
    const lot = await created('/api/green-coffee', green({ batch_code: 'ED-1' }));
    expectRefused(await call('PUT', `/api/green-coffee/${lot.id}`, green({ batch_code: 'ED\t1' })), textMessages.controlCharacters('Lote'));
    expect((await t.db.selectFrom('coffee_origins').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Brasil Sul');
    expect((await t.db.selectFrom('green_coffee').select('batch_code').where('id', '=', lot.id).executeTakeFirstOrThrow()).batch_code).toBe('ED-1');
  });

  it('a description (several lines) keeps its line breaks, CRLF stored as LF, and refuses the rest', async () => {
    const lines = await created('/api/coffee-origins', origin({ description: 'Huila, 1700 m\nLavado\r\nNotas de panela' }));
    const row = await t.db.selectFrom('coffee_origins').select('description').where('id', '=', lines.id).executeTakeFirstOrThrow();
    expect(row.description).toBe('Huila, 1700 m\nLavado\nNotas de panela');

    const before = await counts();
    for (const character of [CONTROL.TAB, '\r', CONTROL.BEL, CONTROL.ESC, CONTROL.LS]) {
      expectRefused(await call('POST', '/api/coffee-origins', origin({ description: `Huila${character}1700` })), textMessages.controlCharactersMultiline('Descripción'));
    }
    expectRefused(await call('POST', '/api/coffee-origins', origin({ description: 'Huila \u202e0071' })), textMessages.invisibleCharacters('Descripción'));
    expect(await counts()).toEqual(before);
  });

  it('refuses them at sign-in and in a query, and keeps a password as typed (never shown)', async () => {
    expectRefused(
      await t.call(undefined, { method: 'POST', url: '/api/auth/login', payload: { username: 'ana\tgil', password: TEST_PASSWORD } }),
      textMessages.controlCharacters('Usuario'),
    );
    expectRefused(await call('GET', `/api/products?q=${encodeURIComponent('Col\u200bombia')}`), textMessages.invisibleCharacters('Búsqueda'));
    const user = await call('POST', '/api/users', { username: unique('clave'), password: 'tueste\tmedio\u200b2024', full_name: 'Clave Rara', role: 'tecnico' });
    expect(user.statusCode, user.body).toBe(201);
  });

  it('accepts what only looks unusual: accents, ñ, an emoji drawn with its variation selector', async () => {
    const response = await call('POST', '/api/coffee-origins', origin({ name: 'Café ☕\ufe0f Ñuñoa' }));
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ name: string }>().name).toBe('Café ☕\ufe0f Ñuñoa');
  });

  describe('a body that is not UTF-8', () => {
    const rawPost = (url: string, bytes: Buffer) =>
      t.call(admin, { method: 'POST', url, headers: { 'content-type': 'application/json' }, payload: bytes });
    const json = (template: string, ...bytes: number[][]) => {
      const [before, after] = template.split('@');
      return Buffer.concat([Buffer.from(before!, 'utf8'), ...bytes.map((b) => Buffer.from(b)), Buffer.from(after!, 'utf8')]);
    };
    const originJson = '{"name":"Caf@","kilos_per_bag":70,"suppliers_fincas":["Finca La Esperanza"]}';

    it.each([
      ['a Latin-1 é', [0xe9]],
      ['a cut sequence', [0xe2, 0x82]],
      ['an overlong encoding', [0xc0, 0xaf]],
      ['an encoded surrogate (CESU-8)', [0xed, 0xa0, 0x80]],
      ['a byte that is never UTF-8', [0xff]],
    ])('refuses %s with a 400 instead of storing U+FFFD', async (_name, bytes) => {
      const before = await counts();
      expectRefused(await rawPost('/api/coffee-origins', json(originJson, bytes)), requestMessages.invalidUtf8);
      expect(await counts()).toEqual(before);
      const stored = await t.db.selectFrom('coffee_origins').select('name').execute();
      expect(stored.some((row) => row.name.includes('\ufffd'))).toBe(false);
    });

    it('refuses it at sign-in too, and takes the same body written in UTF-8', async () => {
      expectRefused(
        await t.call(undefined, { method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: json('{"username":"jos@","password":"x"}', [0xe9]) }),
        requestMessages.invalidUtf8,
      );
      const response = await rawPost('/api/coffee-origins', json(originJson.replace('Caf@', 'Caf@ Utf'), [0xc3, 0xa9]));
      expect(response.statusCode, response.body).toBe(201);
      expect(response.json<{ name: string }>().name).toBe('Café Utf');
    });
  });
});
