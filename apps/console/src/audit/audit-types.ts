// The audit trail's entries (from the contracts), the event types to filter by, and loading a page
// of entries with filters.
import { auditedEventTypes, type operationGroups } from '@airwave/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { fieldErrors, messageOf } from '../lib/api';
import { displayLocale } from '../lib/locale';

type A = (typeof operationGroups)['audit'];
export type AuditEntry = z.output<A['all']['output']>['entries'][number];
export type AuditPage = z.output<A['all']['output']>;

/** Every audited event type and the starts above them (`account.login`, `account`), for a type filter. */
export function typeChoices(): string[] {
  const prefixes = auditedEventTypes.flatMap((type) => type.split('.').slice(0, -1).map((_part, i, parts) => parts.slice(0, i + 1).join('.')));
  return [...new Set([...prefixes, ...auditedEventTypes])].sort();
}

export const when = (value: string): string => new Date(value).toLocaleString(displayLocale(), { dateStyle: 'medium', timeStyle: 'medium' });

/** A page of entries for `filters` (compared by value), read again when they, the page or `version` change. */
export function useAuditPage<F extends object>(read: (query: F & { limit: number; offset: number }) => Promise<AuditPage>, filters: F, limit: number, version = 0) {
  const key = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key, page: 1 });
  const page = paging.key === key ? paging.page : 1;
  const [result, setResult] = useState<AuditPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const latest = useRef(0);
  const load = useCallback(async () => {
    const call = ++latest.current;
    try {
      const next = await read({ ...(JSON.parse(key) as F), limit, offset: (page - 1) * limit });
      if (call !== latest.current) return;
      setResult(next);
      setError(null);
      setErrors({});
    } catch (failure) {
      if (call !== latest.current) return;
      setError(messageOf(failure));
      setErrors(fieldErrors(failure));
    }
  }, [read, key, page, limit]);
  useEffect(() => void load(), [load, version]);
  return { page, setPage: (next: number) => setPaging({ key, page: next }), result, error, errors, load };
}
