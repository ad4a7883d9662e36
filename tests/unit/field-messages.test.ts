import type { FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { type GreenCoffeeBody, greenCoffeeBodySchema } from '#shared/schemas/green-coffee.js';
import { roastedCoffeeBodySchema } from '#shared/schemas/roasted-coffee.js';
import { formAlertMessage, invalidFields } from '#web/lib/form-feedback.js';
import { isoDateOrAsTyped, numberOrMissing } from '#web/lib/form-values.js';
import { schemaThenRulesResolver } from '#web/lib/schema-then-rules-resolver.js';

// docs/product-guide.md#validation-rules: an empty field keeps the spec's "complete every field"
// text; a filled field that is wrong names its label as the form shows it and says the problem.

/** The green form's inputs, as typed, and the body it sends (as green-coffee-form.tsx builds it). */
type GreenValues = Record<'origin_id' | 'supplier_finca' | 'quantity_kg' | 'unit_price' | 'entry_date' | 'batch_code', string>;
const FIELDS = ['origin_id', 'supplier_finca', 'quantity_kg', 'unit_price', 'entry_date', 'batch_code'] as const;
const typed = (change: Partial<GreenValues>): GreenValues => ({
  origin_id: '1',
  supplier_finca: 'Finca A',
  quantity_kg: '60',
  unit_price: '4,5',
  entry_date: '01/02/2026',
  batch_code: '01-02-26',
  ...change,
});
const toBody = (values: GreenValues) => ({
  ...values,
  origin_id: numberOrMissing(values.origin_id),
  quantity_kg: numberOrMissing(values.quantity_kg),
  unit_price: numberOrMissing(values.unit_price),
  entry_date: isoDateOrAsTyped(values.entry_date),
});
const resolver = schemaThenRulesResolver<GreenValues, GreenCoffeeBody>(greenCoffeeBodySchema, toBody, []);
const errorsFor = async (values: GreenValues) =>
  (await resolver(values, undefined, { fields: {}, shouldUseNativeValidation: false })).errors as FieldErrors<GreenValues>;
const alertFor = async (values: GreenValues) => formAlertMessage(await errorsFor(values), FIELDS, greenCoffeeMessages.required, null);

describe('a filled field that is wrong names itself', () => {
  it("says 'abc' in Cantidad (Kg) is not a number, instead of asking to complete every field", async () => {
    expect(await alertFor(typed({ quantity_kg: 'abc' }))).toBe('Cantidad (Kg): escribe un número, con coma o punto decimal.');
    expect(await alertFor(typed({ unit_price: '4,5,0' }))).toBe(greenCoffeeMessages.priceNotNumber);
  });

  it('says 31/02/2026 is no day of the calendar, as typed', async () => {
    expect(await alertFor(typed({ entry_date: '31/02/2026' }))).toBe('Fecha de Entrada: 31/02/2026 no es una fecha del calendario.');
    expect(roastedCoffeeBodySchema.safeParse({ green_coffee_id: 1, quantity_green_kg: 10, resultant_kg: 8, roast_type: 'Claro', roast_date: '2026-02-31' }).error?.issues[0]?.message).toBe(
      'Fecha de Tostado: 2026-02-31 no es una fecha del calendario.',
    );
  });

  it('keeps the spec text while any field is empty, whatever else is wrong', async () => {
    expect(await alertFor(typed({ quantity_kg: 'abc', batch_code: '' }))).toBe('Por favor, completa todos los campos.');
    expect(await alertFor(typed({ quantity_kg: '' }))).toBe(greenCoffeeMessages.required);
  });

  it('builds each message from the label the form shows', () => {
    expect(greenCoffeeMessages.quantityNotNumber.startsWith(`${greenCoffeeMessages.labels.quantity}: `)).toBe(true);
    expect(roastedCoffeeMessages.invalidDate('1/13/2026')).toBe(`${roastedCoffeeMessages.labels.date}: 1/13/2026 no es una fecha del calendario.`);
    expect(salesMessages.priceNotNumber).toBe(`${salesMessages.labels.price}: escribe un número, con coma o punto decimal.`);
  });

  it('cuts a long text an API client sent in the date message', () => {
    expect(greenCoffeeMessages.invalidDate('x'.repeat(500))).toBe(`Fecha de Entrada: ${'x'.repeat(20)}… no es una fecha del calendario.`);
  });
});

describe('invalidFields: what each field shows next to it', () => {
  it("shows a field's own message, marks an empty one only (the alert says the spec text once) and leaves a correct one alone", async () => {
    const invalid = invalidFields(await errorsFor(typed({ quantity_kg: 'abc' })), greenCoffeeMessages.required);
    expect(invalid('quantity_kg')).toBe(greenCoffeeMessages.quantityNotNumber);
    expect(invalid('unit_price')).toBeUndefined();
    const empty = invalidFields(await errorsFor(typed({ quantity_kg: '', unit_price: 'abc' })), greenCoffeeMessages.required);
    expect(empty('quantity_kg')).toBe(true);
  });

  it('has nothing to show once the field is corrected (the form checks again at each change)', async () => {
    const invalid = invalidFields(await errorsFor(typed({ quantity_kg: '60,5' })), greenCoffeeMessages.required);
    expect(FIELDS.map(invalid)).toEqual(FIELDS.map(() => undefined));
  });
});
