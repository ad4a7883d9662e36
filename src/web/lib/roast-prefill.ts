/**
 * The roast form opened with a proposal (docs/product-guide.md#roast-plan, 'Tostar'):
 * /cafe-tostado?verde=ID&kg=KG&tueste=TYPE. The plan writes the address and the
 * roasted-coffee screen reads it; both live in features that may not import
 * each other, so the address is declared here, once. The form still checks
 * every value and the user confirms and saves: a value the address gets wrong
 * (a lot with no stock left, a made-up type) is just not filled in.
 */
export interface RoastPrefill {
  greenLotId: number;
  /** Kg of green to roast, as the API gives it (up to 3 decimals). */
  kg: number;
  roastType: string;
}

/** The address of the roast form filled with a proposal. */
export const roastPrefillPath = ({ greenLotId, kg, roastType }: RoastPrefill): string =>
  `/cafe-tostado?${new URLSearchParams({ verde: String(greenLotId), kg: String(kg), tueste: roastType }).toString()}`;

/** What an address proposes, each part only when it has the right shape; undefined when it proposes nothing. */
export function readRoastPrefill(params: URLSearchParams): Partial<RoastPrefill> | undefined {
  const lot = params.get('verde') ?? '';
  const kg = params.get('kg') ?? '';
  const type = params.get('tueste') ?? '';
  const prefill: Partial<RoastPrefill> = {
    ...(/^[1-9]\d{0,9}$/.test(lot) ? { greenLotId: Number(lot) } : {}),
    ...(/^\d{1,7}(\.\d{1,3})?$/.test(kg) && Number(kg) > 0 ? { kg: Number(kg) } : {}),
    ...(/^\p{L}{1,20}$/u.test(type) ? { roastType: type } : {}),
  };
  return Object.keys(prefill).length > 0 ? prefill : undefined;
}
