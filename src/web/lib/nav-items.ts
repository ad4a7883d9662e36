import { Blend, Calendar, ChartColumn, ClipboardCheck, Contact, Flame, Globe, History, House, type LucideIcon, Search, Settings, ShoppingCart, Sprout, Truck } from 'lucide-react';
import { type ScreenIcon, SCREENS } from './screens.js';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** Shown on the home card. */
  description: string;
  adminOnly?: boolean;
}

/**
 * The component of each icon the screen list names. Imported one by one: a
 * lookup in all of lucide-react would put every icon in the first visit's code.
 */
const ICONS: Record<ScreenIcon, LucideIcon> = { Blend, Calendar, ChartColumn, ClipboardCheck, Contact, Flame, Globe, History, House, Search, Settings, ShoppingCart, Sprout, Truck };

/** The 8 entries of the bottom bar: the screens with a `nav` entry, in the list's order (src/web/lib/screens.ts). */
export const NAV_ITEMS: readonly NavItem[] = SCREENS.flatMap(({ path, nav, adminOnly }) =>
  nav ? [{ label: nav.label, path, icon: ICONS[nav.icon], description: nav.description, adminOnly }] : [],
);

/** Home shows all but Inicio as cards. */
export const AREA_CARDS = NAV_ITEMS.filter((item) => item.path !== '/');

/** A button of home's row of tools: a screen beyond the original's (docs/decisions/0025-screens-beyond-the-original.md). */
export interface ToolItem {
  label: string;
  path: string;
  icon: LucideIcon;
  adminOnly?: boolean;
}

/** Home's row of tools: the screens with a `tool` entry, in the list's order. */
export const TOOL_ITEMS: readonly ToolItem[] = SCREENS.flatMap(({ path, tool, adminOnly }) =>
  tool ? [{ label: tool.label, path, icon: ICONS[tool.icon], adminOnly }] : [],
);
