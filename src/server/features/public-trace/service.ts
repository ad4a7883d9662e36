import { roastAge } from '#shared/freshness.js';
import { BATCH_CODE_MAX } from '#shared/limits.js';
import { localIsoDate } from '#shared/local-date.js';
import { lotCodeKey } from '#shared/lot-codes.js';
import type { PublicLot } from '#shared/schemas/public-lot.js';
import { ROAST_TYPES } from '#shared/schemas/roasted-coffee.js';
import type { DbOrTrx } from '#server/db/write-transaction.js';
import { readRoastDates } from '#server/features/freshness/service.js';
import { getSettings } from '#server/features/settings/service.js';
import * as repository from './repository.js';

/**
 * The lot the coffee drinker's page shows (docs/decisions/0049-roast-age-and-public-page.md), or
 * undefined: the page off, a code no roasted lot or blend has, or one that a roasted lot and a blend
 * share (which of the two is in the bag cannot be told). Every case does the same reads, so neither
 * the answer nor its time tells an unknown code from the page being off.
 */
export async function findPublicLot(db: DbOrTrx, code: string, today = localIsoDate()): Promise<PublicLot | undefined> {
  const settings = await getSettings(db);
  const trimmed = code.trim();
  const key = trimmed === '' || trimmed.length > BATCH_CODE_MAX ? '' : lotCodeKey(trimmed);
  const roasts = await repository.roastsByCodeKey(db, key);
  const blends = await repository.blendsByCodeKey(db, key);
  if (!settings.public_trace || key === '' || roasts.length + blends.length !== 1) return undefined;
  const rules = { rest_days: settings.rest_days, freshness_days: settings.freshness_days };
  const common = { rest_days: rules.rest_days, freshness_days: rules.freshness_days };
  const [roast] = roasts;
  if (roast) {
    return {
      batch_code: roast.batch_code,
      kind: 'tostado',
      name: roast.origin_name,
      farm: roast.farm,
      roast_types: [roast.roast_type],
      roast_date: roast.roast_date,
      ...roastAge(roast.roast_date, today, rules),
      ...common,
      component_origins: [],
    };
  }
  const blend = blends[0]!;
  const { origins, roastTypes } = await repository.blendParts(db, blend.id);
  const roastDate = (await readRoastDates(db, { blend: [blend.id] })).blend.get(blend.id)!;
  return {
    batch_code: blend.batch_code,
    kind: 'mezcla',
    name: blend.name,
    farm: null,
    roast_types: ROAST_TYPES.filter((type) => roastTypes.includes(type)),
    roast_date: roastDate,
    ...roastAge(roastDate, today, rules),
    ...common,
    component_origins: origins,
  };
}
