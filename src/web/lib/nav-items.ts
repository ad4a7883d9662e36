import { Blend, ChartColumn, Flame, Globe, House, type LucideIcon, Settings, ShoppingCart, Sprout } from 'lucide-react';

export interface NavItem {
  label: string;
  path: string;
  icon: LucideIcon;
  /** Shown on the home card. */
  description: string;
  adminOnly?: boolean;
}

/** The 8 entries of the bottom bar, in the original's order (docs/product-guide.md#reaching-new-screens). Home shows all but Inicio as cards. */
export const NAV_ITEMS: readonly NavItem[] = [
  { label: 'Inicio', path: '/', icon: House, description: 'Panel principal del sistema.' },
  { label: 'Orígenes', path: '/cafe-origen', icon: Globe, description: 'Países y regiones de origen, con sus proveedores y fincas.' },
  { label: 'Café Verde', path: '/cafe-verde', icon: Sprout, description: 'Inventario de café sin tostar.' },
  { label: 'Café Tostado', path: '/cafe-tostado', icon: Flame, description: 'Stock tostado y listo para moler.' },
  { label: 'Café Mezcla', path: '/cafe-mezcla', icon: Blend, description: 'Mezclas especiales a partir de lotes tostados.' },
  { label: 'Ventas', path: '/ventas', icon: ShoppingCart, description: 'Registro y seguimiento de ventas.' },
  { label: 'Reportes', path: '/reportes', icon: ChartColumn, description: 'Informes de ventas e inventario.' },
  { label: 'Configuración', path: '/configuracion', icon: Settings, description: 'Recetas de mezcla y otros ajustes.', adminOnly: true },
];

export const AREA_CARDS = NAV_ITEMS.filter((item) => item.path !== '/');
