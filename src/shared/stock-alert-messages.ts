// Home's low-stock alerts and the thresholds Configuración sets for them, in a module of
// their own (CONTRIBUTING.md "Adding an area": every area keeps its texts in its own
// module). Home imports it, so it counts in the login + home JavaScript budget
// (scripts/check-web-budget.ts): it holds these texts only.

/** The stock alerts card on home and the 'Umbrales de Stock Bajo' section of Configuración (docs/product-guide.md#home). Ours. */
export const stockAlertMessages = {
  /** The thresholds' labels on Configuración, which their 'not a number' texts name (docs/product-guide.md#validation-rules). */
  labels: { low_stock_green_kg: 'Café Verde por origen (Kg)', low_stock_roasted_kg: 'Lote de Café Tostado (Kg)', low_stock_blend_kg: 'Lote de Café Mezcla (Kg)' },
  /** No lot of any kind yet (a new shop): nothing can be above or under a threshold. */
  noStockYet: 'Todavía no hay stock: registra café verde para empezar.',
  allAbove: 'Todo el stock está por encima de los umbrales.',
  loadError: 'Error al cargar las alertas de stock.',
  thresholdRequired: 'Por favor, completa los umbrales de stock bajo.',
  thresholdNegative: 'El umbral de stock bajo no puede ser negativo.',
  thresholdTooLarge: (max: number) => `El umbral de stock bajo no puede superar ${max} Kg.`,
  thresholdsSaved: 'Umbrales de stock bajo actualizados con éxito.',
  thresholdsSaveError: 'Error al guardar los umbrales de stock bajo.',
  /** Home's line of pending orders (docs/product-guide.md#home), each count a link to Pedidos filtered. */
  ordersDue: 'Pedidos pendientes:',
  ordersToday: (count: number) => `${count} para hoy`,
  ordersTomorrow: (count: number) => `${count} para mañana`,
  ordersOverdue: (count: number) => `${count} ${count === 1 ? 'atrasado' : 'atrasados'}`,
} as const;
