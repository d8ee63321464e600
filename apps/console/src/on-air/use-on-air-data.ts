// What the on-air page reads besides the stream: the player (its last contact), the rundown around
// now (what comes next, the rest of the hour), the latest as-run entries (with view_player_monitor)
// and the alerts in force (with manage_alerts). Read again when the player reports a change, and
// every few minutes.
import { useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Player } from '../players/player-types';
import type { Block } from '../rundown/rundown-types';
import type { Aired } from './on-air-types';

type AlertRow = Awaited<ReturnType<typeof api.scheduling.alertSearch>>[number];

export interface OnAirData {
  player: Player | null;
  blocks: Block[] | null;
  aired: Aired[] | null;
  alerts: AlertRow[] | null;
  error: string | null;
}

const REFRESH_MS = 5 * 60_000;
const HOUR = 3_600_000;

/** A permission for every player, or for this one (`view_player_monitor:3`). */
export const mayFor = (permissions: readonly string[], permission: string, playerId: number) => permissions.includes(permission) || permissions.includes(`${permission}:${playerId}`);

async function readAll(player: Player, permissions: readonly string[]): Promise<Omit<OnAirData, 'error'>> {
  const now = Date.now();
  // A child taking its parent's alerts airs the parent's.
  const alertsOf = player.use_parent_alert && player.parent_player_id ? player.parent_player_id : player.id;
  const [fresh, blocks, monitor, alerts] = await Promise.all([
    api.scheduling.playerGet({ id: player.id }),
    api.scheduling.playerRundown({ id: player.id, start: new Date(now - HOUR).toISOString(), end: new Date(now + 2 * HOUR).toISOString() }),
    mayFor(permissions, 'view_player_monitor', player.id)
      ? api.scheduling.playerMonitor({ player_id: player.id, date_start: Math.floor(now / 1000) - 86_400, date_end: Math.floor(now / 1000) + 3600, limit: 10 })
      : null,
    mayFor(permissions, 'manage_alerts', alertsOf) ? api.scheduling.alertSearch({ player_id: alertsOf }) : null,
  ]);
  const inForce = alerts?.filter((alert) => Date.parse(alert.start) <= now && now < Date.parse(alert.stop)) ?? null;
  return { player: fresh, blocks, aired: Array.isArray(monitor?.results) ? monitor.results : null, alerts: inForce };
}

/** `changedAt`: when the player last reported a change (the stream's `updated`): read again then. */
export function useOnAirData(player: Player | null, permissions: readonly string[], changedAt: string | null): OnAirData {
  const [data, setData] = useState<OnAirData>({ player: null, blocks: null, aired: null, alerts: null, error: null });
  const [tick, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), REFRESH_MS);
    return () => window.clearInterval(timer);
  }, []);
  useEffect(() => {
    if (!player) return;
    let current = true;
    readAll(player, permissions).then(
      (read) => current && setData({ ...read, error: null }),
      (failure: unknown) => current && setData((was) => ({ ...was, error: messageOf(failure) })),
    );
    return () => {
      current = false;
    };
  }, [player, permissions, changedAt, tick]);
  // Another player: nothing of the last one stays on screen.
  useEffect(() => setData({ player: null, blocks: null, aired: null, alerts: null, error: null }), [player?.id]);
  return data;
}
