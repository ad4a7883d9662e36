import { describe, expect, it } from 'vitest';
import { greenCoffeeMessages as m } from '#shared/green-coffee-messages.js';
import { generateGreenLotCode, GREEN_LOT_HINT } from '#web/features/green-coffee/green-lot-code.js';

// The green form's 'Generar Lote' (docs/product-guide.md#cafe-verde): what it writes is what its hint says.
describe("green lot form's 'Generar Lote'", () => {
  it('writes the Fecha de Entrada as typed (dd/mm/aaaa) in the shape DD-MM-AA', () => {
    expect(generateGreenLotCode('15/03/2024')).toEqual({ code: '15-03-24' });
    expect(generateGreenLotCode(' 1/2/2025 ')).toEqual({ code: '01-02-25' });
    expect(generateGreenLotCode('2024-12-31')).toEqual({ code: '31-12-24' });
  });

  it('makes only codes of the hinted shape, two digits each', () => {
    for (const typed of ['01/01/2000', '9/9/2009', '31/12/2099']) {
      const result = generateGreenLotCode(typed);
      expect('code' in result && /^\d{2}-\d{2}-\d{2}$/.test(result.code)).toBe(true);
    }
  });

  it("has a hint that names that shape, that date and an example it would make", () => {
    expect(GREEN_LOT_HINT).toBe("Formato sugerido: DD-MM-AA, la Fecha de Entrada (por ejemplo 15-03-24); 'Generar Lote' lo escribe así.");
    expect(generateGreenLotCode('15/03/2024')).toEqual({ code: '15-03-24' });
  });

  it('asks for a real entry date first', () => {
    for (const typed of ['', '30/02/2024', 'mañana']) expect(generateGreenLotCode(typed)).toEqual({ message: m.lotCodeNeedsDate });
    expect(m.lotCodeNeedsDate).toBe('Por favor, selecciona una Fecha de Entrada para generar el lote.');
  });
});
