/** Delete confirmations use the browser dialog, as the spec says (section 5, "Delete confirmations"). */
export const confirmAction = (message: string): boolean => window.confirm(message);
