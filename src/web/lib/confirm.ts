/** Delete confirmations use the browser's own dialog (docs/product-guide.md#screens). */
export const confirmAction = (message: string): boolean => window.confirm(message);
