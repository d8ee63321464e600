// A player's report for a period: the window's listening (GET /players/{id}/listeners/summary) and
// its plays with who heard each (GET /players/{id}/plays), read together again when the player or
// the period change; an answer for what is no longer asked is dropped.
import { useEffect, useState } from 'react';
import { api, fieldErrors, messageOf } from '../lib/api';
import { windowOf, type Period, type Play, type Summary } from './report-types';

export interface Report {
  summary: Summary;
  plays: Play[];
}

export function useReport(playerId: number | null, zone: string, period: Period | null) {
  const [report, setReport] = useState<Report | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [loading, setLoading] = useState(false);
  const key = period && JSON.stringify([period.from, period.until, zone]);
  useEffect(() => {
    setReport(null);
    setError(null);
    setErrors({});
    if (playerId === null || key === null) return;
    let current = true;
    const [from, until, inZone] = JSON.parse(key) as [string, string, string];
    const window = windowOf({ from, until }, inZone);
    setLoading(true);
    Promise.all([api.scheduling.listeningSummary({ id: playerId, ...window }), api.scheduling.playerPlays({ id: playerId, ...window })])
      .then(
        ([summary, plays]) => current && setReport({ summary, plays }),
        (failure: unknown) => {
          if (!current) return;
          setError(messageOf(failure));
          setErrors(fieldErrors(failure));
        },
      )
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [playerId, key]);
  return { report, error, errors, loading };
}
