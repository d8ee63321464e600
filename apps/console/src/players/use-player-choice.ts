// The players and the one a page shows, remembered with that page's last-player setting.
import { useEffect, useState } from 'react';
import { api, messageOf } from '../lib/api';
import type { Player } from './player-types';

type Remembered = { get: () => Promise<number | null>; set: (id: number) => Promise<unknown> };

export const remembered = {
  alerts: { get: () => api.scheduling.alertsLastGet({}), set: (player: number) => api.scheduling.alertsLastSet({ player }) },
  shows: { get: () => api.scheduling.showsLastGet({}), set: (player: number) => api.scheduling.showsLastSet({ player }) },
} satisfies Record<string, Remembered>;

/** The players (only those `allowed`, when given: a page offers no player the server refuses it for), and the one shown. */
export function usePlayerChoice(last: Remembered, allowed?: (player: Player) => boolean) {
  const [all, setPlayers] = useState<Player[] | null>(null);
  const [playerId, setPlayerId] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    Promise.all([api.scheduling.playerList({}), last.get().catch(() => null)])
      .then(([list, id]) => {
        setPlayers(list);
        setPlayerId(list.find((p) => p.id === id)?.id ?? list[0]?.id ?? null);
      })
      .catch((failure) => setError(messageOf(failure)));
  }, [last]);
  const choose = (id: number) => {
    setPlayerId(id);
    void last.set(id).catch(() => undefined);
  };
  const players = allowed && all ? all.filter(allowed) : all;
  const player = players?.find((p) => p.id === playerId) ?? players?.[0] ?? null;
  return { players, player, choose, error, total: all?.length ?? null };
}
