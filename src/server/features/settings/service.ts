import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { TemperatureUnit } from '#shared/temperature.js';
import { type Formatter, type RegionalFormat, regionalFormatter } from '#shared/format.js';
import { regionalFormatOf, SETTING_NAMES, type SettingDefinition, settingDefinitions, type Settings, type SettingsBody } from '#shared/schemas/settings.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import * as repository from './repository.js';

const KEYS = SETTING_NAMES.map((name) => settingDefinitions[name].key);

/** What a number setting's row may hold: an integer (cents, grams…) written as JSON; a text setting names its own. */
const storedIntegerSchema = z.int();

/** A row's value, or the default when there is no row (or, written by hand outside the app, it is not what the setting holds). */
function storedValue(text: string | undefined, definition: SettingDefinition<unknown, unknown>): unknown {
  const { defaultStored } = definition;
  if (text === undefined) return defaultStored;
  try {
    const parsed = (definition.storedSchema ?? storedIntegerSchema).safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultStored;
  } catch {
    return defaultStored;
  }
}

/** Every setting with its current value: what an administrator saved, else its default (15.00 / 25.00 $/Kg). */
export async function getSettings(db: DbOrTrx): Promise<Settings> {
  const rows = await repository.readSettingValues(db, KEYS);
  const entries = SETTING_NAMES.map((name) => {
    const definition: SettingDefinition<unknown, unknown> = settingDefinitions[name];
    return [name, definition.toApi(storedValue(rows.get(definition.key), definition))] as const;
  });
  return Object.fromEntries(entries) as Settings;
}

/**
 * Saves the settings present in the body (administrators only, docs/product-guide.md#roles-and-permissions: the
 * guard checked the role on arrival, requireActorRole checks it again inside
 * the transaction) and answers all of them.
 */
export async function updateSettings(db: Kysely<Database>, body: SettingsBody, actor: { id: number }): Promise<Settings> {
  return withWriteTransaction(db, async (trx) => {
    await requireActorRole(trx, actor.id, 'administrador');
    const now = Date.now();
    for (const name of SETTING_NAMES) {
      const value = body[name];
      if (value === undefined) continue;
      const definition: SettingDefinition<unknown, unknown> = settingDefinitions[name];
      await repository.writeSettingValue(trx, {
        key: definition.key,
        value: JSON.stringify(definition.toStored(value)),
        updated_at: now,
        updated_by: actor.id,
      });
    }
    return getSettings(trx);
  });
}

/** The shop's regional format (Configuración › Formato regional), for the session answer. */
export const getRegionalFormat = async (db: DbOrTrx): Promise<RegionalFormat> => regionalFormatOf(await getSettings(db));

/**
 * The one way the server writes an amount a person reads (a message, a CSV header, a label):
 * the formatter of the saved regional format (docs/decisions/0042-one-regional-formatter.md).
 * It reads the settings, so a sale's success path never calls it (docs/decisions/0033-no-postgresql-only-sale-path.md).
 */
export const readFormatter = async (db: DbOrTrx): Promise<Formatter> => regionalFormatter(await getRegionalFormat(db));

/** The unit every roast curve and its figures are shown in (Configuración › Temperatura, docs/decisions/0052-roast-metrics.md). */
export const readTemperatureUnit = async (db: DbOrTrx): Promise<TemperatureUnit> => (await getSettings(db)).temperature_unit;
