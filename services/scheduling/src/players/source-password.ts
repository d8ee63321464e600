// A player's Icecast source password (issue 34): the playout service presents it to Icecast, so it
// cannot be hashed; it is sealed with AIRWAVE_ENCRYPTION_KEY for `player-source:<id>` (a sealed
// value copied to another player does not open), answered in clear only to the playout service
// over the internal bus (`playoutInternal.players`), never in the API, an event or a log.
import type { SecretBox } from '@airwave/service-kit';
import type { SchedulingDB } from '../schema';
import type { PlayerRow } from './rules';

export const sourceContext = (playerId: number) => `player-source:${playerId}`;

/**
 * The sealed value a save leaves: `sent` sealed for `context`, null clears it, "" or absent keeps
 * `current` (a player's and a live show's source passwords alike).
 */
export function nextSealed(box: SecretBox | null, current: string | null, sent: string | null | undefined, context: string): string | null {
  if (sent === undefined || sent === '') return current;
  return sent === null ? null : box!.seal(sent, context);
}

/** A sealed source password in clear, or null when none is set or this server's keys cannot open it. */
export function openSealed(box: SecretBox | null, sealed: string | null, context: string): string | null {
  if (!sealed || !box) return null;
  try {
    return box.open(sealed, context);
  } catch {
    return null;
  }
}

/**
 * Applies a save's `source_password` to the player's row: a password seals and stores it, null
 * clears it, "" or absent keeps it. Answers whether the player has one afterwards.
 */
export async function setSourcePassword(trx: SchedulingDB, box: SecretBox | null, row: PlayerRow, sent: string | null | undefined): Promise<boolean> {
  const sealed = nextSealed(box, row.source_password_sealed, sent, sourceContext(row.id));
  if (sealed !== row.source_password_sealed) {
    await trx.updateTable('players').set({ source_password_sealed: sealed }).where('id', '=', row.id).execute();
    row.source_password_sealed = sealed;
  }
  return sealed !== null;
}

/** The source password in clear, or null when none is set or this server's keys cannot open it. */
export const openSourcePassword = (box: SecretBox | null, row: Pick<PlayerRow, 'id' | 'source_password_sealed'>): string | null =>
  openSealed(box, row.source_password_sealed, sourceContext(row.id));
