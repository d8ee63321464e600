import { sql } from 'kysely';
import type { AccountDB } from '../schema';
import { PENDING_MINUTES } from './rules';

export function twoFactorRow(db: AccountDB, userId: number) {
  return db.selectFrom('two_factor').select(['secret', 'created_at', 'enabled_at', 'last_step']).where('user_id', '=', userId).executeTakeFirst();
}

/** Keeps a new, unconfirmed secret (replacing an earlier unconfirmed one; never an enabled one). */
export async function savePending(db: AccountDB, userId: number, sealed: string): Promise<boolean> {
  const row = await db
    .insertInto('two_factor')
    .values({ user_id: userId, secret: sealed })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ secret: sealed, created_at: sql`now()`, last_step: null }).where('two_factor.enabled_at', 'is', null))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Turns a pending secret on with the step of its confirming code; false when none is pending (or it is too old). */
export async function enable(db: AccountDB, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ enabled_at: sql`now()`, last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is', null)
    .where('created_at', '>', new Date(Date.now() - PENDING_MINUTES * 60_000))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Records the step of an accepted code; false when a code of that step or a later one was accepted already. */
export async function claimStep(db: AccountDB, userId: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('two_factor')
    .set({ last_step: step })
    .where('user_id', '=', userId)
    .where('enabled_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('user_id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function reseal(db: AccountDB, userId: number, sealed: string): Promise<void> {
  await db.updateTable('two_factor').set({ secret: sealed }).where('user_id', '=', userId).execute();
}

export async function replaceRecoveryCodes(db: AccountDB, userId: number, hashes: string[]): Promise<void> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  await db
    .insertInto('recovery_codes')
    .values(hashes.map((code_hash) => ({ user_id: userId, code_hash })))
    .execute();
}

/** Uses a recovery code once; false when the user has no such unused code. */
export async function useRecoveryCode(db: AccountDB, userId: number, hash: string): Promise<boolean> {
  const row = await db
    .updateTable('recovery_codes')
    .set({ used_at: sql`now()` })
    .where('user_id', '=', userId)
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function recoveryCodesLeft(db: AccountDB, userId: number): Promise<number> {
  const row = await db
    .selectFrom('recovery_codes')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('used_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Removes a user's second factor and recovery codes; whether it was on. */
export async function removeTwoFactor(db: AccountDB, userId: number): Promise<boolean> {
  await db.deleteFrom('recovery_codes').where('user_id', '=', userId).execute();
  const row = await db.deleteFrom('two_factor').where('user_id', '=', userId).returning('enabled_at').executeTakeFirst();
  return row?.enabled_at != null;
}

/** The permissions that need two-factor sign-in (an administrator's choice; none at first). */
export async function requiredPermissions(db: AccountDB): Promise<string[]> {
  const row = await db.selectFrom('settings').select('value').where('name', '=', 'two_factor_required').executeTakeFirst();
  return Array.isArray(row?.value) ? (row.value as string[]) : [];
}

export async function setRequiredPermissions(db: AccountDB, permissions: string[]): Promise<void> {
  const value = JSON.stringify(permissions);
  await db
    .insertInto('settings')
    .values({ name: 'two_factor_required', value })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
    .execute();
}

export async function hasTwoFactor(db: AccountDB, userId: number): Promise<boolean> {
  return (await db.selectFrom('two_factor').select('user_id').where('user_id', '=', userId).where('enabled_at', 'is not', null).executeTakeFirst()) !== undefined;
}
