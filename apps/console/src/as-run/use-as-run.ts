// A page of a player's as-run log for a filter (GET /players/monitor), read again when the player,
// the filter or the page change; an answer for what is no longer asked is dropped.
import { useEffect, useState } from 'react';
import { fieldErrors, messageOf } from '../lib/api';
import { api } from '../lib/api';
import { searchOf, type Aired, type AsRunFilter } from './as-run-types';

export const PAGE_SIZE = 100;

export interface AsRunPage {
  entries: Aired[];
  total: number;
}

export function useAsRun(playerId: number | null, filter: AsRunFilter | null, page: number) {
  const [result, setResult] = useState<AsRunPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const key = filter && JSON.stringify(filter);
  useEffect(() => {
    setResult(null);
    if (playerId === null || key === null) return;
    let current = true;
    const search = searchOf(playerId, JSON.parse(key) as AsRunFilter);
    api.scheduling.playerMonitor({ ...search, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }).then(
      (answer) => {
        if (!current) return;
        setResult({ entries: Array.isArray(answer.results) ? answer.results : [], total: answer.total_rows });
        setError(null);
        setErrors({});
      },
      (failure: unknown) => {
        if (!current) return;
        setError(messageOf(failure));
        setErrors(fieldErrors(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [playerId, key, page]);
  return { result, error, errors };
}
