// What actually aired, from the engine's own track events: each start goes to the player's as-run
// log (the same log as OB Player's playlog: context show, emerg or fallback, the actual start) and
// becomes its now playing; its end is sent as the same entry with the actual end, which sets the end
// of the logged play (a start lost with the bus still gets logged, with its end, by that resend).
// Entries go through the process's spool (spool.ts: on local disk, sent in order once the log
// answers, kept across a restart); a duplicate (same start, item, context) is skipped by the log.
import type { Bus } from '@airwave/bus';
import { playerSync } from '@airwave/contracts';
import type { Logger } from '@airwave/logging';
import { callOperation } from '@airwave/service-kit';
import type { z } from 'zod';
import type { PlannedItem, TrackEvent } from '../engine/plan';
import type { AsRunEntry, AsRunSpool } from './spool';

type NowPlaying = z.input<typeof playerSync.recordNowPlaying.input>;

/** At most this many plays wait for their end (a play whose end never comes is forgotten past it). */
const MAX_OPEN = 1000;

/** The alert id of an alert play's key (`alert:<id>:<start>`), else 0. */
export const emergIdOf = (key: string) => (key.startsWith('alert:') ? Number(key.split(':')[1]) || 0 : 0);

/** The as-run entry of a track's start: the actual instant, as Unix seconds with milliseconds, and the show it aired in. */
export function asRunEntry(event: TrackEvent, planned?: PlannedItem): AsRunEntry {
  return {
    media_id: event.media_id ?? 0,
    artist: event.artist,
    title: event.title,
    timestamp: (event.at / 1000).toFixed(3),
    context: event.context,
    emerg_id: event.context === 'emerg' ? emergIdOf(event.key) : 0,
    notes: event.media_id === null ? 'live' : '',
    ...(planned?.show_name ? { show_name: planned.show_name } : {}),
  };
}

/** A play's entry with its actual end (never before its start, should the clocks disagree). */
export function endOf(start: AsRunEntry, at: number): AsRunEntry {
  return { ...start, end: Math.max(at / 1000, Number(start.timestamp)).toFixed(3) };
}

/** Now playing for a track's start: its show and when the item ends by the plan. */
export function nowPlayingOf(event: TrackEvent, planned: PlannedItem | undefined): NowPlaying {
  const end = planned ? (Math.max(event.at, planned.start) + planned.duration) / 1000 : null;
  return { player_id: event.player_id, show_name: planned?.show_name ?? null, playlist_id: null, playlist_end: null, media_id: event.media_id, media_end: end };
}

export class AsRunRecorder {
  /** The entry of each play on air, by its key, until its end. */
  readonly #open = new Map<string, AsRunEntry>();
  #nowPlaying: NowPlaying | null = null;
  #sending: Promise<void> | null = null;
  #again = false;

  constructor(
    readonly playerId: number,
    private readonly bus: Bus,
    private readonly logger: Logger,
    private readonly spool: AsRunSpool,
  ) {}

  /** Records a track event (a start, or the end of a play it saw start) and sends what waits. */
  record(event: TrackEvent, planned: PlannedItem | undefined): void {
    if (event.kind === 'skip') this.logger.warn({ playerId: this.playerId, key: event.key, mediaId: event.media_id, reason: event.reason }, 'Playout: an item was skipped');
    if (event.kind === 'start') this.#started(event, planned);
    if (event.kind === 'end') this.#ended(event);
  }

  #started(event: TrackEvent, planned: PlannedItem | undefined) {
    const entry = asRunEntry(event, planned);
    if (this.#open.size >= MAX_OPEN) this.#open.delete(this.#open.keys().next().value!);
    this.#open.set(event.key, entry);
    this.#nowPlaying = nowPlayingOf(event, planned);
    this.#queue(entry);
  }

  #ended(event: TrackEvent) {
    const start = this.#open.get(event.key);
    if (!start) return;
    this.#open.delete(event.key);
    this.#queue(endOf(start, event.at));
  }

  #queue(entry: AsRunEntry) {
    this.spool.append(this.playerId, entry);
    void this.flush();
  }

  /** How many of this player's entries wait for the bus. */
  get queued(): number {
    return this.spool.queued(this.playerId);
  }

  /**
   * Sends what waits, once at a time, and again while more came meanwhile (a cut brings the end of
   * one play and the start of the next together: the next's now playing must not wait for another
   * event); on failure it stays queued for the next flush.
   */
  flush(): Promise<void> {
    this.#again = true;
    this.#sending ??= this.#drain().finally(() => (this.#sending = null));
    return this.#sending;
  }

  async #drain(): Promise<void> {
    while (this.#again) {
      this.#again = false;
      await this.#send();
    }
  }

  async #send(): Promise<void> {
    await this.spool.deliver();
    if (this.queued > 0) return;
    try {
      const now = this.#nowPlaying;
      if (now) {
        await callOperation(this.bus, playerSync.recordNowPlaying, now);
        if (this.#nowPlaying === now) this.#nowPlaying = null;
      }
    } catch (error) {
      this.logger.warn({ playerId: this.playerId, err: error }, 'Playout: now playing could not be recorded; it is sent again at the next flush');
    }
  }
}
