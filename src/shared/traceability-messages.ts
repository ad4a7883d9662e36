// Trazabilidad's texts: only its screen and the trace routes use them, so they stay out of
// messages.ts, which the login and home load (CONTRIBUTING.md "Adding an area").

/** Trazabilidad y costes (docs/product-guide.md#trazabilidad): lot history and trace both ways. Ours: the original app had no such screen. */
export const traceabilityMessages = {
  title: 'Trazabilidad de Lotes',
  lotNotFound: 'Lote no encontrado. Revisa el código e inténtalo de nuevo.',
  saleNotFound: 'Venta no encontrada.',
  codeRequired: 'Por favor, escribe el código de un lote.',
  kindAndIdTogether: 'Indica el tipo de lote y su número juntos.',
  loadError: 'Error al cargar la trazabilidad del lote.',
  historyLoadError: 'Error al cargar el historial del lote.',
} as const;
