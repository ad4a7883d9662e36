import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { blendLotCode, dayMonthYear, greenLotCode, lotCodeKey, namePrefix, randomLotNumber, roastedLotCode } from '#shared/lot-codes.js';

describe('lot codes', () => {
  it('builds the roasted code in the shape CO-010124-1234', () => {
    expect(roastedLotCode('Colombia', '2024-01-01', () => 0.026)).toBe('CO-010124-1234');
    expect(roastedLotCode('etiopía', '2025-12-31', () => 0)).toBe('ET-311225-1000');
  });

  it('builds the blend code in the shape BL-MZ-010124-1234', () => {
    expect(blendLotCode('Blend de la Casa', '2024-01-01', () => 0.026)).toBe('BL-MZ-010124-1234');
  });

  it('takes the first two letters of the name, uppercased, skipping spaces and digits', () => {
    expect(namePrefix('El Salvador')).toBe('EL');
    expect(namePrefix('  brasil')).toBe('BR');
    expect(namePrefix('1 Óptimo')).toBe('ÓP');
    expect(namePrefix('Ñ')).toBe('Ñ');
  });

  it('builds the green code as the entry date in the shape DD-MM-AA, the green lots\' hint', () => {
    expect(greenLotCode('2024-03-15')).toBe('15-03-24');
    expect(greenLotCode('2000-01-01')).toBe('01-01-00');
    expect(() => greenLotCode('15/03/2024')).toThrow(RangeError);
  });

  it('writes day, month and 2-digit year', () => {
    expect(dayMonthYear('2024-03-15')).toBe('150324');
    expect(() => dayMonthYear('15-03-24')).toThrow(RangeError);
  });

  it('draws the number from 1000 to 9999, both included', () => {
    expect(randomLotNumber(() => 0)).toBe(1000);
    expect(randomLotNumber(() => 0.999_999_999)).toBe(9999);
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), (r) => {
        const n = randomLotNumber(() => r);
        return Number.isInteger(n) && n >= 1000 && n <= 9999;
      }),
    );
    for (let i = 0; i < 200; i++) expect(roastedLotCode('Colombia', '2024-01-01')).toMatch(/^CO-010124-[1-9]\d{3}$/);
  });

  it('keys a code without regard to case, surrounding spaces or Unicode composition', () => {
    expect(lotCodeKey('co-001')).toBe('CO-001');
    expect(lotCodeKey(' CO-001 ')).toBe(lotCodeKey('co-001'));
    expect(lotCodeKey('ñu-1')).toBe('ÑU-1');
    expect(lotCodeKey('n\u0303u-1')).toBe(lotCodeKey('ñu-1'));
    expect(lotCodeKey('CO-001')).not.toBe(lotCodeKey('CO-0011'));
  });
});
