import { daysBetween } from './local-date.js';

/**
 * A roast's age and freshness (docs/decisions/0049-roast-age-and-public-page.md):
 * pure, so the list, the sale picker, the allocation, Inicio, Reportes and the
 * public page all say the same, and the unit test checks the edges alone.
 */
export const FRESHNESS_STATES = ['reposo', 'fresco', 'pasado'] as const;
export type Freshness = (typeof FRESHNESS_STATES)[number];

/** How each state reads on a screen. */
export const FRESHNESS_LABELS: Record<Freshness, string> = {
  reposo: 'En reposo',
  fresco: 'Fresco',
  pasado: 'Pasado de frescura',
};

/** Configuración's 'Reposo' and 'Frescura', in days. */
export interface FreshnessRules {
  rest_days: number;
  freshness_days: number;
}

export interface RoastAge {
  /** Whole calendar days since the roast date: 0 on the roast day. */
  age_days: number;
  freshness: Freshness;
}

/**
 * A roast of `roastDate` on `today` (both 'YYYY-MM-DD', today the server's local
 * date): 'reposo' while age < rest_days (never with 0), else 'pasado' when
 * age > freshness_days (day freshness_days itself is still fresh), else 'fresco'.
 * A date after today (a clock put back) counts as age 0.
 */
export function roastAge(roastDate: string, today: string, rules: FreshnessRules): RoastAge {
  const age_days = Math.max(0, daysBetween(roastDate, today));
  if (age_days < rules.rest_days) return { age_days, freshness: 'reposo' };
  return { age_days, freshness: age_days > rules.freshness_days ? 'pasado' : 'fresco' };
}

/** Ready to sell: past its rest (fresh or past freshness). */
export const isReady = (age: RoastAge): boolean => age.freshness !== 'reposo';

/** 'Edad: 12 días · Fresco': how a table, the sale picker and the public page write an age. */
export const roastAgeText = (age: RoastAge): string => `Edad: ${age.age_days} ${age.age_days === 1 ? 'día' : 'días'} · ${FRESHNESS_LABELS[age.freshness]}`;

/**
 * The order lots are offered in (the sale picker, an order's allocation): ready lots before resting
 * ones, each oldest roast first (past freshness included: it should go first). For Array.sort, stable.
 */
export const readyOldestFirst = (a: RoastAge, b: RoastAge): number =>
  Number(a.freshness === 'reposo') - Number(b.freshness === 'reposo') || b.age_days - a.age_days;
