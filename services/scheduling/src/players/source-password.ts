// A player's Icecast source password (issue 34): the playout service presents it to Icecast, so it
// cannot be hashed; it is sealed with AIRWAVE_ENCRYPTION_KEY for `player-source:<id>` (a sealed
// value copied to another player does not open), answered in clear only to the playout service
// over the internal bus (`playoutInternal.players`), never in the API, an event or a log.
import type { SecretBox } from '@airwave/service-kit';
import type { SchedulingDB } from '../schema';
import type { PlayerRow } from './rules';

export const sourceContext = (playerId: number) => `player-source:${playerId}`;

/**
 * Applies a save's `source_password` to the player's row: a password seals and stores it, null
 * clears it, "" or absent keeps it. Answers whether the player has one afterwards.
 */
export async function setSourcePassword(trx: SchedulingDB, box: SecretBox | null, row: PlayerRow, sent: string | null | undefined): Promise<boolean> {
  if (sent === undefined || sent === '') return row.source_password_sealed !== null;
  const sealed = sent === null ? null : box!.seal(sent, sourceContext(row.id));
  await trx.updateTable('players').set({ source_password_sealed: sealed }).where('id', '=', row.id).execute();
  row.source_password_sealed = sealed;
  return sealed !== null;
}

/** The source password in clear, or null when none is set or this server's keys cannot open it. */
export function openSourcePassword(box: SecretBox | null, row: Pick<PlayerRow, 'id' | 'source_password_sealed'>): string | null {
  if (!row.source_password_sealed || !box) return null;
  try {
    return box.open(row.source_password_sealed, sourceContext(row.id));
  } catch {
    return null;
  }
}
