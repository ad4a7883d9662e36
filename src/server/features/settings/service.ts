import type { Kysely } from 'kysely';
import { z } from 'zod';
import { SETTING_NAMES, type SettingDefinition, settingDefinitions, type Settings, type SettingsBody } from '#shared/schemas/settings.js';
import { requireActorRole } from '#server/auth/actor-role.js';
import type { Database } from '#server/db/schema.js';
import { type DbOrTrx, withWriteTransaction } from '#server/db/write-transaction.js';
import * as repository from './repository.js';

const KEYS = SETTING_NAMES.map((name) => settingDefinitions[name].key);

/** What a row may hold: every setting today is an integer (cents, grams…) written as JSON. */
const storedValueSchema = z.int();

/** A row's value, or the default when there is no row (or, written by hand outside the app, it is not an integer). */
function storedValue(text: string | undefined, defaultStored: number): number {
  if (text === undefined) return defaultStored;
  try {
    const parsed = storedValueSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : defaultStored;
  } catch {
    return defaultStored;
  }
}

/** Every setting with its current value: what an administrator saved, else its default (15.00 / 25.00 $/Kg). */
export async function getSettings(db: DbOrTrx): Promise<Settings> {
  const rows = await repository.readSettingValues(db, KEYS);
  const entries = SETTING_NAMES.map((name) => {
    const definition = settingDefinitions[name];
    return [name, definition.toApi(storedValue(rows.get(definition.key), definition.defaultStored))] as const;
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
      // The body's schema checked this value with this setting's own schema: null reaches only a setting that takes it.
      const definition = settingDefinitions[name] as SettingDefinition<number | null>;
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
