import { describe, expect, it } from 'vitest';
import { artisanMessages as a } from '#shared/artisan-messages.js';
import { type ArtisanRowFile, checkArtisanRow } from '#shared/artisan-row-rules.js';
import { defaultFormatter as f } from '#shared/format.js';
import { roastedCoffeeMessages as m } from '#shared/roasted-coffee-messages.js';

/**
 * The rules of one Artisan file's row (docs/product-guide.md#artisan-import), the one set the
 * preview, the import and the screen run: every broken rule, in the import's order.
 */

const FILE: ArtisanRowFile = { green_kg: 1.2, resultant_kg: 1.02, roast_date: '2015-06-12', roast_date_problem: null, event_problems: [] };
const LOT = { batch_code: 'V-GT', entry_date: '2026-01-01', stock_g: 30_000 };
const messages = (check: ReturnType<typeof checkArtisanRow>) => check.problems.map((problem) => problem.message);

describe('checkArtisanRow', () => {
  it('a file on its own: fine; with a lot received after its date: the date rule, naming the ways out', () => {
    expect(checkArtisanRow(FILE, {}, { formatter: f })).toEqual({ body: null, problems: [] });
    const check = checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio' }, { formatter: f, green: LOT });
    expect(messages(check)).toEqual(['La fecha de tostado (12/06/2015) es anterior a la entrada del lote de café verde V-GT (01/01/2026): elige otro lote o una Fecha de Tostado desde el 01/01/2026.']);
    expect(check.body).toBeNull();
    // The lot's entry date lifts it, and the body is the roast form's.
    expect(checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio', roast_date: '2026-01-01' }, { formatter: f, green: LOT })).toEqual({
      body: { green_coffee_id: 7, quantity_green_kg: 1.2, resultant_kg: 1.02, roast_type: 'Medio', roast_date: '2026-01-01', batch_code: undefined },
      problems: [],
    });
  });

  it('earlier rows of the same import take from the lot first', () => {
    const lot = { ...LOT, entry_date: '2015-01-01', stock_g: 1_300 };
    expect(messages(checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio' }, { formatter: f, green: lot }))).toEqual([]);
    const check = checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio' }, { formatter: f, green: lot, takenBeforeG: 250 });
    expect(check.problems).toEqual([{ code: 'insufficient_stock', message: m.notEnoughGreen(1.05, f) }]);
    expect(messages(checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio' }, { formatter: f, green: lot, takenBeforeG: 2_000 }))).toEqual([m.notEnoughGreen(0, f)]);
  });

  it('every broken rule at once: events, out-weight, date, kilos, type, the lot', () => {
    const file: ArtisanRowFile = { green_kg: 1.2, resultant_kg: null, roast_date: null, roast_date_problem: a.dateMissing, event_problems: [a.eventMissing('Carga', 'CHARGE')] };
    expect(messages(checkArtisanRow(file, { green_coffee_id: 7, roast_type: 'Tostadísimo' }, { formatter: f, green: { ...LOT, stock_g: 100 } }))).toEqual([
      a.eventMissing('Carga', 'CHARGE'),
      a.resultantMissing,
      a.dateMissing,
      m.invalidRoastType,
      m.notEnoughGreen(0.1, f),
    ]);
    // A typed date that is no day is the form's message; the lot's date rule waits for a real one.
    expect(messages(checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio', roast_date: '31/02/2025' }, { formatter: f, green: LOT }))).toEqual([m.invalidDate('31/02/2025')]);
    expect(messages(checkArtisanRow(FILE, { green_coffee_id: 7, roast_type: 'Medio' }, { formatter: f, green: null }))).toEqual([m.invalidGreenLot]);
  });

  it('the import requires the choices (the form\'s message); the preview and the screen leave them out', () => {
    expect(messages(checkArtisanRow(FILE, {}, { formatter: f, requireChoices: true }))).toEqual([m.required]);
    expect(messages(checkArtisanRow(FILE, { roast_type: 'Medio' }, { formatter: f }))).toEqual([]);
  });
});
