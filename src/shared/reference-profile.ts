/**
 * A roast against the reference profile of its product (origin + roast type,
 * docs/decisions/0053-reference-profile.md): the five figures a roaster compares, their
 * differences, and which of them fall outside the tolerances set in Configuración. Pure, so the
 * list (from the stored figures), the reference's panel (from the curves) and the screens agree.
 */

import { convertTemperatureDelta, type TemperatureUnit } from './temperature.js';

/** The figures compared, in the order the screens show them. */
export const REFERENCE_FIGURES = ['first_crack', 'dtr', 'drop_temp', 'total_time', 'weight_loss'] as const;
export type ReferenceFigure = (typeof REFERENCE_FIGURES)[number];

/** Each figure as the screens name it, and the unit its difference is in ('°' is the shop's temperature unit). */
export const REFERENCE_FIGURE_LABELS: Record<ReferenceFigure, { label: string; unit: 's' | 'pp' | 'deg' }> = {
  first_crack: { label: 'Tiempo al primer crack', unit: 's' },
  dtr: { label: 'Ratio de desarrollo', unit: 'pp' },
  drop_temp: { label: 'Temperatura de descarga', unit: 'deg' },
  total_time: { label: 'Tiempo total', unit: 's' },
  weight_loss: { label: 'Pérdida de peso', unit: 'pp' },
};

/** A roast's figures: seconds from CHARGE, percentages, the drop temperature in °C; null when the roast lacks it. */
export type RoastFigures = Record<ReferenceFigure, number | null>;

/** The tolerance of each figure, in the figure's unit (the temperature's in the shop's unit); null: not checked. */
export type ReferenceTolerances = Record<ReferenceFigure, number | null>;

/** Weight loss in % of the green weight, from exact grams: (green − roasted) / green × 100. */
export const weightLossPercent = (greenG: number, resultantG: number): number => ((greenG - resultantG) / greenG) * 100;

/** Rounded to hundredths, so a float's noise never puts a figure one side of its tolerance or the other. */
const hundredths = (value: number): number => Math.round(value * 100) / 100;

/**
 * Each figure's difference, the roast's minus the reference's (positive: later, hotter, more),
 * rounded to hundredths and in the shop's unit for the temperature; null where either lacks it.
 */
export function figureDifferences(roast: RoastFigures, reference: RoastFigures, unit: TemperatureUnit): RoastFigures {
  const entries = REFERENCE_FIGURES.map((figure) => {
    const mine = roast[figure];
    const theirs = reference[figure];
    if (mine === null || theirs === null) return [figure, null] as const;
    // A difference of temperatures converts without the 32° offset (10 °C hotter is 18 °F hotter).
    const difference = figure === 'drop_temp' ? convertTemperatureDelta(mine - theirs, 'C', unit) : mine - theirs;
    return [figure, hundredths(difference)] as const;
  });
  return Object.fromEntries(entries) as RoastFigures;
}

/** The figures whose difference is larger than its tolerance (either way); a figure without a tolerance or a difference is not checked. */
export const figuresOutside = (differences: RoastFigures, tolerances: ReferenceTolerances): ReferenceFigure[] =>
  REFERENCE_FIGURES.filter((figure) => {
    const difference = differences[figure];
    const tolerance = tolerances[figure];
    return difference !== null && tolerance !== null && Math.abs(difference) > tolerance;
  });
