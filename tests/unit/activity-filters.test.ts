import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { activityMessages } from '#shared/activity-messages.js';
import { ACTIVITY_ACTIONS, ACTIVITY_AREAS, activityQuerySchema } from '#shared/schemas/activity.js';
import { activitySearchParams, checkActivityFilters, readActivityFilters } from '#web/features/activity/activity-filters.js';

// /actividad's filters (docs/product-guide.md#actividad): the URL in Spanish, the API's rules.
describe('activity filters', () => {
  it('reads the Spanish URL as the API filters and writes them back', () => {
    const params = new URLSearchParams('usuario=3&area=coffee-origins&accion=update&desde=2024-03-01&hasta=2024-03-31');
    const filters = readActivityFilters(params);
    expect(filters).toEqual({ user: 3, area: 'coffee-origins', action: 'update', from: '2024-03-01', to: '2024-03-31' });
    expect(activitySearchParams(filters).toString()).toBe(params.toString());
    expect(activitySearchParams({}).toString()).toBe('');
  });

  it('leaves out of an edited or old link what the API would refuse, and shows the rest', () => {
    expect(readActivityFilters(new URLSearchParams('usuario=0&area=cocina&accion=borrar&desde=2024-02-30&hasta=ayer'))).toEqual({});
    expect(readActivityFilters(new URLSearchParams('usuario=1.5&area=sales'))).toEqual({ area: 'sales' });
    expect(readActivityFilters(new URLSearchParams('usuario=99999999999'))).toEqual({});
    // 'hasta' before 'desde': the range from 'desde' on.
    expect(readActivityFilters(new URLSearchParams('desde=2024-03-31&hasta=2024-03-01'))).toEqual({ from: '2024-03-31' });
  });

  it('answers a refused filter with the API message, in Spanish', () => {
    expect(checkActivityFilters({ user: '', area: '', action: '', from: '', to: '' })).toEqual({ filters: {} });
    expect(checkActivityFilters({ from: '2024-02-30' })).toEqual({ error: 'La fecha del filtro no es válida.' });
    expect(checkActivityFilters({ to: '31/02/2024' })).toEqual({ error: activityMessages.invalidDate });
    expect(checkActivityFilters({ from: '2024-03-02', to: '2024-03-01' })).toEqual({ error: 'La fecha "desde" no puede ser posterior a la fecha "hasta".' });
    expect(checkActivityFilters({ area: 'cocina' })).toEqual({ error: activityMessages.invalidFilter });
    expect(checkActivityFilters({ user: '7', action: 'delete', from: '2024-03-01', to: '2024-03-01' })).toEqual({ filters: { user: 7, action: 'delete', from: '2024-03-01', to: '2024-03-01' } });
  });

  it('accepts exactly what GET /api/activity accepts, and refuses the rest with its first message', () => {
    const text = fc.oneof(
      fc.constant(''),
      fc.constantFrom(...ACTIVITY_AREAS, ...ACTIVITY_ACTIONS, '0', '1', '42', '-3', '2.5', '2147483648', '2024-02-29', '2023-02-29', '2024-13-01', 'x'),
      fc.integer({ min: 1, max: 9999 }).map(String),
      fc.date({ min: new Date('1999-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }).map((date) => date.toISOString().slice(0, 10)),
    );
    fc.assert(
      fc.property(fc.record({ user: text, area: text, action: text, from: text, to: text }), (texts) => {
        const ours = checkActivityFilters(texts);
        const query = Object.fromEntries(Object.entries(texts).filter(([, value]) => value !== ''));
        const api = activityQuerySchema.safeParse(query);
        expect('filters' in ours).toBe(api.success);
        if ('filters' in ours && api.success) {
          const { limit: _limit, ...filters } = api.data;
          expect(ours.filters).toEqual(filters);
        }
        if ('error' in ours && !api.success) expect(ours.error).toBe(api.error.issues[0]?.message);
      }),
      { numRuns: 2000 },
    );
  });
});
