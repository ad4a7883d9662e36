import type { Kysely } from 'kysely';

/**
 * Refused sign-ins logged before the activity log stored only an account's
 * name (docs/decisions/0024-activity-log.md): the text typed into 'Usuario'
 * was kept whatever it was, so a password typed into that field could sit in
 * the log. Forget every such name that is not an account's, as a refused
 * sign-in written today would have (username null: "a user that does not
 * exist"). Both sides are the typed name's key (normalizeUsername), so an
 * account's name typed in another case still matches and is kept.
 * Nothing to undo: the names are gone on purpose.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db
    .updateTable('activity_log')
    .set({ username: null })
    .where('action', '=', 'sign_in_refused')
    .where('username', 'is not', null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('users').select('users.id').whereRef('users.username', '=', 'activity_log.username'))))
    .execute();
}

export async function down(): Promise<void> {}
