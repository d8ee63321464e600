// GET /playout/status for the players page (manage_players only: others never ask), read again
// every 10 s while the page is open, since a replica takes a player seconds after its save.
import { useCallback, useEffect, useState } from 'react';
import { api } from '../lib/api';
import type { PlayoutStatus } from './playout-words';

const EVERY_MS = 10_000;

export function usePlayoutStatus(manage: boolean): { value: PlayoutStatus | null; reload: () => void } {
  const [value, setValue] = useState<PlayoutStatus | null>(null);
  const reload = useCallback(() => {
    // not answered (the service away): the words fall back to "Aired by Airwave"
    if (manage) api.playout.status({}).then((status) => setValue({ ...status, read_at: Date.now() }), () => setValue(null));
  }, [manage]);
  useEffect(() => {
    reload();
    if (!manage) return;
    const timer = setInterval(reload, EVERY_MS);
    return () => clearInterval(timer);
  }, [manage, reload]);
  return { value, reload };
}
