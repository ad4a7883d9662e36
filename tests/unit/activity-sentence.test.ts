import { describe, expect, it } from 'vitest';
import { ACTION_NAMES, activitySentence, activitySummary, activityValue, AREA_NAMES, changeLines, changesText, FIELD_NAMES } from '#shared/activity-sentence.js';
import { userSchema } from '#shared/schemas/auth.js';
import { customerSchema } from '#shared/schemas/customers.js';
import { blendRecipeComponentSchema, blendRecipeSchema } from '#shared/schemas/blend-recipes.js';
import { blendedCoffeeSchema } from '#shared/schemas/blended-coffee.js';
import { greenCoffeeSchema } from '#shared/schemas/green-coffee.js';
import { originSchema } from '#shared/schemas/origins.js';
import { productPriceSchema } from '#shared/schemas/product-prices.js';
import { saleFormatSchema } from '#shared/schemas/sale-formats.js';
import { roastedCoffeeSchema } from '#shared/schemas/roasted-coffee.js';
import { saleSchema } from '#shared/schemas/sales.js';
import { settingsSchema } from '#shared/schemas/settings.js';
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS, type ActivityEntry } from '#shared/schemas/activity.js';
import { defaultFormatter, regionalFormatter } from '#shared/format.js';

// The log's figures as a shop with a decimal comma reads them (Configuración › Formato regional).
const comma = regionalFormatter({ currency_symbol: '€', currency_position: 'after', decimal_separator: ',' });

// The activity log read as Spanish sentences (docs/product-guide.md#activity-log), the same on
// the «Registro de Actividad» screen and in its CSV export.
type Parts = Pick<ActivityEntry, 'username' | 'action' | 'area' | 'record_label' | 'changes'>;
const entry = (parts: Partial<Parts> & Pick<Parts, 'action' | 'area'>): Parts => ({ username: 'ana', record_label: 'Colombia', changes: null, ...parts });

describe('activity sentences', () => {
  it('says who edited which record and each field before → after (the literal Spanish)', () => {
    const edit = entry({ action: 'update', area: 'coffee-origins', changes: { name: { before: 'Colombia', after: 'Colombia Huila' } } });
    expect(activitySentence(edit, comma)).toBe("ana editó el origen Colombia: nombre 'Colombia' → 'Colombia Huila'");
    expect(activitySummary(edit)).toBe('ana editó el origen Colombia');
    expect(changeLines(edit.changes, comma)).toEqual(["nombre 'Colombia' → 'Colombia Huila'"]);
  });

  it('names the record of every area with its noun', () => {
    const nouns = Object.fromEntries(ACTIVITY_AREAS.map((area) => [area, activitySentence(entry({ action: 'create', area, record_label: 'X-1' }), comma)]));
    expect(nouns).toEqual({
      'coffee-origins': 'ana creó el origen X-1',
      'green-coffee': 'ana creó el lote de café verde X-1',
      'roasted-coffee': 'ana creó el lote de café tostado X-1',
      'blend-recipes': 'ana creó la receta X-1',
      'blended-coffee': 'ana creó la mezcla X-1',
      sales: 'ana creó la venta X-1',
      // The settings are one record: the label would only repeat it.
      settings: 'ana creó la configuración',
      users: 'ana creó el usuario X-1',
      'stock-counts': 'ana creó el recuento X-1',
      auth: 'ana creó la sesión X-1',
      customers: 'ana creó el cliente X-1',
      'product-prices': 'ana creó el precio de X-1',
      'sale-formats': 'ana creó el formato X-1',
      // An order's label names it: 'ana creó el Pedido 12 · Café Sol'.
      orders: 'ana creó el X-1',
      'shop-skus': 'ana creó el producto de la tienda X-1',
      'shop-import-presets': 'ana creó la correspondencia de columnas X-1',
    });
  });

  it('gives each action its verb or its own sentence', () => {
    const sentences = Object.fromEntries(
      ACTIVITY_ACTIONS.map((action) => [action, activitySentence(entry({ action, area: action.startsWith('sign') ? 'auth' : 'roasted-coffee', record_label: action.startsWith('sign') ? '192.0.2.7' : 'TS-010124-1234' }), comma)]),
    );
    expect(sentences).toEqual({
      create: 'ana creó el lote de café tostado TS-010124-1234',
      update: 'ana editó el lote de café tostado TS-010124-1234',
      delete: 'ana eliminó el lote de café tostado TS-010124-1234',
      count: 'ana registró el lote de café tostado TS-010124-1234',
      import: 'ana importó el lote de café tostado TS-010124-1234',
      sign_in: 'ana inició sesión desde 192.0.2.7',
      sign_out: 'ana cerró sesión desde 192.0.2.7',
      sign_in_refused: "Inicio de sesión rechazado para 'ana' desde 192.0.2.7",
    });
    // An administrator's «Cerrar sesiones» of another account, and an entry whose user was deleted.
    expect(activitySentence(entry({ action: 'sign_out', area: 'users', record_label: 'pedro' }), comma)).toBe('ana cerró las sesiones del usuario pedro');
    expect(activitySentence(entry({ action: 'delete', area: 'sales', username: null, record_label: '#42' }), comma)).toBe('Alguien eliminó la venta #42');
    // A refused sign-in keeps a username only when an account has it (the name typed may have been a password).
    expect(activitySentence(entry({ action: 'sign_in_refused', area: 'auth', username: null, record_label: '192.0.2.7' }), comma)).toBe(
      'Inicio de sesión rechazado para un usuario que no existe desde 192.0.2.7',
    );
  });

  it('has a Spanish name for every action and area the filters and the CSV show', () => {
    expect(Object.keys(ACTION_NAMES)).toEqual([...ACTIVITY_ACTIONS]);
    expect(Object.keys(AREA_NAMES)).toEqual([...ACTIVITY_AREAS]);
  });

  it('has a Spanish name for every field of the records whose edits it lists (a sale edit listed "cost" and "margin")', () => {
    // An edit's lines come from the record as the API answers it, before and after
    // (changesBetween, src/server/write-pipeline/activity-log.ts), minus these four (the version: docs/decisions/0038-record-versions.md).
    const unlogged = new Set(['id', 'version', 'created_at', 'updated_at']);
    const records = [saleSchema, originSchema, greenCoffeeSchema, roastedCoffeeSchema, blendedCoffeeSchema, blendRecipeSchema, blendRecipeComponentSchema, settingsSchema, userSchema, customerSchema, productPriceSchema, saleFormatSchema];
    const unnamed = records.flatMap((schema) => Object.keys(schema.shape)).filter((field) => !unlogged.has(field) && !Object.hasOwn(FIELD_NAMES, field));
    expect(unnamed).toEqual([]);
  });
});

describe('before and after values', () => {
  it('writes each kind of value as a person reads it', () => {
    expect(activityValue('Colombia', comma)).toBe("'Colombia'");
    expect(activityValue(12.5, comma)).toBe('12,5');
    // Money with its cents, as the screens show a price; kilos as exact as they are kept.
    expect(activityValue(36.7, comma, 'total')).toBe('36,70');
    expect(activityValue(20.24, comma, 'cost')).toBe('20,24');
    expect(activityValue(2.5, comma, 'quantity_kg')).toBe('2,5');
    expect(changeLines({ margin: { before: 16.4, after: 24.69 } }, comma)).toEqual(['margen 16,40 → 24,69']);
    expect(activityValue(60, comma)).toBe('60');
    // At the defaults, the spec's decimal point, as every other screen.
    expect(activityValue(12.5, defaultFormatter)).toBe('12.5');
    expect(activityValue(36.7, defaultFormatter, 'total')).toBe('36.70');
    // A business date as the screens write it; text that only looks like one stays quoted.
    expect(activityValue('2024-03-15', comma)).toBe('15/03/2024');
    expect(activityValue('2024-02-30', comma)).toBe("'2024-02-30'");
    expect(activityValue(null, comma)).toBe('—');
    expect(activityValue('', comma)).toBe('—');
    expect(activityValue(undefined, comma)).toBe('—');
    expect(activityValue(true, comma)).toBe('sí');
    expect(activityValue(['Finca A', 'Finca B'], comma)).toBe("'Finca A', 'Finca B'");
    // A recipe's components: rows in a list, their fields in words.
    expect(activityValue([{ origin_name: 'Colombia', percentage: 60 }, { origin_name: 'Etiopía', percentage: 40 }], comma)).toBe(
      "(origen 'Colombia', porcentaje 60), (origen 'Etiopía', porcentaje 40)",
    );
  });

  it('lists every changed field, with the API names in Spanish and a reference once, by its name', () => {
    const changes = {
      origin_id: { before: 3, after: 4 },
      origin_name: { before: 'Colombia', after: 'Brasil' },
      quantity_kg: { before: 60, after: 59.5 },
      entry_date: { before: '2024-03-01', after: '2024-03-02' },
      supplier_finca: { before: 'Finca A', after: null },
      moisture_pct: { before: 11, after: 12 },
    };
    expect(changeLines(changes, comma)).toEqual([
      "origen 'Colombia' → 'Brasil'",
      'cantidad (Kg) 60 → 59,5',
      'fecha de entrada 01/03/2024 → 02/03/2024',
      "proveedor/finca 'Finca A' → —",
      // A field the log has no Spanish name for shows its own, with spaces.
      'moisture pct 11 → 12',
    ]);
    expect(changesText(changes, comma)).toBe(changeLines(changes, comma).join('; '));
    // An id with no name beside it still shows.
    expect(changeLines({ recipe_id: { before: 1, after: 2 } }, comma)).toEqual(['receta 1 → 2']);
    expect(changeLines(null, comma)).toEqual([]);
  });

  it('says a password was changed, never with a value (write-pipeline/activity-log.ts withValuelessChanges)', () => {
    const reset = entry({ action: 'update', area: 'users', record_label: 'pedro', changes: { password: { before: null, after: null } } });
    expect(changeLines(reset.changes, comma)).toEqual(['contraseña cambiada']);
    expect(activitySentence(reset, comma)).toBe('ana editó el usuario pedro: contraseña cambiada');
    const withRole = { role: { before: 'tecnico', after: 'administrador' }, password: { before: null, after: null } };
    expect(changesText(withRole, comma)).toBe("rol 'tecnico' → 'administrador'; contraseña cambiada");
    expect(changesText(null, comma)).toBe('');
  });
});
