// A player's listening over the last 24 hours, hour by hour in its zone (GET
// /players/{id}/listeners/summary: any signed-in user), for the on-air page's chart. Read again
// every 5 minutes; null until read, or when it cannot be (the page says nothing more then).
import { useEffect, useState } from 'react';
import { api } from '../lib/api';
import type { Summary } from '../reports/report-types';

const EVERY_MS = 5 * 60_000;
const HOUR = 3_600_000;

export function useDayListening(playerId: number | null): Summary | null {
  const [summary, setSummary] = useState<Summary | null>(null);
  useEffect(() => {
    setSummary(null);
    if (playerId === null) return;
    let current = true;
    const ask = () => {
      // The hour now and the 23 before it, whole.
      const end = Math.ceil(Date.now() / HOUR) * HOUR;
      api.scheduling.listeningSummary({ id: playerId, start: new Date(end - 24 * HOUR).toISOString(), end: new Date(end).toISOString() }).then(
        (answer) => current && setSummary(answer),
        () => current && setSummary(null),
      );
    };
    ask();
    const timer = window.setInterval(ask, EVERY_MS);
    return () => {
      current = false;
      window.clearInterval(timer);
    };
  }, [playerId]);
  return summary;
}
