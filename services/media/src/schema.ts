// The media schema's tables (migrations.ts makes them), the row types the areas share, and the
// folded text that simple search matches.
import type { ColumnType, Generated, Kysely, Selectable } from 'kysely';

/**
 * How a file's `duration` was found: 'container' from its header, not decoded yet (the background
 * measuring's queue); 'decoded' the decoded audio's length; 'undecodable' ffmpeg could not decode
 * it (the header's length is kept); null nothing to measure (images, documents).
 */
export type DurationSource = 'container' | 'decoded' | 'undecodable';
type DurationSourceColumn = ColumnType<DurationSource | null, DurationSource | null | undefined, DurationSource | null>;

export interface MediaSchema {
  uploads: { file_id: string; owner_id: number; key_hash: string; size: number; type: string; format: string; duration: number | null; duration_source: DurationSourceColumn; tags: ColumnType<unknown, string, string>; created: ColumnType<Date, Date | undefined, never>; claimed: boolean; content_hash: ColumnType<string | null, string | null | undefined, never> };
  items: {
    id: Generated<number>;
    owner_id: number;
    title: string;
    artist: string;
    album: string;
    /** ISO 3901 International Standard Recording Code, 12 characters without hyphens ('' when unknown). */
    isrc: ColumnType<string, string | undefined, string>;
    label: ColumnType<string, string | undefined, string>;
    year: number | null;
    category: string;
    genre: string;
    country: string;
    language: string;
    comments: string;
    is_copyright_owner: boolean;
    status: string;
    is_approved: boolean;
    is_archived: boolean;
    dynamic_select: boolean;
    permitted_users: ColumnType<number[], number[] | string, number[] | string>;
    permitted_groups: ColumnType<number[], number[] | string, number[] | string>;
    type: string;
    format: string;
    duration: number | null;
    duration_source: DurationSourceColumn;
    size: number;
    file_id: string;
    properties: ColumnType<Record<string, unknown>, string | undefined, string>;
    search_text: string;
    /** Optimistic-concurrency counter: 1 on creation, +1 on every write to the item. */
    version: ColumnType<number, number | undefined, number>;
    created: ColumnType<Date, Date | undefined, never>;
    updated: ColumnType<Date, Date | undefined, Date>;
  };
  settings: { name: string; value: ColumnType<unknown, string, string> };
  versions: { media_id: number; created: number; notes: string; file_id: string; format: string; duration: number | null; duration_source: DurationSourceColumn; size: number; active: boolean };
  playlists: {
    id: Generated<number>;
    owner_id: number;
    name: string;
    description: string;
    status: string;
    type: string;
    permitted_users: ColumnType<number[], number[] | string, number[] | string>;
    permitted_groups: ColumnType<number[], number[] | string, number[] | string>;
    created: ColumnType<Date, Date | undefined, never>;
    updated: ColumnType<Date, Date | undefined, Date>;
  };
  /** One row per item, `ord` 0, 1, 2, …; `properties` what the kind needs (crossfade, image_duration, a dynamic item's search). */
  playlist_items: { playlist_id: number; ord: number; kind: string; media_id: number | null; properties: ColumnType<Record<string, unknown>, string, string> };
  searches: { id: Generated<number>; user_id: number; kind: string; filters: ColumnType<unknown, string, string>; description: string; is_default: boolean; created: ColumnType<Date, Date | undefined, never> };
  /** A file's analysis (issue 44): loudness, true peak, cue points, waveform; a file without a row waits. */
  analyses: {
    file_id: string;
    status: 'analysed' | 'undecodable';
    integrated_lufs: number | null;
    loudness_range: number | null;
    true_peak: number | null;
    cue_in: number | null;
    cue_out: number | null;
    next_start: number | null;
    seconds: number | null;
    waveform: ColumnType<number[], string, string>;
    reason: string | null;
    analysed_at: ColumnType<Date, Date | undefined, Date>;
  };
  /** An item's cue points as an editor set them (issue 44): each kept over its file's analyses; null: the analysis's. */
  cue_edits: {
    media_id: number;
    cue_in: number | null;
    cue_out: number | null;
    next_start: number | null;
    edited_by: number;
    edited_at: ColumnType<Date, Date | undefined, Date>;
  };
}
export type MediaDB = Kysely<MediaSchema>;

export type ItemRow = Selectable<MediaSchema['items']>;
export type UploadRow = Selectable<MediaSchema['uploads']>;
export type VersionRow = Selectable<MediaSchema['versions']>;
export type SearchRow = Selectable<MediaSchema['searches']>;
export type PlaylistRow = Selectable<MediaSchema['playlists']>;
export type PlaylistItemRow = Selectable<MediaSchema['playlist_items']>;

/** The text fields folded into search_text. */
export const searchTextFields = ['title', 'artist', 'album', 'comments', 'category', 'genre', 'country', 'language'] as const;

/** Lower-case, accent-free text of an item's text fields: what simple search matches. */
export function searchTextOf(item: Record<string, unknown>): string {
  return searchTextFields
    .map((f) => String(item[f] ?? ''))
    .join(' ')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase();
}

export const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
