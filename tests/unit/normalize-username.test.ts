import { describe, expect, it } from 'vitest';
import { normalizeUsername } from '#server/features/users/repository.js';

describe('normalizeUsername: one account per name however it is typed', () => {
  const composed = 'Jos\u00e9'; // 'é' as one code point
  const decomposed = 'Jose\u0301'; // 'e' + combining acute accent

  it('gives composed and decomposed accents the same NFC key', () => {
    expect(composed).not.toBe(decomposed);
    expect(normalizeUsername(decomposed)).toBe('jos\u00e9');
    expect(normalizeUsername(composed)).toBe('jos\u00e9');
    expect(normalizeUsername('  JOSE\u0301 ')).toBe('jos\u00e9');
    expect(normalizeUsername('Mun\u0303oz')).toBe('mu\u00f1oz');
  });

  it('still trims and lower-cases', () => {
    expect(normalizeUsername('  Ana.Gil ')).toBe('ana.gil');
  });
});
