// The operations the playout service asks of the scheduling and media services, answered from a
// fixture on a bus (the service's tests): one player aired by Airwave, a rundown of back-to-back
// minute-long items that began before the test, no alerts, and the as-run log kept in memory.
import { Readable } from 'node:stream';
import type { Bus } from '@airwave/bus';
import { AirwaveError, mediaInternal, playerSync, playoutInternal, type AiredPlayer, type RundownBlock } from '@airwave/contracts';
import { bindOperation, newPlayoutKey, playoutSecretBox, sealForPlayout, sourceOwner } from '@airwave/service-kit';
import type { z } from 'zod';

export type AsRun = z.output<typeof playerSync.appendAsRun.input>['entries'][number];

export interface Fixture {
  player: AiredPlayer;
  /** Unix ms: the show's start (items of `itemSeconds` back to back from there). */
  showStart: number;
  itemSeconds: number;
  asRun: AsRun[];
  /** While true, the as-run log answers unavailable (the bus away for it). */
  asRunDown: boolean;
  /** How long the as-run log takes to answer (ms). */
  asRunDelayMs?: number;
  /** The media ids now playing was told, in order (when given). */
  nowPlaying?: (number | null)[];
}

/** The key the fake seals source passwords with, as the scheduling service does: give it to the playout (`sourceKey`). */
export const fakePlayoutKey = playoutSecretBox(newPlayoutKey());

export function rundownOf(f: Fixture): RundownBlock[] {
  const items = Array.from({ length: 600 }, (_, order) => ({ order, media_id: 1 + (order % 3), type: 'audio' as const, title: `Tone ${order}`, artist: 'Test', offset: order * f.itemSeconds, duration: f.itemSeconds, crossfade: 0 }));
  const end = f.showStart + items.length * f.itemSeconds * 1000;
  return [{ start: new Date(f.showStart).toISOString(), end: new Date(end).toISOString(), kind: 'show', show_id: 1, occurrence_start: null, playlist_id: 1, name: 'Tones', description: '', last_updated: 1, items }];
}

export function bindFakeScheduling(bus: Bus, f: Fixture) {
  return Promise.all([
    bindOperation(bus, playoutInternal.players, async () => [{ ...f.player, source_password: sealForPlayout(fakePlayoutKey, f.player.source_password, sourceOwner.player(f.player.id)) }]),
    bindOperation(bus, playoutInternal.rundown, async () => rundownOf(f)),
    bindOperation(bus, playerSync.alertsInForce, async ({ player_id }) => ({ player_id, source_player_id: player_id, alerts: [] })),
    bindOperation(bus, mediaInternal.playerFiles, async ({ ids }) =>
      ids.map((id) => ({ id, title: `Tone ${id}`, artist: 'Test', duration: f.itemSeconds, type: 'audio', format: 'mp3', file_id: `uploads/${id}`, size: 4, filename: `${id}-abc.mp3`, hash: 'a'.repeat(32), location: '', is_approved: true, is_archived: false })),
    ),
    bindOperation(bus, playerSync.appendAsRun, async ({ entries }) => {
      if (f.asRunDown) throw new AirwaveError('unavailable', 'down');
      if (f.asRunDelayMs) await new Promise((r) => setTimeout(r, f.asRunDelayMs));
      // As the real log: an entry with an end sets the end of the logged play it repeats.
      let ended = 0;
      for (const entry of entries) {
        const logged = f.asRun.find((e) => e.timestamp === entry.timestamp && e.media_id === entry.media_id && e.context === entry.context && e.emerg_id === entry.emerg_id);
        if (!logged) f.asRun.push({ ...entry });
        else if (entry.end !== undefined && logged.end === undefined) {
          logged.end = entry.end;
          ended += 1;
        }
      }
      return { added: entries.length - ended, ended, skipped: 0 };
    }),
    bindOperation(bus, playerSync.recordNowPlaying, async (input) => {
      f.nowPlaying?.push(input.media_id);
      return { changed: true };
    }),
  ]);
}

/** The stored files the cache copies from. */
export const openFixtureFile = async () => Readable.from([Buffer.from('tone')]);
