import { activityMessages } from '#shared/activity-messages.js';
import { blendRecipeMessages } from '#shared/blend-recipe-messages.js';
import { blendedCoffeeMessages } from '#shared/blended-coffee-messages.js';
import { customerMessages } from '#shared/customer-messages.js';
import { greenCoffeeMessages } from '#shared/green-coffee-messages.js';
import { traceabilityMessages } from '#shared/traceability-messages.js';
import { orderScreenMessages } from '#shared/order-screen-messages.js';
import { shopOrderMessages } from '#shared/shop-order-messages.js';
import { originMessages } from '#shared/origin-messages.js';
import { planningMessages } from '#shared/planning-messages.js';
import { reportMessages } from '#shared/report-messages.js';
import { roastedCoffeeMessages } from '#shared/roasted-coffee-messages.js';
import { salesMessages } from '#shared/sales-messages.js';
import { stockCountMessages } from '#shared/stock-count-messages.js';
import { userMessages } from '#shared/user-messages.js';
import type { ScreenId } from '../lib/screens.js';

/** What a screen's page frame shows before the screen: its <h1>, and its own loading text where it has one ('Cargando...' otherwise). */
export interface ScreenFrame {
  title: string;
  loading?: string;
}

/**
 * Each screen's frame, from the same messages its page component gives <Page>
 * and <LoadingText>, for the page frame the build writes into the screen's HTML
 * page (scripts/write-page-frames.tsx, docs/decisions/0034-page-frames.md).
 * Only the build reads it: the app keeps taking them from its areas' messages.
 * Home has no frame (its heading is its own). e2e/page-frames.e2e.test.ts
 * checks each frame's title against the screen's.
 */
export const SCREEN_FRAMES: Record<Exclude<ScreenId, 'home'>, ScreenFrame> = {
  origins: { title: originMessages.title },
  greenCoffee: { title: greenCoffeeMessages.title },
  roastedCoffee: { title: roastedCoffeeMessages.title },
  blendedCoffee: { title: blendedCoffeeMessages.title, loading: blendedCoffeeMessages.loading },
  sales: { title: salesMessages.title, loading: salesMessages.loading },
  traceability: { title: traceabilityMessages.title },
  stockCounts: { title: stockCountMessages.title, loading: stockCountMessages.loading },
  planning: { title: planningMessages.title, loading: planningMessages.loading },
  reports: { title: reportMessages.title, loading: reportMessages.loading },
  configuration: { title: blendRecipeMessages.title, loading: blendRecipeMessages.loading },
  users: { title: userMessages.title },
  activity: { title: activityMessages.title, loading: activityMessages.loading },
  customers: { title: customerMessages.title },
  orders: { title: orderScreenMessages.title, loading: orderScreenMessages.loading },
  shopOrders: { title: shopOrderMessages.title },
};
