import type { AccountDB } from '../schema';

export async function storedValue(db: AccountDB, userId: number, name: string): Promise<string | null> {
  const row = await db.selectFrom('store').select('value').where('user_id', '=', userId).where('name', '=', name).executeTakeFirst();
  return row?.value ?? null;
}

export async function storedValues(db: AccountDB, userId: number): Promise<Record<string, string>> {
  const rows = await db.selectFrom('store').select(['name', 'value']).where('user_id', '=', userId).orderBy('name').execute();
  return Object.fromEntries(rows.map((row) => [row.name, row.value]));
}

/** Sets a value and returns how many the account then holds (in the caller's transaction). */
export async function putStoredValue(db: AccountDB, userId: number, name: string, value: string): Promise<number> {
  await db
    .insertInto('store')
    .values({ user_id: userId, name, value })
    .onConflict((oc) => oc.columns(['user_id', 'name']).doUpdateSet({ value }))
    .execute();
  const { n } = await db
    .selectFrom('store')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(n);
}
