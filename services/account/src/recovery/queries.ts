import { sql } from 'kysely';
import { USERS_GROUP_ID, type AccountDB } from '../schema';
import { hashToken, type TokenPurpose } from './rules';

export async function registrationEnabled(db: AccountDB): Promise<boolean> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'can_register').executeTakeFirst();
  return row?.value === true;
}

export async function setRegistrationEnabled(db: AccountDB, enabled: boolean): Promise<void> {
  await db
    .insertInto('settings')
    .values({ name: 'can_register', value: JSON.stringify(enabled) })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value: JSON.stringify(enabled) }))
    .execute();
}

/** A registered account: in group Users, without a password until the welcome link sets one. */
export async function insertRegisteredUser(db: AccountDB, account: { username: string; email: string; name: string }): Promise<number> {
  const user = await db
    .insertInto('users')
    .values({ username: account.username, email: account.email, name: account.name, display_name: account.name, password_hash: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.insertInto('user_groups').values({ user_id: user.id, group_id: USERS_GROUP_ID }).execute();
  return user.id;
}

export async function insertToken(db: AccountDB, userId: number, purpose: TokenPurpose, token: string, expiresAt: Date): Promise<void> {
  await db.insertInto('tokens').values({ user_id: userId, purpose, token_hash: hashToken(token), expires_at: expiresAt }).execute();
}

/** The enabled account with this email address (regardless of case), if any. */
export function enabledUserByEmail(db: AccountDB, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'email'])
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .where('email', '<>', '')
    .where('enabled', '=', true)
    .executeTakeFirst();
}

/** A token and its user, locked for the change it makes. */
export function lockToken(db: AccountDB, token: string) {
  return db
    .selectFrom('tokens')
    .innerJoin('users', 'users.id', 'tokens.user_id')
    .select(['tokens.id', 'tokens.user_id', 'tokens.purpose', 'tokens.expires_at', 'tokens.used_at', 'users.username', 'users.enabled'])
    .where('token_hash', '=', hashToken(token))
    .forUpdate()
    .executeTakeFirst();
}

export async function setPasswordHash(db: AccountDB, userId: number, passwordHash: string): Promise<void> {
  await db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();
}

/** Marks every outstanding token of the user used. */
export async function useAllTokens(db: AccountDB, userId: number): Promise<void> {
  await db.updateTable('tokens').set({ used_at: new Date() }).where('user_id', '=', userId).where('used_at', 'is', null).execute();
}
