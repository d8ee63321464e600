// How many listen to a player's stream, as the playout counts them from its Icecast
// (GET /playout/status, managers only: others see no count). Asked every 15 s; null when unknown.
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

const EVERY_MS = 15_000;

export function useListeners(playerId: number | null, allowed: boolean): number | null {
  const [listeners, setListeners] = useState<number | null>(null);
  useEffect(() => {
    setListeners(null);
    if (playerId === null || !allowed) return;
    let current = true;
    const ask = () =>
      api.playout.status({}).then(
        (status) => current && setListeners(status.players.find((p) => p.player_id === playerId)?.listeners ?? null),
        () => current && setListeners(null),
      );
    void ask();
    const timer = window.setInterval(() => void ask(), EVERY_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [playerId, allowed]);
  return listeners;
}
