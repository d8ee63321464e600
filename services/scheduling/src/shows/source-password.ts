// A live show's own source password (issue 34): a source client gives it to the harbor of an aired
// player during the show, instead of the player's. Like the player's, the playout presents it, so
// it cannot be hashed: sealed with AIRWAVE_ENCRYPTION_KEY for `show-source:<id>`, answered in clear
// only to the playout service inside its rundown (`playoutInternal.rundown`), never in the API, an
// event or a log.
import { AirwaveError, type PlayoutRundownBlock, type RundownBlock } from '@airwave/contracts';
import { sealForPlayout, sourceOwner, type SecretBox } from '@airwave/service-kit';
import { nextSealed, openSealed } from '../players/source-password';
import type { SchedulingDB } from '../schema';

export const showSourceContext = (showId: number) => `show-source:${showId}`;

/** A save refused before anything is written: a password to seal needs the key. */
export function assertCanSeal(box: SecretBox | null, sent: string | null | undefined) {
  if (sent && !box) throw new AirwaveError('unavailable', "A live show's source password is kept encrypted: set AIRWAVE_ENCRYPTION_KEY on the scheduling service.");
}

/**
 * Applies a save's `source_password` to the show's row: a password seals it, null clears it, "" or
 * absent keeps it; a show that is not live has none. Answers the sealed value stored.
 */
export async function setShowSourcePassword(trx: SchedulingDB, box: SecretBox | null, row: { id: number; item_type: string; source_password_sealed?: string | null }, sent: string | null | undefined) {
  const current = row.source_password_sealed ?? null;
  const sealed = row.item_type === 'live' ? nextSealed(box, current, sent, showSourceContext(row.id)) : null;
  if (sealed !== current) await trx.updateTable('shows').set({ source_password_sealed: sealed }).where('id', '=', row.id).execute();
  return sealed;
}

/** The rundown for the playout: each linein block with its show's own source password sealed for the playout (null: none, or not opened here). */
export async function withShowPasswords(db: SchedulingDB, box: SecretBox | null, forPlayout: SecretBox | null, blocks: RundownBlock[]): Promise<PlayoutRundownBlock[]> {
  const ids = [...new Set(blocks.filter((b) => b.kind === 'linein').map((b) => b.show_id))];
  if (ids.length === 0) return blocks;
  const rows = await db.selectFrom('shows').select(['id', 'source_password_sealed']).where('id', 'in', ids).execute();
  const passwords = new Map(rows.map((r) => [r.id, sealForPlayout(forPlayout, openSealed(box, r.source_password_sealed, showSourceContext(r.id)), sourceOwner.show(r.id))]));
  return blocks.map((b) => (b.kind === 'linein' ? { ...b, source_password: passwords.get(b.show_id) ?? null } : b));
}
