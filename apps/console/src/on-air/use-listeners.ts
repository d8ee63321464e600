// How many listen to a player's stream, as the playout counts them from its Icecast
// (GET /players/:id/listeners: any signed-in user). Asked every 15 s; null when unknown or not aired.
import { useEffect, useState } from 'react';
import { api } from '../lib/api';

const EVERY_MS = 15_000;

export function useListeners(playerId: number | null): number | null {
  const [listeners, setListeners] = useState<number | null>(null);
  useEffect(() => {
    setListeners(null);
    if (playerId === null) return;
    let current = true;
    const ask = () =>
      api.playout.listeners({ id: playerId }).then(
        (answer) => current && setListeners(answer.listeners),
        () => current && setListeners(null),
      );
    void ask();
    const timer = window.setInterval(() => void ask(), EVERY_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [playerId]);
  return listeners;
}
