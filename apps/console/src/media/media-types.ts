import { i18n, msg } from '../i18n';
import type { filterFields, filterOps, MediaItem, SearchFilter, UploadResult } from '@airwave/contracts';
import type { z } from 'zod';

export type Media = z.output<typeof MediaItem>;
export type Filter = z.input<typeof SearchFilter> & { filter: (typeof filterFields)[number]; op: (typeof filterOps)[number] };
export type Upload = z.output<typeof UploadResult>;
export type Status = 'approved' | 'unapproved' | 'archived';

export interface SearchState {
  mode: 'simple' | 'advanced';
  text: string;
  filters: Filter[];
  status: Status;
  mine: boolean;
  sortBy: 'updated' | 'title' | 'artist' | 'album' | 'year' | 'duration';
  sortDir: 'asc' | 'desc';
  page: number;
}

export const PAGE_SIZE = 50;

/** "3:05" from seconds. */
export function formatDuration(seconds: number | null): string {
  if (seconds === null) return '';
  const total = Math.round(seconds);
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/**
 * Lengths to be read side by side, written alike: when one has hours, each does ("0:01:00" beside
 * "1:00:00", where "1:00" beside "1:00:00" read as the same hour; issue 43, N6).
 */
export function formatDurationsAlike(...seconds: number[]): string[] {
  const withHours = seconds.some((value) => Math.round(value) >= 3600);
  return seconds.map((value) => {
    const written = formatDuration(value);
    return withHours && Math.round(value) < 3600 ? `0:${written.padStart(5, '0')}` : written;
  });
}

/** What an item is, in words of the console's catalogue (the server's types: audio, video, image, document). */
export const mediaTypeWords = [msg('audio'), msg('video'), msg('image'), msg('document'), msg('breakpoint'), msg('linein')];

/** A Pagination control's name: "Next page". */
export const pageControl = (control: string) =>
  ({ first: i18n.t('First page'), last: i18n.t('Last page'), next: i18n.t('Next page'), previous: i18n.t('Previous page') })[control] ?? control;
