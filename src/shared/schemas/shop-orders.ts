import { z } from 'zod';
import { SHOP_HEADER_MAX, SHOP_PRESET_NAME_MAX, SHOP_SKU_MAX } from '#shared/limits.js';
import { shopOrderMessages as m } from '#shared/shop-order-messages.js';
import { MAX_ROW_ID, pageSchema, recordVersionSchema, rowIdSchema } from './common.js';
import { GRINDS, type OrderProduct, orderProductSchema } from './orders.js';

/**
 * Pedidos de la tienda online (docs/product-guide.md#pedidos-de-la-tienda-online): the shop's
 * SKUs mapped to products of the plan, the column presets of shops that are not Shopify, and
 * the preview and import of a shop's orders CSV.
 */

/** A product of the plan as an order line names it (a roasted product, origin + roast type, or a blend recipe). */
export const shopProductSchema = orderProductSchema;
export type ShopProduct = OrderProduct;

/**
 * Body of POST/PUT /api/shop-skus. Two stages, as every area's: the SKU and a choice first
 * ('Por favor, escribe el SKU…'), then the product and grind of a coffee (an ignored SKU has
 * none: whatever is sent with `ignore: true` is dropped).
 */
export const shopSkuBodySchema = z
  .object(
    {
      sku: z.string({ error: m.skuRequired }).trim().min(1, m.skuRequired).max(SHOP_SKU_MAX, m.skuTooLong(SHOP_SKU_MAX)),
      ignore: z.boolean({ error: m.ignoreInvalid }).default(false),
      product: shopProductSchema.nullish(),
      format_id: z.number({ error: m.formatInvalid }).int(m.formatInvalid).positive(m.formatInvalid).max(MAX_ROW_ID, m.formatInvalid).nullish(),
      grind: z.enum(GRINDS, { error: m.grindInvalid }).nullish(),
    },
    { error: m.skuRequired },
  )
  .superRefine((body, context) => {
    if (!body.ignore && (!body.product || !body.grind)) context.addIssue({ code: 'custom', message: m.productRequired, path: ['product'] });
  })
  .transform((body) =>
    body.ignore
      ? { sku: body.sku, ignore: true, product: null, format_id: null, grind: null }
      : { sku: body.sku, ignore: false, product: body.product!, format_id: body.format_id ?? null, grind: body.grind! },
  );
export type ShopSkuBody = z.output<typeof shopSkuBodySchema>;
export type ShopSkuBodyInput = z.input<typeof shopSkuBodySchema>;

export const shopSkuSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  sku: z.string(),
  ignore: z.boolean(),
  product: shopProductSchema.nullable(),
  /** 'Colombia · Medio' or the recipe's name; null when ignored. */
  product_name: z.string().nullable(),
  /** The format; null for bulk kilos (each unit the shop sells is a kilo) or when ignored. */
  format_id: z.number().int().nullable(),
  format_name: z.string().nullable(),
  grind: z.enum(GRINDS).nullable(),
});
export type ShopSku = z.infer<typeof shopSkuSchema>;
export const shopSkuPageSchema = pageSchema(shopSkuSchema);
export type ShopSkuPage = z.infer<typeof shopSkuPageSchema>;

/** The fields a shop's CSV may have, each read from the column a preset names. */
export const SHOP_FIELDS = ['order', 'date', 'customer_name', 'email', 'phone', 'sku', 'product_name', 'quantity', 'unit_price', 'cancelled', 'notes'] as const;
export type ShopField = (typeof SHOP_FIELDS)[number];
/** A line needs an SKU or a name: one of the two is enough. */
export const REQUIRED_SHOP_FIELDS = ['order', 'date', 'customer_name', 'quantity', 'unit_price'] as const satisfies readonly ShopField[];

const header = z.string({ error: m.presetRequired }).trim().max(SHOP_HEADER_MAX, m.presetHeaderTooLong(SHOP_HEADER_MAX));
const optionalHeader = header.nullish().transform((text) => text || null);

/** The columns of a preset: each field's header as the file writes it (compared without case, accents or punctuation). */
export const shopColumnsSchema = z
  .object(
    {
      order: header.min(1, m.presetRequired),
      date: header.min(1, m.presetRequired),
      customer_name: header.min(1, m.presetRequired),
      email: optionalHeader,
      phone: optionalHeader,
      sku: optionalHeader,
      product_name: optionalHeader,
      quantity: header.min(1, m.presetRequired),
      unit_price: header.min(1, m.presetRequired),
      cancelled: optionalHeader,
      notes: optionalHeader,
    },
    { error: m.presetRequired },
  )
  .refine((columns) => columns.sku !== null || columns.product_name !== null, m.presetRequired);
export type ShopColumns = z.output<typeof shopColumnsSchema>;

/** Body of POST /api/shop-import-presets: a name (unique, case and accents aside) and the columns. */
export const shopPresetBodySchema = z.object(
  {
    name: z.string({ error: m.presetRequired }).trim().min(1, m.presetRequired).max(SHOP_PRESET_NAME_MAX, m.presetNameTooLong(SHOP_PRESET_NAME_MAX)),
    columns: shopColumnsSchema,
  },
  { error: m.presetRequired },
);
export type ShopPresetBody = z.output<typeof shopPresetBodySchema>;

export const shopPresetSchema = z.object({
  id: z.number().int(),
  version: recordVersionSchema,
  name: z.string(),
  columns: z.object(Object.fromEntries(SHOP_FIELDS.map((field) => [field, z.string().nullable()])) as Record<ShopField, z.ZodNullable<z.ZodString>>),
});
export type ShopPreset = z.infer<typeof shopPresetSchema>;
export const shopPresetPageSchema = pageSchema(shopPresetSchema);
export type ShopPresetPage = z.infer<typeof shopPresetPageSchema>;

/** `?preset=ID` for a file that is not Shopify's. */
export const shopImportQuerySchema = z.object({
  preset: rowIdSchema.optional().meta({ description: 'La correspondencia de columnas (GET /api/shop-import-presets) de un archivo que no es de Shopify.' }),
});
export type ShopImportQuery = z.output<typeof shopImportQuerySchema>;

export const SHOP_ORDER_STATES = ['nuevo', 'ya_importado', 'cancelado'] as const;
export type ShopOrderState = (typeof SHOP_ORDER_STATES)[number];

export const shopLineMappingSchema = z.union([
  z.object({ product: shopProductSchema, product_name: z.string(), format_id: z.number().int().nullable(), format_name: z.string().nullable(), grind: z.enum(GRINDS) }),
  z.object({ ignore: z.literal(true) }),
]);

export const shopPreviewLineSchema = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.number().int().nullable(),
  /** The shop's price of one unit (a bag, or a kilo in bulk). */
  unit_price: z.number().nullable(),
  /** Kilos of the line (quantity × the format's kilos); null until mapped to a coffee. */
  kg: z.number().nullable(),
  /** The unit price ÷ the bag's kilos, to the cent; null until mapped to a coffee. */
  price_per_kg: z.number().nullable(),
  mapping: shopLineMappingSchema.nullable(),
});
export type ShopPreviewLine = z.infer<typeof shopPreviewLineSchema>;

export const shopPreviewOrderSchema = z.object({
  shop_order: z.string(),
  date: z.string().nullable(),
  customer: z.object({ name: z.string(), email: z.string().nullable(), phone: z.string().nullable(), customer_id: z.number().int().nullable() }),
  lines: z.array(shopPreviewLineSchema),
  state: z.enum(SHOP_ORDER_STATES),
  /** What stops a new order from being imported; empty when it can be. */
  problems: z.array(z.string()),
  /** What the import notes without stopping (a partial refund, an order of no coffee, which is skipped). */
  warnings: z.array(z.string()),
});
export type ShopPreviewOrder = z.infer<typeof shopPreviewOrderSchema>;

export const shopPreviewSchema = z.object({
  source: z.enum(['shopify', 'preset']),
  orders: z.array(shopPreviewOrderSchema),
  /** The SKUs (or line names) of the file with no mapping yet, each once, in the file's order. */
  unknown_skus: z.array(z.string()),
});
export type ShopPreview = z.infer<typeof shopPreviewSchema>;

export const shopImportResultSchema = z.object({
  created: z.array(z.number().int()),
  /** Orders of the file not created: already imported, cancelled, or of no coffee. */
  skipped: z.number().int(),
});
export type ShopImportResult = z.infer<typeof shopImportResultSchema>;

