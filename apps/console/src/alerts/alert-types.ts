import { i18n } from '../i18n';
import '../lib/date-locale';
import type { operationGroups } from '@airwave/contracts';
import { DateTime } from 'luxon';
import type { z } from 'zod';

export type Alert = z.output<(typeof operationGroups)['scheduling']['alertGet']['output']>;

export interface AlertDraft {
  id: number | null;
  name: string;
  itemId: number | null;
  itemTitle: string;
  frequency: number;
  duration: number | null;
  /** Local date and time in the player's zone, as a datetime-local input has it: "2026-05-01T08:00". */
  start: string;
  stop: string;
}

const local = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat("yyyy-LL-dd'T'HH:mm");

export function draftOf(alert: Alert | null, zone: string): AlertDraft {
  if (!alert) {
    const now = DateTime.now().setZone(zone).startOf('hour').plus({ hours: 1 });
    return { id: null, name: '', itemId: null, itemTitle: '', frequency: 900, duration: null, start: now.toFormat("yyyy-LL-dd'T'HH:mm"), stop: now.plus({ days: 1 }).toFormat("yyyy-LL-dd'T'HH:mm") };
  }
  return { id: alert.id, name: alert.name, itemId: alert.item_id, itemTitle: alert.item_name ?? '', frequency: alert.frequency, duration: alert.duration, start: local(alert.start, zone), stop: local(alert.stop, zone) };
}

/** "1 May 2026, 08:00" in the player's zone. */
export const shown = (iso: string, zone: string) => DateTime.fromISO(iso, { zone }).toFormat('d LLL yyyy, HH:mm');

/** "every 15 minutes" from seconds. */
export function every(seconds: number): string {
  if (seconds % 3600 === 0) return i18n.t('every {{count}} hours', { count: seconds / 3600 });
  if (seconds % 60 === 0) return i18n.t('every {{count}} minutes', { count: seconds / 60 });
  return i18n.t('every {{count}} seconds', { count: seconds });
}
