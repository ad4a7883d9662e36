import { describe, expect, it } from 'vitest';
import { artisanMessages as m } from '#shared/artisan-messages.js';
import { ALOG_BATCH_MAX_FILES, ALOG_MAX_BYTES } from '#shared/limits.js';
import { batchRefusal } from '#web/features/roasted-coffee/artisan/batch-limits.js';

/** The Artisan screen's check before a confirm: the batch route's limits, said in Spanish before sending (docs/product-guide.md#artisan-import). */
describe('batchRefusal', () => {
  const MB = 1024 * 1024;

  it('lets through a confirm within 50 files and 5 MB in all, the limits included', () => {
    expect(batchRefusal([300_000])).toBeUndefined();
    expect(batchRefusal([ALOG_MAX_BYTES])).toBeUndefined();
    expect(batchRefusal(Array.from({ length: ALOG_BATCH_MAX_FILES }, () => ALOG_MAX_BYTES / ALOG_BATCH_MAX_FILES))).toBeUndefined();
  });

  it('refuses more than 5 MB in all, naming the total rounded up, so it never reads as the limit itself', () => {
    expect(batchRefusal([ALOG_MAX_BYTES, 1])).toBe('Los archivos suman 5,1 MB y una importación puede sumar como máximo 5 MB: quita algunos e impórtalos en otra.');
    expect(batchRefusal(Array.from({ length: 30 }, () => 300 * 1024))).toBe(m.batchTooLargeOnScreen(30 * 300 * 1024));
    expect(m.batchTooLargeOnScreen(30 * 300 * 1024)).toContain('suman 8,8 MB');
    expect(m.batchTooLargeOnScreen(12 * MB)).toContain('suman 12 MB');
  });

  it('refuses more than 50 files, whatever their size', () => {
    expect(batchRefusal(Array.from({ length: ALOG_BATCH_MAX_FILES + 1 }, () => 10))).toBe(
      'Hay 51 archivos para importar y una importación puede llevar como máximo 50: quita algunos e impórtalos en otra.',
    );
  });
});
