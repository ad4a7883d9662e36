/** The order view's address: the list screen with the order open (the next order's link, a bookmark). */
export const orderPath = (id: number): string => `/pedidos?pedido=${id}`;
