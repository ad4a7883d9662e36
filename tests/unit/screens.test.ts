import fs from 'node:fs';
import { Blend, Calendar, ChartColumn, ClipboardCheck, Contact, Flame, Globe, History, House, Search, Settings, ShoppingCart, Sprout, Truck } from 'lucide-react';
import { describe, expect, it } from 'vitest';
import { AREA_CARDS, NAV_ITEMS, TOOL_ITEMS } from '#web/lib/nav-items.js';
import { HOME_SCREEN, LOGIN_MODULE, SCREENS } from '#web/lib/screens.js';
import { PLANNING_HORIZON_DEFAULT } from '#shared/schemas/planning-limits.js';

// The one screen list (docs/decisions/0016-one-screen-list.md) and what the bar and home cards make of it.
describe('the screen list', () => {
  it('gives the bottom bar its 8 entries in order, with their icons, and home the other 7 as cards', () => {
    expect(NAV_ITEMS.map(({ label, path, icon }) => [label, path, icon])).toEqual([
      ['Inicio', '/', House],
      ['Orígenes', '/cafe-origen', Globe],
      ['Café Verde', '/cafe-verde', Sprout],
      ['Café Tostado', '/cafe-tostado', Flame],
      ['Café Mezcla', '/cafe-mezcla', Blend],
      ['Ventas', '/ventas', ShoppingCart],
      ['Reportes', '/reportes', ChartColumn],
      ['Configuración', '/configuracion', Settings],
    ]);
    expect(AREA_CARDS.map((card) => card.label)).toEqual(NAV_ITEMS.slice(1).map((item) => item.label));
    expect(AREA_CARDS.filter((card) => card.adminOnly).map((card) => card.path)).toEqual(['/configuracion']);
  });

  it("reaches the screens beyond the original's from home's row of tools, never from the bar or the cards (docs/decisions/0025)", () => {
    expect(TOOL_ITEMS.map(({ label, path, icon }) => [label, path, icon])).toEqual([
      ['Trazabilidad de lotes', '/trazabilidad', Search],
      ['Recuento de inventario', '/inventario', ClipboardCheck],
      ['Plan de tueste', '/planificacion', Calendar],
      ['Clientes', '/clientes', Contact],
      ['Pedidos', '/pedidos', Truck],
      ['Registro de actividad', '/actividad', History],
    ]);
    expect(TOOL_ITEMS.filter((tool) => tool.adminOnly).map((tool) => tool.path)).toEqual(['/actividad']);
    const barPaths = NAV_ITEMS.map((item) => item.path);
    for (const tool of TOOL_ITEMS) expect(barPaths).not.toContain(tool.path);
  });

  it('names each screen, URL and module once, and every module exists', () => {
    for (const key of ['id', 'path', 'module'] as const) expect(new Set(SCREENS.map((screen) => screen[key])).size).toBe(SCREENS.length);
    for (const module of [LOGIN_MODULE, ...SCREENS.map((screen) => screen.module)]) expect(fs.existsSync(module), module).toBe(true);
    expect(HOME_SCREEN.module).toBe('src/web/features/home/home-page.tsx');
  });

  it("preloads the roast plan at the default horizon, the URL written out in the list", () => {
    const planning = SCREENS.find((screen) => screen.path === '/planificacion')!;
    expect(planning.adminOnly).toBeUndefined();
    expect(planning.requests).toEqual([`/api/planning?horizon_days=${PLANNING_HORIZON_DEFAULT}`]);
  });

  it('keeps the administrators-only screens: Configuración, user management and the activity log', () => {
    expect(SCREENS.filter((screen) => screen.adminOnly).map((screen) => screen.path)).toEqual(['/configuracion', '/gestion-usuarios', '/actividad']);
  });
});
