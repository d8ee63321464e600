// Who may do what with alerts, what an alert's duration is, and an alert as the API answers it
// (docs/decisions/players.md, "Alerts").
import type { Alert, MediaSummary, Principal } from '@airwave/contracts';
import type { Selectable } from 'kysely';
import { isoInZone } from '../schedule/recurrence';
import type { AlertColumns } from '../schema-players';

export type AlertRow = Selectable<AlertColumns>;

/** manage_alerts for every player, or manage_alerts:<id> for this one (OB: `manage_alerts:<player id>`). */
export function canManageAlerts(principal: Principal, playerId: number): boolean {
  return principal.permissions.includes('manage_alerts') || principal.permissions.includes(`manage_alerts:${playerId}`);
}

/**
 * The duration an alert stores (OB's alerts_model save): for an item without a length of its own
 * (an image) the seconds sent, required; for any other the item's own length applies and a sent
 * duration is not kept. A string is the problem with it.
 */
export function storedDuration(item: Pick<MediaSummary, 'duration'>, sent: number | null | undefined): number | null | string {
  if (item.duration !== null) return null;
  return sent ?? 'is required for a media item without a length of its own (an image)';
}

/** OB's `item_name`: "artist - title", or the title alone when there is no artist. */
export const itemName = (item: Pick<MediaSummary, 'artist' | 'title'> | undefined) => (item ? (item.artist ? `${item.artist} - ${item.title}` : item.title) : null);

/** An alert as the API answers it: times in its player's zone, its item as the media service knows it. */
export function alertOut(row: AlertRow, zone: string, item: MediaSummary | undefined): Alert {
  return {
    id: row.id,
    name: row.name,
    player_id: row.player_id,
    user_id: row.user_id,
    item_id: row.item_id,
    item_name: itemName(item),
    item_duration: item?.duration ?? null,
    frequency: row.frequency,
    duration: row.duration,
    start: isoInZone(row.start.getTime(), zone),
    stop: isoInZone(row.stop.getTime(), zone),
    mode: row.mode as Alert['mode'],
  };
}
