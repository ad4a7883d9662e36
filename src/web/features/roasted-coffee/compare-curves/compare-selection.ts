import { useState } from 'react';
import { COMPARE_CURVES_MAX } from '#shared/compare-curves-messages.js';
import type { RoastedCoffee } from '#shared/schemas/roasted-coffee.js';

/** What a comparison needs of a roast beyond its curve: the legend's lot, coffee, roast type and date. */
export type ComparedRoast = Pick<RoastedCoffee, 'id' | 'batch_code' | 'origin_name' | 'roast_type' | 'roast_date'>;

export const comparedRoastOf = ({ id, batch_code, origin_name, roast_type, roast_date }: RoastedCoffee): ComparedRoast => ({
  id,
  batch_code,
  origin_name,
  roast_type,
  roast_date,
});

/**
 * The roasts chosen after ticking (`on`) or unticking one, in the order they were
 * ticked (the legend's and the columns' order, each keeping its colour). A fifth
 * is refused: the list stays as it was and `refused` says so, for the screen to
 * tell why its box did not tick (COMPARE_CURVES_MAX).
 */
export function pickCompared(chosen: readonly ComparedRoast[], roast: ComparedRoast, on: boolean): { chosen: readonly ComparedRoast[]; refused: boolean } {
  const others = chosen.filter((one) => one.id !== roast.id);
  if (!on) return { chosen: others.length === chosen.length ? chosen : others, refused: false };
  if (others.length < chosen.length) return { chosen, refused: false };
  if (chosen.length >= COMPARE_CURVES_MAX) return { chosen, refused: true };
  return { chosen: [...chosen, roast], refused: false };
}

/** The roasts ticked for 'Comparar curvas' across the table's pages, and the refusal of a fifth (the lot it named). */
export interface ComparedRoasts {
  chosen: readonly ComparedRoast[];
  /** The lot whose tick was refused, until the next tick or untick. */
  refusedCode: string | null;
  has: (id: number) => boolean;
  set: (roast: ComparedRoast, on: boolean) => void;
  clear: () => void;
}

/** Held by the screen, like the labels' ticks: paging the table keeps them. */
export function useComparedRoasts(): ComparedRoasts {
  const [state, setState] = useState<{ chosen: readonly ComparedRoast[]; refusedCode: string | null }>({ chosen: [], refusedCode: null });
  return {
    ...state,
    has: (id) => state.chosen.some((roast) => roast.id === id),
    set: (roast, on) =>
      setState((current) => {
        const next = pickCompared(current.chosen, roast, on);
        return { chosen: next.chosen, refusedCode: next.refused ? roast.batch_code : null };
      }),
    clear: () => setState({ chosen: [], refusedCode: null }),
  };
}
