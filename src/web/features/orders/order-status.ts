import type { OrderStatus } from '#shared/schemas/orders.js';

/** Each state as the screen writes it (docs/product-guide.md#pedidos). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  pendiente: 'Pendiente',
  preparado: 'Preparado',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
};

/** The order view's address: the list screen with the order open (a link to the next order, a bookmark). */
export const orderPath = (id: number): string => `/pedidos?pedido=${id}`;
