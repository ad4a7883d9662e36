import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultFormatter, formatDate, formatDateTime, parseSpanishDate, regionalFormatter } from '#shared/format.js';

// The formatter at the defaults: the spec's look ('$' before, decimal point).
const { twoDecimals: formatTwoDecimals, kg: formatKg, money: formatMoney, exactKilos: formatExactKilos, kgExact: formatKgExact } = defaultFormatter;

describe('two-decimal display', () => {
  it('rounds the decimal value half away from zero, not its float', () => {
    expect((1.525).toFixed(2)).toBe('1.52'); // the float trap this guards against
    expect(formatTwoDecimals(1.525)).toBe('1.53');
    expect(formatTwoDecimals(1.005)).toBe('1.01');
    expect(formatTwoDecimals(0.99495)).toBe('0.99');
    expect(formatTwoDecimals(120)).toBe('120.00');
    expect(formatTwoDecimals(0)).toBe('0.00');
    expect(formatTwoDecimals(-0.5)).toBe('-0.50');
    expect(formatTwoDecimals(-0.001)).toBe('0.00');
    expect(formatKg(30)).toBe('30.00 Kg');
    expect(formatMoney(15)).toBe('$15.00');
  });

  it('agrees with exact decimal rounding for every gram amount', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (grams) => {
      const expected = Math.floor(grams / 10) + (grams % 10 >= 5 ? 1 : 0); // hundredths of a kg
      return formatTwoDecimals(grams / 1000) === `${Math.floor(expected / 100)}.${String(expected % 100).padStart(2, '0')}`;
    }));
  });
});

describe('exact kilos (a label, what a sale may take, a count): never more than the lot holds', () => {
  it('shows every gram: 3 decimals when the grams need them, 2 otherwise', () => {
    expect(formatKgExact(0.999)).toBe('0.999 Kg');
    expect(formatKg(0.999)).toBe('1.00 Kg'); // what the two-decimal display says, a kilo the lot does not hold
    expect(formatKgExact(1)).toBe('1.00 Kg');
    expect(formatKgExact(10)).toBe('10.00 Kg');
    expect(formatExactKilos(1.5)).toBe('1.50');
    expect(formatExactKilos(1.25)).toBe('1.25');
    expect(formatExactKilos(1.005)).toBe('1.005');
    expect(formatExactKilos(0.001)).toBe('0.001');
    expect(formatExactKilos(0)).toBe('0.00');
    expect(formatExactKilos(999_999.999)).toBe('999999.999');
    expect(formatExactKilos(-0.25)).toBe('-0.25');
    expect(formatExactKilos(-0.001)).toBe('-0.001');
  });

  it('never rounds up: a value finer than a gram is cut to its grams', () => {
    expect(formatExactKilos(0.9999)).toBe('0.999');
    expect(formatExactKilos(1.0004)).toBe('1.00');
  });

  it('reads back as the same grams for every gram amount, never above them', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 100_000_000 }), (grams) => {
      const text = formatExactKilos(grams / 1000);
      return /^\d+\.\d{2,3}$/.test(text) && Math.round(Number(text) * 1000) === grams;
    }));
  });
});

describe('regional format (Configuración › Formato regional)', () => {
  const euro = regionalFormatter({ currency_symbol: '€', currency_position: 'after', decimal_separator: ',' });

  it('writes amounts with the chosen symbol, side and separator, the same rounding as the defaults', () => {
    expect(euro.money(20.14)).toBe('20,14 €');
    expect(euro.money(1.525)).toBe('1,53 €');
    expect(euro.money(-5)).toBe('-5,00 €');
    expect(euro.kg(69.5)).toBe('69,50 Kg');
    expect(euro.kgExact(0.999)).toBe('0,999 Kg');
    expect(euro.exactKilos(10)).toBe('10,00');
    expect(euro.twoDecimals(1250)).toBe('1250,00');
    expect(euro.gramsKg(1.389)).toBe('1,389 Kg');
    expect(defaultFormatter.gramsKg(2.5)).toBe('2.500 Kg');
    expect(euro.plain(7.5)).toBe('7,5');
    expect(euro.plain(4)).toBe('4');
    expect(euro.oneDecimal(110)).toBe('110,0');
    expect(euro.oneDecimal(191.2)).toBe('191,2');
    expect(defaultFormatter.oneDecimal(-8.8)).toBe('-8.8');
    expect(defaultFormatter.oneDecimal(-0)).toBe('0.0');
    expect(`Precio Unitario (${euro.perKg})`).toBe('Precio Unitario (€/Kg)');
    expect(euro.currency).toBe('€');
  });

  it('keeps the spec look at the defaults', () => {
    expect(defaultFormatter.money(20.14)).toBe('$20.14');
    expect(defaultFormatter.money(-5)).toBe('$-5.00');
    expect(defaultFormatter.kg(69.5)).toBe('69.50 Kg');
    expect(defaultFormatter.plain(7.5)).toBe('7.5');
    expect(defaultFormatter.perKg).toBe('$/Kg');
    expect(regionalFormatter({ currency_symbol: 'US$', currency_position: 'before', decimal_separator: ',' }).money(3)).toBe('US$3,00');
  });

  it("groups a limit's count by the mark that is not the decimal one, from 10 000 up", () => {
    expect(euro.count(500_000)).toBe('500.000');
    expect(defaultFormatter.count(500_000)).toBe('500,000');
    expect(euro.count(1_234_567)).toBe('1.234.567');
    expect(defaultFormatter.count(10_000)).toBe('10,000');
    expect([euro.count(9999), defaultFormatter.count(50)]).toEqual(['9999', '50']);
  });

  it('agrees with the default formatter on every gram amount but for the separator', () => {
    fc.assert(fc.property(fc.integer({ min: -100_000_000, max: 100_000_000 }), (grams) => {
      const kg = grams / 1000;
      return euro.twoDecimals(kg) === defaultFormatter.twoDecimals(kg).replace('.', ',') && euro.exactKilos(kg) === defaultFormatter.exactKilos(kg).replace('.', ',');
    }));
  });
});

describe('dates on screen (dd/mm/aaaa, the API keeps ISO)', () => {
  it('shows a YYYY-MM-DD date as dd/mm/aaaa, whatever the time zone', () => {
    expect(formatDate('2024-03-15')).toBe('15/03/2024');
    expect(formatDate('2026-01-01')).toBe('01/01/2026');
    expect(formatDate('1999-12-31')).toBe('31/12/1999');
  });

  it('leaves anything that is not a date as it came', () => {
    expect(formatDate('')).toBe('');
    expect(formatDate('15/03/2024')).toBe('15/03/2024');
    expect(formatDate('2024-3-5')).toBe('2024-3-5');
    expect(formatDate('2024-02-30')).toBe('2024-02-30');
    expect(formatDate('2023-02-29')).toBe('2023-02-29');
  });

  it('reads a typed date day first, as Spain writes it, or ISO; anything else is not a date', () => {
    for (const typed of ['15/03/2024', '15/3/2024', '15-03-2024', '15.03.2024', '15032024', ' 15/03/2024 ', '2024-03-15']) {
      expect(parseSpanishDate(typed), typed).toBe('2024-03-15');
    }
    for (const typed of ['', '30/02/2024', '03/15/2024', '15/03/24', '2024/03/15', '1503202', 'mañana', '15/03/2024x']) {
      expect(parseSpanishDate(typed), typed).toBeUndefined();
    }
  });

  it('formats and reads back every day of a leap year unchanged', () => {
    for (let day = 0; day < 366; day++) {
      const iso = new Date(Date.UTC(2024, 0, 1 + day)).toISOString().slice(0, 10);
      expect(parseSpanishDate(formatDate(iso))).toBe(iso);
    }
  });

  it('reads a leap day as a date', () => {
    expect(formatDate('2024-02-29')).toBe('29/02/2024');
  });

  it('writes an instant as es-ES does (dd/mm/aaaa, hh:mm) in the local time zone', () => {
    const instant = '2024-03-05T08:07:00Z';
    const spanish = new Intl.DateTimeFormat('es-ES', { day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit' });
    expect(formatDateTime(instant)).toBe(spanish.format(new Date(instant)));
    expect(formatDateTime('mañana')).toBe('mañana');
  });
});
