// Rules of the player sync (docs/decisions/players.md, "What the player sync calls"): the address
// pin, which last_connect a request counts for, and whether now playing changed.
import { BlockList, isIP } from 'node:net';
import type { AsRunInput, ConnectKind } from '@airwave/contracts';
import type { z } from 'zod';

/**
 * Whether a player pinned to `pin` (null: no pin) may sync from `address`. Addresses are compared
 * as addresses, not text: `2001:DB8::1` is `2001:db8:0:0:0:0:0:1`, and an IPv4 address seen as
 * IPv6 (`::ffff:192.0.2.7`, as a dual-stack server reports it) is that IPv4 address.
 */
export function addressAllowed(pin: string | null, address: string): boolean {
  if (pin === null) return true;
  const pinFamily = isIP(pin);
  const family = isIP(address);
  if (pinFamily === 0 || family === 0) return false;
  const list = new BlockList();
  list.addAddress(pin, pinFamily === 6 ? 'ipv6' : 'ipv4');
  return list.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

export type Kind = z.infer<typeof ConnectKind>;

/** The status columns a connect at `at` sets: last_connect always, last_connect_<kind> for its kind. */
export function connectColumns(kind: Kind | null | undefined, at: Date) {
  return {
    last_connect: at,
    ...(kind === 'schedule' ? { last_connect_schedule: at } : {}),
    ...(kind === 'emergency' ? { last_connect_emergency: at } : {}),
    ...(kind === 'playlog' ? { last_connect_playlog: at } : {}),
    ...(kind === 'media' ? { last_connect_media: at } : {}),
  };
}

export interface NowPlayingColumns {
  show_name: string | null;
  playlist_id: number | null;
  playlist_end: Date | null;
  media_id: number | null;
  media_end: Date | null;
}

/** Whether a report says something else than the stored one (OB Player repeats itself: several identical posts per change). */
export function nowPlayingChanged(before: Partial<NowPlayingColumns> | undefined, after: NowPlayingColumns): boolean {
  if (!before) return true;
  const time = (date: Date | null | undefined) => (date ? date.getTime() : null);
  return (
    (before.show_name ?? null) !== after.show_name ||
    (before.playlist_id ?? null) !== after.playlist_id ||
    (before.media_id ?? null) !== after.media_id ||
    time(before.playlist_end) !== time(after.playlist_end) ||
    time(before.media_end) !== time(after.media_end)
  );
}

type AsRunEntry = z.output<typeof AsRunInput>;

/** Unix seconds as decimal text, compared as the numeric column compares them ("5.250" is "5.25"). */
const instantKey = (seconds: string) => (seconds.includes('.') ? seconds.replace(/\.?0+$/, '') : seconds);

/**
 * One entry a play (same start, item, context and alert): the first one sent, with the first end any
 * of them gives (Postgres's upsert may not touch one row twice in a statement).
 */
export function onePerPlay(entries: readonly AsRunEntry[]): AsRunEntry[] {
  const plays = new Map<string, AsRunEntry>();
  for (const entry of entries) {
    const key = JSON.stringify([instantKey(entry.timestamp), entry.media_id, entry.context, entry.emerg_id]);
    const first = plays.get(key);
    if (!first) plays.set(key, entry);
    else if (first.end === undefined && entry.end !== undefined) plays.set(key, { ...first, end: entry.end });
  }
  return [...plays.values()];
}
