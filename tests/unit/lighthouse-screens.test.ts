import { describe, expect, it } from 'vitest';
import { LIGHTHOUSE_SCREENS } from '#support/lighthouse-screens.js';
import { SCREENS } from '#web/lib/screens.js';

// `npm run lighthouse` (scripts/lighthouse.ts) measures what support/lighthouse-screens.ts lists.
describe('the screens npm run lighthouse measures', () => {
  it('are the login and every screen of the screen list, each signed in, by its path', () => {
    expect(LIGHTHOUSE_SCREENS.map(({ name, path, signedIn }) => [name, path, signedIn])).toEqual([
      ['login', '/', false],
      ['inicio', '/', true],
      ...SCREENS.filter((screen) => screen.path !== '/').map((screen) => [screen.path.slice(1), screen.path, true]),
    ]);
    // The screens beyond the bottom bar too (docs/decisions/0025-screens-beyond-the-original.md).
    expect(LIGHTHOUSE_SCREENS.map((screen) => screen.name)).toEqual(expect.arrayContaining(['inventario', 'actividad', 'trazabilidad', 'gestion-usuarios', 'reportes']));
  });

  it('hold every screen to performance 95 (P4, docs/performance.md)', () => {
    expect(new Set(LIGHTHOUSE_SCREENS.map((screen) => screen.target))).toEqual(new Set([95]));
  });
});
