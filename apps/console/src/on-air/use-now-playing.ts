// A player's now playing, live: the server-sent events of GET /players/{id}/now-playing/events
// (the session in the query string, as EventSource sends no headers). The state comes first, then
// each change; as-run entries as they are logged; a heartbeat every 15 s. The browser reconnects by
// itself after a network failure (resuming with Last-Event-ID); a refused stream is tried again
// after a while, as the session may have been renewed meanwhile.
import { useEffect, useState } from 'react';
import { credentialQuery } from '../lib/api';
import type { Aired, NowPlaying } from './on-air-types';

export type Connection = 'connecting' | 'live' | 'lost';

export interface LiveNowPlaying {
  now: NowPlaying | null;
  /** As-run entries received since the page opened, newest first. */
  aired: Aired[];
  connection: Connection;
  /** When the server was last heard from (an event or a heartbeat), ms. */
  heardAt: number | null;
}

const RETRY_MS = 10_000;

export function useNowPlaying(playerId: number | null): LiveNowPlaying {
  const [live, setLive] = useState<LiveNowPlaying>({ now: null, aired: [], connection: 'connecting', heardAt: null });
  useEffect(() => {
    setLive({ now: null, aired: [], connection: 'connecting', heardAt: null });
    if (playerId === null) return;
    let source: EventSource | null = null;
    let retry: number | undefined;
    const heard = (change: Partial<LiveNowPlaying> = {}) => setLive((was) => ({ ...was, ...change, connection: 'live', heardAt: Date.now() }));
    const open = () => {
      source = new EventSource(`/api/v2/players/${playerId}/now-playing/events?${credentialQuery()}`);
      source.addEventListener('now_playing', (event) => heard({ now: JSON.parse((event as MessageEvent<string>).data) as NowPlaying }));
      source.addEventListener('asrun', (event) => {
        const { entries } = JSON.parse((event as MessageEvent<string>).data) as { entries: Aired[] };
        setLive((was) => ({ ...was, aired: [...entries.slice().reverse(), ...was.aired].slice(0, 50), connection: 'live', heardAt: Date.now() }));
      });
      source.addEventListener('heartbeat', () => heard());
      // A resumed stream that missed nothing sends nothing at once: being open is enough.
      source.onopen = () => heard();
      source.onerror = () => {
        setLive((was) => ({ ...was, connection: 'lost' }));
        // Closed for good (a refusal): open again later. Otherwise the browser is reconnecting.
        if (source?.readyState === EventSource.CLOSED) retry = window.setTimeout(open, RETRY_MS);
      };
    };
    open();
    return () => {
      window.clearTimeout(retry);
      source?.close();
    };
  }, [playerId]);
  return live;
}

/** The time now, again every `ms` (for progress bars and "ago"). */
export function useClock(ms = 1000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), ms);
    return () => window.clearInterval(timer);
  }, [ms]);
  return now;
}
