// Home's low-stock alerts, in a module of their own (CONTRIBUTING.md "Adding an area": every
// area keeps its texts in its own module). Home imports it, so it counts in the login + home
// JavaScript budget (scripts/check-web-budget.ts): it holds home's texts only; the thresholds'
// texts, which only Configuración shows, are lowStockSettingsMessages in settings-messages.ts.

/** The stock alerts card on home (docs/product-guide.md#home). Ours. */
export const stockAlertMessages = {
  /** No lot of any kind yet (a new shop): nothing can be above or under a threshold. */
  noStockYet: 'Todavía no hay stock: registra café verde para empezar.',
  allAbove: 'Todo el stock está por encima de los umbrales.',
  loadError: 'Error al cargar las alertas de stock.',
  /** Home's line of pending orders (docs/product-guide.md#home), each count a link to Pedidos filtered. */
  ordersDue: 'Pedidos pendientes:',
  ordersToday: (count: number) => `${count} para hoy`,
  ordersTomorrow: (count: number) => `${count} para mañana`,
  ordersOverdue: (count: number) => `${count} ${count === 1 ? 'atrasado' : 'atrasados'}`,
} as const;
