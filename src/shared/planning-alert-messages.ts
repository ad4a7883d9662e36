// The one text of the roast plan that home shows, in a module of its own:
// home is in the login + home JavaScript budget (scripts/check-web-budget.ts),
// and planning-messages.ts holds every text of the plan's screen.
import { formatDate } from './format.js';

/** The home alerts' run-out date of a lot's unit (docs/product-guide.md#home, docs/decisions/0028-roast-plan.md). */
export const runOutAlertText = (isoDate: string): string => `Plan de Tueste: se agota el ${formatDate(isoDate)}`;
