import { describe, expect, it } from 'vitest';
import { defaultFormatter as f, regionalFormatter } from '#shared/format.js';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { ALOG_BATCH_MAX_FILES, ALOG_MAX_BYTES } from '#shared/limits.js';
import { batchRefusal } from '#web/features/roasted-coffee/artisan/batch-limits.js';

/** The Artisan screen's check before a confirm: the batch route's limits, said in Spanish before sending (docs/product-guide.md#artisan-import). */
describe('batchRefusal', () => {
  const MB = 1024 * 1024;

  it('lets through a confirm within 50 files and 5 MB in all, the limits included', () => {
    expect(batchRefusal([300_000], f)).toBeUndefined();
    expect(batchRefusal([ALOG_MAX_BYTES], f)).toBeUndefined();
    expect(batchRefusal(Array.from({ length: ALOG_BATCH_MAX_FILES }, () => ALOG_MAX_BYTES / ALOG_BATCH_MAX_FILES), f)).toBeUndefined();
  });

  it('refuses more than 5 MB in all, naming the total rounded up, so it never reads as the limit itself', () => {
    expect(batchRefusal([ALOG_MAX_BYTES, 1], f)).toBe('Los archivos suman 5.1 MB y una importación puede sumar como máximo 5 MB: quita algunos e impórtalos en otra.');
    expect(batchRefusal(Array.from({ length: 30 }, () => 300 * 1024), f)).toBe(m.batchTooLargeOnScreen(30 * 300 * 1024, f));
    expect(m.batchTooLargeOnScreen(30 * 300 * 1024, f)).toContain('suman 8.8 MB');
    expect(m.batchTooLargeOnScreen(12 * MB, f)).toContain('suman 12 MB');
    // With a decimal comma (Configuración › Formato regional) the figure follows it.
    const comma = regionalFormatter({ currency_symbol: '€', currency_position: 'after', decimal_separator: ',' });
    expect(batchRefusal([ALOG_MAX_BYTES, 1], comma)).toContain('suman 5,1 MB');
  });

  it('refuses more than 50 files, whatever their size', () => {
    expect(batchRefusal(Array.from({ length: ALOG_BATCH_MAX_FILES + 1 }, () => 10), f)).toBe(
      'Hay 51 archivos para importar y una importación puede llevar como máximo 50: quita algunos e impórtalos en otra.',
    );
  });
});
