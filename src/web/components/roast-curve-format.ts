import { artisanMessages as m } from '#shared/artisan-messages.js';
import type { ArtisanEvents } from '#shared/schemas/artisan.js';

/** BT in the product's brown, ET in a blue that differs from it for every colour vision (Okabe–Ito). */
export const BT_COLOUR = '#6f3d1e';
export const ET_COLOUR = '#0072B2';

/** The roast's events in the order they happen. */
export const EVENT_ORDER = Object.keys(m.events) as (keyof ArtisanEvents)[];

/** 'm:ss' from seconds, with a minus sign before CHARGE. */
export function clockTime(seconds: number): string {
  const sign = seconds < 0 ? '−' : '';
  const whole = Math.round(Math.abs(seconds));
  return `${sign}${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
