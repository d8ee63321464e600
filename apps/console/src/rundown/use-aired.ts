// What a player actually aired in a day, beside the rundown's plan: its as-run log
// (GET /players/monitor, the day read in the player's zone) for holders of view_player_monitor
// (for every player or this one); null for others, who see the plan alone.
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import { mayFor } from '../on-air/use-on-air-data';
import type { Aired } from '../on-air/on-air-types';
import { useSession } from '../session/session-context';

export function useAired(playerId: number | undefined, day: string): Aired[] | null {
  const { permissions } = useSession();
  const [aired, setAired] = useState<Aired[] | null>(null);
  const allowed = playerId !== undefined && mayFor(permissions, 'view_player_monitor', playerId);
  useEffect(() => {
    setAired(null);
    if (!allowed || playerId === undefined) return;
    let current = true;
    api.scheduling.playerMonitor({ player_id: playerId, date_start: day, date_end: day, limit: 5000, orderby: 'timestamp', orderdesc: false }).then(
      (answer) => current && setAired(Array.isArray(answer.results) ? answer.results : []),
      () => current && setAired(null),
    );
    return () => {
      current = false;
    };
  }, [allowed, playerId, day]);
  return aired;
}
