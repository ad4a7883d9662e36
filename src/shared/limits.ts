/**
 * The size limits the schemas enforce, in one place: the schemas check them
 * and the messages (messages.ts, the areas' *-messages.ts) state them, so changing a limit here changes
 * both. (Here rather than in the schemas because the schemas import the
 * messages.) Lengths count characters, amounts are kilos or $ per kilo.
 */

// Users; the username limit is also ADMIN_USERNAME's (config.ts).
export const USERNAME_MAX = 100;
export const FULL_NAME_MAX = 200;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

// Origins
export const ORIGIN_NAME_MAX = 120;
export const SUPPLIER_MAX = 120;
export const SUPPLIERS_MAX_COUNT = 50;
export const DESCRIPTION_MAX = 1000;
export const KILOS_PER_BAG_MAX = 10_000;

// Customers (docs/product-guide.md#clientes)
export const CUSTOMER_NAME_MAX = 120;
export const CUSTOMER_TAX_ID_MAX = 30;
// RFC 5321's longest address.
export const CUSTOMER_EMAIL_MAX = 254;
export const CUSTOMER_PHONE_MAX = 30;
export const CUSTOMER_ADDRESS_MAX = 300;
export const CUSTOMER_NOTES_MAX = 1000;

// Sale formats (docs/product-guide.md#configuracion): a bag's name and its grams (migration 0020's check).
export const SALE_FORMAT_NAME_MAX = 60;
export const SALE_FORMAT_GRAMS_MAX = 100_000;
/** Bags in one sale: SALE_QUANTITY_MAX_KG of the smallest format (1 g) would be more than any shop sells at once. */
export const SALE_BAGS_MAX = 100_000;

// Datos del negocio and bag labels (docs/product-guide.md#configuracion): what a retail bag label prints.
export const BUSINESS_NAME_MAX = 120;
export const BUSINESS_ADDRESS_MAX = 300;
export const SANITARY_REGISTRATION_MAX = 40;
export const STORAGE_TEXT_MAX = 120;
/** 'Consumo preferente' in months: 5 years, beyond any roasted coffee's. */
export const BEST_BEFORE_MONTHS_MAX = 60;

// Green and roasted lots
export const BATCH_CODE_MAX = 40;
/** A roast's notes (docs/decisions/0053-reference-profile.md): a cupping sheet's worth, as a customer's notes. */
export const ROAST_NOTES_MAX = 1000;
/** A cupping score goes from 0 to 100 (SCA's scale), with 2 decimals. */
export const CUPPING_SCORE_MAX = 100;
export const GREEN_QUANTITY_MAX_KG = 1_000_000;
export const GREEN_PRICE_MAX = 1_000_000;

// Sales: a sale of at most a million kilos at a million $ per kilo
// keeps grams within PostgreSQL's integer column and a total within a safe integer of cents.
export const SALE_QUANTITY_MAX_KG = 1_000_000;
export const SALE_PRICE_MAX = 1_000_000;

// Business dates (entry, roast, blend creation, sale, report ranges): none before
// this day. A typo such as 1900 or 0024 would otherwise sort first everywhere and
// open a report a century wide; the upper bound is today (local-date.ts).
export const EARLIEST_DATE = '2000-01-01';

// Artisan roast profiles (.alog, docs/decisions/0026-artisan-alog-import.md): an hour-long
// profile is under 1 MB; these bound what a file can make the server do.
export const ALOG_MAX_BYTES = 5 * 1024 * 1024;
export const ALOG_MAX_DEPTH = 32;
export const ALOG_MAX_NUMBER_CHARS = 40;
export const ALOG_MAX_LIST_ITEMS = 100_000;
export const ALOG_MAX_STRING_CHARS = 200_000;
/**
 * Values in a whole file: every container, dict key and scalar (a 1 MB profile
 * of an hour and more holds about 150,000; 5 MB of `[],` would be 1.7 million
 * containers), docs/decisions/0040-untrusted-files-in-a-worker.md.
 */
export const ALOG_MAX_VALUES = 500_000;
/** Files one confirm of the import screen records together. */
export const ALOG_BATCH_MAX_FILES = 50;
/**
 * A curve's readings, in °C (a °F file: the same temperatures in °F), and its
 * sample times from the start of the recording: no roaster reads outside them,
 * and a value beyond them (a probe's error code, a corrupted file) would flatten
 * the drawn curve to a line.
 */
export const ALOG_TEMPERATURE_MIN_C = -50;
export const ALOG_TEMPERATURE_MAX_C = 1000;
export const ALOG_TIME_MAX_SECONDS = 24 * 3600;
/** The readings' range in a file's own unit: −50…1000 °C, −58…1832 °F. */
export const alogTemperatureRange = (unit: 'C' | 'F'): readonly [number, number] =>
  unit === 'C' ? [ALOG_TEMPERATURE_MIN_C, ALOG_TEMPERATURE_MAX_C] : [ALOG_TEMPERATURE_MIN_C * 1.8 + 32, ALOG_TEMPERATURE_MAX_C * 1.8 + 32];

// Stock counts (docs/product-guide.md#recuento-de-inventario): a counted quantity within the
// green lots' own limit, a note as long as an origin's description, and a sheet of at most
// this many lines in one count (a shop's every lot with stock fits; the body stays far below 256 KB).
export const COUNT_KG_MAX = 1_000_000;
export const COUNT_NOTE_MAX = 1000;
export const COUNT_LINES_MAX = 2000;

// Printed lot labels (docs/product-guide.md#etiquetas, docs/decisions/0029-lot-labels-and-qr.md):
// labels (lots × copies) in one PDF. A day's roasts and blends, a copy per bag, fit; the
// document is built in the server's memory and its time grows with the count (npm run bench, P9).
export const LABELS_MAX = 500;

// Orders (docs/product-guide.md#pedidos): a line's kilos stay within a sale's, so each sale it
// prepares fits the sale's rules; an order of more lines than this is several orders.
export const ORDER_LINES_MAX = 100;
export const ORDER_NOTES_MAX = 1000;
export const ORDER_BAGS_MAX = 100_000;
// A due date more than this many days ahead is a typo (2062 for 2026), not an order.
export const ORDER_DUE_MAX_DAYS = 366;
// Pedidos de la tienda online (docs/product-guide.md#pedidos-de-la-tienda-online): a shop's
// export has one row per line item and some 80 columns (Shopify's 79), so its cells are bounded
// as the green-lot import's are, for 100 columns (docs/decisions/0040-untrusted-files-in-a-worker.md).
export const SHOP_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const SHOP_IMPORT_MAX_ROWS = 10_000;
export const SHOP_IMPORT_MAX_COLUMNS = 100;
export const SHOP_IMPORT_MAX_CELLS = (SHOP_IMPORT_MAX_ROWS + 1) * SHOP_IMPORT_MAX_COLUMNS;
export const SHOP_SKU_MAX = 200;
export const SHOP_PRESET_NAME_MAX = 60;
export const SHOP_HEADER_MAX = 120;
