import type { ActivityAction, ActivityArea, ActivityEntry } from '#shared/schemas/activity.js';
import type { Formatter } from './format.js';
import { formatDate } from './format.js';

/**
 * The activity log read as Spanish sentences (docs/product-guide.md#activity-log),
 * shared by the «Registro de Actividad» screen and its CSV export so both say
 * the same: "ana editó el origen Colombia: nombre 'Colombia' → 'Colombia Huila'".
 */

/** Each action in the filter and the CSV's 'Acción' column. */
export const ACTION_NAMES: Record<ActivityAction, string> = {
  create: 'Alta',
  update: 'Edición',
  delete: 'Eliminación',
  count: 'Recuento',
  import: 'Importación',
  sign_in: 'Inicio de sesión',
  sign_out: 'Cierre de sesión',
  sign_in_refused: 'Inicio de sesión rechazado',
};

/** Each area in the filter and the CSV's 'Área' column. */
export const AREA_NAMES: Record<ActivityArea, string> = {
  'coffee-origins': 'Orígenes',
  'green-coffee': 'Café Verde',
  'roasted-coffee': 'Café Tostado',
  'blend-recipes': 'Recetas de mezcla',
  'blended-coffee': 'Café Mezcla',
  sales: 'Ventas',
  settings: 'Configuración',
  users: 'Usuarios',
  'stock-counts': 'Recuentos de inventario',
  auth: 'Sesiones',
  customers: 'Clientes',
  'product-prices': 'Precios por producto',
  orders: 'Pedidos',
  'sale-formats': 'Formatos de venta',
  'shop-skus': 'Productos de la tienda',
  'shop-import-presets': 'Columnas de la tienda',
};

/** The record as the sentence names it: "el origen Colombia". */
const RECORD_NOUNS: Record<ActivityArea, string> = {
  'coffee-origins': 'el origen',
  'green-coffee': 'el lote de café verde',
  'roasted-coffee': 'el lote de café tostado',
  'blend-recipes': 'la receta',
  'blended-coffee': 'la mezcla',
  sales: 'la venta',
  settings: 'la configuración',
  users: 'el usuario',
  'stock-counts': 'el recuento',
  auth: 'la sesión',
  customers: 'el cliente',
  'product-prices': 'el precio de',
  orders: 'el',
  'sale-formats': 'el formato',
  'shop-skus': 'el producto de la tienda',
  'shop-import-presets': 'la correspondencia de columnas',
};

const VERBS: Partial<Record<ActivityAction, string>> = {
  create: 'creó',
  update: 'editó',
  delete: 'eliminó',
  count: 'registró',
  import: 'importó',
};

/** The API's field names as the screens label them; a field not listed shows its name with spaces. */
export const FIELD_NAMES: Record<string, string> = {
  name: 'nombre',
  kilos_per_bag: 'kilos por saco',
  suppliers_fincas: 'proveedores/fincas',
  description: 'descripción',
  batch_code: 'código de lote',
  origin_id: 'origen',
  origin_name: 'origen',
  supplier_finca: 'proveedor/finca',
  entry_date: 'fecha de entrada',
  quantity_kg: 'cantidad (Kg)',
  price_per_kg: 'precio por Kg',
  roast_type: 'tipo de tueste',
  roast_date: 'fecha de tueste',
  quantity_green_kg: 'café verde (Kg)',
  resultant_kg: 'kilos resultantes',
  green_coffee_id: 'lote de café verde',
  green_batch_code: 'lote de café verde',
  creation_date: 'fecha de creación',
  recipe_id: 'receta',
  product_name: 'producto',
  product_type: 'tipo de producto',
  product_id: 'producto',
  unit_price: 'precio unitario',
  total: 'total',
  cost: 'coste',
  margin: 'margen',
  margin_percent: 'margen (%)',
  user_id: 'usuario',
  origin_description: 'descripción del origen',
  artisan_batch: 'lote de Artisan',
  has_curve: 'curva de Artisan',
  cupping_score: 'puntuación de cata',
  reference: 'perfil de referencia',
  outside_tolerance: 'fuera de tolerancia',
  tolerance_first_crack_s: 'tolerancia del primer crack (s)',
  tolerance_dtr_pct: 'tolerancia del ratio de desarrollo (puntos %)',
  tolerance_drop_temp: 'tolerancia de la temperatura de descarga (°)',
  tolerance_total_time_s: 'tolerancia del tiempo total (s)',
  tolerance_weight_loss_pct: 'tolerancia de la pérdida de peso (puntos %)',
  age_days: 'edad (días)',
  freshness: 'frescura',
  sale_date: 'fecha de venta',
  batch_code_sold: 'lote vendido',
  customer_id: 'cliente',
  customer_name: 'cliente',
  username: 'usuario',
  full_name: 'nombre completo',
  role: 'rol',
  default_price_roasted: 'precio por defecto del café tostado',
  default_price_blend: 'precio por defecto del café mezcla',
  stock_kg: 'stock (Kg)',
  components: 'componentes',
  percentage: 'porcentaje',
  selected_roasted_batches: 'lotes tostados',
  quantity_used: 'cantidad usada (Kg)',
  total_quantity_kg: 'cantidad total (Kg)',
  cost_per_kg: 'coste por Kg',
  shrinkage_kg: 'merma (Kg)',
  low_stock_green_kg: 'umbral de café verde por origen (Kg)',
  low_stock_roasted_kg: 'umbral de lote de café tostado (Kg)',
  low_stock_blend_kg: 'umbral de lote de café mezcla (Kg)',
  kind: 'tipo',
  tax_id: 'NIF/CIF',
  email: 'correo electrónico',
  phone: 'teléfono',
  address: 'dirección',
  notes: 'notas',
  active: 'activo',
  roaster_capacity_kg: 'capacidad del tostador (Kg)',
  currency_symbol: 'símbolo de la moneda',
  currency_position: 'posición del símbolo',
  decimal_separator: 'separador decimal',
  shop_order_prep_days: 'días para preparar pedidos online',
  rest_days: 'reposo (días)',
  freshness_days: 'frescura (días)',
  public_trace: 'página pública de trazabilidad',
  temperature_unit: 'unidad de temperatura',
  business_name: 'nombre comercial',
  business_address: 'dirección del negocio',
  sanitary_registration: 'registro sanitario',
  best_before_months: 'consumo preferente (meses)',
  storage_text: 'conservación',
  decaf: 'descafeinado',
  price: 'precio',
  // Pedidos (docs/product-guide.md#pedidos)
  order_date: 'fecha del pedido',
  due_date: 'fecha de entrega',
  repeat_weeks: 'repetir (semanas)',
  status: 'estado',
  prepared_date: 'fecha de preparación',
  delivered_date: 'fecha de entrega real',
  delivery_note_number: 'albarán',
  next_order_id: 'siguiente pedido',
  sale_ids: 'ventas',
  lines: 'líneas',
  kg: 'Kg',
  grams: 'gramos',
  format_id: 'formato',
  format_name: 'formato',
  bags: 'bolsas',
};

export const fieldName = (field: string): string => FIELD_NAMES[field] ?? field.replaceAll('_', ' ');

/**
 * Fields whose change is logged without its values (write-pipeline/activity-log.ts
 * `withValuelessChanges`): the line says what happened, never the value.
 */
const VALUELESS_CHANGE_LINES: Record<string, string> = {
  password: 'contraseña cambiada',
};

/** Amounts of money: with their cents, as every screen shows a price ('36,70', not '36,7'). */
const MONEY_FIELDS = new Set(['total', 'cost', 'margin', 'unit_price', 'price_per_kg', 'cost_per_kg', 'default_price_roasted', 'default_price_blend']);

/**
 * A before or after value as a person reads it: text in quotes, dates dd/mm/aaaa, numbers with the
 * shop's decimal separator (docs/decisions/0042-one-regional-formatter.md), money with 2 decimals
 * (`field` says which values are money), lists with commas, '—' for nothing.
 */
export function activityValue(value: unknown, f: Formatter, field?: string): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'number') return field !== undefined && MONEY_FIELDS.has(field) ? f.twoDecimals(value) : f.plain(value);
  // A business date reads as the screens write it (docs/product-guide.md#screens), not as the API sends it.
  if (typeof value === 'string') return formatDate(value) !== value ? formatDate(value) : `'${value}'`;
  if (typeof value === 'boolean') return value ? 'sí' : 'no';
  if (Array.isArray(value)) return value.map((item) => activityValue(item, f, field)).join(', ');
  // A row inside a list (a recipe's component): its fields in words, "(origen 'Colombia', porcentaje 60)".
  if (typeof value === 'object') {
    return `(${Object.entries(value)
      .map(([field, inner]) => `${fieldName(field)} ${activityValue(inner, f, field)}`)
      .join(', ')})`;
  }
  return JSON.stringify(value);
}

/**
 * Each changed field as one line: "nombre 'Colombia' → 'Colombia Huila'" (the screen lists them
 * under the entry). A reference that changed with its name (origin_id with origin_name) says it
 * once, by name: "origen 3 → 4" tells a person nothing.
 */
export function changeLines(changes: ActivityEntry['changes'], f: Formatter): string[] {
  if (!changes) return [];
  const fields = Object.keys(changes);
  const namedElsewhere = (field: string) => field.endsWith('_id') && fields.some((other) => other !== field && fieldName(other) === fieldName(field));
  return Object.entries(changes)
    .filter(([field]) => !namedElsewhere(field))
    .map(([field, { before, after }]) => VALUELESS_CHANGE_LINES[field] ?? `${fieldName(field)} ${activityValue(before, f, field)} → ${activityValue(after, f, field)}`);
}

/** "nombre 'Colombia' → 'Colombia Huila'; kilos por saco 60 → 69", or '' without changes. */
export function changesText(changes: ActivityEntry['changes'], f: Formatter): string {
  return changeLines(changes, f).join('; ');
}

type SentenceParts = Pick<ActivityEntry, 'username' | 'action' | 'area' | 'record_label' | 'changes'>;

/** Who did what to which record, without the changed fields: "ana editó el origen Colombia". */
export function activitySummary(entry: Omit<SentenceParts, 'changes'>): string {
  const who = entry.username ?? 'Alguien';
  switch (entry.action) {
    case 'sign_in':
      return `${who} inició sesión desde ${entry.record_label}`;
    case 'sign_in_refused':
      // Without a username the name typed was no account's, and is not kept (it may have been a password).
      return entry.username === null
        ? `Inicio de sesión rechazado para un usuario que no existe desde ${entry.record_label}`
        : `Inicio de sesión rechazado para '${entry.username}' desde ${entry.record_label}`;
    case 'sign_out':
      return entry.area === 'users' ? `${who} cerró las sesiones del usuario ${entry.record_label}` : `${who} cerró sesión desde ${entry.record_label}`;
    default: {
      const record = entry.area === 'settings' ? RECORD_NOUNS.settings : `${RECORD_NOUNS[entry.area]} ${entry.record_label}`;
      return `${who} ${VERBS[entry.action] ?? entry.action} ${record}`;
    }
  }
}

/** One entry as a sentence (without its date, which the screen and the CSV show apart). */
export function activitySentence(entry: SentenceParts, f: Formatter): string {
  const changes = changesText(entry.changes, f);
  return changes ? `${activitySummary(entry)}: ${changes}` : activitySummary(entry);
}
