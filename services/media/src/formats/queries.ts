// The settings table's `formats` row: the formats an upload may have, by type.
import type { MediaDB } from '../schema';

/** The accepted formats by `<type>_formats` (the MediaFormats of the contract). */
export async function readFormats(db: MediaDB): Promise<Record<string, string[]>> {
  return (await db.selectFrom('settings').select('value').where('name', '=', 'formats').executeTakeFirstOrThrow()).value as Record<string, string[]>;
}

export async function writeFormats(db: MediaDB, formats: Record<string, string[]>): Promise<void> {
  await db.updateTable('settings').set({ value: JSON.stringify(formats) }).where('name', '=', 'formats').execute();
}
