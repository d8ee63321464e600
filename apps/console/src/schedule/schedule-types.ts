import type { operationGroups } from '@airwave/contracts';
import type { z } from 'zod';

type S = (typeof operationGroups)['scheduling'];
export type Player = z.output<S['playerGet']['output']>;
export type ShowRow = z.output<S['showList']['output']>[number];
export type TimeslotRow = z.output<S['timeslotList']['output']>[number];
export type EntryException = z.output<S['showGet']['output']>['exceptions'][number] | z.output<S['timeslotGet']['output']>['exceptions'][number];
/** What a show airs. */
export type ItemType = 'media' | 'playlist' | 'live' | 'clock';
export type Mode = 'once' | 'daily' | 'weekly' | 'monthly' | 'xdays' | 'xweeks' | 'xmonths';

/** What the entry dialog edits: a show or a timeslot, new (id null) or saved. */
export interface EntryDraft {
  kind: 'show' | 'timeslot';
  id: number | null;
  /** Local date and time in the player's zone: "2026-03-22", "08:00". */
  date: string;
  time: string;
  durationMinutes: number;
  mode: Mode;
  every: number;
  /** Last day (local date) or "" for none. */
  stop: string;
  /** The stop as the server has it (ISO), kept while `stop` is its date: a split series stops just before an occurrence, not at the end of a day. */
  stopExact?: string | undefined;
  itemType: ItemType;
  itemId: number | null;
  /** What the item is called (a media item's title, a playlist's name), when known. */
  itemTitle: string;
  /** A show's own name and colour ("" for none); `description` is a show's or a timeslot's. */
  name: string;
  colour: string;
  /** A live show's new source password (write only: "" keeps the stored one). */
  sourcePassword: string;
  /** Whether the saved show has its own source password (`has_source_password`). */
  hasSourcePassword: boolean;
  /** "Remove the show's password": the save sends `source_password: null`. */
  removeSourcePassword: boolean;
  description: string;
  userId: number;
  /** A saved series' exceptions (skipped, moved, replaced occurrences; `matches: false` once the series' times left them). */
  exceptions?: EntryException[];
}
